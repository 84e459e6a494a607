"""The WebSocket of a remote table, ``/ws/distance/<code>/`` (Django Channels).

The JSON protocol is ``docs/remote-protocol.md``. A page connects, then sends ``join`` with
its seat's key (none: a spectator); every change of the table (a move, a seat taken or left)
is sent to every page of the table as its own ``state`` (a seat sees its hand only). Moves are
made by ``scoring.remote.move_play`` under the table's lock, numbered: a move sent for an older
state is refused (``stale``) and changes nothing. Bad input gets an ``error`` message, never a
traceback.
"""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from scoring import remote
from scoring.models import RemoteTable
from scoring.remote import group_name

#: The largest message a page may send, in characters.
MAX_MESSAGE = 2000


def _table_id(code: str) -> int | None:
    return RemoteTable.objects.filter(code=code).values_list("pk", flat=True).first()


def _refusal(code: str) -> str:
    with translation.override(settings.LANGUAGE_CODE):
        return str(remote.REFUSAL_MESSAGES[code])


def _error(text: str) -> dict[str, str]:
    with translation.override(settings.LANGUAGE_CODE):
        return {"type": "error", "message": _(text)}


class RemoteTableConsumer(AsyncJsonWebsocketConsumer):
    """One page at a remote table: a seat's (after ``join`` with its key) or a spectator's."""

    table_id: int | None = None
    key: str | None = None
    seat: str | None = None
    joined = False

    async def connect(self) -> None:
        code = self.scope["url_route"]["kwargs"]["code"]
        self.table_id = await database_sync_to_async(_table_id)(code)
        if self.table_id is None:
            await self.close(code=4404)
            return
        await self.channel_layer.group_add(group_name(self.table_id), self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if self.table_id is None:
            return
        await self.channel_layer.group_discard(group_name(self.table_id), self.channel_name)
        if self.seat is not None:
            views = await database_sync_to_async(remote.connection_change)(
                table_id=self.table_id, key=self.key, delta=-1
            )
            await self._broadcast(views)

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        if len(text_data) > MAX_MESSAGE:
            return None
        try:
            return json.loads(text_data)
        except ValueError:
            return None

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None:
            await self.send_json(_error("Messages are JSON text."))
            return
        await super().receive(text_data=text_data)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "join":
            await self._join(content.get("key"))
        elif kind == "move" and self.joined:
            assert self.table_id is not None
            played = await database_sync_to_async(remote.move_play)(
                table_id=self.table_id,
                key=self.key,
                seq=content.get("seq"),
                move=content.get("move"),
            )
            if played.refused is not None:
                refusal = {"type": "refused", "code": played.refused}
                await self.send_json({**refusal, "message": _refusal(played.refused)})
                await self.send_json(played.views[self.seat or "spectator"])
            else:
                await self._broadcast(played.views)
        elif kind == "move":
            await self.send_json(_error("Join the table first."))
        else:
            await self.send_json(_error("Unknown message."))

    async def _join(self, key: object) -> None:
        """Take the seat of ``key`` (a spectator without one) and send the state; a page may
        join once."""
        assert self.table_id is not None
        if self.joined:
            await self.send_json(_error("Already joined."))
            return
        self.joined = True
        self.key = key if isinstance(key, str) and len(key) < 40 else None
        self.seat = await database_sync_to_async(self._seat_of)(self.key)
        if self.seat is None:
            self.key = None
            views = await database_sync_to_async(self._views)()
            await self.send_json(views["spectator"])
            return
        views = await database_sync_to_async(remote.connection_change)(
            table_id=self.table_id, key=self.key, delta=1
        )
        await self._broadcast(views)

    def _seat_of(self, key: str | None) -> str | None:
        return remote.seat_of_key(RemoteTable.objects.get(pk=self.table_id), key)

    def _views(self) -> dict[str, Any]:
        return remote.table_views(RemoteTable.objects.get(pk=self.table_id))

    async def _broadcast(self, views: dict[str, Any]) -> None:
        assert self.table_id is not None
        await self.channel_layer.group_send(
            group_name(self.table_id), {"type": "table.state", "views": views}
        )

    async def table_state(self, event: dict[str, Any]) -> None:
        """A change of the table, sent by any server process: this page's view of it."""
        if self.joined:
            await self.send_json(event["views"][self.seat or "spectator"])
