"""The site's pages over HTTP beside a bare Django page, in the same run (issue #25): each page
of the demo club (the home page, the parties, a partie and its PDF and Excel, an evening, a
season and its chart, a player) asked again and again by one client over one kept connection,
on the server as ``make run`` serves it (one ASGI process), then the bare site's ``/page/``
(``bench/bare``: one query of 50 rows drawn by a template) on the same stack and database.
Prints each page's requests a second, its median time and its ratio to the bare page (issue
#25's goal: 0.5x at least).

    .venv/bin/python bench/pages_bench.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import django_setup, fresh_site, serve, serve_bare  # noqa: E402


def pages() -> list[tuple[str, str]]:
    """(name, path) of the demo club's pages, found in its database."""
    from scoring.models import Partie, Player
    from tournaments.models import Season, Tournament

    partie = Partie.objects.filter(game="roimat").order_by("pk").first()
    evening = Tournament.objects.filter(finished=True).first()
    season = Season.objects.first()
    regular = max(Player.objects.all(), key=lambda p: p.parties.count())
    return [
        ("home", "/"),
        ("parties", "/parties/"),
        ("a partie", partie.get_absolute_url()),
        ("its PDF", f"/parties/{partie.pk}/sheet.pdf"),
        ("its Excel", f"/parties/{partie.pk}/sheet.xlsx"),
        ("an evening", evening.get_absolute_url()),
        ("a season", season.get_absolute_url()),
        ("its chart", f"{season.get_absolute_url()}chart.svg"),
        ("a player", f"/joueurs/{regular.pk}/"),
    ]


def rate(base: str, path: str, seconds: float) -> tuple[float, float, int]:
    """Requests a second, median seconds and status of ``path`` asked again and again for
    ``seconds`` over one kept connection (after one request to warm it)."""
    where = urlsplit(base)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)
    times: list[float] = []
    status = 0

    def ask() -> None:
        nonlocal status
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        status = response.status

    ask()
    end = time.perf_counter() + seconds
    while (now := time.perf_counter()) < end:
        ask()
        times.append(time.perf_counter() - now)
    connection.close()
    return len(times) / sum(times), statistics.median(times), status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds a page is asked")
    options = parser.parse_args()
    with fresh_site(None) as env:
        django_setup(env)
        asked = pages()
        with serve(env, workers=1) as base:
            figures = {name: rate(base, path, options.seconds) for name, path in asked}
        with serve_bare(env, workers=1) as base:
            bare = rate(base, "/page/", options.seconds)
    print("SQLite, one ASGI process (gunicorn, uvicorn worker), one client, kept connection")
    print(f"{'bare Django /page/':<22} {bare[0]:7.0f}/s  median {bare[1] * 1000:6.1f} ms  1.00x")
    for name, (per_second, median, status) in figures.items():
        ratio = per_second / bare[0]
        print(
            f"{name:<22} {per_second:7.0f}/s  median {median * 1000:6.1f} ms  {ratio:.2f}x"
            + ("" if status == 200 else f"  (status {status})")
        )
    return 0 if all(status == 200 for _r, _m, status in figures.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
