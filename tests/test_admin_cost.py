"""The admin's pages cost a bounded number of queries (issue 58): a club's years of data (a
season of 1,849 parties took the secretary's season page over 9,000) cost each list and
change page as many queries as a few parties do."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from scoring.models import Partie, Player, Seat
from tournaments.models import Season, Tournament

pytestmark = pytest.mark.django_db


def stored_years(count: int) -> Season:
    """A season counting ``count`` Roimat parties of four players each, and as many evenings."""
    players = Player.objects.bulk_create([Player(name=f"Joueur {n}") for n in range(8)])
    first = datetime.date(2020, 1, 1)
    parties = Partie.objects.bulk_create(
        [
            Partie(options={"variant": "club-8"}, played_on=first + datetime.timedelta(days=n))
            for n in range(count)
        ]
    )
    Seat.objects.bulk_create(
        [
            Seat(partie=partie, seat=seat, player=players[(n + k) % 8])
            for n, partie in enumerate(parties)
            for k, seat in enumerate("NESO")
        ]
    )
    season = Season.objects.create(
        name="Saisons", start=first, end=first + datetime.timedelta(days=count)
    )
    season.parties.set(parties)
    Tournament.objects.bulk_create(
        [
            Tournament(name=f"Soirée {n}", date=first + datetime.timedelta(days=n), season=season)
            for n in range(count)
        ]
    )
    return season


def admin_pages(season: Season) -> dict[str, str]:
    partie = Partie.objects.order_by("pk").last()
    evening = Tournament.objects.order_by("pk").last()
    return {
        "seasons": reverse("admin:tournaments_season_changelist"),
        "season": reverse("admin:tournaments_season_change", args=[season.pk]),
        "parties": reverse("admin:scoring_partie_changelist"),
        "partie": reverse("admin:scoring_partie_change", args=[partie.pk]),
        "players": reverse("admin:scoring_player_changelist"),
        "tournaments": reverse("admin:tournaments_tournament_changelist"),
        "tournament": reverse("admin:tournaments_tournament_change", args=[evening.pk]),
        "parties search": reverse("admin:autocomplete")
        + "?app_label=tournaments&model_name=season&field_name=parties&term=Joueur",
    }


def queries_of(client, season: Season) -> dict[str, int]:
    """The queries each admin page runs."""
    counts = {}
    for name, url in admin_pages(season).items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, name
        counts[name] = len(queries)
    return counts


def test_the_admins_pages_cost_the_same_for_10_and_1000_parties(secretary):
    season = stored_years(10)
    queries_of(secretary, season)  # the caches of a running site (content types …) filled
    few = queries_of(secretary, season)
    Season.objects.all().delete()
    Tournament.objects.all().delete()
    Partie.objects.all().delete()
    Player.objects.all().delete()
    many = queries_of(secretary, stored_years(1000))
    assert many == few, (few, many)
    assert max(many.values()) <= 25, many


def test_the_season_page_names_its_parties_by_their_players(secretary):
    season = stored_years(3)
    page = secretary.get(reverse("admin:tournaments_season_change", args=[season.pk])).text
    partie = season.parties.order_by("pk").first()
    assert escape(str(partie)) in page
