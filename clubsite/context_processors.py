"""Template context shared by every page."""

from django.conf import settings

from scoring import registry
from scoring.access import DIRECTOR, SECRETARY, has_role


def club(request):
    """The club's name, for page titles and headings; the games of the "New partie" menu
    (name, address), from the registry, and those of the "Check a record" menu (the games
    played move by move, each with its replay page), and those of the "At a distance"
    menu (each game played at a remote table, with the page opening one); the user's roles
    (``is_director``, ``is_secretary``), which decide the actions a page shows."""
    games = [(adapter.name, adapter.new_partie_url()) for adapter in registry.REGISTRY.values()]
    replays = [
        (adapter.name, url)
        for adapter in registry.REGISTRY.values()
        if (url := adapter.replay_url()) is not None
    ]
    distance = [
        (adapter.name, url)
        for adapter in registry.REGISTRY.values()
        if (url := adapter.live_url()) is not None
    ]
    return {
        "CLUB_NAME": settings.CLUB_NAME,
        "DISTANCE_MENU": distance,
        "GAMES_MENU": games,
        "REPLAY_MENU": replays,
        "is_director": has_role(request.user, DIRECTOR),
        "is_secretary": has_role(request.user, SECRETARY),
    }
