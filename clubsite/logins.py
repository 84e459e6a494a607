"""The name a login attempt is recorded under by django-axes (``AXES_USERNAME_CALLABLE``).

Django's login forms do not hold the username typed to the column's length (their
``maxlength`` is the browser's only), and django-axes stores each failed attempt's username
in a column of 255 characters: on PostgreSQL, a login of 256 characters or more was a server
error instead of the form's "wrong username or password". No account has a name that long
(150 characters at most), so the attempt is recorded under its first 255.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

#: The length of django-axes' ``username`` columns (``AccessAttempt``, ``AccessLog``,
#: ``AccessFailureLog``).
RECORDED_LENGTH = 255


def attempt_username(request: HttpRequest, credentials: dict[str, Any] | None = None) -> Any:
    """The username of a login attempt as django-axes records it: the ``username`` of the
    credentials given to ``authenticate`` (else of the request's form data), cut to
    ``RECORDED_LENGTH`` characters; None when there is none, a value that is not text as
    it is."""
    if credentials:
        name = credentials.get("username")
    else:
        name = getattr(request, "data", request.POST).get("username")
    return name[:RECORDED_LENGTH] if isinstance(name, str) else name
