"""Who may do what on the site: the club's roles, and the one helper every view asks.

- **visitor**: anyone, without an account: reads the public pages;
- **table**: whoever holds the code of one table of an open round (no account): enters and
  confirms that table's donnes or rounds only (``tournaments`` checks the code);
- **a player with his link**: the signed link of his results email (``tournaments.mail``,
  valid ``RESEND_LINK_DAYS``) has his own sheets of that evening sent again to his address,
  once an hour, ``RESEND_RATE`` per address; nothing else (the director may do it for him);
- **director**: a club account in the group ``director``: runs the evenings (players at the
  door, rounds, closing, results emails), enters and corrects parties and donnes;
- **secretary**: a club account in the group ``secretary`` (or a superuser): everything the
  director does, and the players, seasons and settings in the admin.

Logins are limited by name and address together (django-axes), with a short cool-off, and
a device where the name logged in before left out of it (``clubsite.logins``).

The groups hold Django permissions, made by ``ensure_roles`` after every ``migrate`` (and
after a test database is flushed); a role is decided by the permission that stands for it, so
an admin may also grant it user by user.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib.auth.models import Group, Permission
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django_ratelimit.core import is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from scoring.prepared import Prepared

VISITOR, DIRECTOR, SECRETARY = "visitor", "director", "secretary"

#: The permission that stands for each role.
ROLE_PERMISSION = {
    DIRECTOR: "scoring.change_donne",
    SECRETARY: "scoring.change_player",
}


#: The director's permissions ("app_label.codename"); the secretary has every permission of
#: both apps.
DIRECTOR_PERMISSIONS = [
    f"scoring.{action}_{model}"
    for model in ("partie", "seat", "donne", "gameround")
    for action in ("add", "change", "view")
] + [
    "scoring.add_player",
    "scoring.view_player",
    *(
        f"tournaments.{action}_{model}"
        for model in ("tournament", "registration", "round", "table")
        for action in ("add", "change", "view")
    ),
    "tournaments.delete_registration",
    "tournaments.view_season",
    "tournaments.view_sentmessage",
]
APPS = ("scoring", "tournaments")


def ensure_roles(**kwargs) -> None:
    """Create the groups ``director`` and ``secretary`` with their permissions, or complete
    them (a ``post_migrate`` receiver: idempotent)."""
    of_apps = Permission.objects.filter(content_type__app_label__in=APPS)
    wanted = {tuple(name.split(".")) for name in DIRECTOR_PERMISSIONS}
    director = [
        p
        for p in of_apps.select_related("content_type")
        if (p.content_type.app_label, p.codename) in wanted
    ]
    Group.objects.get_or_create(name=DIRECTOR)[0].permissions.add(*director)
    Group.objects.get_or_create(name=SECRETARY)[0].permissions.add(*of_apps)


def has_role(user, role: str) -> bool:
    """Whether ``user`` (possibly anonymous) has ``role`` (a secretary is also a director)."""
    if role == VISITOR:
        return True
    if not user.is_authenticated or not user.is_active:
        return False
    return user.has_perm(ROLE_PERMISSION[role])


def role_required(role: str) -> Callable:
    """Decorate a view: a visitor is sent to the login page, a club account without ``role``
    is refused (403)."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def guarded(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not has_role(request.user, role):
                raise PermissionDenied(role)
            return view(request, *args, **kwargs)

        guarded.role = role  # type: ignore[attr-defined]
        return guarded

    return decorate


director_required = role_required(DIRECTOR)
secretary_required = role_required(SECRETARY)


def by_code(request, find: Prepared, code: str, group: str):
    """The object that a code typed or scanned opens, case aside: the one row of ``find`` (a
    ``Prepared`` query of the objects whose ``code`` is its one value).

    A right code is looked up first and always opens: only wrong codes count against this
    address (``TABLE_CODE_RATE`` of ``group``), so that the phone that mistypes its code, or a
    guesser, never locks the rest of a room out behind one public address. Raises
    ``Http404`` for a wrong code (counted), ``Ratelimited`` for a wrong code once this address
    has tried more than the rate allows (a guesser then reads that he must wait, not whether
    a code is wrong; a code is 10 characters of 32, 50 bits, so that guessing one stays
    hopeless)."""
    found = find(code.upper()[:12])
    if found:
        return found[0]
    limit = {"group": group, "key": "ip", "rate": settings.TABLE_CODE_RATE}
    if is_ratelimited(request, increment=True, **limit):
        raise Ratelimited()
    raise Http404("no table has this code")
