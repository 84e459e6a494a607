"""Template context shared by every page."""

import functools
import hashlib
from typing import Any

from django.conf import settings
from django.urls import get_script_prefix, reverse
from django.utils import translation

from scoring import registry
from scoring.access import DIRECTOR, SECRETARY, has_role


def club(request):
    """The club's name, for page titles and headings; the addresses of the layout's links
    (``LINKS``: the site menu's, the language menu's); the games of the "New partie" menu
    (name, address), from the registry, and those of the "Check a record" menu (the games
    played move by move, each with its replay page), and those of the "At a distance"
    menu (each game played at a remote table, with the page opening one); the user's roles
    (``is_director``, ``is_secretary``), which decide the actions a page shows."""
    return {
        "CLUB_NAME": settings.CLUB_NAME,
        **menus(
            translation.get_language(),
            get_script_prefix(),
            settings.ROOT_URLCONF,
            tuple(registry.REGISTRY.values()),
            (settings.CLUB_NAME, tuple(settings.LANGUAGES)),
        ),
        "is_director": has_role(request.user, DIRECTOR),
        "is_secretary": has_role(request.user, SECRETARY),
    }


#: The links of every page's layout (``templates/base.html``): its name there, and its view.
LAYOUT_LINKS = {
    "home": "home",
    "parties": "scoring:partie_list",
    "tournaments": "tournaments:list",
    "league": "tournaments:seasons",
    "import": "scoring:partie_import",
    "admin": "admin:index",
    "login": "login",
    "logout": "logout",
    "language": "set_language",
}


@functools.lru_cache(maxsize=64)
def menus(
    language: str,
    prefix: str,
    urlconf: str,
    games: tuple[registry.GameAdapter, ...],
    club: tuple,
) -> dict[str, Any]:
    """The layout's links and the three menus of the games (``club``), the same on every page
    in one language under one address: made once (each of their fifteen addresses reversed
    again was a millisecond of every page; the layout's own links, a twentieth of a table's
    page). ``LAYOUT_KEY`` sums them up with ``club`` (the club's name and the languages): the
    layout's parts kept drawn (``{% cache %}`` in ``base.html``) are kept under it, so that
    they change with any of them."""
    made = {
        "LINKS": {name: reverse(view) for name, view in LAYOUT_LINKS.items()},
        "DISTANCE_MENU": [(a.name, url) for a in games if (url := a.live_url()) is not None],
        "GAMES_MENU": [(a.name, a.new_partie_url()) for a in games],
        "REPLAY_MENU": [(a.name, url) for a in games if (url := a.replay_url()) is not None],
    }
    summed = repr((language, club, sorted(made.items()))).encode()
    return {**made, "LAYOUT_KEY": hashlib.blake2b(summed, digest_size=16).hexdigest()}
