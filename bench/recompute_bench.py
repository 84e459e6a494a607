"""``manage.py recompute_results`` over years of history (issue #59): 5 seasons of weekly
evenings (32 players, 8 tables, 3 rounds of Roimat parties of 8 donnes played by the engine,
as ``league_bench.py`` builds them), at several numbers of evenings a season. Prints, at each
size, the parties, the command's time (the wall's, and its process's CPU time: less moved
by the other work of a shared machine), its process's peak memory (``ru_maxrss``: the whole
process, Django included) and the time per 1,000 parties: a command whose cost is linear in
the history keeps the last column flat, and one that streams it keeps its memory flat.
Asserts nothing.

    make bench      (13 and 52; or: .venv/bin/python bench/recompute_bench.py
                     [--weeks 13 52 208] [--runs 1])

Each size's data go into a temporary SQLite file of its own, built on the first run (about
half a minute at 13 evenings a season, 2 at 52, 8 at 208; the results are not stored then)
and kept for the next runs. The command runs in a process of its own at each size, on the
production settings (``DJANGO_DEBUG=false``: a debug process keeps its last 9,000 queries).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent


def database(weeks: int) -> Path:
    return Path(tempfile.gettempdir()) / f"roimat-recompute-bench-{weeks}.sqlite3"


def setup(weeks: int) -> None:
    """Django on the size's database."""
    os.environ["SQLITE_NAME"] = str(database(weeks))
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
    sys.path[:0] = [str(ROOT), str(HERE)]
    import django

    django.setup()


def build(weeks: int) -> int:
    """The size's history, built once (as ``league_bench.build`` does, without storing the
    results: the command measured stores them); returns its parties."""
    from django.core.management import call_command
    from league_bench import seasons

    from scoring.models import Partie
    from tournaments.models import Season

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    if not Season.objects.exists():
        seasons(weeks)
    return Partie.objects.count()


def measure(weeks: int) -> dict:
    """In the size's own process: the command's seconds and the process's peak MiB."""
    from django.core.management import call_command

    def cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    start, start_cpu = time.perf_counter(), cpu()
    call_command("recompute_results", verbosity=0)
    seconds, cpu_seconds = time.perf_counter() - start, cpu() - start_cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"seconds": seconds, "cpu": cpu_seconds, "peak_mib": peak}


def child(weeks: int, what: str) -> dict:
    """``what`` (build or measure) at ``weeks`` in a process of its own."""
    env = {
        **os.environ,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
    }
    found = subprocess.run(
        [sys.executable, __file__, f"--{what}", str(weeks)],
        env=env,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    return json.loads(found.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--weeks", type=int, nargs="+", default=[13, 52, 208])
    parser.add_argument("--runs", type=int, default=1, help="runs a size, the best kept")
    args = parser.parse_args()
    parties = {weeks: child(weeks, "build")["parties"] for weeks in args.weeks}
    print(f"{'weeks':>6} {'parties':>8} {'seconds':>8} {'CPU s':>6} {'peak MiB':>9} {'s/1,000':>8}")
    for weeks in args.weeks:
        runs = [child(weeks, "measure") for _ in range(args.runs)]
        seconds = min(r["seconds"] for r in runs)
        cpu = min(r["cpu"] for r in runs)
        peak = min(r["peak_mib"] for r in runs)
        per = 1000 * seconds / parties[weeks]
        print(
            f"{weeks:>6} {parties[weeks]:>8} {seconds:>8.1f} {cpu:>6.1f} {peak:>9.0f} {per:>8.2f}"
        )


if __name__ == "__main__":
    if "--build" in sys.argv or "--measure" in sys.argv:
        what = "build" if "--build" in sys.argv else "measure"
        size = int(sys.argv[sys.argv.index(f"--{what}") + 1])
        setup(size)
        print(json.dumps({"parties": build(size)} if what == "build" else measure(size)))
    else:
        main()
