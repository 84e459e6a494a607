"""The WebSocket of a remote table, ``/ws/distance/<code>/`` (Django Channels).

The JSON protocol is ``docs/remote-protocol.md``. A page connects, then sends ``join`` with
its seat's key (none: a spectator); every change of the table (a move, a seat taken, a
player's presence) is sent to every page of the table as its own ``state`` (a seat sees its
hand only). Moves are made by ``scoring.remote.move_play`` under the table's lock, numbered: a
move sent for an older state is refused (``stale``) and changes nothing. Bad input gets an
``error`` message, never a traceback; a message longer than ``MAX_MESSAGE`` gets one and the
connection is closed (1009). The move a seat made, sent again with its ``seq`` (a page that
reconnected), is answered with the state, not made twice. Messages that make nothing are
limited per connection (``Budget``: a pause, then 4429). An unknown table is closed with 4404.

A connection silent for ``remote.silence_seconds()`` (two heartbeats: a phone whose network
died without closing it) is closed by the server (4408) and its seat marked closed at once,
every other page told (``_watch``).

Presence: every message of a seat's page (its ``ping`` heartbeat, sent every
``remote.heartbeat_seconds()``, included) marks the seat heard from now, and closing the page
marks it closed (``remote.seat_heard``); ``remote.presence`` derives who is present from that.
A seat that went silent changes no row, so each ``ping`` of any page also compares the seats
as they stand with those its page was last sent, and sends the table's state to all its pages
when they differ: a seat is shown away one heartbeat after it became so. The ``ping`` also
compares the table's move number with the page's: a page that missed a state (a message lost
on the way, a server restarted) is sent its own at its next heartbeat.

The ``pong`` comes back through the channel layer (sent to the page's own channel), so that
it answers for the way every state takes: with the layer's Redis away, a page gets no
``pong`` and says it is reconnecting; a page whose layer fails outright (``remote.LAYER_AWAY``
on connecting, joining, moving or beating) is closed with 1013, "try again later", and
reconnects.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import remote
from scoring.jsoninput import unreadable, unreadable_in
from scoring.models import RemoteTable
from scoring.remote import LAYER_AWAY, TRY_AGAIN, group_name

#: The largest message a page may send, in characters (text) or bytes; a move takes ~100.
MAX_MESSAGE = 2000
#: The close code of a message too long (RFC 6455, "message too big").
TOO_BIG = 1009
#: The close code of an unknown table (accepted, then closed, so that the page reads it).
NO_TABLE = 4404
#: The close code of a connection silent for ``remote.silence_seconds()``: taken for dead.
SILENT = 4408
#: The close code of a page that kept sending while told to pause (``Budget``).
FLOODING = 4429


class Budget:
    """The messages a page may send that make nothing (a move refused, a ping, an error):
    ``per_second`` of them in any second; past it, the page is told to wait and nothing it
    sends is read for ``pause`` seconds; ``per_second`` more sent meanwhile close it."""

    def __init__(self, per_second: int = 20, pause: float = 2.0):
        self.per_second, self.pause = per_second, pause
        self.spent: deque[float] = deque()
        self.paused_until = 0.0
        self.ignored = 0

    def paused(self, now: float) -> str | None:
        """Before a message is read: None to read it, ``"ignore"`` during a pause, or
        ``"close"`` once the page sent ``per_second`` messages in the pause."""
        if now >= self.paused_until:
            return None
        self.ignored += 1
        return "close" if self.ignored >= self.per_second else "ignore"

    def spend(self, now: float) -> bool:
        """Count a message that made nothing, sent at ``now`` (seconds); True when it is one
        too many: the pause begins."""
        self.spent.append(now)
        while self.spent[0] <= now - 1:
            self.spent.popleft()
        if len(self.spent) <= self.per_second:
            return False
        self.spent.clear()
        self.paused_until, self.ignored = now + self.pause, 0
        return True


def _table_of(code: str) -> RemoteTable | None:
    """The table of ``code``, None for no table (a code holding NUL, which PostgreSQL
    refuses in a query, is none)."""
    if unreadable(code):
        return None
    return RemoteTable.objects.filter(code=code).only("pk", "abandon_seconds").first()


def _refusal(code: str) -> str:
    with translation.override(settings.LANGUAGE_CODE):
        return str(remote.REFUSAL_MESSAGES[code])


#: Seconds after a seat's abandon delay at which its left page tells the table: the delay
#: counted from the seat's last mark, which is the page's leaving (``remote.seat_heard``).
ABANDON_MARGIN = 0.2


def _error(text: str) -> dict[str, str]:
    """An error frame saying ``text`` (marked with ``gettext_noop``) in the site's language."""
    with translation.override(settings.LANGUAGE_CODE):
        return {"type": "error", "message": _(text)}


