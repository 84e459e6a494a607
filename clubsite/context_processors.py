"""Template context shared by every page."""

from django.conf import settings

from scoring import registry


def club(request):
    """The club's name, for page titles and headings, and the games of the "New partie" menu
    (name, address), from the registry."""
    games = [(adapter.name, adapter.new_partie_url()) for adapter in registry.REGISTRY.values()]
    return {"CLUB_NAME": settings.CLUB_NAME, "GAMES_MENU": games}
