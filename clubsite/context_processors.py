"""Template context shared by every page."""

from django.conf import settings


def club(request):
    """The club's name, for page titles and headings."""
    return {"CLUB_NAME": settings.CLUB_NAME}
