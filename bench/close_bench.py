"""Closing an evening (issue #59): the director's close page posted with a decision for each
unfinished table, for an evening of 10 and of 40 tables a round (3 rounds of Roimat parties of
8 donnes played by the engine; a tenth of the last round's tables stopped at 4 donnes).
Prints, at each size, the close's median time (the wall's, and the process's CPU time: less
moved by the other work of a shared machine), its queries and the sheets it scores, and the
ratio of the larger size's time to the smaller's. Each close is rolled back, so that the next
one closes the same evening. Asserts nothing.

    make bench      (or: DJANGO_DEBUG=true .venv/bin/python bench/close_bench.py
                     [--tables 10 40] [--runs 9])

The data go into a temporary SQLite file, built at each run (a few seconds) and removed.
"""

from __future__ import annotations

import argparse
import atexit
import datetime
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCRATCH = Path(tempfile.mkdtemp(prefix="close-bench-")) / "db.sqlite3"
atexit.register(shutil.rmtree, SCRATCH.parent, True)
os.environ["SQLITE_NAME"] = str(SCRATCH)
os.environ.pop("DATABASE_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, reset_queries, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.urls import reverse  # noqa: E402

from scoring.models import Donne, Partie, Player, Seat  # noqa: E402
from scoring.results import store_all_results  # noqa: E402
from scoring.roimat.record import entry_of_record, record_of  # noqa: E402
from scoring.roimat.simulate import simulate_donnes  # noqa: E402
from tournaments.models import Registration, Round, Table, Tournament  # noqa: E402


def evening(tables: int, donnes: list) -> Tournament:
    """A Roimat evening of ``tables`` tables a round, 3 rounds, its parties played (a tenth
    of the last round's stopped at 4 donnes), its results stored."""
    date = datetime.date(2026, 11, 26)
    tournament = Tournament.objects.create(name=f"Soirée de {tables} tables", date=date, rounds=3)
    present = Player.objects.bulk_create(
        Player(name=f"Joueur {tables}-{n:03}") for n in range(4 * tables)
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, checked_in=True) for p in present
    )
    stopped = max(1, tables // 10)
    for number in (1, 2, 3):
        round_ = Round.objects.create(tournament=tournament, number=number)
        parties = Partie.objects.bulk_create(
            Partie(played_on=date, place="Club", table=f"{number}.{t}")
            for t in range(1, tables + 1)
        )
        Table.objects.bulk_create(
            Table(round=round_, number=t, partie=p, code=f"{p.pk:08d}")
            for t, p in enumerate(parties, start=1)
        )
        Seat.objects.bulk_create(
            Seat(partie=p, seat=seat, player=present[(4 * t + k + number) % len(present)])
            for t, p in enumerate(parties)
            for k, seat in enumerate("NESO")
        )
        rows = []
        for t, partie in enumerate(parties):
            length = 4 if number == 3 and t >= tables - stopped else 8
            offset = (7 * t + number) % (len(donnes) - 8)
            rows += [
                Donne.from_entry(e, partie=partie, number=n)
                for n, e in enumerate(donnes[offset : offset + length], start=1)
            ]
        Donne.objects.bulk_create(rows)
    return tournament


def close_once(
    client: Client, tournament: Tournament, decisions: dict
) -> tuple[float, int, int, float]:
    """Seconds, queries, sheets scored and CPU seconds of one close (rolled back)."""
    url = reverse("tournaments:close", args=[tournament.pk])
    scored = 0
    original = Partie.sheet.func

    def counting(partie):
        nonlocal scored
        scored += 1
        return original(partie)

    Partie.sheet.func = counting  # counts the sheets computed (``cached_property``)
    try:
        reset_queries()
        with transaction.atomic(), CaptureQueriesContext(connection) as queries:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.post(url, decisions)
            spent, cpu = time.perf_counter() - start, time.process_time() - start_cpu
            assert response.status_code == 302, response.status_code
            transaction.set_rollback(True)
    finally:
        Partie.sheet.func = original
    return spent, len(queries), scored, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 40])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    donnes = [entry_of_record(record_of(s)) for s in simulate_donnes(400, seed=1)]
    evenings = {n: evening(n, donnes) for n in args.tables}
    store_all_results()
    user = get_user_model().objects.create_superuser("bench", password="bench-close")
    client = Client()
    client.force_login(user)
    first = None
    print(
        f"{'tables':>7} {'parties':>8} {'unfinished':>10} {'ms':>8} {'CPU ms':>7} {'queries':>8} "
        f"{'scored':>7}"
    )
    for tables, tournament in evenings.items():
        from tournaments.services import unfinished_tables

        unfinished = unfinished_tables(tournament)
        decisions = {f"closing_{t.pk}": "played" for t in unfinished}
        close_once(client, tournament, decisions)  # warm
        runs = [close_once(client, tournament, decisions) for _ in range(args.runs)]
        ms = statistics.median(r[0] for r in runs) * 1000
        cpu = statistics.median(r[3] for r in runs) * 1000
        first = first or ms
        print(
            f"{tables:>7} {3 * tables:>8} {len(unfinished):>10} {ms:>8.1f} {cpu:>7.1f} "
            f"{runs[0][1]:>8} {runs[0][2]:>7}   x{ms / first:.1f}"
        )


if __name__ == "__main__":
    main()
