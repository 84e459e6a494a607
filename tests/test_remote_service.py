"""Remote tables in the database (``scoring.remote``): seats, the partie made when play starts,
moves stored and the state rebuilt from them, donnes written on the sheet with their record."""

from datetime import timedelta

import pytest
from django.utils import timezone

from scoring import remote
from scoring.models import Partie, RemoteSeat, RemoteTable
from scoring.roimat.table import signed
from scoring.roimat.verify import verify

pytestmark = pytest.mark.django_db


def first_legal(view):
    return view["legal"][0]


def play_human(table, seat_key, seat, limit=2000):
    """Play ``seat`` with its first legal move each time until the partie is over."""
    for _ in range(limit):
        view = remote.table_views(table)[seat]
        if view["finished"]:
            return view
        played = remote.move_play(
            table_id=table.pk, key=seat_key, seq=view["seq"], move=first_legal(view)
        )
        assert played.refused is None
    raise AssertionError("the partie did not end")


def test_one_person_against_three_simulated_players_plays_a_partie_onto_the_sheet(damien):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    south = remote.seat_take(table=table, seat="S", name="Claire")
    for seat in "NEO":
        remote.seat_robot(table=table, seat=seat, user=damien)
    table.refresh_from_db()
    partie = table.partie
    assert {s.seat: s.player.name for s in partie.seats.all()} == {
        "N": "Automate N",
        "E": "Automate E",
        "S": "Claire",
        "O": "Automate O",
    }
    final = play_human(table, south.key, "S")
    partie = Partie.objects.get(pk=partie.pk)
    assert partie.sheet.finished and partie.sheet.counted == 8
    assert final["sheet"]["foot"][2:5:2] == [
        signed(partie.sheet.total_ns),
        signed(partie.sheet.total_oe),
    ]
    assert final["totals"] == {
        "N": partie.sheet.total_ns,
        "S": partie.sheet.total_ns,
        "E": partie.sheet.total_oe,
        "O": partie.sheet.total_oe,
    }
    records = [d.record for d in table.donnes.order_by("number")]
    assert len(records) == 8 and all(verify(r) == [] for r in records)
    # The sheet's Roi column: how many atouts the announcer was dealt.
    dealt = [sum(code[1] == r["trump"] for code in r["deal"][r["announcer"]]) for r in records]
    assert [d.trumps for d in partie.donnes.order_by("number")] == dealt
    assert [d.sheet_number for d in table.donnes.order_by("number")] == list(range(1, 9))
    assert table.moves.count() == RemoteTable.objects.get(pk=table.pk).seq


def test_the_state_is_rebuilt_from_the_stored_moves(damien):
    table = remote.table_create(options={"variant": "official-1000"}, created_by=damien)
    for seat in "NESO":
        remote.seat_robot(table=table, seat=seat, user=damien) if seat != "E" else None
    east = remote.seat_take(table=table, seat="E", name="Bernard")
    for _ in range(12):
        view = remote.table_views(table)["E"]
        remote.move_play(table_id=table.pk, key=east.key, seq=view["seq"], move=first_legal(view))
    table.refresh_from_db()
    before = remote.table_views(table)
    remote._CACHE.clear()
    assert remote.table_views(table) == before
    # A table whose donnes its code does not deal (opened before the deals came from it) is
    # rebuilt from the hands stored, and play goes on.
    assert table.donnes.count() >= 2
    RemoteTable.objects.filter(pk=table.pk).update(code="AUTREDONNE")
    remote._CACHE.clear()
    table.refresh_from_db()
    again = remote.table_views(table)
    for seat in before:
        assert {**again[seat], "replays": None} == {**before[seat], "replays": None}
    view = again["E"]
    played = remote.move_play(
        table_id=table.pk, key=east.key, seq=view["seq"], move=first_legal(view)
    )
    assert played.refused is None and played.views["E"]["seq"] > view["seq"]


def test_a_process_keeps_its_latest_tables_in_memory_and_rebuilds_the_others(damien, monkeypatch):
    monkeypatch.setattr(remote, "_CACHE", remote.Recent(2))
    tables = []
    for n in range(3):
        table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
        south = remote.seat_take(table=table, seat="S", name=f"Joueur {n}")
        for seat in "NEO":
            remote.seat_robot(table=table, seat=seat, user=damien)
        tables.append((table, south.key))
    # Three tables started, two kept: the first one's game was dropped from memory.
    assert list(remote._CACHE) == [tables[1][0].pk, tables[2][0].pk]
    table, key = tables[0]
    table.refresh_from_db()
    for _ in range(6):  # its play goes on, rebuilt from what it stored
        view = remote.table_views(table)["S"]
        played = remote.move_play(
            table_id=table.pk, key=key, seq=view["seq"], move=first_legal(view)
        )
        assert played.refused is None
    assert len(remote._CACHE) == 2 and table.pk in remote._CACHE


