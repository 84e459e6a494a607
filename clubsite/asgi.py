"""ASGI entry point (uvicorn, or gunicorn with uvicorn workers): the site over HTTP and the
remote tables' WebSockets (Django Channels), opened only from the site's own pages; each page
answers within ``REQUEST_SECONDS`` (``clubsite.limits``)."""

import os
from urllib.parse import urlparse

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
http = get_asgi_application()  # sets Django up before the consumers are imported

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import (  # noqa: E402
    AllowedHostsOriginValidator,
    WebsocketDenier,
)
from django.conf import settings  # noqa: E402

from clubsite.limits import TimeLimit  # noqa: E402
from scoring.routing import websocket_urlpatterns  # noqa: E402


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


application = ProtocolTypeRouter(
    {
        "http": TimeLimit(http, settings.REQUEST_SECONDS, settings.LANGUAGE_CODE),
        "websocket": AllowedHostsOriginValidator(
            SameOriginValidator(URLRouter(websocket_urlpatterns))
        ),
    }
)
