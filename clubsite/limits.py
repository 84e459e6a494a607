"""A request's time limit: a page that has not answered after ``REQUEST_SECONDS`` gets the 503
page, and the thread computing it is stopped, so that one runaway request fails alone and the
worker goes on serving the others.

Django computes each request's page in a thread of the server's pool (``clubsite.asgi``), which
the server cannot kill; so :class:`PageThreadMiddleware` (first of ``MIDDLEWARE``) notes the
thread in the request's ASGI scope while the page runs, and :class:`TimeLimit` (around the ASGI
application) raises :class:`RequestTimeout` in it when the time is up: the page's transaction
is rolled back as for any error, and the thread goes back to the pool. A thread stuck inside
one C call (not Python code) stops when that call returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import threading

from asgiref.sync import sync_to_async
from django.http import HttpResponse
from django.utils import translation

from clubsite.errors import unavailable

#: The key of the page's thread in the ASGI scope.
THREAD = "club.page_thread"


class RequestTimeout(Exception):
    """Raised in a page's thread whose request ran out of time."""


def stop_thread(ident: int | None) -> bool:
    """Raise :class:`RequestTimeout` in the thread ``ident``; False when there is none."""
    if ident is None:
        return False
    found = ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(ident), ctypes.py_object(RequestTimeout)
    )
    return found == 1


class PageThreadMiddleware:
    """Note the thread running the request's page in its ASGI scope, while it runs."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        scope = request.META.get("asgi.scope")  # as a2wsgi passes it (``clubsite.asgi``)
        if scope is None:  # a plain WSGI server, the test client: no time limit
            return self.get_response(request)
        scope[THREAD] = threading.get_ident()
        try:
            return self.get_response(request)
        finally:
            scope.pop(THREAD, None)


def asgi_response(response: HttpResponse) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """``response`` (a whole page) as an ASGI middleware sends it: status, headers, body."""
    headers = [(k.lower().encode("latin1"), v.encode("latin1")) for k, v in response.items()]
    return response.status_code, headers, response.content


def render_unavailable(language: str) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    with translation.override(language):
        return asgi_response(unavailable())


class TimeLimit:
    """ASGI middleware: HTTP requests answer within ``seconds`` or get the 503 page."""

    def __init__(self, application, seconds: float, language: str = "fr"):
        self.application = application
        self.seconds = seconds
        self.language = language

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or self.seconds <= 0:
            return await self.application(scope, receive, send)
        state = {"started": False, "late": False}

        async def send_in_time(message):
            if state["late"]:
                return
            if message["type"] == "http.response.start":
                state["started"] = True
            await send(message)

        page = asyncio.ensure_future(self.application(scope, receive, send_in_time))
        try:
            await asyncio.wait_for(asyncio.shield(page), self.seconds)
            return
        except TimeoutError:
            state["late"] = True
        stop_thread(scope.get(THREAD))
        if not state["started"]:
            status, headers, body = await sync_to_async(render_unavailable, thread_sensitive=False)(
                self.language
            )
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
        with contextlib.suppress(Exception):
            await page  # the page's thread ends with RequestTimeout
