"""The workers' memory under a long mixed load (issue #25: flat memory over a 10-minute load):
the site served as ``make run`` serves it (ASGI, gunicorn with uvicorn workers and
``clubsite/gunicorn.conf.py``; one process, or ``--workers`` with ``REDIS_URL``) on a fresh
database with the demo data, then ``--clients`` browsers at once for ``--minutes`` (10), each
in a loop:

- a table of an evening in progress enters its next donne as a phone does (its page, the
  form posted with ``action=enter``, the other team's acceptance), as ``room_bench`` does; when
  every table of the evening has ended its partie, the bench draws another evening;
- then reads pages: the parties list, a partie's sheet (one of the demo club's, one being
  played), its PDF and Excel, an evening, a season, a player (``pages_bench``'s pages).

Every ``--every`` seconds (30) the bench reads each worker's resident memory (``VmRSS`` in
``/proc/<pid>/status``, Linux) and prints it with the requests served so far. At the end it
prints the growth from the first sample after the warm-up (the first minute, or the first
third of a shorter run) to the last, and its verdict against the bound: growth under 10 %
(``BOUND``).

The workers are not recycled (``--max-requests 0``; ``make run`` replaces a worker after
about 2,000 requests, which would hide a leak): the bench measures what one process keeps. It
reads the memory of its own server's workers, so it starts its own server (not the site of
``BENCH_SITE``, which it refuses).

    .venv/bin/python bench/memory_bench.py [--minutes 1] [--clients 4]

SQLite file by default, a scratch PostgreSQL database on the server of ``DATABASE_URL`` (made
and dropped). Loopback only; stops by itself. Exit status 1 when the growth is beyond the bound,
a worker died or a request got a 5xx.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import os
import re
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import (  # noqa: E402
    NOT_RECYCLED,
    RUNNING,
    Browser,
    django_setup,
    fresh_site,
    server_process,
    worker_memory,
)
from pages_bench import pages  # noqa: E402
from room_bench import draw_evening, entry_form, filled  # noqa: E402

#: Growth of the workers' resident memory allowed after the warm-up, in percent.
BOUND = 10.0
#: Players of each evening the bench draws (4 a table).
PLAYERS = 32


class Room:
    """The tables in play, shared by the clients: each takes a free table, enters its next
    donne, gives it back; a table whose partie ended is dropped, and a new evening is drawn
    once none is left."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.free: collections.deque[tuple[int, str]] = collections.deque()
        self.evenings = itertools.count(1)
        self.drawn = 0

    def take(self) -> tuple[int, str] | None:
        with self.lock:
            if not self.free:
                number = next(self.evenings)
                name, named = f"Soirée de mémoire {number}", f"Mémoire {number}"
                self.free.extend(draw_evening(name, PLAYERS, named, by="partie_id"))
                self.drawn += 1
            return self.free.popleft() if self.free else None

    def give_back(self, table: tuple[int, str]) -> None:
        with self.lock:
            self.free.append(table)


def enter_donne(phone: Browser, code: str) -> tuple[list[int], bool]:
    """The table's phone enters its next donne and the other team accepts it: the statuses
    of the requests, and whether the partie goes on (False: no entry form, it ended)."""
    path = f"/t/{code}/"
    status, page = phone.get(path)
    try:
        data = filled(entry_form(page), "N")
    except RuntimeError:
        return [status], False
    posted, _page = phone.post(path, data)
    status_after, page = phone.get(path)
    statuses = [status, posted, status_after]
    pending = re.search(rf'action="{re.escape(path)}confirm/(\d+)/"', page)
    if pending:
        confirmed, _page = phone.post(
            f"{path}confirm/{pending.group(1)}/", {"seat": "E", "decision": "accept"}
        )
        statuses.append(confirmed)
    return statuses, True


