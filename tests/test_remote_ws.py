"""The remote table's WebSocket (Channels' ``WebsocketCommunicator`` on the ASGI application):
four pages play whole donnes, one leaves mid-trick and comes back to the same state, moves
out of turn, forbidden or replayed change nothing, a spectator sees no hand, bad input gets an
error message; the same over the Redis channel layer."""

import asyncio
import json
import socket
from concurrent.futures import ThreadPoolExecutor

import pytest
from channels.db import database_sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.db import connections
from django.test import Client
from django.urls import reverse

from clubsite.asgi import application
from scoring import remote
from scoring.models import Partie, RemoteTable
from scoring.roimat.verify import verify
from tests.conftest import free_port

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = [(b"origin", b"http://testserver"), (b"host", b"testserver")]


@pytest.fixture(autouse=True)
def _slow_heartbeat(settings):
    """The pages of these tests send a heartbeat only where a test says: the server takes a
    page for dead after a minute of silence (two heartbeats), unless a test shortens the
    abandon delay, which shortens the heartbeat."""
    settings.REMOTE_HEARTBEAT_SECONDS = 30


@pytest.fixture
def four(transactional_db, django_user_model):
    """A club-8 table whose four seats are taken: (table, key by seat)."""
    owner = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=owner)
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
    return view["legal"][0]


def test_four_pages_play_two_whole_donnes_with_a_reconnection_and_refused_moves(four):
    run(four_pages_play_two_whole_donnes_with_a_reconnection_and_refused_moves(four))


async def four_pages_play_two_whole_donnes_with_a_reconnection_and_refused_moves(four):
    table, keys = four
    pages, views = {}, {}
    for seat in "NESO":
        pages[seat], views[seat] = await page(table.code, keys[seat])
    spectator, watched = await page(table.code)
    assert watched["you"] is None and watched["round"]["hand"] == []
    views = {s: await latest(pages[s], views[s]) for s in "NESO"}
    assert all(len(v["round"]["hand"]) == 9 for v in views.values())
    checked = set()
    while views["N"]["number"] < 3:
        seq = views["N"]["seq"]
        mover = views["N"]["to_move"]
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
        donne = view["round"]
        legal = {text.split(">")[0] for text in view["legal"]}
        forbidden = [c for c in donne["hand"] if c not in legal]
        if donne["phase"] == "play" and forbidden and "illegal" not in checked:
            checked.add("illegal")
            card = f"{forbidden[0]}>N"
            await pages[mover].send_json_to({"type": "move", "seq": seq, "move": card})
            refused = await pages[mover].receive_json_from(timeout=3)
            assert refused["code"] == "illegal_card"
            assert refused["message"] == "Les règles ne le permettent pas maintenant."
            assert (await state(pages[mover]))["round"]["hand"] == donne["hand"]
        trick = donne["trick"]
        if len(trick) == 2 and "reconnect" not in checked and view["number"] == 1:
            checked.add("reconnect")
            await pages[mover].disconnect()
            seen = await state(pages[other])
            assert seen["seats"][mover]["connected"] is False
            pages[mover], back = await page(table.code, keys[mover])
            for key in ("hand", "trick", "last_trick", "contres", "trump"):
                assert back["round"][key] == donne[key]
            assert back["legal"] == view["legal"] and back["to_move"] == mover
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
            # Sent again (a page that reconnected, not knowing whether it arrived): the
            # state is the answer, the move is not made twice.
            await pages[mover].send_json_to(message)
            again = await pages[mover].receive_json_from(timeout=3)
            assert again["type"] == "state" and again["seq"] == seq + 1
            assert await pages[other].receive_nothing(timeout=0.2)
            # Another move on that older state is refused, with its reason.
            await pages[mover].send_json_to({**message, "move": "no such move"})
            refused = await pages[mover].receive_json_from(timeout=3)
            assert refused["code"] == "stale"
            assert (
                refused["message"]
                == "La table a avancé avant que ce coup n'arrive : il n'est pas joué."
            )
            assert (await state(pages[mover]))["seq"] == seq + 1
    assert checked == {"out_of_turn", "illegal", "reconnect", "replayed"}
    watched = await state(spectator, views["N"]["seq"])
    assert watched["round"]["hand"] == [] and watched["legal"] == []
    sheet = views["N"]["sheet"]
    assert len(sheet["rows"]) == 2
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
    said = []
    for text in ["{", "[]", '{"type": "dance"}']:
        await comm.send_to(text_data=text)
        error = await comm.receive_json_from()
        assert error["type"] == "error"
        said.append(error["message"])
    # In the player's French, without a word of the protocol ("JSON").
    assert said[-1] == "Message inconnu." and not any("JSON" in m for m in said), said
    await comm.send_to(bytes_data=b"\x00")
    assert (await comm.receive_json_from())["type"] == "error"
    await comm.send_json_to({"type": "move", "seq": view["seq"], "move": "DJ"})
    assert (await comm.receive_json_from())["code"] == "not_seated"
    await comm.disconnect()
    # An unknown table: the connection is closed with 4404, which the page reads.
    fresh = WebsocketCommunicator(application, "/ws/distance/NOSUCHCODE/", headers=HEADERS)
    assert (await fresh.connect())[0]
    assert await fresh.receive_output() == {"type": "websocket.close", "code": 4404}
    early = WebsocketCommunicator(application, f"/ws/distance/{table.code}/", headers=HEADERS)
    await early.connect()
    await early.send_json_to({"type": "move", "seq": 0, "move": {}})
    error = await early.receive_json_from()
    assert error["type"] == "error" and error["message"] == "Prenez d'abord place à la table."
    await early.disconnect()


