"""The club's public home page."""

from django.shortcuts import render
from django.utils import timezone

from tournaments.selectors import home_data


def home(request):
    """Upcoming evenings, last results, the league's leaders."""
    return render(request, "home.html", home_data(timezone.localdate()))
