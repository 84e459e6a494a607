"""Django's Redis cache, with one client to Redis per server process rather than one for every
operation (and a connection for every page).

Django's ``RedisCacheClient.get_client`` makes a new ``redis.Redis`` for every read or write,
on a connection pool of the cache object's own. redis-py 8 fills a table of about 140 reply
callbacks for each one: about 0.2 ms of CPU, more than the round trip to Redis that follows.
And Django keeps a cache object per context (``caches`` is an ``asgiref.local.Local``), while
the pages run each in a context of its own (a2wsgi copies the server's for each request,
``clubsite.asgi``): so each page made a cache object, its pool and a new connection to Redis
(a TCP connection, ``HELLO``, ``SELECT``, and redis-py reading its own version from the
installed packages' metadata for the connection's name): 255 connections for the room bench's
three bursts of 128 requests, and about a tenth of a submission's CPU in a burst.

A ``redis.Redis`` is safe to share between threads (each command takes a connection of its pool
and gives it back; after a fork the pool starts anew), so the process keeps one per server and
options (``_CLIENTS``), which every cache object uses. Settings: ``CACHES["default"]["BACKEND"]
= "clubsite.cache.RedisCache"``, the rest as for Django's backend.

Redis away (stopped, restarting, unreachable) degrades the site rather than failing its pages
(``RedisCache``): a read is a miss and a write is dropped, as with django-redis's
``IGNORE_EXCEPTIONS``, so a kept page is computed again; and a cache given a ``FALLBACK``
alias (the rate limits') counts in the process's memory meanwhile. A write dropped meanwhile
(a change's new freshness stamp) is a change Redis never saw: when Redis answers again,
``CACHE_BACK`` makes every kept page stale (``RedisCache._back``).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import redis
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient
from django.utils.module_loading import import_string
from redis.backoff import NoBackoff
from redis.retry import Retry

#: The process's clients to Redis, by server address and pool options.
_CLIENTS: dict[tuple[str, str], Any] = {}
_MADE = threading.Lock()


class SharedClientRedisCacheClient(RedisCacheClient):
    """Django's client to Redis on the process's ``redis.Redis`` of the server it chooses."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The pool's options as ``_CLIENTS`` names them (read once, not at every operation).
        self._options_name = repr(sorted(self._pool_options.items()))

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        """The process's ``redis.Redis`` of the server Django chooses for ``key`` and
        ``write`` (made on first use, with Django's pool class and options)."""
        server = self._servers[self._get_connection_pool_index(write)]
        name = (server, self._options_name)
        client = _CLIENTS.get(name)
        if client is None:
            with _MADE:
                client = _CLIENTS.get(name)
                if client is None:
                    pool = self._pool_class.from_url(server, **self._pool_options)
                    client = _CLIENTS[name] = self._client(connection_pool=pool)
        return client


#: The errors of a Redis server away (stopped, restarting, unreachable): the cache degrades.
AWAY = (redis.ConnectionError, redis.TimeoutError, OSError)
#: Seconds the process leaves a Redis server alone after such an error, so that a room's pages
#: do not each wait for a connection that cannot be made.
AWAY_SECONDS = 1.0
#: One try more for each operation, at once: a connection that Redis closed is made anew.
ONE_RETRY = Retry(NoBackoff(), 1)
#: Until when (``time.monotonic()``) each Redis server is taken for away, by its address.
_AWAY_UNTIL: dict[str, float] = {}
#: The operations that write: one dropped while Redis was away is a change Redis never saw.
WRITES = frozenset({"add", "set", "touch", "delete", "incr", "set_many", "delete_many", "clear"})
#: The addresses of the Redis servers that missed a write of this process (``WRITES``).
_MISSED: set[str] = set()
#: Set in a thread while it runs ``CACHE_BACK`` (whose own writes go through the cache).
_BACKING = threading.local()

logger = logging.getLogger(__name__)


