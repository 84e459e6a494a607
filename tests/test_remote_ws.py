"""The remote table's WebSocket (Channels' ``WebsocketCommunicator`` on the ASGI application):
four pages play whole donnes, one leaves mid-trick and comes back to the same state, moves
out of turn, forbidden or replayed change nothing, a spectator sees no hand, bad input gets an
error message; the same over the Redis channel layer."""

import asyncio
import socket
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.db import connections

from clubsite.asgi import application
from scoring import remote
from scoring.models import Partie, RemoteTable
from scoring.roimat.rules import RuleSet
from scoring.roimat.verify import verify

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture
def four(transactional_db, django_user_model):
    """A club-8 table whose four seats are taken: (table, key by seat)."""
    owner = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(rules=RuleSet("club-8"), created_by=owner)
    keys = {s: remote.seat_take(table=table, seat=s, name=f"Joueur {s}").key for s in "NESO"}
    return table, keys


def run(scenario):
    """Run a scenario in an event loop of its own thread (Playwright's browser tests keep an
    event loop running in the test thread for the whole session), then close the database
    connections of the thread where Channels made the ORM calls, so that the test database
    can be dropped."""

    async def closing():
        try:
            return await scenario
        finally:
            await database_sync_to_async(connections.close_all)()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, closing()).result()


async def page(code, key=None):
    """A page of the table that joined with ``key``; returns it with its first state."""
    comm = WebsocketCommunicator(application, f"/ws/distance/{code}/", headers=HEADERS)
    connected, _ = await comm.connect()
    assert connected
    await comm.send_json_to({"type": "join", "key": key})
    return comm, await state(comm)


async def state(comm, seq=None, timeout=3):
    """The next ``state`` message (with ``seq`` at least ``seq`` when given)."""
    while True:
        message = await comm.receive_json_from(timeout=timeout)
        if message["type"] == "state" and (seq is None or message["seq"] >= seq):
            return message


async def latest(comm, last):
    """The last state a page was sent, ``last`` when none came since."""
    while not await comm.receive_nothing(timeout=0.2):
        message = await comm.receive_json_from()
        if message["type"] == "state":
            last = message
    return last


def first_legal(view):
    move = dict(view["donne"]["legal"][0])
    if "to" in move:
        move["to"] = move["to"][0] if move["to"] else None
    return move


def test_four_pages_play_two_whole_donnes_with_a_reconnection_and_refused_moves(four):
    run(four_pages_play_two_whole_donnes_with_a_reconnection_and_refused_moves(four))


