"""A request that runs away fails alone (``clubsite.limits``): past its time it gets the French
503 page, and the thread computing it is stopped, so that the worker's threads are not eaten
one by one. (``bench/fault_bench.py`` shows it on the real server, with a runaway allocation.)"""

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator

from clubsite.limits import THREAD, RequestTimeout, TimeLimit

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
    """The response's two messages, from an event loop of its own thread (Playwright's browser
    tests keep one running in the test thread for the whole session)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, answering(app, scope)).result()


async def answering(app, scope):
    comm = ApplicationCommunicator(app, dict(scope))
    await comm.send_input({"type": "http.request", "body": b""})
    start = await comm.receive_output(timeout=5)
    body = await comm.receive_output(timeout=5)
    return start, body


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
