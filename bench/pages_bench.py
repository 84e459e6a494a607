"""The site's pages over HTTP beside a bare Django page, in the same run (issue #25): each page
of the demo club (the home page, the parties, a partie and its PDF and Excel, an evening, a
season and its chart, a player, and a table's page with its entry form) asked again and again
by one client over one kept connection, on the server as ``make run`` serves it (one ASGI
process, not recycled after its 2,000 requests), then the bare site's ``/page/``
(``bench/bare``: one query of 50 rows drawn by a template) on the same stack and database.
Prints each page's requests a second, its median time and its ratio to the bare page (issue
#25's goal: 0.5x at least).

Then the same pages in-process: each asked again and again through Django's request handler
(its test ``Client``, no HTTP) in a process of their own, beside the bare ``/page/`` asked the
same way in a process on the bare site's settings (a process holds one site's settings), on
the same database in the same run: each page's median time, the bare page's, and their ratio by rate
(issue #25's goal: 0.25x at least).

    .venv/bin/python bench/pages_bench.py [--seconds 3]
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import (  # noqa: E402
    NOT_RECYCLED,
    PYTHON,
    ROOT,
    bare_site,
    django_setup,
    fresh_site,
    serve,
    serve_bare,
)

#: Issue #25's goals: each page's rate at least this share of the bare page's.
GOAL_HTTP, GOAL_IN_PROCESS = 0.5, 0.25


def pages() -> list[tuple[str, str]]:
    """(name, path) of the demo club's pages, found in its database, and the page of a table
    of an evening drawn for the bench (the page each phone loads after each entry)."""
    from room_bench import draw_evening

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
        ("a table's page", f"/t/{draw_evening(players=8)[0][1]}/"),
    ]


def repeat(ask, seconds: float) -> tuple[float, float, int]:
    """Requests a second, median seconds and last status of ``ask()`` (a request, returning
    its status) called again and again for ``seconds``, after one call to warm it."""
    status = ask()
    times: list[float] = []
    end = time.perf_counter() + seconds
    while (now := time.perf_counter()) < end:
        status = ask()
        times.append(time.perf_counter() - now)
    return len(times) / sum(times), statistics.median(times), status


def rate(base: str, path: str, seconds: float) -> tuple[float, float, int]:
    """``repeat`` of ``path`` over HTTP, one kept connection."""
    where = urlsplit(base)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=30)

    def ask() -> int:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status

    try:
        return repeat(ask, seconds)
    finally:
        connection.close()


def in_process(path: str, seconds: float) -> tuple[float, float, int]:
    """``repeat`` of ``path`` handled in this process by Django's test ``Client`` (the
    middleware, the view and the template, no HTTP)."""
    from django.test import Client

    client = Client()
    return repeat(lambda: client.get(path).status_code, seconds)


def in_a_process(env: dict[str, str], paths: list[str], seconds: float) -> list[tuple]:
    """``in_process`` of each of ``paths``, in a process of their own on ``env``'s site
    (started for them: the bench's own objects, which the garbage collector would walk
    through at each collection, are not in it): the same for the bare site and the
    project's."""
    run = subprocess.run(
        [PYTHON, __file__, "--in-process", "--seconds", str(seconds), *paths],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return [tuple(figures) for figures in json.loads(run.stdout.splitlines()[-1])]


def table(title: str, bare: tuple, figures: dict, goal: float) -> None:
    """Each page's rate, median and ratio to the bare page's rate, with the goal."""
    print(title)
    print(f"{'bare Django /page/':<22} {bare[0]:7.0f}/s  median {bare[1] * 1000:6.1f} ms  1.00x")
    for name, (per_second, median, status) in figures.items():
        ratio = per_second / bare[0]
        print(
            f"{name:<22} {per_second:7.0f}/s  median {median * 1000:6.1f} ms  {ratio:.2f}x"
            + (f"  (goal {goal:.2f}x)" if ratio < goal else "")
            + ("" if status == 200 else f"  (status {status})")
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds a page is asked")
    parser.add_argument("--in-process", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("paths", nargs="*", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.in_process:  # the child of ``in_a_process``, on its site's settings
        import django

        sys.path.insert(0, str(ROOT))
        django.setup()
        print(json.dumps([in_process(path, options.seconds) for path in options.paths]))
        return 0
    with fresh_site(None) as env:
        django_setup(env)
        asked = pages()
        with serve(env, workers=1, options=NOT_RECYCLED) as base:
            figures = {name: rate(base, path, options.seconds) for name, path in asked}
        with serve_bare(env, workers=1, options=NOT_RECYCLED) as base:
            bare = rate(base, "/page/", options.seconds)
        paths = [path for _name, path in asked]
        measured = in_a_process(env, paths, options.seconds)
        handled = {name: figures for (name, _path), figures in zip(asked, measured, strict=True)}
        bare_handled = in_a_process(bare_site(env), ["/page/"], options.seconds)[0]
    table(
        "SQLite, one ASGI process (gunicorn, uvicorn worker), one client, kept connection",
        bare,
        figures,
        GOAL_HTTP,
    )
    table(
        f"\nIn-process (Django's test Client, no HTTP; goal {GOAL_IN_PROCESS}x)",
        bare_handled,
        handled,
        GOAL_IN_PROCESS,
    )
    statuses = [status for _r, _m, status in [*figures.values(), *handled.values()]]
    return 0 if all(status == 200 for status in statuses) else 1


if __name__ == "__main__":
    sys.exit(main())
