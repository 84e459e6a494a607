"""ASGI entry point (uvicorn, or gunicorn with uvicorn workers): the site over HTTP and the
remote tables' WebSockets (Django Channels), opened only from the site's own pages; each page
answers within ``REQUEST_SECONDS`` (``clubsite.limits``).

The pages are computed by Django's WSGI handler in a fixed pool of ``PAGE_THREADS`` threads
(a2wsgi's ``WSGIMiddleware``), ``PAGES_AT_ONCE`` at a time (``clubsite.pages_pool``), each
thread keeping its database connection (``CONN_MAX_AGE``).
Django's own ASGI handler started a thread for each request and stopped it after, and opened
and closed a database connection each time: about 2 ms of a bare Django page's server time,
and a fifth of a table entry's with SQLite reading its schema again (``bench/room_bench.py``)."""

from urllib.parse import urlparse

from a2wsgi import WSGIMiddleware
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator, WebsocketDenier
from django.conf import settings

from clubsite.bodies import WholeBody
from clubsite.limits import TimeLimit
from clubsite.pages_pool import PageExecutor
from clubsite.wsgi import application as pages  # sets Django up, before the consumers' import
from scoring.routing import websocket_urlpatterns as scoring_sockets
from tournaments.routing import websocket_urlpatterns as table_sockets


def same_origin(scope: dict) -> bool:
    """Whether a WebSocket was opened by a page of this site: its ``Origin`` is the address the
    connection came to (``Host``, port included) or one of ``CSRF_TRUSTED_ORIGINS`` (a proxy
    serving the site under another name). A connection without ``Origin`` is refused too
    (every browser sends one)."""
    headers = dict(scope.get("headers", []))
    origin = headers.get(b"origin", b"").decode("latin1").strip()
    host = headers.get(b"host", b"").decode("latin1").strip().lower()
    if not origin or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    parsed = urlparse(origin)
    return parsed.scheme in ("http", "https") and parsed.netloc.lower() == host


class SameOriginValidator:
    """Refuse (HTTP 403 on the handshake) a WebSocket opened from a foreign site's page, which
    would act at a table with the visitor's cookies. Channels' ``AllowedHostsOriginValidator``
    alone lets every origin through when ``ALLOWED_HOSTS`` is ``*`` (a laptop serving a room
    under whatever address the phones use)."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if same_origin(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)


def pages_application(seconds: float, threads: int, at_once: int = 0) -> WholeBody:
    """The site's pages over ASGI: each request's body read whole first, within
    ``BODY_SECONDS`` and up to ``BODY_MAX_BYTES`` (``clubsite.bodies``: a slow client holds
    no thread), then its page computed by Django's WSGI handler in one of a pool of
    ``threads`` threads, ``at_once`` at a time (``clubsite.pages_pool``; 0: as many as
    threads), answered within ``seconds`` (else the 503 page, its thread stopped and given
    back to the pool: ``clubsite.limits``)."""
    pool = WSGIMiddleware(pages, workers=threads)
    pool.executor = PageExecutor(threads, at_once)  # a2wsgi runs each page in its executor
    language = settings.LANGUAGE_CODE
    timed = TimeLimit(pool, seconds, language)
    return WholeBody(timed, settings.BODY_SECONDS, settings.BODY_MAX_BYTES, language)


application = ProtocolTypeRouter(
    {
        "http": pages_application(
            settings.REQUEST_SECONDS, settings.PAGE_THREADS, settings.PAGES_AT_ONCE
        ),
        "websocket": AllowedHostsOriginValidator(
            SameOriginValidator(URLRouter(scoring_sockets + table_sockets))
        ),
    }
)
