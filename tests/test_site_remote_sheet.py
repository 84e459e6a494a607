"""A partie played at a distance is written by its table alone: while it is played, the
director's sheet page offers no entry or correction and the entry views refuse one, saying
why; once it is over, a correction is made as on any sheet and kept in its history."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from scoring import remote, services
from scoring.models import Donne, EntryVersion, Player, RemoteTable
from tests.helpers import donne_post
from tournaments.models import Registration, Tournament
from tournaments.services import start_round

DONNE = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}

pytestmark = pytest.mark.django_db


def director(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def in_progress(creator):
    """A Roimat table whose N is a person and the others robots, played until its first
    donne is on the sheet (the partie goes on)."""
    table = remote.table_create(options={"variant": "club-8"}, created_by=creator)
    for seat in "ESO":
        remote.seat_robot(table=table, seat=seat, user=creator)
    place = remote.seat_take(table=table, seat="N", name="Nadia")
    table.refresh_from_db()
    while not table.partie.donnes.exists():
        game = remote.load(table)
        move = game.view("N")["legal"][0]
        played = remote.move_play(table_id=table.pk, key=place.key, seq=game.seq, move=move)
        assert played.refused is None
        table.refresh_from_db()
    return table


def test_the_sheet_of_a_table_in_play_offers_no_entry_and_says_why(damien):
    table = in_progress(damien)
    partie = table.partie
    client = director(damien)
    page = client.get(reverse("scoring:partie_detail", args=[partie.pk])).content.decode()
    assert "written-by-table" in page and table.get_absolute_url() in page
    assert reverse("scoring:entry_create", args=[partie.pk]) not in page
    assert reverse("scoring:entry_edit", args=[partie.pk, 1]) not in page
    assert reverse("scoring:entry_delete_last", args=[partie.pk]) not in page
    assert reverse("scoring:donne_annul", args=[partie.pk, 1]) not in page


def test_the_entry_views_refuse_a_hand_entry_while_the_table_plays(damien):
    table = in_progress(damien)
    partie = table.partie
    client = director(damien)
    stored = list(Donne.objects.filter(partie=partie).values_list("number", "version"))
    entry = services.entry_data(partie.donnes.get(number=1))
    for url, data in [
        (reverse("scoring:entry_create", args=[partie.pk]), donne_post(entry)),
        (reverse("scoring:entry_edit", args=[partie.pk, 1]), donne_post(entry)),
        (reverse("scoring:entry_delete_last", args=[partie.pk]), {}),
        (reverse("scoring:donne_annul", args=[partie.pk, 1]), {}),
    ]:
        response = client.post(url, data, follow=True)
        said = [str(m) for m in response.context["messages"]]
        assert any("at a distance" in m or "à distance" in m for m in said), url
    assert list(Donne.objects.filter(partie=partie).values_list("number", "version")) == stored
    assert client.get(reverse("scoring:entry_create", args=[partie.pk])).status_code == 302


def test_a_correction_of_a_finished_remote_partie_is_kept_in_its_history(damien):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    for seat in "NESO":
        remote.seat_robot(table=table, seat=seat, user=damien)
    table.refresh_from_db()
    partie = table.partie
    assert partie.sheet.complete and not services.written_by_table(partie)
    donne = partie.donnes.get(number=1)
    entry = services.entry_data(donne)
    entry["faults"] = ["N"]
    client = director(damien)
    page = client.get(reverse("scoring:partie_detail", args=[partie.pk])).content.decode()
    assert reverse("scoring:entry_edit", args=[partie.pk, 1]) in page
    response = client.post(reverse("scoring:entry_edit", args=[partie.pk, 1]), donne_post(entry))
    assert response.status_code == 302
    versions = EntryVersion.objects.filter(partie=partie, number=1).order_by("version")
    assert [v.action for v in versions][-1] == EntryVersion.Action.CORRECT
    assert versions.count() == 2 and versions.last().user == damien


def test_a_differenzler_table_shows_each_tour_and_names_its_winners(damien):
    table = remote.table_create(
        game="differenzler", options={"rounds": 2}, players=4, created_by=damien
    )
    for seat in "1234":
        remote.seat_robot(table=table, seat=seat, user=damien)
    table.refresh_from_db()
    partie = table.partie
    page = Client().get(reverse("scoring:partie_detail", args=[partie.pk])).content.decode()
    for number, entries in enumerate(partie.game_rounds.order_by("number"), start=1):
        for entry in entries.entries:
            assert f"annonce {entry['estimate']}, points {entry['points']} · total" in page
        assert number <= 2
    state = remote.table_views(table)["spectator"]
    totals = state["totals"]
    assert state["finished"] and state["ended"]["name"] == "Tour 2"
    assert state["winners"] == [s for s, t in totals.items() if t == min(totals.values())]
    last = partie.game_rounds.get(number=2).entries
    assert state["round"]["estimates"] == [e["estimate"] for e in last]
    assert list(state["ended"]["scores"].values()) == [
        abs(e["estimate"] - e["points"]) for e in last
    ]


def test_the_phone_of_an_evenings_table_played_at_a_distance_enters_nothing(damien):
    players = [Player.objects.create(name=f"Joueur {i}") for i in range(4)]
    evening = Tournament.objects.create(name="Jeudi", date=datetime.date(2026, 11, 26), rounds=2)
    for player in players:
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    round_ = start_round(tournament=evening)
    director(damien).post(reverse("tournaments:round_remote", args=[evening.pk, 1]))
    table = round_.tables.get()
    assert RemoteTable.objects.get().partie == table.partie  # opened, nothing dealt yet
    entry = {**donne_post(DONNE), "action": "enter", "entered_seat": "N", "expected": "1"}
    response = Client().post(reverse("tournaments:table_entry", args=[table.code]), entry)
    assert response.status_code == 200
    said = " ".join(str(e) for e in response.context["form"].non_field_errors())
    assert "at a distance" in said or "à distance" in said
    assert not table.partie.donnes.exists()


def test_a_finished_remote_partie_stays_the_directors_after_a_deletion(damien):
    """Once the table has played its last round, the director's changes stand, even one that
    leaves the partie unfinished: the table deals nothing more."""
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    for seat in "NESO":
        remote.seat_robot(table=table, seat=seat, user=damien)
    table.refresh_from_db()
    partie = table.partie
    client = director(damien)
    client.post(reverse("scoring:entry_delete_last", args=[partie.pk]))
    assert partie.donnes.count() == 7 and not services.written_by_table(partie)
    assert client.get(reverse("scoring:entry_create", args=[partie.pk])).status_code == 200
