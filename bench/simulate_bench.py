"""Simulated Roimat donnes per second, and the memory of a long streamed run (issue 13).

    make bench                                  # or: python bench/simulate_bench.py [--quick]

Prints donnes/s for the engine alone (random players, no record), with each record written
to a file, with heuristic players, and with the records written by 1 and by 2 processes
(``roimat_simulate --jobs``); then the peak memory of 100,000 and of 1,000,000 donnes streamed
to a file by 2 processes (flat: it does not grow with the donnes), and where the time goes
(cProfile). Targets of issue 13: 20,000/s engine alone, 12,000/s with records, 2 processes
≥ 1.8 × 1; of issue 25: records with fautes 3 × the naive simulator. ``make bench`` compiles
the engine first (``make engine``); run as Python it is about 2 × the naive one. A benchmark,
not a test: the figures depend on the machine and on what else runs.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.roimat import donne  # noqa: E402
from scoring.roimat.parallel import DonneRun, record_chunks  # noqa: E402
from scoring.roimat.record import to_text  # noqa: E402
from scoring.roimat.simulate import simulate_donnes  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import naive_roimat  # noqa: E402

COUNT = 10000
REPEAT = 5  # the best of five runs: other work on the machine only slows a run down
WIDTH = 46


def best_rate(run, count: int, repeat: int = REPEAT) -> float:
    """Donnes per second of the fastest of ``repeat`` calls of ``run()``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def engine_alone(count: int, players: str = "random") -> None:
    for _state in simulate_donnes(count, seed=1, players=players):
        pass


def records_written(count: int, fault_rate: float = 0.0) -> None:
    with tempfile.TemporaryFile("w", encoding="utf-8") as out:
        for state in simulate_donnes(count, seed=1, fault_rate=fault_rate):
            out.write(to_text(state) + "\n")


def naive_written(count: int, fault_rate: float) -> None:
    with tempfile.TemporaryFile("w", encoding="utf-8") as out:
        naive_roimat.simulate(count, 1, fault_rate, out)


def streamed(count: int, jobs: int, out_path: str) -> None:
    with open(out_path, "wb") as out:
        for data in record_chunks(DonneRun(count=count, seed=1), jobs):
            out.write(data)


def cpu_seconds() -> float:
    """CPU time of this process and of its finished workers."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def processes_rate(count: int, jobs: int, out: str, repeat: int = 2) -> tuple[float, float]:
    """The best donnes/s of ``repeat`` streamed runs, and the CPU seconds a run takes in all."""
    best, cpu = 0.0, float("inf")
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), cpu_seconds()
        streamed(count, jobs, out)
        best = max(best, count / (time.perf_counter() - start))
        cpu = min(cpu, cpu_seconds() - start_cpu)
    return best, cpu


def line(label: str, rate: float, note: str = "") -> None:
    print(f"{label:<{WIDTH}} {rate:>9,.0f} donnes/s  {note}".rstrip())


def memory_of_stream(count: int, jobs: int) -> None:
    """Run ``count`` donnes streamed to a file in a fresh process; print its peak memory."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "records.jsonl")
        command = [sys.executable, __file__, "--stream", str(count), str(jobs), out]
        result = subprocess.run(command, check=True, capture_output=True, text=True)
        size = os.path.getsize(out)
    print(f"{f'{count:,} donnes streamed, {jobs} processes':<{WIDTH}} {result.stdout.strip()}")
    print(f"{'':<{WIDTH}} file of {size / 1e6:,.0f} MB")


def stream_child(count: int, jobs: int, out: str) -> None:
    """The child of ``memory_of_stream``: stream, then print the rate and the peak memory
    (resident set) of this process and of its largest worker."""
    start = time.perf_counter()
    streamed(count, jobs, out)
    rate = count / (time.perf_counter() - start)
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"{rate:>9,.0f} donnes/s, peak memory {own:.0f} MB (+ {workers:.0f} MB per worker)")


def profile(count: int) -> None:
    """Where the time of the records-written run goes, by function (cProfile)."""
    profiler = cProfile.Profile()
    profiler.runcall(records_written, count)
    stats = pstats.Stats(profiler, stream=io.StringIO())
    total = stats.total_tt
    print(f"\nWhere the time goes ({count:,} donnes, records written; cProfile, own time):")
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:10]
    for (path, number, name), (_cc, calls, own, _cumulative, _callers) in rows:
        where = f"{Path(path).name}:{number}({name})" if number else name
        print(f"  {100 * own / total:5.1f} %  {own:6.3f} s  {calls:>9,} calls  {where}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the 1,000,000-donne run")
    parser.add_argument("--stream", nargs=3, metavar=("COUNT", "JOBS", "OUT"), help="internal")
    args = parser.parse_args()
    if args.stream:
        stream_child(int(args.stream[0]), int(args.stream[1]), args.stream[2])
        return
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    compiled = donne.__file__.endswith(".so")
    print("Roimat engine: " + ("compiled (make engine)" if compiled else "Python (no make engine)"))
    line("engine alone (random players)", best_rate(lambda: engine_alone(COUNT), COUNT))
    line("records written to a file", best_rate(lambda: records_written(COUNT), COUNT))
    # Issue #25: the engine with its records and fautes (2 %), against a naive simulator
    # written plainly (bench/naive_roimat.py), in the same run.
    faulty = best_rate(lambda: records_written(COUNT, 0.02), COUNT)
    naive = best_rate(lambda: naive_written(COUNT // 4, 0.02), COUNT // 4, repeat=3)
    line("naive simulator, records, fautes at 2 %", naive)
    line("records written, fautes at 2 %", faulty, f"{faulty / naive:.1f} × the naive one")
    rate = best_rate(lambda: engine_alone(COUNT // 2, "heuristic"), COUNT // 2)
    line("heuristic players", rate)
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "records.jsonl")
        big = 5 * COUNT
        one, one_cpu = processes_rate(big, 1, out)
        line("records written, 1 process (--jobs 1)", one)
        two, two_cpu = processes_rate(big, 2, out)
        note = f"{two / one:.2f} × 1 process (CPU time {two_cpu / one_cpu:.2f} × 1 process)"
        line("records written, 2 processes (--jobs 2)", two, note)
    memory_of_stream(100_000, 2)
    if not args.quick:
        memory_of_stream(1_000_000, 2)
    profile(COUNT // 2)


if __name__ == "__main__":
    main()