async def four_pages_play_two_whole_donnes_with_a_reconnection_and_refused_moves(four):
    table, keys = four
    pages, views = {}, {}
    for seat in "NESO":
        pages[seat], views[seat] = await page(table.code, keys[seat])
    spectator, watched = await page(table.code)
    assert watched["you"] is None and watched["donne"]["hand"] == []
    views = {s: await latest(pages[s], views[s]) for s in "NESO"}
    assert all(len(v["donne"]["hand"]) == 9 for v in views.values())
    checked = set()
    while views["N"]["number"] < 3:
        seq = views["N"]["seq"]
        mover = views["N"]["donne"]["to_move"]
        view = views[mover]
        move = first_legal(view)
        other = next(s for s in "NESO" if s != mover)
        if "out_of_turn" not in checked:
            checked.add("out_of_turn")
            await pages[other].send_json_to({"type": "move", "seq": seq, "move": move})
            refused = await pages[other].receive_json_from(timeout=3)
            assert refused["type"] == "refused" and refused["code"] == "not_your_turn"
            assert refused["message"] == "Ce n’est pas à vous de jouer."
            assert (await state(pages[other]))["seq"] == seq
        donne = view["donne"]
        legal = {m["card"] for m in donne["legal"] if m["kind"] == "card"}
        forbidden = [c for c in donne["hand"] if c not in legal]
        if donne["phase"] == "play" and forbidden and "illegal" not in checked:
            checked.add("illegal")
            card = {"kind": "card", "card": forbidden[0], "to": "N"}
            await pages[mover].send_json_to({"type": "move", "seq": seq, "move": card})
            refused = await pages[mover].receive_json_from(timeout=3)
            assert refused["code"] in ("illegal_card", "needs_choice")
            assert (await state(pages[mover]))["donne"]["hand"] == donne["hand"]
        trick = donne["trick"]
        if len(trick) == 2 and "reconnect" not in checked and view["number"] == 1:
            checked.add("reconnect")
            await pages[mover].disconnect()
            seen = await state(pages[other])
            assert seen["seats"][mover]["connected"] is False
            pages[mover], back = await page(table.code, keys[mover])
            for key in ("hand", "trick", "legal", "to_move", "last_trick", "bids", "trump"):
                assert back["donne"][key] == donne[key]
            assert back["seq"] == seq and back["seats"][mover]["connected"]
            for s in "NESO":
                if s != mover:
                    assert (await latest(pages[s], None))["seats"][mover]["connected"]
        message = {"type": "move", "seq": seq, "move": move}
        await pages[mover].send_json_to(message)
        views = {s: await state(pages[s], seq + 1) for s in "NESO"}
        assert {v["seq"] for v in views.values()} == {seq + 1}
        if "replayed" not in checked:
            checked.add("replayed")
            await pages[mover].send_json_to(message)
            refused = await pages[mover].receive_json_from(timeout=3)
            assert refused["code"] == "stale"
            assert (await state(pages[mover]))["seq"] == seq + 1
    assert checked == {"out_of_turn", "illegal", "reconnect", "replayed"}
    watched = await state(spectator, views["N"]["seq"])
    assert watched["donne"]["hand"] == [] and watched["donne"]["legal"] == []
    sheet = views["N"]["sheet"]
    assert len(sheet["donnes"]) == 2
    for comm in [*pages.values(), spectator]:
        await comm.disconnect()
    table = await RemoteTable.objects.aget(pk=table.pk)
    partie = await Partie.objects.aget(pk=table.partie_id)
    assert await partie.donnes.acount() == 2
    records = [d.record async for d in table.donnes.filter(record__isnull=False)]
    assert len(records) == 2 and all(verify(r) == [] for r in records)
    assert await table.moves.acount() == table.seq


def test_bad_input_gets_a_message_not_a_traceback(four):
    run(bad_input_gets_a_message_not_a_traceback(four))


async def bad_input_gets_a_message_not_a_traceback(four):
    table, keys = four
    comm, view = await page(table.code, "not a key")
    assert view["you"] is None
    for text in ["{", "[]", '{"type": "dance"}', "x" * 5000]:
        await comm.send_to(text_data=text)
        assert (await comm.receive_json_from())["type"] == "error"
    await comm.send_to(bytes_data=b"\x00")
    assert (await comm.receive_json_from())["type"] == "error"
    await comm.send_json_to({"type": "move", "seq": view["seq"], "move": {"kind": "card"}})
    assert (await comm.receive_json_from())["code"] == "not_seated"
    await comm.disconnect()
    fresh = WebsocketCommunicator(application, "/ws/distance/NOSUCHCODE/", headers=HEADERS)
    connected, _ = await fresh.connect()
    assert not connected
    early = WebsocketCommunicator(application, f"/ws/distance/{table.code}/", headers=HEADERS)
    await early.connect()
    await early.send_json_to({"type": "move", "seq": 0, "move": {}})
    assert (await early.receive_json_from())["type"] == "error"
    await early.disconnect()


def redis_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
        return True
    except OSError:
        return False


@pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379")
def test_the_redis_channel_layer_carries_the_moves(four, settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:6379/0"], "prefix": "roimat-test"},
        }
    }
    run(the_redis_channel_layer_carries_the_moves(four))


async def the_redis_channel_layer_carries_the_moves(four):
    table, keys = four
    opened = {s: await page(table.code, keys[s]) for s in "NESO"}
    pages = {s: comm for s, (comm, _view) in opened.items()}
    await pages["O"].send_json_to({"type": "ping"})  # answered with an error: O's pages are up
    assert (await pages["O"].receive_json_from())["type"] == "error"
    view = await latest(pages["N"], opened["N"][1])
    mover = view["donne"]["to_move"]
    mine = await latest(pages[mover], opened[mover][1])
    await pages[mover].send_json_to({"type": "move", "seq": mine["seq"], "move": first_legal(mine)})
    for s in "NESO":
        assert (await state(pages[s], mine["seq"] + 1))["seq"] == mine["seq"] + 1
    for comm in pages.values():
        await comm.disconnect()
