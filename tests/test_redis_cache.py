"""The site's cache in Redis, as the production layout runs it (``REDIS_URL``: several server
processes, ``clubsite.cache.RedisCache``): the wrong-code limits shared by every process, and
the pages of totals made stale at once by a change (``scoring.freshness``). Skipped without a
Redis server on 127.0.0.1:6379 (its database 13 is used, and emptied). And Redis away (issue
#58): the pages are served, the entries stored, the wrong codes counted in the process's memory;
an outage of a Redis server of the test's own (``redis-server`` on a free port)."""

import contextvars
import threading
import uuid

import pytest
import redis
from django.core.cache import cache, caches
from django.test import Client
from django.urls import reverse

from clubsite import cache as shared_cache
from tests import test_pages_constant_cost as pages
from tests.conftest import free_port
from tests.test_remote_ws import redis_up
from tests.test_site_tournaments import DONNE, first_table, table_post

pytestmark = pytest.mark.django_db
needs_redis = pytest.mark.skipif(not redis_up(), reason="no Redis on 127.0.0.1:6379")

season = pages.season


def site_caches(settings, location: str, prefix: str = "") -> None:
    """The site's caches as ``REDIS_URL=location`` sets them: the pages' and the rate
    limits' (falling back to the process's memory), emptied."""
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "clubsite.cache.RedisCache",
            "LOCATION": location,
            "KEY_PREFIX": prefix,
        },
        "ratelimit": {
            "BACKEND": "clubsite.cache.RedisCache",
            "LOCATION": location,
            "KEY_PREFIX": prefix,
            "OPTIONS": {"FALLBACK": "ratelimit-memory"},
        },
    }
    for alias in ("default", "ratelimit", "ratelimit-memory"):
        caches[alias].clear()


@pytest.fixture
def redis_cache(settings):
    site_caches(settings, "redis://127.0.0.1:6379/13", f"test-{uuid.uuid4().hex}")
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


@needs_redis
def test_wrong_codes_counted_in_one_process_are_refused_in_another(
    redis_cache, settings, monkeypatch
):
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


@needs_redis
def test_pages_each_in_a_context_of_their_own_share_the_connections_to_redis(
    redis_cache, secretary
):
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


@needs_redis
def test_a_new_donne_shows_at_once_on_the_player_page(redis_cache, secretary, players):
    pages.test_a_new_donne_shows_at_once_on_the_player_page_and_the_parties_list(secretary, players)


@needs_redis
def test_a_renamed_player_shows_at_once_on_the_season_page(redis_cache, client, season):
    pages.test_a_renamed_player_shows_at_once_on_the_season_page(client, season)


# --- Redis away ------------------------------------------------------------------------


def wrong_codes(phone: Client, count: int) -> list[int]:
    return [
        phone.get(reverse("tournaments:table_entry", args=[f"WRONG{n}"])).status_code
        for n in range(count)
    ]


def the_room_is_served(secretary, season, settings) -> None:
    """What the room's phones and visitors do, each answered as with the cache there: the
    table page and an entry (stored), the pages of totals, and a guesser stopped."""
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    phone = Client()
    assert phone.get(url).status_code == 200
    assert phone.post(url, table_post(DONNE, "N")).status_code in (200, 302)
    assert table.partie.donnes.count() == 1
    visitor = Client()
    for page in ("/", reverse("tournaments:season", args=[season.pk])):
        assert visitor.get(page).status_code == 200, page
    settings.TABLE_CODE_RATE = "3/m"
    assert wrong_codes(Client(REMOTE_ADDR="10.5.5.5"), 5) == [404] * 3 + [429] * 2


def test_redis_unreachable_the_room_is_served_and_the_rate_limits_count_in_memory(
    secretary, season, settings
):
    site_caches(settings, f"redis://127.0.0.1:{free_port()}/0")  # no server there
    the_room_is_served(secretary, season, settings)
    assert cache.get("anything", "missed") == "missed"
    cache.set("anything", 1)  # dropped, not raised
    assert cache.get_many(["anything"]) == {}


def test_redis_stopped_then_back_degrades_then_keeps_again(
    secretary, season, settings, own_redis, monkeypatch
):
    port, stop, start = own_redis
    monkeypatch.setattr(shared_cache, "AWAY_SECONDS", 0)  # Redis tried again at once
    site_caches(settings, f"redis://127.0.0.1:{port}/0")
    cache.set("kept", "before")
    assert cache.get("kept") == "before"
    stop()
    assert cache.get("kept") is None  # a miss, not an error
    the_room_is_served(secretary, season, settings)
    start()
    cache.set("kept", "after")
    assert cache.get("kept") == "after"


@needs_redis
def test_a_change_made_while_redis_was_away_leaves_no_page_kept_from_before(
    redis_cache, monkeypatch
):
    """Redis unreachable for a moment, its data kept (a network blip, not a restart): the new
    stamp of a change made meanwhile was dropped, so the page kept before the change would
    be served again; once Redis answers, every kept page is stale instead."""
    import redis
    from django.core.cache.backends.redis import RedisCache as DjangoRedisCache

    from scoring import freshness

    monkeypatch.setattr(shared_cache, "AWAY_SECONDS", 0)
    assert freshness.kept("page", lambda: "before the change") == "before the change"

    def away(*args, **kwargs):
        raise redis.ConnectionError("Redis away")

    with monkeypatch.context() as blip:
        blip.setattr(DjangoRedisCache, "set", away)
        freshness.touch_parties()  # the change: its new stamp never reaches Redis
    assert freshness.kept("page", lambda: "after the change") == "after the change"
