"""A request's body is read in full by the server's event loop before a page thread takes the
request, so that slow clients cannot hold the page threads.

The pages run in a fixed pool of threads (``clubsite.asgi``), and a2wsgi's WSGI bridge reads a
request's body from the page's thread as the page asks for it: a client sending its body one
byte a second (a phone on bad wifi, or four hostile connections) held that thread, and every
other page waited behind it. :class:`WholeBody` (around the pages' application) reads the body
first, asynchronously, at no thread's cost: within ``BODY_SECONDS`` (else the French 408 page)
and up to ``BODY_MAX_BYTES`` (else the French 413 page, at once when ``Content-Length`` says
so). Then the application gets the body in one message, and the page's time limit
(``clubsite.limits``) starts.
"""

from __future__ import annotations

import asyncio
import functools

from asgiref.sync import sync_to_async
from django.http import HttpResponse
from django.template import loader
from django.utils import translation

from clubsite.limits import asgi_response

#: The pages of a refused body, by status: the template and what it tells the client.
PAGES = {408: "408.html", 413: "413.html"}


class ClientGone(Exception):
    """The client closed its connection before it sent its whole body."""


class TooLarge(Exception):
    """The body is longer than the limit."""


@functools.cache
def refusal(status: int, language: str, max_bytes: int) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """The headers and the page (bytes) of a refused body (``PAGES``), in ``language``, naming
    the limit (``max_bytes``), drawn once per process. The connection is closed after it
    (``Connection: close``): what is left of the body is never read."""
    with translation.override(language):
        page = loader.get_template(PAGES[status]).render({"max_size": max_bytes})
    response = HttpResponse(page, status=status)
    response["Content-Length"] = str(len(response.content))
    response["Connection"] = "close"
    return asgi_response(response)[1:]


def declared_length(scope: dict) -> int | None:
    """The body's length as the client declares it (``Content-Length``), None when it does
    not say (chunked) or says it wrong (the server refuses that first)."""
    for name, value in scope.get("headers", []):
        if name.lower() == b"content-length":
            return int(value) if value.strip().isdigit() else None
    return None


async def read_body(receive, max_bytes: int) -> bytes:
    """Every ``http.request`` message's body, joined. Raises ``TooLarge`` past ``max_bytes``
    and ``ClientGone`` on ``http.disconnect``."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone
        body += message.get("body", b"")
        if len(body) > max_bytes:
            raise TooLarge
        if not message.get("more_body", False):
            return bytes(body)


class WholeBody:
    """ASGI middleware: an HTTP request reaches ``application`` with its whole body, read
    within ``seconds`` and up to ``max_bytes`` bytes; else the client gets the 408 or 413
    page (``language``) and the application never sees the request. Other scopes (the
    WebSockets, the server's lifespan) pass untouched."""

    def __init__(self, application, seconds: float, max_bytes: int, language: str = "fr"):
        self.application = application
        self.seconds = seconds
        self.max_bytes = max_bytes
        self.language = language

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.application(scope, receive, send)
        length = declared_length(scope)
        if length is not None and length > self.max_bytes:
            return await self.refuse(413, send)
        try:
            body = await asyncio.wait_for(read_body(receive, self.max_bytes), self.seconds)
        except TimeoutError:
            return await self.refuse(408, send)
        except TooLarge:
            return await self.refuse(413, send)
        except ClientGone:
            return None  # nobody to answer, and nothing was done
        sent = False

        async def replay():
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # what comes after the body: the client's disconnect

        return await self.application(scope, replay, send)

    async def refuse(self, status: int, send) -> None:
        """Answer ``status`` with its page, the connection closed after it."""
        headers, page = await sync_to_async(refusal, thread_sensitive=False)(
            status, self.language, self.max_bytes
        )
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": page})
