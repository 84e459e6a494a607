"""The site's cache in Redis, as the production layout runs it (``REDIS_URL``: several server
processes, ``clubsite.cache.RedisCache``): the wrong-code limits shared by every process, and
the pages of totals made stale at once by a change (``scoring.freshness``). Skipped without a
Redis server on 127.0.0.1:6379 (its database 13 is used, and emptied)."""

import contextvars
import threading
import uuid

import pytest
import redis
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from clubsite import cache as shared_cache
from tests import test_pages_constant_cost as pages
from tests.test_remote_ws import redis_up
from tests.test_site_tournaments import first_table

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379"),
]

season = pages.season


@pytest.fixture(autouse=True)
def redis_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "clubsite.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/13",
            "KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        },
    }
    cache.clear()
    yield
    cache.clear()


def in_another_process(call, monkeypatch):
    """``call()``'s value, made in a thread of its own with a cache object and a client to
    Redis of its own (the process's clients, ``clubsite.cache._CLIENTS``, set aside
    meanwhile), as another server process makes it: what it reads is in Redis."""
    found = []
    with monkeypatch.context() as aside:
        aside.setattr(shared_cache, "_CLIENTS", {})
        worker = threading.Thread(target=lambda: found.append(call()))
        worker.start()
        worker.join()
    return found[0]


def test_wrong_codes_counted_in_one_process_are_refused_in_another(settings, monkeypatch):
    settings.TABLE_CODE_RATE = "3/m"
    phone = Client(REMOTE_ADDR="10.4.4.4")

    def wrong(n: int) -> int:
        return phone.get(reverse("tournaments:table_entry", args=[f"WRONG{n}"])).status_code

    assert [wrong(n) for n in range(3)] == [404] * 3
    assert in_another_process(lambda: wrong(3), monkeypatch) == 429
    assert wrong(4) == 429
    assert (
        Client(REMOTE_ADDR="10.4.4.5")
        .get(reverse("tournaments:table_entry", args=["WRONG5"]))
        .status_code
        == 404
    )


def connections_received() -> int:
    return redis.Redis(port=6379).info("stats")["total_connections_received"]


def test_pages_each_in_a_context_of_their_own_share_the_connections_to_redis(secretary):
    """The server runs each page in a copy of its own context (a2wsgi), where no cache
    object was ever made (an empty one here), so Django makes one for the page: 20 pages
    opening a table by its code (a read of the wrong-code count) connect to Redis once, not
    once each."""
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    phone = Client()
    assert phone.get(url).status_code == 200  # the process's client made
    before = connections_received()
    for _page in range(20):
        assert contextvars.Context().run(phone.get, url).status_code == 200
    assert connections_received() - before <= 1  # the test's own reading


def test_a_new_donne_shows_at_once_on_the_player_page(secretary, players):
    pages.test_a_new_donne_shows_at_once_on_the_player_page_and_the_parties_list(secretary, players)


def test_a_renamed_player_shows_at_once_on_the_season_page(client, season):
    pages.test_a_renamed_player_shows_at_once_on_the_season_page(client, season)
