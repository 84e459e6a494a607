"""The league on the site: a season's standings from its closed evenings."""

import datetime

import pytest
from django.urls import reverse

from tournaments.models import Player, Registration, Season, Tournament
from tournaments.services import play_round_simulated, start_round

pytestmark = pytest.mark.django_db


def evening(season, day, players, closed=True):
    tournament = Tournament.objects.create(name=f"Soirée {day}", date=datetime.date(2026, 11, day),
                                           rounds=2, season=season, seed=day)  # fmt: skip
    for player in players:
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    for _round in range(2):
        play_round_simulated(start_round(tournament=tournament), seed=day)
    tournament.finished = closed
    tournament.save()
    return tournament


def test_season_standings_count_closed_evenings_with_movement_and_chart(client):
    season = Season.objects.create(name="2026-2027", start=datetime.date(2026, 9, 1),
                                   end=datetime.date(2027, 6, 30))  # fmt: skip
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    evening(season, 5, players)
    evening(season, 12, players)
    evening(season, 19, players, closed=False)  # not counted yet
    page = client.get(reverse("tournaments:season", args=[season.pk]))
    rows = page.context["rows"]
    assert len(rows) == 8 and page.context["evenings"] == 2
    assert all(row["evenings"] == 2 for row in rows)
    assert rows[0]["rank"] == 1 and rows[0]["value"] >= rows[-1]["value"]
    assert sum(row["value"] for row in rows) == 2 * sum([25, 20, 16, 13, 11, 10, 9, 8])
    assert all(row["move"] is not None for row in rows)
    assert "<svg" in page.text and "not closed" not in page.text
    assert "pas encore comptée" in page.text  # the third evening is listed as not counted


def test_players_below_the_minimum_are_listed_unranked(client):
    season = Season.objects.create(name="S", start=datetime.date(2026, 9, 1),
                                   end=datetime.date(2027, 6, 30), min_evenings=2)  # fmt: skip
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    evening(season, 5, players)
    page = client.get(reverse("tournaments:season", args=[season.pk]))
    assert all(row["rank"] is None for row in page.context["rows"])
