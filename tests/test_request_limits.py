"""A request that runs away fails alone (``clubsite.limits``): past its time it gets the French
503 page, and the thread computing it is stopped, so that the worker's threads are not eaten
one by one. (``bench/fault_bench.py`` shows it on the real server, with a runaway allocation.)"""

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from django.db import connection
from django.db.backends.signals import connection_created
from django.http import HttpResponse
from django.urls import path

from clubsite.limits import THREAD, RequestTimeout, TimeLimit
from scoring.models import Player

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


urlpatterns = [path("forever/", forever), path("players/", players)]


def site_page(app, path):
    """``path`` asked of the site's pages application ``app``: its status (``answer``)."""
    scope = {**SCOPE, "path": path, "http_version": "1.1", "headers": [(b"host", b"testserver")]}
    return answer(app, scope)[0]["status"]


@pytest.mark.timeout(60)  # a thread never stopped would hang the test
@pytest.mark.urls(__name__)
@pytest.mark.django_db(transaction=True)
def test_a_runaway_page_of_the_site_fails_alone_and_its_thread_serves_the_next_one():
    """The site's own stack (``clubsite.asgi``): with one thread in the pool, the page after a
    runaway one is answered only if the runaway's thread was stopped and given back."""
    from clubsite.asgi import pages_application

    app = pages_application(seconds=0.5, threads=1)
    assert site_page(app, "/forever/") == 503
    assert site_page(app, "/players/") == 200


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
        statuses = [site_page(app, "/players/") for _n in range(20)]
    finally:
        connection_created.disconnect(count)
        app.application.executor.shutdown()
    assert statuses == [200] * 20
    assert len(opened) <= 2
