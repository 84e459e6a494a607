"""Simulated Roimat donnes per second on one core, random players (issue: 20,000/s target).

    make bench

Prints the rate with and without writing each record (ROIMAT.md §10) and the peak memory.
"""

from __future__ import annotations

import io
import json
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.roimat.record import record_of  # noqa: E402
from scoring.roimat.simulate import simulate_donnes  # noqa: E402

COUNT = 10000
REPEAT = 3  # the best of three runs: other work on the machine only slows a run down


def run(label: str, write: bool, players: str = "random") -> None:
    best = float("inf")
    for _run in range(REPEAT):
        sink = io.StringIO()
        start = time.perf_counter()
        for state in simulate_donnes(COUNT, seed=1, players=players):
            if write:
                sink.write(json.dumps(record_of(state)) + "\n")
        best = min(best, time.perf_counter() - start)
    print(f"{label:<44} {COUNT / best:>8,.0f} donnes/s  (best of {REPEAT} × {COUNT})")


def main() -> None:
    run("random players", write=False)
    run("random players, records written", write=True)
    run("heuristic players", write=False, players="heuristic")
    tracemalloc.start()
    for _state in simulate_donnes(2000, seed=2):
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"{'peak memory while simulating':<44} {peak / 1e3:>8.0f} kB")


if __name__ == "__main__":
    main()
