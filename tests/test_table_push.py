"""A table's phones follow the table (``tournaments.live``, ``/ws/t/<code>/``): each page of
the table is told within a second of another phone's entry, decision or choice, of the
director's correction and of the close; a page that reconnects reads the table as it now is;
a wrong code joins nothing."""

import time

import pytest
from channels.db import database_sync_to_async
from channels.testing.websocket import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from clubsite.asgi import application
from tests.test_remote_ws import HEADERS, redis_up, run
from tests.test_site_tournaments import DONNE, first_table, table_post

pytestmark = pytest.mark.django_db(transaction=True)


async def table_page(code, stamp=None):
    """A table's page connected to its socket, told the table's state token (``hello``):
    the page's own ``stamp`` when given (nothing changed since it was drawn)."""
    comm = WebsocketCommunicator(application, f"/ws/t/{code}/", headers=HEADERS)
    connected, _ = await comm.connect()
    assert connected
    hello = await comm.receive_json_from(timeout=2)
    assert hello["type"] == "hello" and (stamp is None or hello["stamp"] == stamp)
    return comm


async def told_within(comm, seconds=1.0):
    """Seconds until the page is told its table changed (fails after ``seconds``)."""
    start = time.monotonic()
    message = await comm.receive_json_from(timeout=seconds)
    assert message == {"type": "changed"}
    return time.monotonic() - start


async def quiet(comm):
    """Drain what the page was told (a change may be told twice: the entry and its results)."""
    while not await comm.receive_nothing(timeout=0.2):
        await comm.receive_json_from()


LAYERS = {
    "memory": None,  # the site's layer without REDIS_URL (one server process)
    "redis": {  # with it: the server processes' pages told through Redis
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",  # REDIS_CHANNEL_LAYER
            "CONFIG": {"hosts": ["redis://127.0.0.1:6379/0"], "prefix": "roimat-test"},
        }
    },
}


@pytest.mark.parametrize("layer", LAYERS)
def test_every_phone_of_the_table_is_told_of_each_change_within_a_second(
    secretary, settings, layer
):
    if LAYERS[layer] is not None:
        if not redis_up():
            pytest.skip("no Redis on 127.0.0.1:6379")
        settings.CHANNEL_LAYERS = LAYERS[layer]
    tournament, table = first_table(secretary)
    tournament_tables = list(table.round.tables.all())
    url = reverse("tournaments:table_entry", args=[table.code])
    phone_a, phone_b = Client(), Client()

    def post(phone, path, data):
        assert phone.post(path, data).status_code == 302

    async def scenario():
        a, b = await table_page(table.code), await table_page(table.code.lower())
        # Phone B enters donne 1: both pages are told.
        await database_sync_to_async(post)(phone_b, url, table_post(DONNE, "N", "k1", 1))
        for page in (a, b):
            await told_within(page)
            # Told once, though the entry pushes and so does the partie_changed it sends.
            assert await page.receive_nothing(timeout=0.3)
        # Phone A refuses it: B is told, and B's page then shows the refusal.
        confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
        await database_sync_to_async(post)(phone_a, confirm, {"seat": "E", "decision": "refuse"})
        await told_within(b)
        await quiet(b)
        shown = await database_sync_to_async(phone_b.get)(url)
        assert shown.context["form"].number == 1 and shown.context["refused_by"]
        # B goes away (its connection drops); A's phone takes another phone's numbers…
        await b.disconnect()
        await quiet(a)
        other = {**DONNE, "points_ns": 70}
        await database_sync_to_async(post)(
            phone_a, url, {**table_post(other, "E", "k2"), "correct": "1", "version": "2"}
        )
        await told_within(a)
        # …B comes back: its page reads the table as it now is.
        b = await table_page(table.code)
        shown = await database_sync_to_async(phone_b.get)(url)
        assert [p.number for p in shown.context["pending"]] == [1]
        assert shown.context["form"].number is None  # a new donne: 1 is no longer refused
        # The director closes the evening: every page is told.
        await quiet(a)
        await database_sync_to_async(secretary.post)(
            reverse("tournaments:close", args=[tournament.pk]),
            {f"closing_{t.pk}": "played" for t in tournament_tables},
        )
        for page in (a, b):
            await told_within(page)
        await a.disconnect()
        await b.disconnect()

    run(scenario())


def test_a_wrong_code_joins_no_table_and_bad_messages_are_ignored(secretary):
    _tournament, table = first_table(secretary)
    drawn = Client().get(reverse("tournaments:table_entry", args=[table.code])).context["stamp"]

    async def scenario():
        for code in ("NOSUCHCODE", "AB%00CD", "X" * 40):
            comm = WebsocketCommunicator(application, f"/ws/t/{code}/", headers=HEADERS)
            connected, _ = await comm.connect()
            assert not connected, code
        comm = await table_page(table.code, stamp=drawn)
        await comm.send_to(text_data="not json")
        await comm.send_to(text_data="x" * 5000)
        for frame in ({"text": ""}, {"bytes": b""}, {"bytes": b"\x00"}):  # empty, binary
            await comm.send_input({"type": "websocket.receive", **frame})
        await comm.send_json_to({"type": "ping"})
        assert await comm.receive_json_from(timeout=1) == {"type": "pong"}
        await comm.disconnect()

    run(scenario())


def test_a_page_drawn_before_a_change_it_missed_is_told_on_connecting(secretary):
    """The page is drawn, another phone enters a donne before the page's socket connects
    (its push missed): the token the page is sent on connecting differs from its own, so it
    reads itself again; a page drawn after the change is sent its own token."""
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    phone = Client()
    before = phone.get(url).context["stamp"]
    assert Client().post(url, table_post(DONNE, "N", "k1", 1)).status_code == 302
    after = phone.get(url).context["stamp"]
    assert after != before

    async def scenario():
        comm = WebsocketCommunicator(application, f"/ws/t/{table.code}/", headers=HEADERS)
        await comm.connect()
        hello = await comm.receive_json_from(timeout=2)
        assert hello == {"type": "hello", "stamp": after}
        await comm.disconnect()

    run(scenario())
