"""Pages with years of data: 200 players, 5 seasons of weekly evenings (32 players, 8 tables,
3 rounds of Roimat parties played by the engine), at several numbers of evenings a season.
Prints each page's time and query count at each size, and the ratio of each size's time to
the smallest's: a page whose cost does not grow with the club's history stays near 1.
Each page is measured twice: "computed", the first request after a change (an entry, an
evening, a season: ``scoring.freshness.touch``), and "kept", the requests after it, which read
the figures kept in the cache. Also the time a change to a closed evening adds to store its
part of the league again (``tournaments.league.store_evening``). Asserts nothing.

    make bench          (or: .venv/bin/python bench/league_bench.py [--weeks 13 52 208]
                         [--rounds N] [--runs N] [--clock cpu])

Each size's data go into a temporary SQLite file of its own, built on the first run (a minute
at 13 evenings a season, about 4 at 52, 15 at 208) and kept for the next runs; each size is
measured in a process of its own (the database is a setting). On a shared machine a figure
moves between runs: ``--rounds N`` measures the sizes in turn N times and keeps each figure's
best, so that a slow moment falls on every size rather than on one.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def database(weeks: int) -> Path:
    return Path(tempfile.gettempdir()) / f"roimat-league-bench-{weeks}.sqlite3"


if __name__ == "__main__" and "--one" in sys.argv:  # a size's own process: its database
    os.environ["SQLITE_NAME"] = str(database(int(sys.argv[sys.argv.index("--one") + 1])))
os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.db.models import Count  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scoring.freshness import touch  # noqa: E402
from scoring.models import Donne, Partie, Player, Seat  # noqa: E402
from scoring.roimat.record import entry_of_record, record_of  # noqa: E402
from scoring.roimat.simulate import simulate_donnes  # noqa: E402
from tournaments.league import season_table, store_all_evenings, store_evening  # noqa: E402
from tournaments.models import (  # noqa: E402
    EveningLeague,
    Registration,
    Round,
    Season,
    Table,
    Tournament,
)


def build(weeks: int) -> None:
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    if Season.objects.exists():
        if not EveningLeague.objects.exists():  # built before the evenings' part was stored
            store_all_evenings()
        return
    seasons(weeks)
    call_command("recompute_results", verbosity=0)
    call_command("recompute_ratings", verbosity=0)


def seasons(weeks: int) -> None:
    """Five seasons of ``weeks`` evenings each (``evening``), 200 players, parties of donnes the
    engine played (seed 1): the history the league's and the results' benches read."""
    rng = random.Random(1)
    donnes = [entry_of_record(record_of(s)) for s in simulate_donnes(8 * 500, seed=1)]
    players = Player.objects.bulk_create(Player(name=f"Joueur {i:03d}") for i in range(200))
    start = datetime.date(2021, 9, 2)
    for year in range(5):
        first = start + datetime.timedelta(days=365 * year)
        season = Season.objects.create(
            name=f"Saison {2021 + year}", start=first, end=first + datetime.timedelta(days=300)
        )
        for week in range(weeks):
            # weekly up to 43 evenings, closer beyond, all within the season's 300 days
            day = first + datetime.timedelta(days=min(7 * week, 300 * week // weeks))
            evening(season, day, players, donnes, rng)
        print(f"  {weeks} weeks: season {year + 1} built", file=sys.stderr)


def evening(season, date, players, donnes, rng) -> None:
    tournament = Tournament.objects.create(
        name=f"Soirée {date}", date=date, rounds=3, season=season, finished=True
    )
    present = rng.sample(players, 32)
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, checked_in=True) for p in present
    )
    for number in (1, 2, 3):
        round_ = Round.objects.create(tournament=tournament, number=number)
        rng.shuffle(present)
        parties = Partie.objects.bulk_create(
            Partie(played_on=date, place="Club", table=f"{number}.{t}") for t in range(1, 9)
        )
        Table.objects.bulk_create(
            Table(round=round_, number=t, partie=p, code=f"{p.pk:08d}")
            for t, p in enumerate(parties, start=1)
        )
        Seat.objects.bulk_create(
            Seat(partie=p, seat=seat, player=present[4 * t + k])
            for t, p in enumerate(parties)
            for k, seat in enumerate("NESO")
        )
        rows = []
        for partie in parties:
            offset = rng.randrange(0, len(donnes) - 8)
            rows += [
                Donne.from_entry(e, partie=partie, number=n)
                for n, e in enumerate(donnes[offset : offset + 8], start=1)
            ]
        Donne.objects.bulk_create(rows)


def counted():
    """A ``CaptureQueriesContext`` on an emptied query log: the log keeps its last 9,000
    queries only, so that once full (after ``build``) a capture measured 0 queries."""
    reset_queries()
    return CaptureQueriesContext(connection)


#: Requests a page is asked each way, the best kept (``--runs``).
RUNS = 5
#: What a time is read on (``--clock``): the wall's, or this process's CPU time (the same on a
#: quiet machine, as the pages are computed in this process, SQLite's work included; less
#: disturbed by the other work of a shared machine).
CLOCK = time.perf_counter


def timed(client: Client, url: str, change: bool) -> tuple[float, int]:
    """The best of ``RUNS`` requests' time (s) and the queries of the last; ``change``: each
    request comes after a change (``touch``), so that the page computes its figures."""
    best, queries = float("inf"), 0
    for _run in range(RUNS):
        if change:
            touch()
        with counted() as captured:
            begin = CLOCK()
            response = client.get(url)
            best = min(best, CLOCK() - begin)
        queries = len(captured)
        assert response.status_code == 200, (url, response.status_code)
    return best, queries


def best_of(call) -> tuple[float, int, None, None]:
    """The best of ``RUNS`` calls' time (ms) and the queries of the last."""
    best = float("inf")
    for _run in range(RUNS):
        with counted() as captured:
            begin = CLOCK()
            call()
            best = min(best, CLOCK() - begin)
    return best * 1000, len(captured), None, None