class LayerAwayCloses:
    """A consumer's mixin: the channel layer away (``remote.LAYER_AWAY``) where the consumer
    does not handle it, as when Channels subscribes a new page's channel before its
    ``connect``, ends the connection with 1013, "try again later" (a handshake refused), not
    with a server error."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            await super().__call__(scope, receive, send)  # type: ignore[misc]
        except LAYER_AWAY:
            await send({"type": "websocket.close", "code": TRY_AGAIN})


class RemoteTableConsumer(LayerAwayCloses, AsyncJsonWebsocketConsumer):
    """One page at a remote table: a seat's (after ``join`` with its key) or a spectator's."""

    table_id: int | None = None
    key: str | None = None
    seat: str | None = None
    joined = False
    #: The ``seats`` and the move number (``seq``) of the last state sent to this page.
    shown: dict[str, Any] | None = None
    shown_seq = 0
    #: The page closed or taken for dead (``_leave`` done); when it was last heard from
    #: (``time.monotonic()``); its watchdog (``_watch``); what it may send (``Budget``).
    gone = False
    heard = 0.0
    #: When this page's heartbeat last asked the database (``_pong``), and how often it does.
    beaten = float("-inf")
    beat = 4.0
    watchdog: asyncio.Future | None = None
    budget: Budget

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        table = await database_sync_to_async(_table_of)(code)
        await self.accept()
        if table is None:
            await self.close(code=NO_TABLE)
            return
        self.table_id = table.pk
        self.beat = remote.beat_seconds(table)
        self.budget = Budget()
        self.heard = time.monotonic()
        self.gone = False
        try:
            await self.channel_layer.group_add(group_name(self.table_id), self.channel_name)
        except LAYER_AWAY:
            await self.close(code=TRY_AGAIN)
            return
        self.watchdog = asyncio.ensure_future(self._watch(remote.silence_seconds(table)))

    async def _watch(self, silence: float) -> None:
        """Close the connection once the page has been silent for ``silence`` seconds (a phone
        whose network dropped without closing it): its seat is away at once, on every page."""
        while (left := self.heard + silence - time.monotonic()) > 0:
            await asyncio.sleep(left)
        await self._leave()
        with contextlib.suppress(OSError):  # the page closed meanwhile (uvicorn's error)
            await self.close(code=SILENT)

    async def disconnect(self, code: int) -> None:
        if self.table_id is None:
            return
        if self.watchdog is not None and not self.gone:  # not while it tells the others
            self.watchdog.cancel()
        await self._leave()

    async def _leave(self) -> None:
        """The page is gone (closed, or silent too long): its seat is marked closed and the
        other pages are told; once only."""
        if self.gone:
            return
        self.gone = True
        if self.seat is not None:
            await database_sync_to_async(remote.seat_heard)(
                table_id=self.table_id, key=self.key, closed=True
            )
        try:
            await self.channel_layer.group_discard(group_name(self.table_id), self.channel_name)
            if self.seat is not None:
                await self._broadcast(await database_sync_to_async(self._views)())
        except LAYER_AWAY:
            pass  # the other pages see the seat away at their next heartbeat
        if self.seat is not None:
            asyncio.ensure_future(self._abandoned_later())

    async def _abandoned_later(self) -> None:
        """Once the table's abandon delay has passed since this page left, send every page of
        the table its state: the seat is then abandoned unless its player came back, and the
        table's creator is offered it at once, not at a page's next heartbeat."""
        assert self.table_id is not None
        delay = await database_sync_to_async(self._abandon_seconds)()
        await asyncio.sleep(delay + ABANDON_MARGIN)
        with contextlib.suppress(*LAYER_AWAY, RemoteTable.DoesNotExist):
            await self._broadcast(await database_sync_to_async(self._views)())

    def _abandon_seconds(self) -> float:
        table = RemoteTable.objects.get(pk=self.table_id)
        return remote.abandon_delay(table).total_seconds()

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        """The message, None (an unknown message) when it is not JSON or a text of it holds
        NUL or a lone surrogate (``"\\ud800"``), which no database stores."""
        try:
            content = json.loads(text_data)
        except ValueError:
            return None
        return None if unreadable_in(content) else content

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.gone or self.table_id is None:
            return
        now = self.heard = time.monotonic()
        pause = self.budget.paused(now)
        if pause == "close":
            await self.close(code=FLOODING)
        if pause is not None:
            return
        if len(text_data if text_data is not None else bytes_data or b"") > MAX_MESSAGE:
            await self.send_json(
                _error(gettext_noop("Message too long: the connection is closed."))
            )
            await self.close(code=TOO_BIG)
            return
        if not text_data:  # a binary frame, or an empty one (Channels raises ValueError)
            await self.send_json(_error(gettext_noop("Messages are JSON text.")))
            await self._spent()
            return
        await super().receive(text_data=text_data)

    async def _spent(self) -> None:
        """Count a message that made nothing; one too many: the page is told to wait."""
        if self.budget.spend(time.monotonic()):
            await self.send_json(_error(gettext_noop("Too many messages: wait a moment.")))

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        try:
            if not await self._answer(content):
                await self._spent()
        except LAYER_AWAY:
            await self.close(code=TRY_AGAIN)

    async def _answer(self, content: Any) -> bool:
        """Do what a page's message asks (the protocol) and answer it; whether it made
        something (a seat joined, a move played), for the page's ``Budget``."""
        kind = content.get("type") if isinstance(content, dict) else None
        if self.seat is not None and kind == "move":
            await database_sync_to_async(remote.seat_heard)(table_id=self.table_id, key=self.key)
        if kind == "join":
            return await self._join(content.get("key"))
        if kind == "ping" and self.joined:
            await self._pong()
        elif kind == "move" and self.joined:
            assert self.table_id is not None
            played = await database_sync_to_async(remote.move_play)(
                table_id=self.table_id,
                key=self.key,
                seq=content.get("seq"),
                move=content.get("move"),
            )
            if played.refused is None and not played.again:
                await self._broadcast(played.views)
                return True
            if played.refused is not None:
                refusal = {"type": "refused", "code": played.refused}
                await self.send_json({**refusal, "message": _refusal(played.refused)})
            await self._send_state(played.views)
        elif kind in ("move", "ping"):
            await self.send_json(_error(gettext_noop("Join the table first.")))
        else:
            await self.send_json(_error(gettext_noop("Unknown message.")))
        return False

    async def _join(self, key: object) -> bool:
        """Take the seat of ``key`` (a spectator without one) and send the state; a page may
        join once (False for a second ``join``)."""
        assert self.table_id is not None
        if self.joined:
            await self.send_json(_error(gettext_noop("Already joined.")))
            return False
        self.joined = True
        self.key = key if isinstance(key, str) and len(key) < 40 else None
        self.seat = await database_sync_to_async(self._seat_of)(self.key)
        if self.seat is None:
            self.key = None
            await self._send_state(await database_sync_to_async(self._views)())
            return True
        await database_sync_to_async(remote.seat_heard)(table_id=self.table_id, key=self.key)
        await self._broadcast(await database_sync_to_async(self._views)())
        return True

    async def _pong(self) -> None:
        """Answer a heartbeat. Every ``remote.beat_seconds()`` (and at once when this page
        was sent its own seat as away): mark the seat heard from; when a seat's presence
        changed since this page's last state (a seat gone silent), send the table's state to
        all its pages; when only the table's move number did (this page missed a state), send
        this page its own. The database is not asked at every heartbeat: a dead connection
        is seen by ``_watch``, not by the database."""
        assert self.table_id is not None
        await self.channel_layer.send(self.channel_name, {"type": "layer.pong"})
        now = time.monotonic()
        me = self.shown.get(self.seat) if self.shown and self.seat else None
        if now - self.beaten < self.beat and not (me and not me["connected"]):
            return
        self.beaten = now
        if self.seat is not None:
            await database_sync_to_async(remote.seat_heard)(table_id=self.table_id, key=self.key)
        seq, seats = await database_sync_to_async(remote.table_beat)(self.table_id)
        if seats != self.shown:
            await self._broadcast(await database_sync_to_async(self._views)())
        elif seq != self.shown_seq:
            await self._send_state(await database_sync_to_async(self._views)())

    def _seat_of(self, key: str | None) -> str | None:
        return remote.seat_of_key(RemoteTable.objects.get(pk=self.table_id), key)

    def _views(self) -> dict[str, Any]:
        return remote.table_views(RemoteTable.objects.get(pk=self.table_id))

    async def _broadcast(self, views: dict[str, Any]) -> None:
        assert self.table_id is not None
        await self.channel_layer.group_send(
            group_name(self.table_id), {"type": "table.state", "views": views}
        )

    async def _send_state(self, views: dict[str, Any]) -> None:
        """Send this page its own view of the table (``remote.views_of``); a page whose seat
        was given to a simulated player watches from then on (it no longer sees that hand)."""
        if self.seat is not None and views["spectator"]["seats"][self.seat]["kind"] != "human":
            self.seat = self.key = None
        view = views[self.seat or "spectator"]
        self.shown, self.shown_seq = view["seats"], view["seq"]
        await self.send_json(view)

    async def layer_pong(self, event: dict[str, Any]) -> None:
        """The page's heartbeat come back through the channel layer: its ``pong``."""
        await self.send_json({"type": "pong"})

    async def table_state(self, event: dict[str, Any]) -> None:
        """A change of the table, sent by any server process: this page's view of it."""
        if self.joined:
            await self._send_state(event["views"])
