"""Pages with years of data: 200 players, 5 seasons of weekly evenings (32 players, 8 tables,
3 rounds of Roimat parties played by the engine). Prints each page's time and query count;
asserts nothing.

    make bench          (or: .venv/bin/python bench/league_bench.py [--weeks 52])

The data go into a temporary SQLite file; the first run takes a minute to build it.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DB = Path(tempfile.gettempdir()) / "roimat-league-bench.sqlite3"
os.environ["SQLITE_NAME"] = str(DB)
os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scoring.models import Donne, Partie, Player, Seat  # noqa: E402
from scoring.roimat.record import entry_of_record, record_of  # noqa: E402
from scoring.roimat.simulate import simulate_donnes  # noqa: E402
from tournaments.league import season_table  # noqa: E402
from tournaments.models import Registration, Round, Season, Table, Tournament  # noqa: E402


def build(weeks: int) -> None:
    call_command("migrate", verbosity=0)
    if Season.objects.exists():
        return
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
            evening(season, first + datetime.timedelta(weeks=week), players, donnes, rng)
        print(f"season {year + 1} built", file=sys.stderr)
    call_command("recompute_results", verbosity=0)


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


def measure(client: Client, label: str, url: str) -> None:
    client.get(url)  # warm the caches and connections
    best, queries = float("inf"), 0
    for _run in range(3):
        with CaptureQueriesContext(connection) as captured:
            begin = time.perf_counter()
            response = client.get(url)
            best = min(best, time.perf_counter() - begin)
        queries = len(captured)
        assert response.status_code == 200, (url, response.status_code)
    print(f"{label:<34} {best * 1000:>8.0f} ms  {queries:>4} queries")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--weeks", type=int, default=52, help="evenings a season")
    args = parser.parse_args()
    build(args.weeks)
    print(f"{Partie.objects.count()} parties, {Donne.objects.count()} donnes")
    client = Client()
    season = Season.objects.order_by("-start").first()
    player = Player.objects.first()
    tournament = Tournament.objects.order_by("-date").first()
    begin = time.perf_counter()
    with CaptureQueriesContext(connection) as captured:
        season_table(season)
    print(
        f"{'season standings, computed':<34} {(time.perf_counter() - begin) * 1000:>8.0f} ms"
        f"  {len(captured):>4} queries"
    )
    measure(client, "season standings page", f"/saisons/{season.pk}/")
    measure(client, "season chart (SVG picture)", f"/saisons/{season.pk}/chart.svg")
    measure(client, "evening ranking", f"/tournois/{tournament.pk}/")
    measure(client, "player page (all seasons)", f"/joueurs/{player.pk}/")
    measure(client, "home page", "/")
    measure(client, "parties list", "/parties/")


if __name__ == "__main__":
    main()