def test_a_move_out_of_turn_or_replayed_changes_nothing(damien):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    keys = {s: remote.seat_take(table=table, seat=s, name=f"P{s}").key for s in "NESO"}
    views = remote.table_views(table)
    seat = views["N"]["to_move"]
    other = next(s for s in "NESO" if s != seat)
    move = first_legal(views[seat])
    refused = remote.move_play(
        table_id=table.pk, key=keys[other], seq=views[seat]["seq"], move=move
    )
    assert refused.refused == "not_your_turn"
    spectator = remote.move_play(table_id=table.pk, key=None, seq=0, move=move)
    assert spectator.refused == "not_seated"
    assert remote.move_play(table_id=table.pk, key=keys[seat], seq=0, move=move).refused is None
    # The same move sent again (after a reconnection): not made twice, not refused.
    again = remote.move_play(table_id=table.pk, key=keys[seat], seq=0, move=move)
    assert again.refused is None and again.again and again.views["N"]["seq"] == 1
    other_move = remote.move_play(table_id=table.pk, key=keys[seat], seq=0, move="no move")
    assert other_move.refused == "stale" and other_move.views["N"]["seq"] == 1
    assert remote.move_play(table_id=table.pk, key=keys[seat], seq="1", move=move).refused
    assert table.moves.count() == 1


def test_seats_taken_once_names_once_and_robots_only_by_the_creator(damien, sophie):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    remote.seat_take(table=table, seat="N", name="Annie")
    with pytest.raises(remote.RemoteError):
        remote.seat_take(table=table, seat="N", name="Bernard")
    with pytest.raises(remote.RemoteError):
        remote.seat_take(table=table, seat="E", name=" annie ")
    with pytest.raises(remote.RemoteError):
        remote.seat_take(table=table, seat="E", name="   ")
    with pytest.raises(remote.RemoteError):
        remote.seat_robot(table=table, seat="E", user=sophie)
    with pytest.raises(remote.RemoteError):  # Annie has just sat down
        remote.seat_robot(table=table, seat="N", user=damien)
    RemoteSeat.objects.filter(table=table, seat="N").update(
        seen_at=timezone.now() - timedelta(minutes=5)
    )
    assert remote.seat_robot(table=table, seat="N", user=damien).kind == "robot"
    assert RemoteSeat.objects.get(table=table, seat="N").name == "Annie"


def test_an_abandoned_seat_given_to_a_simulated_player_plays_on(damien):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    keys = {s: remote.seat_take(table=table, seat=s, name=f"P{s}").key for s in "NESO"}
    seat = remote.table_views(table)["N"]["to_move"]
    remote.seat_heard(table_id=table.pk, key=keys[seat])
    with pytest.raises(remote.RemoteError):  # he is here
        remote.seat_robot(table=table, seat=seat, user=damien)
    remote.seat_heard(table_id=table.pk, key=keys[seat], closed=True)
    RemoteSeat.objects.filter(table=table, seat=seat).update(
        seen_at=timezone.now() - timedelta(minutes=5)
    )
    remote.seat_robot(table=table, seat=seat, user=damien)
    table.refresh_from_db()
    assert table.seq >= 1 and remote.table_views(table)["N"]["to_move"] != seat


@pytest.mark.django_db(transaction=True)
def test_two_moves_sent_at_once_for_the_same_state_make_one_move(django_user_model):
    """The lock per table: the same move sent from two pages at once (two server threads,
    two database connections) is made once; the others are answered as made already."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    owner = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=owner)
    keys = {s: remote.seat_take(table=table, seat=s, name=f"P{s}").key for s in "NESO"}
    view = remote.table_views(table)["N"]
    seat = view["to_move"]
    move = first_legal(remote.table_views(table)[seat])

    def send(_n):
        try:
            remote._CACHE.clear()
            return remote.move_play(table_id=table.pk, key=keys[seat], seq=view["seq"], move=move)
        finally:
            connection.close()

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(send, range(4)))
    made = sorted("again" if r.again else r.refused or "made" for r in results)
    assert made == ["again", "again", "again", "made"]
    assert table.moves.count() == 1 and RemoteTable.objects.get(pk=table.pk).seq == 1


def test_presence_is_derived_from_when_the_seat_was_last_heard_from(damien, settings):
    """``remote.presence``, the one rule: heard from within the window and not closed since:
    present; silent for longer, or closed: away; silent for the abandon delay: abandoned. A
    server that crashed leaves nothing to undo: silence alone makes the seat away."""
    settings.REMOTE_ABANDON_SECONDS = 60
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    key = remote.seat_take(table=table, seat="N", name="Annie").key
    now = timezone.now()

    def state(silent, closed=False):
        RemoteSeat.objects.filter(key=key).update(seen_at=now - silent, closed=closed)
        return remote.presence(RemoteSeat.objects.get(key=key), now)

    window = remote.presence_window()
    # A heartbeat every 2 s, the seat marked heard every other one: silent for five, away
    # (a connection found dead makes it away sooner: test_remote_ws).
    assert remote.heartbeat_seconds() == 2 and window == timedelta(seconds=10)
    assert state(timedelta(0)) == "present"
    assert state(window - timedelta(seconds=1)) == "present"
    assert state(window) == "away"
    assert state(timedelta(seconds=1), closed=True) == "away"
    assert state(timedelta(seconds=59), closed=True) == "away"
    assert state(timedelta(seconds=60)) == "abandoned"
    assert remote.presence(RemoteSeat.objects.get(table=table, seat="E"), now) == "none"
    assert remote.seat_heard(table_id=table.pk, key=key) is True
    assert remote.presence(RemoteSeat.objects.get(key=key)) == "present"
    assert remote.seat_heard(table_id=table.pk, key="not a key") is False
    settings.REMOTE_ABANDON_SECONDS = 4  # a short delay: the heartbeat follows it
    assert remote.heartbeat_seconds() == 1 and remote.presence_window() == timedelta(seconds=5)