def test_a_message_of_a_few_kilobytes_closes_the_connection_politely(four):
    run(a_message_of_a_few_kilobytes_closes_the_connection_politely(four))


async def a_message_of_a_few_kilobytes_closes_the_connection_politely(four):
    table, keys = four
    for big in [
        {"text_data": '{"type": "join", "key": "' + "x" * 5000 + '"}'},
        {"bytes_data": b"\0" * 5000},
    ]:
        comm, view = await page(table.code, keys["N"])
        await comm.send_to(**big)
        error = await comm.receive_json_from()
        assert error["type"] == "error" and "trop long" in error["message"]
        assert await comm.receive_output() == {"type": "websocket.close", "code": 1009}
    # The seat is still the player's: he comes back with a normal page.
    comm, view = await page(table.code, keys["N"])
    assert view["you"] == "N"
    await comm.disconnect()


@pytest.mark.parametrize(
    "headers",
    [
        [(b"origin", b"http://evil.example"), (b"host", b"testserver")],
        [(b"origin", b"http://testserver.evil.example"), (b"host", b"testserver")],
        [(b"origin", b"https://192.168.1.20:8001"), (b"host", b"192.168.1.20:8000")],
        [(b"host", b"testserver")],  # no Origin: not a browser's page
    ],
    ids=["foreign", "look-alike", "other-port", "none"],
)
def test_a_page_of_another_site_cannot_open_a_table(four, settings, headers):
    settings.ALLOWED_HOSTS = ["*"]  # as make run serves the room, under any address
    run(connects(four[0].code, headers, expected=False))


def test_the_sites_own_page_connects_under_any_address_of_the_room(four, settings):
    settings.ALLOWED_HOSTS = ["*"]
    room = [(b"origin", b"http://192.168.1.20:8000"), (b"host", b"192.168.1.20:8000")]
    run(connects(four[0].code, room, expected=True))


