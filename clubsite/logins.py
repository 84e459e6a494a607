"""Logins, and what keeps a guesser from a club account without keeping its owner out.

django-axes locks a name at one address after ``AXES_FAILURE_LIMIT`` wrong passwords, for
``AXES_COOLOFF_MINUTES`` (2), and the tries made during the lockout do not lengthen it: a
visitor of the room who types wrong passwords for ``directeur`` locks that name at the room's
address for two minutes, not the director's other devices, nor the other accounts.

A device where a name has logged in keeps a signed cookie saying so (``DEVICE_COOKIE``,
Django's signed cookies, a ``TimestampSigner``: for ``DEVICE_DAYS``, renewed at each login).
On such a device the lockout of that name at its address does not apply
(``AXES_WHITELIST_CALLABLE``: :func:`known_device`); the device's own wrong passwords for
the name are limited alike (``AXES_FAILURE_LIMIT`` in a cool-off, django-ratelimit), after
which it is under the lockout of its address as any device is.

django-axes stores each failed attempt's username in a column of 255 characters, and Django's
login form does not hold the username typed to a length (its ``maxlength`` is the browser's
only): on PostgreSQL, a login of 256 characters or more was a server error instead of the
form's "wrong username or password". No account has a name that long (150 characters at
most), so an attempt is recorded under its first 255 (``AXES_USERNAME_CALLABLE``:
:func:`attempt_username`).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import HttpRequest
from django_ratelimit.core import is_ratelimited

#: The cookie naming the club accounts that logged in on a device.
DEVICE_COOKIE = "club_device"
DEVICE_SALT = "clubsite.logins.device"
#: Days a device is known after its last login.
DEVICE_DAYS = 365
#: Accounts a device remembers (the last ones that logged in there).
DEVICE_NAMES = 5
#: The length of django-axes' ``username`` columns (``AccessAttempt``, ``AccessLog``,
#: ``AccessFailureLog``).
RECORDED_LENGTH = 255


def device_names(request) -> list[str]:
    """The club accounts' names that logged in on the browser of ``request`` in the last
    ``DEVICE_DAYS`` (its signed cookie); ``[]`` without a cookie, or with one forged,
    altered or too old."""
    value = request.get_signed_cookie(
        DEVICE_COOKIE,
        default="",
        salt=DEVICE_SALT,
        max_age=datetime.timedelta(days=DEVICE_DAYS),
    )
    return [name for name in value.split(",") if name]


def device_over_limit(request, name: str, *, increment: bool) -> bool:
    """Whether this known device has typed more wrong passwords for ``name`` than
    ``AXES_FAILURE_LIMIT`` in the cool-off (``increment``: count one more first). Counted in
    the cache per name and cookie (django-ratelimit)."""
    cookie = request.COOKIES.get(DEVICE_COOKIE, "")
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    return is_ratelimited(
        request,
        group="login-device",
        key=lambda group, request: f"{name}:{cookie}",
        rate=f"{settings.AXES_FAILURE_LIMIT - 1}/{seconds}s",
        increment=increment,
    )


def known_device(request, credentials: dict | None) -> bool:
    """django-axes' ``AXES_WHITELIST_CALLABLE``: whether this login is tried on a device where
    its name logged in before, still under its own limit of wrong passwords; the lockout of
    the name at this address then does not apply (and its failures are not counted there)."""
    name = (credentials or {}).get("username") or ""
    return name in device_names(request) and not device_over_limit(request, name, increment=False)


class LoginView(auth_views.LoginView):
    """Django's login page, which remembers the device of each login (``DEVICE_COOKIE``) and
    counts a known device's wrong passwords (:func:`device_over_limit`)."""

    def form_valid(self, form):
        response = super().form_valid(form)
        name = form.get_user().get_username()
        names = [known for known in device_names(self.request) if known != name]
        response.set_signed_cookie(
            DEVICE_COOKIE,
            ",".join([*names[-(DEVICE_NAMES - 1) :], name]),
            salt=DEVICE_SALT,
            max_age=DEVICE_DAYS * 24 * 3600,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
        return response

    def form_invalid(self, form):
        name = self.request.POST.get("username", "")
        if name and name in device_names(self.request):
            device_over_limit(self.request, name, increment=True)
        return super().form_invalid(form)


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
