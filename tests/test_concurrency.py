"""A room of phones at once, on the real database (SQLite file in WAL mode, or PostgreSQL):
no donne lost, none stored twice, no server error."""

import datetime
import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import Donne, Partie, Player
from scoring.roimat.notation import SheetInput
from scoring.roimat.rules import RuleSet
from tests.helpers import donne_post, partie_create
from tournaments.models import Round, Table, Tournament

DONNE = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}


def room(tables: int) -> list[Table]:
    tournament = Tournament.objects.create(name="Soirée", date=datetime.date(2026, 11, 26))
    round_ = Round.objects.create(tournament=tournament, number=1)
    made = []
    for number in range(1, tables + 1):
        names = {seat: f"T{number}{seat}" for seat in "NESO"}
        seated = {seat: Player.objects.create(name=name) for seat, name in names.items()}
        sheet = SheetInput(rules=RuleSet("club-8"), players=names, donnes=())
        partie = partie_create(sheet=sheet, players=seated)
        made.append(Table.objects.create(round=round_, number=number, partie=partie))
    return made


def submit_all(requests, user=None):
    """POST every (url, data) at the same moment, one thread each (logged in as ``user`` when
    given); the status codes."""
    clients = []
    for _request in requests:
        clients.append(Client())
        if user is not None:
            clients[-1].force_login(user)
    barrier = threading.Barrier(len(requests))
    statuses = []

    def post(client, url, data):
        try:
            barrier.wait()
            statuses.append(client.post(url, data).status_code)
        finally:
            connection.close()

    threads = [
        threading.Thread(target=post, args=(client, *request))
        for client, request in zip(clients, requests, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


@pytest.mark.django_db(transaction=True)
def test_eighty_submissions_from_forty_tables_store_each_donne_once():
    tables = room(40)
    requests = []
    for table in tables:
        url = reverse("tournaments:table_entry", args=[table.code])
        data = {
            **donne_post(DONNE),
            "action": "enter",
            "entered_seat": "N",
            "key": f"table-{table.number}",
            "expected": "1",
        }
        requests += [(url, data), (url, data)]  # the phone resends after a dropped connection
    statuses = submit_all(requests)
    assert sorted(statuses) == [302] * 80  # no server error
    for partie in Partie.objects.all():
        assert partie.donnes.count() == 1  # none lost, none twice
    assert Donne.objects.count() == 40


@pytest.mark.django_db(transaction=True)
def test_five_replays_of_one_submission_store_one_donne():
    (table,) = room(1)
    url = reverse("tournaments:table_entry", args=[table.code])
    data = {
        **donne_post(DONNE),
        "action": "enter",
        "entered_seat": "E",
        "key": "once",
        "expected": "1",
    }
    assert submit_all([(url, data)] * 5) == [302] * 5
    assert table.partie.donnes.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_phones_entering_one_donne_at_once_store_one():
    (table,) = room(1)
    url = reverse("tournaments:table_entry", args=[table.code])
    phones = [
        (
            url,
            {
                **donne_post(DONNE),
                "action": "enter",
                "entered_seat": seat,
                "key": seat,
                "expected": "1",
            },
        )
        for seat in ("N", "E")
    ]
    statuses = submit_all(phones)
    # One stored; the other is sent on to the next donne, with a message saying why.
    assert statuses == [302, 302]
    assert table.partie.donnes.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_secretary_and_a_phone_entering_two_donnes_at_once_store_both(damien):
    """Without an expected number (the director's page), two donnes at once are two donnes,
    numbered 1 and 2, at each of 20 tables."""
    user = damien
    requests = []
    for table in room(20):
        url = reverse("scoring:donne_create", args=[table.partie.pk])
        requests += [(url, {**donne_post(DONNE), "key": f"{table.pk}-{phone}"}) for phone in (1, 2)]
    statuses = submit_all(requests, user=user)
    assert statuses == [302] * 40
    for partie in Partie.objects.all():
        assert list(partie.donnes.values_list("number", flat=True)) == [1, 2]


@pytest.mark.django_db(transaction=True)
def test_players_pages_read_while_their_parties_change_keep_their_true_totals(monkeypatch):
    """Four players at six tables at once, each donne stored with its results (and its change
    to their totals) while their pages are read and add the changes up, every second one
    (``scoring.totals``): at the end each one's totals are his results added up."""
    from scoring import registry, totals
    from scoring.roimat.record import entry_of_record, record_of
    from scoring.roimat.simulate import simulate_donnes
    from scoring.services import after_change

    monkeypatch.setattr(totals, "COMPACT_AT", 2)
    roimat = registry.REGISTRY["roimat"]
    players = [Player.objects.create(name=f"J{i}") for i in range(4)]
    parties = [
        roimat.new_partie(
            players=players[k:] + players[:k], options={}, date=datetime.date(2026, 11, 26)
        )
        for k in (0, 1, 2, 3, 0, 1)
    ]
    entries = [entry_of_record(record_of(s)) for s in simulate_donnes(8, seed=5)]
    done = threading.Event()
    failures = []

    def enter(partie):
        try:
            for number, entry in enumerate(entries, start=1):
                Donne.from_entry(entry, partie=partie, number=number).save()
                after_change(partie)
        except Exception as error:  # noqa: BLE001  (reported below)
            failures.append(error)
        finally:
            connection.close()

    def read():
        try:
            while not done.is_set():
                for player in players:
                    totals.kept_totals(player, "roimat", roimat._figures_of)
        except Exception as error:  # noqa: BLE001
            failures.append(error)
        finally:
            connection.close()

    readers = [threading.Thread(target=read) for _ in range(2)]
    writers = [threading.Thread(target=enter, args=(partie,)) for partie in parties]
    for thread in readers + writers:
        thread.start()
    for thread in writers:
        thread.join()
    done.set()
    for thread in readers:
        thread.join()
    assert failures == []
    for player in players:
        kept = totals.kept_totals(player, "roimat", roimat._figures_of)
        truth = totals.computed(player, "roimat", roimat._figures_of)
        assert kept.results == truth.results == 6
        assert (kept.figures, kept.partners, kept.opponents) == (
            truth.figures,
            truth.partners,
            truth.opponents,
        )
