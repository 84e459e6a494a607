"""The WebSocket of a tournament table's page, ``/ws/t/<code>/``: it tells the page when its
table changed (``tournaments.live``), so that every phone of the table shows the table as it
is without a reload. It carries no data and takes no action: the page reads itself again
(``static/js/table-live.js``). Messages: the server sends ``{"type": "hello", "stamp": …}``
once connected (the table's state token, ``live.stamp``: a page drawn with another reads
itself again), ``{"type": "changed"}`` on every change, and ``{"type": "pong"}`` to each
``{"type": "ping"}`` (the page's heartbeat, by which it notices a connection dead without
being closed), sent back through the channel layer so that it answers for the way the
changes take; anything else is ignored. The layer's Redis away, the page gets no ``pong`` or
is closed with 1013 ("try again later"): it reads itself every few seconds until it connects
again.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from scoring.consumers import LayerAwayCloses
from scoring.remote import LAYER_AWAY, TRY_AGAIN
from tournaments import live
from tournaments.models import Table
from tournaments.table_page import kept_page

#: The largest message a page may send, in characters: a heartbeat is 16.
MAX_MESSAGE = 200


def _stamp_of(partie_id: int) -> str:
    """The table's state token now (``live.stamp``), as its page computes it (from its kept
    page: ``table_page.kept_page``)."""
    table = Table.objects.with_openness().select_related("partie").get(partie_id=partie_id)
    page = kept_page(table.partie)
    return live.stamp(table, table.partie, page.entries, page.rivals, table.notes.all())


def _partie_of(code: str) -> int | None:
    """The partie of the table whose code is ``code`` (any round, open or closed), None."""
    if not code.isalnum() or len(code) > 12:
        return None
    return Table.objects.filter(code=code.upper()).values_list("partie_id", flat=True).first()


class TablePageConsumer(LayerAwayCloses, AsyncJsonWebsocketConsumer):
    """One page of a tournament table (its code in the address), told of each change."""

    partie_id: int | None = None

    async def connect(self) -> None:
        live.serving_loop(asyncio.get_running_loop())
        self.partie_id = await database_sync_to_async(_partie_of)(
            self.scope["url_route"]["kwargs"]["code"]
        )
        if self.partie_id is None:
            await self.close(code=4404)
            return
        await self.accept()
        try:
            await self.channel_layer.group_add(live.group_name(self.partie_id), self.channel_name)
        except LAYER_AWAY:
            await self.close(code=TRY_AGAIN)
            return
        # The page may have been drawn before a change whose push came before it connected.
        stamp = await database_sync_to_async(_stamp_of)(self.partie_id)
        await self.send_json({"type": "hello", "stamp": stamp})

    async def disconnect(self, code: int) -> None:
        if self.partie_id is not None:
            with contextlib.suppress(*LAYER_AWAY):
                await self.channel_layer.group_discard(
                    live.group_name(self.partie_id), self.channel_name
                )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if not text_data or len(text_data) > MAX_MESSAGE:  # an empty frame: Channels raises
            return
        await super().receive(text_data=text_data)

    @classmethod
    async def decode_json(cls, text_data: str) -> Any:
        try:
            return await super().decode_json(text_data)
        except ValueError:
            return None

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("type") == "ping":
            try:
                await self.channel_layer.send(self.channel_name, {"type": "layer.pong"})
            except LAYER_AWAY:
                await self.close(code=TRY_AGAIN)

    async def layer_pong(self, event: dict[str, Any]) -> None:
        """The page's heartbeat come back through the channel layer: its ``pong``."""
        await self.send_json({"type": "pong"})

    async def table_changed(self, event: dict[str, Any]) -> None:
        """A change of the table, sent by any server process (``live.push``)."""
        await self.send_json({"type": "changed"})