def measure_one(weeks: int) -> dict:
    """Build (once) and measure the data of ``weeks`` evenings a season: {label: [computed
    ms, computed queries, kept ms, kept queries]}, and the data's size."""
    build(weeks)
    client = Client()
    season = Season.objects.order_by("-start").first()
    regular = Seat.objects.values("player").annotate(n=Count("id")).order_by("-n", "player").first()
    player = Player.objects.get(pk=regular["player"])
    tournament = Tournament.objects.order_by("-date").first()
    closed = season.tournaments.filter(finished=True).order_by("-date").first()
    figures: dict[str, list] = {
        "season standings, computed (function)": [*best_of(lambda: season_table(season))],
        "a closed evening stored again (a change to it)": [
            *best_of(lambda: store_evening(closed.pk))
        ],
    }
    for label, url in (
        ("season standings page", f"/saisons/{season.pk}/"),
        ("season chart (SVG picture)", f"/saisons/{season.pk}/chart.svg"),
        ("evening ranking", f"/tournois/{tournament.pk}/"),
        (f"player page ({regular['n']} parties)", f"/joueurs/{player.pk}/"),
        ("home page", "/"),
        ("parties list", "/parties/"),
    ):
        client.get(url)  # warm the connections and the code
        computed, computed_queries = timed(client, url, change=True)
        kept, kept_queries = timed(client, url, change=False)
        figures[label.split(" (")[0]] = [
            computed * 1000,
            computed_queries,
            kept * 1000,
            kept_queries,
        ]
    return {
        "weeks": weeks,
        "parties": Partie.objects.count(),
        "donnes": Donne.objects.count(),
        "player parties": regular["n"],
        "pages": figures,
    }


def report(results: list[dict]) -> None:
    """Each page at each size: computed and kept time and queries, and the times' ratio to
    the smallest size."""
    first = results[0]
    for result in results:
        print(
            f"{result['weeks']:>4} evenings a season: {result['parties']} parties, "
            f"{result['donnes']} donnes; the player's page is a regular's "
            f"({result['player parties']} parties)"
        )
    sizes = [r["weeks"] for r in results]
    head = "".join(f"{w:>14}" for w in sizes) + "".join(
        f"{f'{w}/{sizes[0]}':>9}" for w in sizes[1:]
    )
    print(f"\n{'page (ms, queries)':<44}{head}")
    for label in first["pages"]:
        for index, kind in ((0, "computed"), (2, "kept")):
            if first["pages"][label][index] is None:
                continue
            cells = "".join(
                f"{r['pages'][label][index]:>8.1f} ms{r['pages'][label][index + 1]:>3}q"
                for r in results
            )
            base = first["pages"][label][index]
            ratios = "".join(f"{r['pages'][label][index] / base:>8.2f}x" for r in results[1:])
            name = label if first["pages"][label][2] is None else f"{label}, {kind}"
            print(f"{name:<44}{cells}{ratios}")


def one_size(weeks: int, args: argparse.Namespace) -> dict:
    """``measure_one(weeks)`` in a process of its own (the database is a setting)."""
    run = subprocess.run(
        [
            sys.executable,
            __file__,
            *("--one", str(weeks), "--runs", str(args.runs), "--clock", args.clock),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode:
        sys.exit(f"{weeks} evenings a season failed:\n{run.stderr}")
    return json.loads(run.stdout.splitlines()[-1])


def best_of_rounds(found: list[dict]) -> dict:
    """One size's figures over its rounds (``--rounds``): each time the best of the rounds,
    with its queries. The rounds of all sizes come in turn, so that a slow moment of a shared
    machine falls on every size rather than on one."""
    best = dict(found[0], pages={})
    for label in found[0]["pages"]:
        figures = list(found[0]["pages"][label])
        for other in found[1:]:
            for index in (0, 2):
                mine = other["pages"][label][index]
                if mine is not None and mine < figures[index]:
                    figures[index : index + 2] = other["pages"][label][index : index + 2]
        best["pages"][label] = figures
    return best


def main() -> None:
    global RUNS, CLOCK
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--weeks", type=int, nargs="+", default=[13, 52], help="evenings a season, each size"
    )
    parser.add_argument(
        "--runs", type=int, default=RUNS, help="requests each way, the best kept (5)"
    )
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall", help="times read on (wall)"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="each size measured in turn this many times, the best kept (1)",
    )
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # one size, in JSON
    args = parser.parse_args()
    RUNS = args.runs
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    if args.one:
        print(json.dumps(measure_one(args.one)))
        return
    if args.rounds < 1 or args.runs < 1:
        parser.error("--rounds and --runs: at least 1")
    rounds = [[one_size(weeks, args) for weeks in args.weeks] for _round in range(args.rounds)]
    results = [
        best_of_rounds([found[index] for found in rounds]) for index in range(len(args.weeks))
    ]
    report(results)


if __name__ == "__main__":
    main()
