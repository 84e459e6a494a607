"""The pages of a request that failed: the 503 page when the database is away (a PostgreSQL
server restarting, a connection dropped), the French 500 page for anything else.

``handler500`` (``clubsite/urls.py``) is :func:`server_error`: Django calls it while the
exception is being handled, so it can tell a database out of reach (``OperationalError``,
``InterfaceError``) from a bug. Each request opens its connection again, so the site comes back
by itself when the database does.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader
from django.views import defaults

#: Seconds a browser (or a phone's queue) is told to wait before it tries again.
RETRY_AFTER = 5


def unavailable(request: HttpRequest | None = None) -> HttpResponse:
    """The 503 page (``templates/503.html``, in the active language), with ``Retry-After``;
    rendered without the site's context, which may need the database."""
    response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """The 503 page when the request failed because the database is out of reach, else
    Django's 500 page (``templates/500.html``)."""
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return unavailable(request)
    return defaults.server_error(request)
