"""What the pages of totals keep in Django's cache, and when it goes stale.

A page whose figures add up the club's history (a player's page, a season's standings and
chart, the home page's leaders) keeps what it computed in the cache (``settings.CACHES``),
stamped with the club's *stamp*: a token that changes whenever anything those figures read
changes (``touch``). A value kept under another stamp than the current one is never served: the page
computes it again from the database. So a page costs its computation once after a change,
then one cache read, whatever the club's history.

What calls ``touch``: ``watch``'s signals on saving or deleting the rows the pages read
(parties, seats, players, evenings, their registrations, rounds and tables, seasons), the
ratings' rebuild, and ``tournaments`` when a partie that counts for a season changes.

The parties in progress change at every entry, and most of them count for no season yet (an
evening counts once closed): so a second stamp, changed by ``touch_parties`` after any change
to a partie's donnes or rounds (``scoring.results``, every entry goes through it) and to the
ratings, makes stale only the values kept with ``parties=True`` (the players' pages). A
season's standings, kept with ``parties=False``, stay kept while an evening is played.

A value is also kept under the code that computed it (``code``: a digest of the site's Python
code and templates), so that a value of another shape, kept by the site before an update, is
never read by the new code.

The stamp changes at once. In a database cache that write belongs to the transaction of the
change, so the change and the new stamp are seen together. In the site's caches (the serving
process's memory without ``REDIS_URL``, Redis with it) it is seen before the transaction
commits, so the stamp changes again then: a page that read the database between the two kept
its figures under a stamp already gone. Without ``REDIS_URL`` the stamp is the serving
process's own: a change made by another process (a command run beside the server) is seen
after the server's restart, or ``TIMEOUT``.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
import uuid
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language

from scoring.access import DIRECTOR, has_role

T = TypeVar("T")

STAMP = "freshness:stamp"
#: The stamp of the parties and ratings only (``touch_parties``).
PARTIES = "freshness:parties"
#: Seconds a kept value lives at most, even with nothing changed (a day).
TIMEOUT = 24 * 3600
ROOT = Path(__file__).resolve().parent.parent
#: zlib's level for the kept values: the fastest, about 100 µs to pack a drawn page of 20 KB
#: into 3 KB, 30 µs to read it back.
PACKING = 1
#: What computes the kept values: the apps' Python code and the templates.
SOURCES = (("scoring", "*.py"), ("tournaments", "*.py"), ("templates", "*.html"))


@functools.cache
def code() -> str:
    """A digest of the files that compute the kept values (``SOURCES``): 16 hex digits, read
    once a process (about 10 ms)."""
    digest = hashlib.sha256()
    for folder, pattern in SOURCES:
        for path in sorted((ROOT / folder).rglob(pattern)):
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _new_stamp(name: str = STAMP) -> None:
    cache.set(name, uuid.uuid4().hex, None)


def touch(*args: Any, **kwargs: Any) -> None:
    """Make every kept value stale: now, and when the current transaction commits unless the
    cache is the database's (see above). Takes and ignores any arguments, so that it is a
    signal receiver as it is."""
    _new_stamp()
    if not isinstance(caches["default"], DatabaseCache):
        transaction.on_commit(_new_stamp)


def touch_parties() -> None:
    """Make stale the values kept with ``parties=True`` (after a change to a partie's donnes
    or rounds, or to the ratings), as ``touch`` does for all."""
    _new_stamp(PARTIES)
    if not isinstance(caches["default"], DatabaseCache):
        transaction.on_commit(lambda: _new_stamp(PARTIES))


def renew() -> None:
    """Make every kept value stale, at once (``settings.CACHE_BACK``: the cache's Redis
    answers again after this process's writes were dropped, a change's new stamp among them
    perhaps: what it kept before may be older than the database)."""
    _new_stamp()
    _new_stamp(PARTIES)


def _stamp(found: dict, name: str) -> str:
    """The stamp ``name`` as read in ``found``, or a new one (the cache lost it)."""
    stamp = found.get(name)
    if stamp is None:
        cache.add(name, uuid.uuid4().hex, None)
        stamp = cache.get(name)
    return stamp


#: What ``held`` answers for a value not kept under the current stamps.
MISSING: Any = object()


def held(key: str, parties: bool = True) -> tuple[tuple[str, ...], Any]:
    """The current stamps and the value kept under ``key`` for them (``MISSING`` when there is
    none): one cache read. ``key`` and ``parties`` as ``kept`` takes them; the stamps are for
    ``keep``, so that a value computed elsewhere (the task worker) is kept under the stamps
    read before it was computed, stale if anything changed meanwhile."""
    key = f"{key}:{code()}"
    names = [STAMP, PARTIES] if parties else [STAMP]
    found = cache.get_many([*names, key])
    stamps = tuple(_stamp(found, name) for name in names)
    value = found.get(key)
    if value is not None and value[0] == stamps:
        return stamps, pickle.loads(zlib.decompress(value[1]))
    return stamps, MISSING


def keep(key: str, value: Any, stamps: tuple[str, ...]) -> None:
    """Keep ``value`` under ``key`` for ``stamps`` (as ``held`` read them before computing
    it): served by ``kept`` and ``held`` while the stamps stay the same."""
    packed = zlib.compress(pickle.dumps(value, pickle.HIGHEST_PROTOCOL), PACKING)
    cache.set(f"{key}:{code()}", (stamps, packed), TIMEOUT)


def kept(key: str, compute: Callable[[], T], parties: bool = True) -> T:
    """The value kept under ``key`` for the current stamps, or ``compute()``'s (then kept):
    one cache read when it is kept (``get_many`` reads the stamps and the value at once).
    The value is kept compressed (zlib, ``PACKING``): a drawn page of 20 KB takes 3 KB of the
    cache, so that a full cache (``CACHE_MAX_ENTRIES``) holds a few MB of a process's memory.

    ``key``: a name of the page's figures and what they are of (``"player:12"``), without
    spaces (``code()`` is added to it); the value must pickle. ``parties`` False: the value
    reads no partie in progress and no rating, so that ``touch_parties`` leaves it kept (the
    caller must be sure of it: a season's standings read closed evenings only)."""
    stamps, value = held(key, parties)
    if value is MISSING:
        value = compute()
        keep(key, value, stamps)
    return value


def drawn(request: Any, name: str, template: str, context: Callable[[], dict[str, Any]]) -> str:
    """``template`` drawn for ``request`` with ``context()`` (HTML), kept (``kept``) under
    ``name`` for the request's query string (its sorting, its page, its filter) and language:
    drawing a table with django-tables2, or a whole sheet, costs most of a page. What is drawn
    must not depend on the user: a page drawn for a visitor, or its parts that are the same
    for everyone."""
    query = hashlib.sha256(request.GET.urlencode().encode()).hexdigest()[:24]
    key = f"{name}:{query}:{get_language()}"
    return kept(key, lambda: render_to_string(template, context(), request))


def visitors_page(
    request: Any,
    name: str,
    template: str,
    body: str,
    context: Callable[[], dict[str, Any]],
    **page: Any,
) -> Any:
    """``template``, a page whose content is ``body``, as an ``HttpResponse``: for a director
    (its controls and forms are his own) drawn with ``context()`` each time; for anybody else
    the content drawn once and kept (``drawn`` under ``name``), in the page given ``page``
    (what the page around the content reads: its title)."""
    if has_role(request.user, DIRECTOR):
        return render(request, template, context())
    return render(request, template, {**page, "body": drawn(request, name, body, context)})


def watch(*models: Any) -> None:
    """Call ``touch`` whenever one of ``models`` is saved or deleted, or one of their
    many-to-many fields changes."""
    for model in models:
        uid = f"freshness:{model._meta.label}"
        post_save.connect(touch, sender=model, dispatch_uid=f"{uid}:save", weak=False)
        post_delete.connect(touch, sender=model, dispatch_uid=f"{uid}:delete", weak=False)
        for field in model._meta.local_many_to_many:
            m2m_changed.connect(
                touch,
                sender=field.remote_field.through,
                dispatch_uid=f"{uid}:{field.name}",
                weak=False,
            )
