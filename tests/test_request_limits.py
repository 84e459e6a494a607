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
from django.views.decorators.csrf import csrf_exempt
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


@csrf_exempt
def length(request):
    """A page that reads the request's whole body, as a form's page does."""
    return HttpResponse(str(len(request.body)))


urlpatterns = [
    path("forever/", forever),
    path("players/", players),
    path("address/", address),
    path("length/", length),
]


def stop_threads(app) -> None:
    """Stop the page threads of ``pages_application``'s ``app`` (the body's reader, then
    the time limit, around the pool), closing their connections."""
    app.application.application.executor.shutdown()


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
        stop_threads(app)
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
        stop_threads(pages)


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
        stop_threads(pages)


def body_scope(length: int | None = None) -> dict:
    """A POST to the test's ``/length/`` page, declaring ``length`` bytes of body."""
    headers = [(b"host", b"testserver")]
    if length is not None:
        headers.append((b"content-length", str(length).encode()))
    return {
        **SCOPE,
        "method": "POST",
        "path": "/length/",
        "http_version": "1.1",
        "headers": headers,
    }


async def response_of(comm) -> tuple[int, str]:
    """The status and the text of the response ``comm``'s application sends."""
    start = await comm.receive_output(timeout=10)
    body = await comm.receive_output(timeout=10)
    return start["status"], body["body"].decode()


def never_called():
    """An ASGI application that records every request that reaches it."""
    reached = []

    async def app(scope, receive, send):
        reached.append(await receive())
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    return app, reached


def in_own_loop(coroutine_function):
    """Run ``coroutine_function()`` in an event loop of its own thread (``answer``)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine_function()).result()


def test_a_body_sent_too_slowly_gets_the_408_page_and_never_reaches_a_page():
    from clubsite.bodies import WholeBody

    app, reached = never_called()

    async def slow_client():
        comm = ApplicationCommunicator(WholeBody(app, 0.3, 1000), body_scope(100))
        await comm.send_input({"type": "http.request", "body": b"a", "more_body": True})
        return await response_of(comm)  # the other 99 bytes never come

    status, text = in_own_loop(slow_client)
    assert status == 408 and "Requête trop lente" in text
    assert reached == []


def test_a_body_over_the_limit_gets_the_413_page_declared_or_not():
    from clubsite.bodies import WholeBody

    app, reached = never_called()

    async def client(length, chunks):
        comm = ApplicationCommunicator(WholeBody(app, 5, 1000), body_scope(length))
        for chunk in chunks:
            await comm.send_input({"type": "http.request", "body": chunk, "more_body": True})
        return await response_of(comm)

    declared = in_own_loop(lambda: client(5000, []))  # refused before any byte is read
    chunked = in_own_loop(lambda: client(None, [b"x" * 600, b"x" * 600]))
    for status, text in (declared, chunked):
        assert status == 413 and "Requête trop volumineuse" in text and "1000" in text
    assert reached == []


def test_a_body_in_pieces_reaches_the_page_whole():
    from clubsite.bodies import WholeBody

    app, reached = never_called()

    async def client():
        comm = ApplicationCommunicator(WholeBody(app, 5, 1000), body_scope(6))
        for chunk in (b"abc", b"def"):
            await comm.send_input({"type": "http.request", "body": chunk, "more_body": True})
        await comm.send_input({"type": "http.request", "body": b"", "more_body": False})
        return await response_of(comm)

    assert in_own_loop(client)[0] == 200
    assert reached == [{"type": "http.request", "body": b"abcdef", "more_body": False}]


@pytest.mark.timeout(60)
@pytest.mark.urls(__name__)
@pytest.mark.django_db(transaction=True)
def test_a_slow_client_holds_no_page_thread():
    """With one page thread, a client sending its body a byte at a time does not keep the
    next visitor's page waiting: the body is read by the event loop, not by the thread."""
    from clubsite.asgi import pages_application

    app = pages_application(seconds=5, threads=1)

    async def slow_then_quick():
        slow = ApplicationCommunicator(app, body_scope(200_000))
        await slow.send_input({"type": "http.request", "body": b"a", "more_body": True})
        await asyncio.sleep(0.2)  # the slow client's request is in, its body still coming
        quick = ApplicationCommunicator(app, {**body_scope(), "method": "GET", "path": "/players/"})
        await quick.send_input({"type": "http.request", "body": b""})
        answered = await response_of(quick)
        await slow.send_input({"type": "http.disconnect"})
        await slow.wait(timeout=5)
        return answered

    try:
        status, text = in_own_loop(slow_then_quick)
    finally:
        stop_threads(app)
    assert (status, text) == (200, "0")