def client(base: str, room: Room, reads: list[str], end: float, counts: collections.Counter):
    """One browser's loop until ``end``: a donne entered at a table, then the pages read."""
    phone, reader = Browser(base), Browser(base)
    while time.monotonic() < end:
        table = room.take()
        statuses: list[int] = []
        if table is not None:
            done, goes_on = enter_donne(phone, table[1])
            statuses += done
            if goes_on:
                room.give_back(table)
            counts["donnes"] += goes_on
            statuses.append(reader.get(f"/parties/{table[0]}/")[0])
        for path in reads:
            statuses.append(reader.get(path)[0])
        counts.update(statuses)


def sample_line(seconds: float, memory: dict[int, int], counts: collections.Counter) -> str:
    requests = sum(n for status, n in counts.items() if isinstance(status, int))
    workers = ", ".join(f"{pid}: {kb / 1024:.1f} MiB" for pid, kb in sorted(memory.items()))
    return f"{seconds:5.0f} s  {requests:6} requests  {counts['donnes']:5} donnes  {workers}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="length of the load")
    parser.add_argument("--clients", type=int, default=4, help="browsers at once")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--workers", type=int, default=3, help="processes with REDIS_URL")
    parser.add_argument(
        "--cache-entries", type=int, help="the server's CACHE_MAX_ENTRIES (the site's: 2,000)"
    )
    options = parser.parse_args()
    if RUNNING:
        print("BENCH_SITE: this bench measures its own server's workers; unset it")
        return 1
    server_url = os.environ.get("DATABASE_URL") or None
    seconds = options.minutes * 60
    warm_up = min(60.0, seconds / 3)
    database = "PostgreSQL" if server_url else "SQLite"
    entries = options.cache_entries or "the site's"
    cache = f"cache of {entries} entries"
    print(
        f"database: {database}; ASGI (gunicorn, uvicorn workers, no recycling); {cache}; "
        f"{options.clients} clients for {options.minutes:g} min; warm-up {warm_up:.0f} s"
    )
    counts: collections.Counter = collections.Counter()
    samples: list[tuple[float, dict[int, int]]] = []
    with fresh_site(server_url) as env:
        if options.cache_entries:
            env["CACHE_MAX_ENTRIES"] = str(options.cache_entries)
        django_setup(env)
        reads = [path for _name, path in pages() if path != "/"]
        room = Room()
        with server_process(env, options.workers, options=NOT_RECYCLED) as (_server, base):
            start = time.monotonic()
            end = start + seconds
            clients = [
                threading.Thread(target=client, args=(base, room, reads, end, counts))
                for _n in range(options.clients)
            ]
            for thread in clients:
                thread.start()
            while (now := time.monotonic()) < end:
                samples.append((now - start, worker_memory(base)))
                print(sample_line(now - start, samples[-1][1], counts), flush=True)
                time.sleep(min(options.every, max(0.0, end - time.monotonic())))
            for thread in clients:
                thread.join(timeout=120)
            samples.append((time.monotonic() - start, worker_memory(base)))
            print(sample_line(samples[-1][0], samples[-1][1], counts))
    return verdict(samples, warm_up, counts, room.drawn)


def verdict(
    samples: list[tuple[float, dict[int, int]]],
    warm_up: float,
    counts: collections.Counter,
    evenings: int,
) -> int:
    """Print the statuses and the growth of the workers' memory after ``warm_up`` seconds;
    the exit status (0: within ``BOUND``, the same workers throughout, no 5xx)."""
    first = next(memory for at, memory in samples if at >= warm_up)
    last = samples[-1][1]
    statuses = {s: n for s, n in sorted(counts.items(), key=str) if isinstance(s, int)}
    fives = sum(n for s, n in statuses.items() if s >= 500)
    print(f"statuses: {statuses}; donnes entered: {counts['donnes']}; evenings drawn: {evenings}")
    same = set(first) == set(last)
    growth = 100 * (sum(last.values()) - sum(first.values())) / sum(first.values())
    print(
        f"resident memory after warm-up {sum(first.values()) / 1024:.1f} MiB, at the end "
        f"{sum(last.values()) / 1024:.1f} MiB: growth {growth:+.1f} % (bound: under {BOUND:g} %)"
        + ("" if same else "; a worker was replaced")
    )
    good = same and growth < BOUND and not fives
    print("OK" if good else "NOT AS EXPECTED")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
