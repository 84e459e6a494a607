"""A table's page at donne 5 and at the last donne a partie may hold (issue 58): the page every
phone of the table loads after each change, asked again and again in-process (Django's test
``Client``, no HTTP) on a fresh SQLite site. Two tables of one evening, official rules played to
the highest target the rules read (100,000 points, so that neither partie ends): one holds 5
donnes, the other ``MAX_ENTRIES`` (500), all accepted, simulated by the engine. The two
pages are asked in turn, twice ``--seconds`` in all, so that a change of the machine's load
falls on both alike. Prints each page's median and 90th percentile time and their ratio.
Asserts nothing.

    .venv/bin/python bench/table_length_bench.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import django_setup, fresh_site  # noqa: E402
from room_bench import draw_evening  # noqa: E402


def fill(code: str, count: int) -> None:
    """Give the partie of table ``code`` ``count`` accepted donnes, simulated, to 100,000."""
    from scoring import services
    from scoring.roimat.record import entry_of_record, record_of
    from scoring.roimat.simulate import simulate_donnes
    from tournaments.models import Table

    partie = Table.objects.get(code=code).partie
    partie.options = {**partie.options, "variant": "official-1000", "target": 100_000}
    partie.save(update_fields=["options"])
    for state in simulate_donnes(count, seed=sum(map(ord, code))):
        services.entry_record(partie=partie, value=entry_of_record(record_of(state)))
    assert partie.donnes.count() == count and not partie.adapter.compute(partie).finished


def timings(paths: list[str], seconds: float) -> dict[str, list[float]]:
    """The times of each of ``paths``, asked in turn again and again for ``seconds`` (after
    one warm-up each), so that a change of the machine's load falls on all of them alike."""
    from django.test import Client

    client = Client()
    times: dict[str, list[float]] = {}
    for path in paths:
        assert client.get(path).status_code == 200
        times[path] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for path in paths:
            started = time.perf_counter()
            client.get(path)
            times[path].append(time.perf_counter() - started)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5)
    options = parser.parse_args()
    with fresh_site(None, demo=False) as env:
        django_setup(env)
        from scoring.registry import MAX_ENTRIES

        (_one, short), (_two, long) = draw_evening(players=8)
        fill(short, 5)
        fill(long, MAX_ENTRIES)
        paths = {5: f"/t/{short}/", MAX_ENTRIES: f"/t/{long}/"}
        times = timings(list(paths.values()), options.seconds * len(paths))
        figures = {count: times[path] for count, path in paths.items()}
    for count, times in figures.items():
        median, p90 = statistics.median(times), statistics.quantiles(times, n=10)[-1]
        print(
            f"table's page at donne {count:>3}: median {median * 1000:6.1f} ms,"
            f" p90 {p90 * 1000:6.1f} ms ({len(times)} pages)"
        )
    ratio = statistics.median(figures[MAX_ENTRIES]) / statistics.median(figures[5])
    print(f"ratio {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