def test_a_trusted_origin_connects(four, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://club.example.org"]
    proxied = [(b"origin", b"https://club.example.org"), (b"host", b"testserver")]
    run(connects(four[0].code, proxied, expected=True))


async def connects(code, headers, expected):
    comm = WebsocketCommunicator(application, f"/ws/distance/{code}/", headers=headers)
    connected, _ = await comm.connect()
    assert connected is expected
    if connected:
        await comm.disconnect()


async def until(comm, seen, timeout=8, pinging=()):
    """The first state sent to ``comm`` for which ``seen(state)`` holds, the pages of
    ``pinging`` sending their heartbeat meanwhile, as a browser does (every quarter of a second
    here: the tests' abandon delay is 2 s, a heartbeat every half second)."""
    deadline = asyncio.get_running_loop().time() + timeout
    beat = 0.0
    while True:
        now = asyncio.get_running_loop().time()
        assert now < deadline, "no such state came"
        if now >= beat:
            for page_ in pinging:
                await page_.send_json_to({"type": "ping"})
            beat = now + 0.25
        if await comm.receive_nothing(timeout=0.1):
            continue
        message = await comm.receive_json_from()
        if message["type"] == "state" and seen(message):
            return message


def presence_of(seat):
    def of(view):
        info = view["seats"][seat]
        return "abandoned" if info["abandoned"] else "present" if info["connected"] else "away"

    return of


def test_a_page_that_missed_a_state_gets_it_at_its_next_heartbeat(four):
    run(a_page_that_missed_a_state_gets_it_at_its_next_heartbeat(four))


async def a_page_that_missed_a_state_gets_it_at_its_next_heartbeat(four):
    table, keys = four
    opened = {s: await page(table.code, keys[s]) for s in "NESO"}
    pages = {s: comm for s, (comm, _view) in opened.items()}
    views = {s: await latest(pages[s], opened[s][1]) for s in "NESO"}
    mover = views["N"]["to_move"]
    seq = views[mover]["seq"]
    # The move is made but its state reaches no page (a message lost on the way).
    played = await database_sync_to_async(remote.move_play)(
        table_id=table.pk, key=keys[mover], seq=seq, move=first_legal(views[mover])
    )
    assert played.refused is None
    assert await pages["N"].receive_nothing(timeout=0.3)
    await pages["N"].send_json_to({"type": "ping"})
    answers = [await pages["N"].receive_json_from(timeout=3) for _two in range(2)]
    assert sorted(a["type"] for a in answers) == ["pong", "state"]  # the pong by the layer
    caught_up = next(a for a in answers if a["type"] == "state")
    assert caught_up["seq"] == seq + 1 and caught_up["you"] == "N"
    await pages["N"].send_json_to({"type": "ping"})  # up to date: a pong, no state again
    assert (await pages["N"].receive_json_from(timeout=3))["type"] == "pong"
    assert await pages["N"].receive_nothing(timeout=0.3)
    assert await pages["E"].receive_nothing(timeout=0.1)  # only the page that pinged
    for comm in pages.values():
        await comm.disconnect()


def test_a_seat_gone_silent_is_shown_away_then_abandoned_on_every_page(four, settings):
    # The table's abandon delay: 2 s, a heartbeat every half second, dead after 1 s of silence.
    RemoteTable.objects.filter(pk=four[0].pk).update(abandon_seconds=2)
    run(a_seat_gone_silent_is_shown_away_then_abandoned_on_every_page(four))


async def a_seat_gone_silent_is_shown_away_then_abandoned_on_every_page(four):
    """West's phone loses its network without closing its socket: no message of his comes
    any more. The server closes his connection after two heartbeats of silence (4408) and
    shows him away on every page at once; his page back, he is present again. Silent again,
    he is abandoned after the abandon delay, when the creator may give his seat to a
    simulated player; a page of his then watches."""
    table, keys = four
    pages = {s: (await page(table.code, keys[s]))[0] for s in "NESO"}
    talking = [pages[s] for s in "NES"]
    west = presence_of("O")
    start = asyncio.get_running_loop().time()
    away = await until(pages["N"], lambda v: west(v) == "away", pinging=talking)
    assert asyncio.get_running_loop().time() - start < 2  # within the abandon delay
    assert west(await latest(pages["E"], away)) == "away" and away["seats"]["N"]["connected"]
    while (output := await pages["O"].receive_output(timeout=3))["type"] != "websocket.close":
        pass
    assert output["code"] == 4408  # his dead connection is closed by the server
    pages["O"], back = await page(table.code, keys["O"])  # his network is back
    assert west(back) == "present"
    with pytest.raises(remote.RemoteError):  # he is here: his seat is not to be given
        await database_sync_to_async(remote.seat_robot)(
            table=table, seat="O", user=table.created_by
        )
    await until(pages["S"], lambda v: west(v) == "present", pinging=talking)
    await until(pages["N"], lambda v: west(v) == "abandoned", pinging=talking)
    assert (await latest(pages["E"], None))["seats"]["O"]["abandoned"]
    await database_sync_to_async(remote.seat_robot)(table=table, seat="O", user=table.created_by)
    await database_sync_to_async(remote.announce)(table)
    given = await until(pages["S"], lambda v: v["seats"]["O"]["kind"] == "robot", pinging=talking)
    assert given["seats"]["O"]["name"] == "Joueur O"  # still his name on the sheet
    pages["O"], back = await page(table.code, keys["O"])
    assert back["you"] is None and back["round"]["hand"] == []  # his page now watches
    for comm in pages.values():
        await comm.disconnect()


def test_after_every_page_closed_no_seat_stays_present(four, settings):
    RemoteTable.objects.filter(pk=four[0].pk).update(abandon_seconds=2)
    run(after_every_page_closed_no_seat_stays_present(four))


async def after_every_page_closed_no_seat_stays_present(four):
    """Issue 21's seat stuck as present: North's phone dropped its network and its page made
    a new connection before the server saw the old one close. The old socket's close marks
    him away for a moment, his live page's next heartbeat brings him back; once every page is
    closed, nothing says he is here: he is away, then his seat may be given."""
    table, keys = four
    north_old, _view = await page(table.code, keys["N"])
    north, _view = await page(table.code, keys["N"])
    east, _view = await page(table.code, keys["E"])
    await north_old.disconnect()
    await until(east, lambda v: presence_of("N")(v) == "away")
    await until(east, lambda v: presence_of("N")(v) == "present", pinging=[north])
    await north.disconnect()
    await until(east, lambda v: presence_of("N")(v) == "away")
    await east.disconnect()
    await asyncio.sleep(2.1)
    views = await database_sync_to_async(remote.table_views)(table)
    assert all(views["spectator"]["seats"][s]["abandoned"] for s in "NESO")
    watcher, watched = await page(table.code)  # the creator opens the table later
    assert watched["seats"]["N"]["abandoned"] and not watched["seats"]["N"]["connected"]
    await watcher.send_json_to({"type": "ping"})
    # Its pong, perhaps after a state: a page that left tells the table once its seat's
    # abandon delay has passed (``_abandoned_later``).
    while (await watcher.receive_json_from(timeout=3))["type"] != "pong":
        pass
    await database_sync_to_async(remote.seat_robot)(table=table, seat="N", user=table.created_by)
    await watcher.disconnect()


def redis_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
        return True
    except OSError:
        return False


@pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379")
def test_the_redis_channel_layer_carries_the_moves(four, settings):
    settings.CHANNEL_LAYERS = {  # the site's layer when REDIS_URL is set
        "default": {
            "BACKEND": settings.REDIS_CHANNEL_LAYER,
            "CONFIG": {"hosts": ["redis://127.0.0.1:6379/0"], "prefix": "roimat-test"},
        }
    }
    run(the_redis_channel_layer_carries_the_moves(four))


def test_redis_away_a_table_page_is_told_to_reconnect(four, settings, own_redis):
    """The layer's Redis stopped (one of the test's own): a page's heartbeat closes it with
    1013, "try again later" (the page says it is reconnecting), and a page connecting
    meanwhile is closed so too; Redis back, a page joins and gets its state."""
    port, stop, start = own_redis
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": settings.REDIS_CHANNEL_LAYER,
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{port}/0"]},
        }
    }
    run(a_table_page_is_told_to_reconnect(four, stop, start))


