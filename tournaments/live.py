"""A table's phones kept up to date: every change of a table (an entry, a decision, a choice
between two phones' numbers, the director's correction, the close, the next round drawn) is
pushed to every page of the table open on a phone, which then reads its page again
(``tournaments.consumers.TablePageConsumer``, ``static/js/table-live.js``).

A push says only that the table changed, never what: the page reads what it shows from the
server, as a reload would, so a push lost on the way costs nothing more than the next one (a
page also reads itself again when its connection comes back, and every few seconds while it
has none). Pushes leave once the change is committed (``transaction.on_commit``), through
the channel layer (``settings.CHANNEL_LAYERS``: the serving process's memory, or Redis where
several processes serve). A page's thread hands them to the event loop serving the
WebSockets when this process runs one (``serving_loop``): the in-memory layer is not made
for other threads.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

#: The event loop of this process that serves the WebSockets, once a table's page connected.
_LOOP: asyncio.AbstractEventLoop | None = None


def group_name(partie_id: int) -> str:
    """The channel-layer group of the pages of the table playing partie ``partie_id``."""
    return f"table-{partie_id}"


def serving_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Note ``loop`` as the one serving this process's WebSockets (``TablePageConsumer``)."""
    global _LOOP
    _LOOP = loop


def push(partie_ids: Iterable[int]) -> None:
    """Tell the pages of the tables playing ``partie_ids`` that their table changed, once
    the running transaction (if any) commits. Never raises: a page that misses a push reads
    itself again at its next reconnection or poll."""
    groups = sorted({group_name(pk) for pk in partie_ids})
    if groups:
        transaction.on_commit(lambda: _send(groups))


def _send(groups: list[str]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return

    async def send_all() -> None:
        for group in groups:
            await layer.group_send(group, {"type": "table.changed"})

    loop = _LOOP
    try:
        if loop is not None and loop.is_running():
            running = None
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                pass
            if running is loop:
                loop.create_task(send_all())
            else:
                asyncio.run_coroutine_threadsafe(send_all(), loop)
        else:
            async_to_sync(send_all)()
    except Exception:  # noqa: BLE001 - a push is a hint; the page polls without it
        return


def on_partie_changed(sender, partie, **kwargs) -> None:
    """``scoring.signals.partie_changed``: the pages of the partie's table, if it has one
    (every partie may: the push to a group no page joined costs one message)."""
    push([partie.pk])
