"""A club evening in the browser: create, register at the door, draw, enter at the tables by
code, ranking and room screen."""

import pytest
from django.urls import reverse

from tests.helpers import donne_post
from tournaments.models import Player, Round, Tournament

pytestmark = pytest.mark.django_db


def create_evening(client, count=8):
    response = client.post(reverse("tournaments:create"), {
        "name": "Soirée du jeudi", "date": "2026-11-26", "place": "Antony",
        "variant": "club-8", "format": "individual", "rounds": "2",
        "ranking": "wins, points", "sit_out_rule": "average",
    })  # fmt: skip
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    for i in range(count):
        client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"new_name": f"Joueur {i}"}
        )
    return tournament


def test_director_runs_an_evening_and_a_table_enters_by_its_code(secretary, client):
    tournament = create_evening(secretary)
    assert tournament.ranking == "wins,points"
    assert tournament.registrations.filter(checked_in=True).count() == 8
    response = secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    assert response.status_code == 302
    round_ = Round.objects.get()
    plan = secretary.get(reverse("tournaments:round", args=[tournament.pk, 1]))
    table = round_.tables.first()
    assert table.code in plan.text and "<svg" in plan.text  # code and QR code
    # The table's phone needs no account.
    client.logout()  # the same browser as the secretary's: logged out now
    entry = client.get(reverse("tournaments:table_entry", args=[table.code.lower()]))
    assert entry.status_code == 200 and entry.context["form"] is not None
    donne = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}
    response = client.post(reverse("tournaments:table_entry", args=[table.code]), donne_post(donne))
    assert response.status_code == 302
    assert table.partie.donnes.count() == 1
    bad = {**donne, "points_ns": 200}
    response = client.post(reverse("tournaments:table_entry", args=[table.code]), donne_post(bad))
    assert "points_ns" in response.context["form"].errors
    assert table.partie.donnes.count() == 1
    ranking = client.get(tournament.get_absolute_url())
    assert len(ranking.context["standings"].rows) == 8
    screen = client.get(reverse("tournaments:screen", args=[tournament.pk]))
    assert screen.status_code == 200 and 'http-equiv="refresh"' in screen.text


def test_drawing_needs_an_account_and_refuses_early_rounds(secretary):
    from django.test import Client

    tournament = create_evening(secretary)
    response = Client().post(reverse("tournaments:round_start", args=[tournament.pk]))
    assert response.status_code == 302 and not Round.objects.exists()
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    response = secretary.post(reverse("tournaments:round_start", args=[tournament.pk]), follow=True)
    assert Round.objects.count() == 1
    assert "pas fini" in response.text or "not finished" in response.text


def test_absent_players_are_not_seated(secretary):
    tournament = create_evening(secretary, count=9)
    absent = tournament.registrations.order_by("id").last()
    secretary.post(reverse("tournaments:present", args=[tournament.pk, absent.pk]))
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    round_ = Round.objects.get()
    seated = {s.player_id for t in round_.tables.all() for s in t.partie.seats.all()}
    assert absent.player_id not in seated and len(seated) == 8


def test_a_player_is_registered_once_and_new_names_are_added(secretary):
    tournament = create_evening(secretary, count=4)
    assert Player.objects.filter(name="Joueur 0").count() == 1
    secretary.post(
        reverse("tournaments:register", args=[tournament.pk]),
        {"player": Player.objects.get(name="Joueur 0").pk},
    )
    assert tournament.registrations.count() == 4


def test_old_round_tables_are_closed_for_entry(secretary):
    from scoring.models import Donne
    from scoring.roimat.record import entry_of_record
    from scoring.roimat.simulate import simulate_partie
    from tournaments.services import rules_of

    tournament = create_evening(secretary)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    first = Round.objects.get()
    for table in first.tables.all():
        records = simulate_partie(rules_of(tournament), table.number, "heuristic")
        Donne.objects.bulk_create(
            Donne.from_entry(entry_of_record(r), partie=table.partie, number=n)
            for n, r in enumerate(records, start=1)
        )
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    old = first.tables.first()
    page = secretary.get(reverse("tournaments:table_entry", args=[old.code]))
    assert page.context["form"] is None