def test_redis_away_a_seat_taken_on_the_tables_page_stands(
    transactional_db, django_user_model, settings
):
    """The layer's Redis unreachable: a seat taken on the table's page (not by its
    WebSocket) is taken, the page answered as always, its announcement left out."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": settings.REDIS_CHANNEL_LAYER,
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{free_port()}/0"]},
        }
    }
    owner = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=owner)
    seat_url = reverse("scoring:remote_seat", args=[table.code])
    # A page thread of its own, as the server's: Playwright's tests, run before in this
    # thread, leave an event loop running in it.
    with ThreadPoolExecutor(1) as pool:
        response = pool.submit(Client().post, seat_url, {"seat": "N", "name": "Annie"}).result()
        pool.submit(connections.close_all).result()
    assert response.status_code == 302
    assert table.seats.get(seat="N").name == "Annie"


async def a_table_page_is_told_to_reconnect(four, stop, start):
    table, keys = four
    comm, _view = await page(table.code, keys["N"])
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from(timeout=3))["type"] == "pong"  # through Redis
    await asyncio.to_thread(stop)
    await comm.send_json_to({"type": "ping"})
    assert await comm.receive_output(timeout=10) == {"type": "websocket.close", "code": 1013}
    meanwhile = WebsocketCommunicator(application, f"/ws/distance/{table.code}/", headers=HEADERS)
    assert await meanwhile.connect(timeout=10) == (False, 1013)
    await asyncio.to_thread(start)
    again, view = await page(table.code, keys["N"])
    assert view["you"] == "N"
    await again.disconnect()


async def the_redis_channel_layer_carries_the_moves(four):
    table, keys = four
    opened = {s: await page(table.code, keys[s]) for s in "NESO"}
    pages = {s: comm for s, (comm, _view) in opened.items()}
    await pages["O"].send_json_to({"type": "dance"})  # answered with an error: O's pages are up
    assert (await pages["O"].receive_json_from())["type"] == "error"
    view = await latest(pages["N"], opened["N"][1])
    mover = view["to_move"]
    mine = await latest(pages[mover], opened[mover][1])
    await pages[mover].send_json_to({"type": "move", "seq": mine["seq"], "move": first_legal(mine)})
    for s in "NESO":
        assert (await state(pages[s], mine["seq"] + 1))["seq"] == mine["seq"] + 1
    for comm in pages.values():
        await comm.disconnect()


def test_an_empty_or_binary_frame_gets_an_error_and_the_socket_stays(four):
    run(an_empty_or_binary_frame_gets_an_error_and_the_socket_stays(four))


async def an_empty_or_binary_frame_gets_an_error_and_the_socket_stays(four):
    table, keys = four
    comm, view = await page(table.code, keys["N"])
    for frame in [{"text": ""}, {"bytes": b""}, {"bytes": b"\xff\xfe"}]:
        await comm.send_input({"type": "websocket.receive", **frame})
        error = await comm.receive_json_from()
        assert error["type"] == "error" and error["message"], frame
    # A lone surrogate in a key (JSON's "\ud800") is no key: an error, nothing stored.
    await comm.send_to(text_data='{"type": "join", "key": "\\ud800"}')
    assert (await comm.receive_json_from())["type"] == "error"
    await comm.send_json_to({"type": "ping"})
    assert (await comm.receive_json_from())["type"] == "pong"
    await comm.disconnect()


def test_a_nul_in_a_sockets_address_is_no_table(four):
    async def handshake():
        comm = WebsocketCommunicator(application, "/ws/distance/AB\x00CD/", headers=HEADERS)
        assert (await comm.connect())[0]
        return await comm.receive_output()

    assert run(handshake()) == {"type": "websocket.close", "code": 4404}


def test_a_nul_in_a_tables_evening_address_is_refused_on_the_handshake(four):
    async def handshake():
        comm = WebsocketCommunicator(application, "/ws/t/AB\x00CD/", headers=HEADERS)
        connected, _ = await comm.connect()
        return connected

    assert run(handshake()) is False


def test_a_page_flooding_the_table_with_refused_moves_is_paused_then_closed(four):
    run(a_page_flooding_the_table_with_refused_moves_is_paused_then_closed(four))


async def a_page_flooding_the_table_with_refused_moves_is_paused_then_closed(four):
    """A console sends 1,000 stale moves over one socket: 20 a second are answered (refused,
    each with the page's state), the next is told to wait, the rest are not read and the
    connection is closed (4429); the seat is still the player's."""
    table, keys = four
    comm, view = await page(table.code, keys["N"])
    for _flood in range(1000):
        await comm.send_json_to({"type": "move", "seq": view["seq"] - 1, "move": "DJ"})
    answers = []
    while (output := await comm.receive_output(timeout=10))["type"] != "websocket.close":
        answers.append(json.loads(output["text"]))
    assert output["code"] == 4429
    refused = [a for a in answers if a["type"] == "refused"]
    # 21 when the server reads them within a second; on a loaded machine, whose reading takes
    # longer, the second slides and a few more are answered, never the flood.
    assert 21 <= len(refused) <= 60 and {a["code"] for a in refused} == {"stale"}
    assert [a["type"] for a in answers].count("state") == len(refused)
    assert answers[-1]["type"] == "error"  # told to wait, before being closed
    again, view = await page(table.code, keys["N"])
    assert view["you"] == "N"
    await again.disconnect()
