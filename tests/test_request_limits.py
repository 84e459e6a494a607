"""A request that runs away fails alone (``clubsite.limits``): past its time it gets the French
503 page, and the thread computing it is stopped, so that the worker's threads are not eaten
one by one. (``bench/fault_bench.py`` shows it on the real server, with a runaway allocation.)
Behind the compose layout's proxy, each client has its own address, and so its own limits."""

import asyncio
import runpy
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from django.db import connection
from django.db.backends.signals import connection_created
from django.http import HttpResponse
from django.test import override_settings
from django.urls import path, reverse
from uvicorn.config import Config

from clubsite.limits import THREAD, RequestTimeout, TimeLimit
from scoring.models import Player
from tests.test_deployment import COMPOSE, ROOT

SCOPE = {"type": "http", "method": "GET", "path": "/", "headers": [], "query_string": b""}


def runaway_app(stopped: threading.Event):
    """An ASGI application whose page counts forever in a thread, noted as Django's is."""

    def page(scope):
        scope[THREAD] = threading.get_ident()
        n = 0
        try:
            while True:
                n += 1
        except RequestTimeout:
            stopped.set()
            raise

    async def app(scope, receive, send):
        await sync_to_async(page, thread_sensitive=False)(scope)

    return app


def answer(app, scope):
    """The response's start message and its whole body (``{"body": bytes}``), once the
    application is done with the request, from an event loop of its own thread (Playwright's
    browser tests keep one running in the test thread for the whole session)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, answering(app, scope)).result()


async def answering(app, scope):
    comm = ApplicationCommunicator(app, dict(scope))
    await comm.send_input({"type": "http.request", "body": b""})
    start = await comm.receive_output(timeout=5)
    chunks = []
    while True:
        message = await comm.receive_output(timeout=5)
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            break
    await comm.wait(timeout=5)
    return start, {"body": b"".join(chunks)}


def test_a_page_out_of_time_gets_the_503_page_and_its_thread_is_stopped():
    stopped = threading.Event()
    start, body = answer(TimeLimit(runaway_app(stopped), 0.5), SCOPE)
    assert start["status"] == 503
    assert (b"retry-after", b"5") in start["headers"]
    assert "Site momentanément indisponible" in body["body"].decode()
    assert stopped.wait(5)  # the page's thread ended: the worker has it back


def test_a_page_in_time_is_untouched():
    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    start, body = answer(TimeLimit(app, 0.5), SCOPE)
    assert start["status"] == 200 and body["body"] == b"ok"


def forever(request):
    """A page that never answers."""
    while True:
        pass


def players(request):
    """A page that reads the database."""
    return HttpResponse(str(Player.objects.count()))


def address(request):
    """The client's address, as the site reads it (the rate limits' ``ip`` key, axes')."""
    return HttpResponse(request.META["REMOTE_ADDR"])


urlpatterns = [path("forever/", forever), path("players/", players), path("address/", address)]


def site_page(app, path, client=None, forwarded_for=None):
    """``path`` asked of the site's pages application ``app``: its status and body
    (``answer``), from ``client`` (an address) with ``X-Forwarded-For: forwarded_for``."""
    headers = [(b"host", b"testserver")]
    if forwarded_for:
        headers.append((b"x-forwarded-for", forwarded_for.encode()))
    scope = {**SCOPE, "path": path, "http_version": "1.1", "headers": headers}
    if client:
        scope["client"] = (client, 40000)
    start, body = answer(app, scope)
    return start["status"], body["body"].decode()


#: Caddy's address on the compose network.
CADDY = COMPOSE["services"]["caddy"]["networks"]["default"]["ipv4_address"]


def served_as_compose_does(monkeypatch):
    """The site's pages as the compose layout's web server serves them: uvicorn's application
    as ``uvicorn_worker`` configures it from gunicorn's config (``clubsite/gunicorn.conf.py``)
    with the web service's ``FORWARDED_ALLOW_IPS``; and the pages' own application, to stop
    its threads."""
    from clubsite.asgi import pages_application

    environment = COMPOSE["services"]["web"]["environment"]
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", environment["FORWARDED_ALLOW_IPS"])
    server = runpy.run_path(str(ROOT / "clubsite" / "gunicorn.conf.py"))
    pages = pages_application(seconds=5, threads=2)
    config = Config(
        pages, forwarded_allow_ips=server["forwarded_allow_ips"], log_config=None, lifespan="off"
    )
    config.load()
    return config.loaded_app, pages


@pytest.mark.timeout(60)  # a thread never stopped would hang the test
@pytest.mark.urls(__name__)
@pytest.mark.django_db(transaction=True)
def test_a_runaway_page_of_the_site_fails_alone_and_its_thread_serves_the_next_one():
    """The site's own stack (``clubsite.asgi``): with one thread in the pool, the page after a
    runaway one is answered only if the runaway's thread was stopped and given back."""
    from clubsite.asgi import pages_application

    app = pages_application(seconds=0.5, threads=1)
    assert site_page(app, "/forever/")[0] == 503
    assert site_page(app, "/players/")[0] == 200


@pytest.mark.urls(__name__)
@pytest.mark.django_db(transaction=True)
def test_the_pages_threads_keep_their_database_connection():
    """Twenty pages in turn open at most one connection per thread of the pool, not one each
    (Django's own ASGI handler gave every request a new thread, and so a new connection)."""
    from clubsite.asgi import pages_application

    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL's connections come from Django's pool (DB_POOL_SIZE)")
    opened = []

    def count(sender, connection, **kwargs):
        opened.append(threading.get_ident())

    app = pages_application(seconds=5, threads=2)
    connection_created.connect(count)
    try:
        statuses = [site_page(app, "/players/")[0] for _n in range(20)]
    finally:
        connection_created.disconnect(count)
        app.application.executor.shutdown()
    assert statuses == [200] * 20
    assert len(opened) <= 2


@pytest.mark.urls(__name__)
@pytest.mark.django_db(transaction=True)
def test_behind_caddy_the_site_reads_the_forwarded_address_from_caddy_only(monkeypatch):
    app, pages = served_as_compose_does(monkeypatch)
    try:
        assert site_page(app, "/address/", CADDY, "203.0.113.7") == (200, "203.0.113.7")
        # A client reaching the server itself cannot name another address.
        assert site_page(app, "/address/", "198.51.100.9", "203.0.113.7") == (200, "198.51.100.9")
        assert site_page(app, "/address/", CADDY) == (200, CADDY)
    finally:
        pages.application.executor.shutdown()


@pytest.mark.django_db(transaction=True)
def test_behind_caddy_two_clients_have_limits_of_their_own(monkeypatch):
    """Two phones behind the proxy: the wrong table codes of one do not count against the
    other (before, both had Caddy's address and shared one limit)."""
    app, pages = served_as_compose_does(monkeypatch)

    def wrong_code(client: str, n: int) -> int:
        path = reverse("tournaments:table_entry", args=[f"WRONG{n}"])
        return site_page(app, path, CADDY, client)[0]

    try:
        with override_settings(TABLE_CODE_RATE="3/m"):
            assert [wrong_code("203.0.113.21", n) for n in range(4)] == [404] * 3 + [429]
            assert wrong_code("203.0.113.22", 5) == 404
    finally:
        pages.application.executor.shutdown()
