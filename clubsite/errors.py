"""The pages of a request that failed: the 503 page when the database is away (a PostgreSQL
server restarting, a connection dropped), the French 500 page for anything else, and the
French 400 page for a request the site refuses to read.

``handler500`` (``clubsite/urls.py``) is :func:`server_error`: Django calls it while the
exception is being handled, so it can tell a database out of reach (``OperationalError``,
``InterfaceError``) from a bug. Each request opens its connection again, so the site comes back
by itself when the database does.

Both pages are rendered without the request (``handler400`` is :func:`bad_request`): Django's
own views of these pages check the request's CSRF token first (``requires_csrf_token``), which
reads its form data again, and a body that could not be read (a form in another charset than
UTF-8) raised the same ``BadRequest`` inside them: the visitor got the server's bare
"Internal Server Error" in English.
"""

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.template import loader

#: Seconds a browser (or a phone's queue) is told to wait before it tries again.
RETRY_AFTER = 5


def unavailable(request: HttpRequest | None = None) -> HttpResponse:
    """The 503 page (``templates/503.html``, in the active language), with ``Retry-After``;
    rendered without the site's context, which may need the database."""
    response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """The 503 page when the request failed because the database is out of reach, else the
    500 page (``templates/500.html``)."""
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return unavailable(request)
    return HttpResponse(loader.get_template("500.html").render(), status=500)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 400 page (``templates/400.html``, in the active language): a request the site
    does not read (``BadRequest``, ``SuspiciousOperation``: its body in another charset than
    UTF-8, a NUL character, too many fields, a malformed upload)."""
    return HttpResponse(loader.get_template("400.html").render(), status=400)
