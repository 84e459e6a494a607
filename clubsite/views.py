"""The club's public home page."""

from django.shortcuts import render
from django.utils import timezone

from scoring.freshness import drawn
from tournaments.selectors import home_data


def home(request):
    """Upcoming evenings, last results, the league's leaders: the same for everyone, kept
    drawn (``scoring.freshness.drawn``) for the day until anything changes."""
    today = timezone.localdate()
    body = drawn(request, f"home:{today.isoformat()}", "_home.html", lambda: home_data(today))
    return render(request, "home.html", {"body": body})
