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
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

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


class RedisCache(DjangoRedisCache):
    """Django's Redis cache backend on ``SharedClientRedisCacheClient``."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
