"""Django's Redis cache, each of its clients made once rather than for every operation.

Django's ``RedisCacheClient.get_client`` makes a new ``redis.Redis`` for every read or write,
on the connection pool it keeps. redis-py 8 fills a table of about 140 reply callbacks for each
one: about 0.2 ms of CPU, more than the round trip to Redis that follows (about 0.13 ms on the
machine where it was measured). A table's entry makes three or four cache operations (the
wrong-code limit, the pages' stamp: ``scoring.freshness``), so with ``REDIS_URL`` its first
submission cost about 0.8 ms more CPU than on the memory of one process.

A ``redis.Redis`` is safe to share between threads (each command takes a connection of the
pool and gives it back), so one per pool serves every operation of the cache, as it serves
``redis-py``'s own users. Settings: ``CACHES["default"]["BACKEND"] =
"clubsite.cache.RedisCache"``, the rest as for Django's backend.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class KeptClientRedisCacheClient(RedisCacheClient):
    """Django's client to Redis, each ``redis.Redis`` made once per connection pool."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        """The ``redis.Redis`` of the pool Django chooses for ``key`` and ``write``."""
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    """Django's Redis cache backend on ``KeptClientRedisCacheClient``."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient
