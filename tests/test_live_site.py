"""The other games at a distance on the site: a member opens a table of Roi, Römer, Rumoli,
Differenzler (or of the toy game Plis, which gets it with no file of its own), a player takes
a seat by the link, simulated players take the others, every move is made through the
protocol and stored, each round is written on the partie's sheet with its replay, and the
totals the table shows are the sheet's. A club evening's round of any of these games is
played at a distance and counts in its ranking."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring import registry, remote
from scoring.models import (
    GameRound,
    Partie,
    Player,
    RemoteDonne,
    RemoteMove,
    RemoteSeat,
    RemoteTable,
)
from tests import toygame
from tests.test_site_remote import live_data, seen
from tournaments.models import Registration, Tournament
from tournaments.services import standings, start_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(victor):
    client = Client()
    client.force_login(victor)
    return client


def open_table(member, game: str, players: int, **options) -> RemoteTable:
    """A table opened through the page, as a member does."""
    data = {"players": players, **{f"option_{k}": v for k, v in options.items()}}
    response = member.post(reverse("scoring:live_create", args=[game]), data)
    table = RemoteTable.objects.get()
    assert response.status_code == 302 and response.url == table.get_absolute_url()
    return table


def robots_but(member, table: RemoteTable, human: str) -> None:
    """The creator gives every seat but ``human``'s to simulated players, by the page."""
    for seat in remote.seat_names(table):
        if seat != human:
            member.post(reverse("scoring:remote_robot", args=[table.code]), {"seat": seat})


def play_round(table: RemoteTable, key: str, seat: str) -> int:
    """The person at ``seat`` plays the first legal move each time it is his turn, through
    the protocol, until a round is over; how many moves he made."""
    made = 0
    table.refresh_from_db()
    number = remote.table_views(table)[seat]["number"]
    while True:
        view = remote.table_views(table)[seat]
        if view["number"] != number or view["finished"]:
            return made
        assert view["to_move"] == seat, "the simulated players stopped though it is not his turn"
        played = remote.move_play(
            table_id=table.pk, key=key, seq=view["seq"], move=view["legal"][-1]
        )
        assert played.refused is None
        made += 1


