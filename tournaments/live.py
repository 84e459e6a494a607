"""A table's phones kept up to date: every change of a table (an entry, a decision, a choice
between two phones' numbers, the director's correction, the close, the next round drawn) is
pushed to every page of the table open on a phone, which then reads its page again
(``tournaments.consumers.TablePageConsumer``, ``static/js/table-live.js``).

A push says only that the table changed, never what: the page reads what it shows from the
server, as a reload would, so a push lost on the way costs nothing more than the next one (a
page also reads itself again when its connection comes back, and every few seconds while it
has none). Pushes leave once the change is committed (``transaction.on_commit``), through
the channel layer (``settings.CHANNEL_LAYERS``: the serving process's memory, or Redis where
several processes serve). A page's thread hands them to an event loop, never waiting for
them: the one serving this process's WebSockets once a table's page connected
(``serving_loop``: the in-memory layer is not made for other threads), else a loop of the
process's own (``_pusher``), so that Redis's connections are kept from one push to the next.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import threading
from collections.abc import Iterable
from typing import Any

from channels.layers import get_channel_layer
from django.db import transaction

from tournaments.models import Table

#: The event loop of this process that serves the WebSockets, once a table's page connected.
_LOOP: asyncio.AbstractEventLoop | None = None


def _digest(state: Any) -> str:
    return hashlib.blake2b(repr(state).encode(), digest_size=8).hexdigest()


def entries_token(partie: Any) -> str:
    """A token of each of the partie's entries' number, version and state (16 hex digits),
    read from its entries: a part of ``stamp``, kept with the rest of a table's page
    (``tournaments.table_page``)."""
    return _digest(
        [
            (row.number, row.version, row.confirmed, row.refused_seat)
            for row in partie.adapter.stored_entries(partie)
        ]
    )


def stamp(
    table: Any, partie: Any, entries: str, rivals: Iterable[Any], notes: Iterable[Any]
) -> str:
    """A token of all a table's page shows that a phone's action or the director's can
    change: each entry's number, version and state (``entries``: ``entries_token``), the
    versions waiting for a choice, the notes and their answers, whether the table is open
    and the close's decision. The page carries it; a page whose WebSocket connects is sent
    the token of now (``hello``) and reads itself again when they differ: a change made
    between the drawing of the page and its connection, whose push it missed."""
    return _digest(
        (
            entries,
            [(rival.number, rival.entered_by) for rival in rivals],
            [(note.pk, bool(note.answer)) for note in notes],
            table.is_open,
            partie.closing,
        )
    )


def group_name(partie_id: int) -> str:
    """The channel-layer group of the pages of the table playing partie ``partie_id``."""
    return f"table-{partie_id}"


def serving_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Note ``loop`` as the one serving this process's WebSockets (``TablePageConsumer``)."""
    global _LOOP
    _LOOP = loop


def push(partie_ids: Iterable[int]) -> None:
    """Tell the pages of the tables playing ``partie_ids`` that their table changed, once
    the running transaction (if any) commits, without waiting for it to be delivered: a page
    that misses a push reads itself again at its next reconnection or poll. A table pushed
    twice in one transaction (a phone's entry, then the ``partie_changed`` it sends) is told
    once: the groups wait in this thread's ``_pending`` until the first of its callbacks
    sends them all (after a rollback they go with the next commit: one needless read)."""
    groups = {group_name(pk) for pk in partie_ids}
    if groups:
        _pending().update(groups)
        transaction.on_commit(_send)


def push_evening(tournament: Any) -> None:
    """``push`` to every table of ``tournament`` (a round drawn, the evening closed)."""
    push(Table.objects.filter(round__tournament=tournament).values_list("partie", flat=True))


_THREAD = threading.local()


def _pending() -> set[str]:
    """The groups this thread has to tell once its transaction commits."""
    if not hasattr(_THREAD, "groups"):
        _THREAD.groups = set()
    return _THREAD.groups


def _send() -> None:
    groups = sorted(_pending())
    _pending().clear()
    layer = get_channel_layer()
    if not groups or layer is None:
        return

    async def send_all() -> None:
        for group in groups:
            await layer.group_send(group, {"type": "table.changed"})

    # From any thread, the loop's own included: scheduled, never waited for.
    loop = _LOOP if _LOOP is not None and _LOOP.is_running() else _pusher()
    asyncio.run_coroutine_threadsafe(send_all(), loop)


#: This process's own loop for pushes made before any WebSocket connected to it (the layer's
#: connections to Redis are kept on it, not opened anew for each push), with its process id:
#: a process forked from another starts its own.
_PUSHER: tuple[int, asyncio.AbstractEventLoop] | None = None
_PUSHER_LOCK = threading.Lock()


def _pusher() -> asyncio.AbstractEventLoop:
    """This process's push loop, running in a thread of its own (started at first use)."""
    global _PUSHER
    with _PUSHER_LOCK:
        if _PUSHER is None or _PUSHER[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="table-push", daemon=True).start()
            _PUSHER = (os.getpid(), loop)
        return _PUSHER[1]


def on_partie_changed(sender, partie, **kwargs) -> None:
    """``scoring.signals.partie_changed``: the pages of the partie's table, if it has one
    (every partie may: the push to a group no page joined costs one message)."""
    push([partie.pk])