class RedisCache(DjangoRedisCache):
    """Django's Redis cache backend on ``SharedClientRedisCacheClient``, degrading when Redis
    is away rather than failing the page (django-redis's ``IGNORE_EXCEPTIONS``): a read is a
    miss, a write is dropped, or, with ``OPTIONS["FALLBACK"]`` naming another cache alias
    (the rate limits: the process's memory), every operation goes to that cache meanwhile.

    Redis is taken for away on ``AWAY`` errors, for ``AWAY_SECONDS`` (then tried again);
    each operation tries it once more at most (no back-off: redis-py 8 retries three times,
    4.6 s on a refused connection), and waits ``socket_connect_timeout`` and
    ``socket_timeout`` (1 s) at most unless ``OPTIONS`` gives others."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        self._fallback: str | None = options.pop("FALLBACK", None)
        options.setdefault("socket_connect_timeout", 1)
        options.setdefault("socket_timeout", 1)
        options.setdefault("retry", ONE_RETRY)
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = SharedClientRedisCacheClient
        self._address = repr(self._servers)

    def _degraded(self, name: str, missed: Any, *args: Any, **kwargs: Any) -> Any:
        """Django's ``name`` operation, or when Redis is away the fallback cache's (or
        ``missed``: a miss, a write dropped)."""
        away_until = _AWAY_UNTIL.get(self._address, 0.0)
        if time.monotonic() >= away_until:
            try:
                if self._address in _MISSED and not getattr(_BACKING, "on", False):
                    self._back()  # before reading what Redis kept from before
                return getattr(super(), name)(*args, **kwargs)
            except AWAY as error:
                if time.monotonic() >= away_until + AWAY_SECONDS:
                    logger.warning("Cache: Redis away (%s): degraded", type(error).__name__)
                _AWAY_UNTIL[self._address] = time.monotonic() + AWAY_SECONDS
        if name in WRITES:
            _MISSED.add(self._address)
        if self._fallback is not None:
            return getattr(caches[self._fallback], name)(*args, **kwargs)
        return missed

    def _back(self) -> None:
        """Redis tried again after this process dropped a write (``_MISSED``): what it holds
        may be older than the database (a page kept before a change whose new stamp was
        dropped, ``scoring.freshness``), so ``settings.CACHE_BACK`` (a dotted path) is called
        first, to make it stale; its own writes dropped, Redis is missed again. Redis
        restarted empty needs nothing, but the call costs each kept page's computation once."""
        _MISSED.discard(self._address)
        hook = getattr(settings, "CACHE_BACK", "")
        if hook:
            logger.warning("Cache: Redis back after writes were dropped: %s", hook)
            _BACKING.on = True
            try:
                import_string(hook)()
            finally:
                _BACKING.on = False

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None):
        return self._degraded("add", False, key, value, timeout, version)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._degraded("get", default, key, default, version)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None):
        self._degraded("set", None, key, value, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> bool:
        return self._degraded("touch", False, key, timeout, version)

    def delete(self, key: Any, version: Any = None) -> bool:
        return self._degraded("delete", False, key, version)

    def get_many(self, keys: Any, version: Any = None) -> dict[Any, Any]:
        return self._degraded("get_many", {}, keys, version)

    def has_key(self, key: Any, version: Any = None) -> bool:
        return self._degraded("has_key", False, key, version)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> int:
        """Django's ``incr``; Redis away without a fallback, ``ValueError`` as for a missing
        key (what Django's ``incr`` raises then)."""
        missing = object()
        value = self._degraded("incr", missing, key, delta, version)
        if value is missing:
            raise ValueError(f"Key {key!r} not found (the cache's Redis is away).")
        return value

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None):
        return self._degraded("set_many", list(data), data, timeout, version)

    def delete_many(self, keys: Any, version: Any = None) -> None:
        self._degraded("delete_many", None, keys, version)

    def clear(self) -> None:
        self._degraded("clear", None)