@pytest.mark.parametrize("game, players", [("roi", 4), ("differenzler", 4), ("rumoli", 3)])
def test_a_round_played_at_a_distance_goes_on_the_sheet_with_its_replay(member, game, players):
    table = open_table(member, game, players)
    page = member.get(table.get_absolute_url())
    assert page.status_code == 200 and "live-table.js" in page.text
    guest = Client()
    guest.post(reverse("scoring:remote_seat", args=[table.code]), {"seat": "1", "name": "Annie"})
    key = live_data(guest.get(table.get_absolute_url()))["key"]
    assert key == table.seats.get(seat="1").key
    robots_but(member, table, "1")
    table.refresh_from_db()
    partie = table.partie
    assert partie.game == game and [str(p) for p in partie.players_in_order][0] == "Annie"
    assert play_round(table, key, "1") > 0
    # The round is on the sheet, as the engine gave it, with its record and replay.
    first = RemoteDonne.objects.get(table=table, number=1)
    stored = GameRound.objects.get(partie=partie, number=first.sheet_number)
    assert stored.entries == first.record["result"] and stored.confirmed
    replay = guest.get(reverse("scoring:remote_donne", args=[table.code, 1]))
    assert replay.status_code == 200 and replay.context["replay"].over
    assert replay.context["refusal"] is None and len(replay.context["moves"]) > 0
    # The totals the table shows are the sheet's.
    view = live_data(guest.get(table.get_absolute_url()))["state"]
    partie = Partie.objects.get(pk=partie.pk)
    assert list(view["totals"].values()) == list(partie.sheet.totals)
    assert view["round"]["hand"] and view["you"] == "1"
    # Every move is stored, numbered 1, 2, …
    seqs = list(RemoteMove.objects.filter(table=table).values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
    table.refresh_from_db()
    assert table.seq == len(seqs)


def test_a_table_is_rebuilt_from_the_database_by_another_process(member):
    table = open_table(member, "differenzler", 4)
    guest = Client()
    guest.post(reverse("scoring:remote_seat", args=[table.code]), {"seat": "2", "name": "Annie"})
    key = table.seats.get(seat="2").key
    robots_but(member, table, "2")
    table.refresh_from_db()
    view = remote.table_views(table)["2"]
    remote.move_play(table_id=table.pk, key=key, seq=view["seq"], move=view["legal"][3])
    before = {seat: v for seat, v in remote.table_views(table).items()}
    remote._CACHE.clear()  # another server process: nothing of this table in memory
    table.refresh_from_db()
    after = remote.table_views(table)
    for seat in before:
        assert after[seat]["round"] == before[seat]["round"]
        assert after[seat]["legal"] == before[seat]["legal"]
        assert after[seat]["seq"] == before[seat]["seq"]


def test_a_move_numbered_for_an_older_state_or_out_of_turn_changes_nothing(member):
    table = open_table(member, "roi", 4)
    guests = {}
    for seat in "12":
        client = Client()
        client.post(reverse("scoring:remote_seat", args=[table.code]), {"seat": seat, "name": seat})
        guests[seat] = table.seats.get(seat=seat).key
    robots_but(member, table, "1")  # seat 2 is a person's: only 3 and 4 get robots
    table.refresh_from_db()
    view = remote.table_views(table)["1"]
    mover = view["to_move"]
    other = "2" if mover == "1" else "1"
    for key, seq, move, code in [
        (guests[mover], view["seq"] + 5, view["legal"], "stale"),
        (guests[other], view["seq"], "AC", "not_your_turn"),
        (None, view["seq"], "AC", "not_seated"),
        (guests[mover], view["seq"], 2147483648, "bad_move"),
    ]:
        assert remote.move_play(table_id=table.pk, key=key, seq=seq, move=move).refused == code
    table.refresh_from_db()
    assert table.seq == view["seq"]


@pytest.mark.parametrize("players", ["1", "9", "2147483648", "", "x"])
def test_a_table_with_a_number_of_players_the_game_does_not_seat_is_refused(member, players):
    response = member.post(reverse("scoring:live_create", args=["rumoli"]), {"players": players})
    assert response.status_code == 200 and response.context["form"].errors["players"]
    assert not RemoteTable.objects.exists()


def test_a_rule_option_out_of_its_bounds_is_refused_by_name(member):
    response = member.post(
        reverse("scoring:live_create", args=["romer"]),
        {"players": 4, "option_target": 2147483648},
    )
    assert response.status_code == 200 and not RemoteTable.objects.exists()
    assert "target" in seen(response) or response.context["form"].errors


def test_a_game_not_played_move_by_move_has_no_table_at_a_distance(member):
    assert member.get(reverse("scoring:live_create", args=["nope"])).status_code == 404
    # Every game played move by move opens its table on the same page, Roimat's too.
    for game in ("roimat", "roi", "romer", "rumoli", "differenzler"):
        assert member.get(reverse("scoring:live_create", args=[game])).status_code == 200
    assert Client().get(reverse("scoring:live_create", args=["roi"])).status_code == 302


def test_the_menu_offers_a_table_at_a_distance_of_every_game_played_move_by_move(member):
    page = member.get(reverse("scoring:partie_list"))
    for adapter in registry.REGISTRY.values():
        if adapter.playable:
            assert f'href="{adapter.live_url()}"' in page.text


def test_the_toy_game_is_played_at_a_distance_with_no_file_of_its_own(member):
    adapter = toygame.register()
    try:
        page = member.get(reverse("scoring:partie_list"))
        assert f'href="{reverse("scoring:live_create", args=["plis"])}"' in page.text
        table = open_table(member, "plis", 3)
        robots_but(member, table, "")
        table.refresh_from_db()
        partie = Partie.objects.get(pk=table.partie.pk)
        assert partie.game == "plis" and partie.sheet.complete
        assert partie.game_rounds.count() == 3
        view = remote.table_views(table)["spectator"]
        assert view["finished"] and view["round"]["hand"] == []
        assert list(view["totals"].values()) == list(partie.sheet.totals)
        assert sum(adapter.scores(partie)) == 3 * 8  # 24 cards, 3 hands of 8, a point a pli
    finally:
        registry.unregister("plis")


def test_a_round_of_roi_at_an_evening_is_played_at_a_distance_and_ranked(damien):
    players = [Player.objects.create(name=f"Joueur {i}") for i in range(4)]
    evening = Tournament.objects.create(
        name="Jeudi", date=datetime.date(2026, 11, 26), rounds=1, game="roi"
    )
    for player in players:
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    round_ = start_round(tournament=evening)
    director = Client()
    director.force_login(damien)
    page = director.get(reverse("tournaments:round", args=[evening.pk, 1]))
    url = reverse("tournaments:round_remote", args=[evening.pk, 1])
    assert url in page.text
    director.post(url)
    table = round_.tables.get()
    remote_table = RemoteTable.objects.get()
    assert remote_table.partie == table.partie and remote_table.game == "roi"
    names = {s.seat: s.player.name for s in table.partie.seats.all()}
    assert {s.seat: s.name for s in remote_table.seats.all()} == names
    for seat in names:
        remote.seat_robot(table=remote_table, seat=seat, user=damien)
    partie = Partie.objects.get(pk=table.partie.pk)
    assert partie.sheet.complete and partie.game_rounds.count() == 10
    ranking = {s.entrant: s for s in standings(evening)}
    first = next(s.player for s in table.partie.seats.all() if s.seat == "1")
    assert ranking[first.pk].parties == 1


@pytest.mark.parametrize(
    "game, players, options",
    [("roi", 4, {"variant": "club-8"}), ("rumoli", 8, {}), ("romer", 4, {"target": 2147483648})],
)
def test_the_service_opens_no_table_the_game_would_refuse(victor, game, players, options):
    with pytest.raises(remote.RemoteError):
        remote.table_create(game=game, players=players, options=options, created_by=victor)
    assert not RemoteTable.objects.exists()


def test_the_table_sets_how_long_a_player_is_away_before_his_seat_may_be_given(member):
    """The page offers the delays (20 s, the site's, chosen at first); a table opened with
    10 s lets its creator give a seat silent for 10 s, where the site's delay is 20 s."""
    page = member.get(reverse("scoring:live_create", args=["roi"]))
    checked = re.search(rb'name="abandon_seconds" value="(\d+)"[^>]*checked', page.content)
    assert checked and checked.group(1) == b"20"
    data = {"players": 4, "abandon_seconds": 10}
    assert member.post(reverse("scoring:live_create", args=["roi"]), data).status_code == 302
    table = RemoteTable.objects.get()
    assert table.abandon_seconds == 10
    member.post(reverse("scoring:remote_seat", args=[table.code]), {"seat": "1", "name": "Léa"})
    silent = timezone.now() - datetime.timedelta(seconds=12)
    RemoteSeat.objects.filter(table=table, seat="1").update(seen_at=silent, closed=True)
    place = RemoteSeat.objects.get(table=table, seat="1")
    assert remote.presence(place) == "abandoned"
    RemoteTable.objects.filter(pk=table.pk).update(abandon_seconds=20)
    assert remote.presence(RemoteSeat.objects.get(table=table, seat="1")) == "away"
    data = {"players": 4, "abandon_seconds": 7}  # not one of the delays offered
    response = member.post(reverse("scoring:live_create", args=["roi"]), data)
    assert response.status_code == 200 and response.context["form"].errors["abandon_seconds"]
