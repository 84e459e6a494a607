"""Reads of the evenings, the league and the players for the pages (writes: ``services``)."""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Q

from scoring.models import Partie, Player
from scoring.selectors import LeftOut, left_out
from tournaments.engine.league import movement
from tournaments.league import season_table
from tournaments.models import Rating, Season, Tournament
from tournaments.rankings import standing_rows
from tournaments.services import with_ranking_data


def names_of(player_ids) -> dict[int, str]:
    """Player id → name, in one query."""
    return dict(Player.objects.filter(pk__in=list(player_ids)).values_list("pk", "name"))


def season_lines(season: Season, results=None) -> tuple[list[dict[str, Any]], list]:
    """The season's rows (standings with names, movement and rating) and its evenings."""
    now, before, evenings = season_table(season, results)
    moves = movement(before, now)
    players = [line.player for line in now]
    names = names_of(players)
    ratings = dict(Rating.objects.filter(player__in=players).values_list("player", "ordinal"))
    rows = [
        {
            **line.__dict__,
            "name": names.get(line.player, "?"),
            "move": moves.get(line.player),
            "rating": ratings.get(line.player),
        }
        for line in now
    ]
    return rows, evenings


def season_left_out(season: Season) -> LeftOut:
    """What the league leaves out (``left_out``) of the parties it counts: those of its
    closed evenings and its stand-alone parties (an evening not closed is not counted yet,
    and its page says so)."""
    closed = Q(
        tournament_table__round__tournament__season=season,
        tournament_table__round__tournament__finished=True,
    )
    return left_out(Partie.objects.filter(closed | Q(seasons=season)))


def home_data(today: datetime.date) -> dict[str, Any]:
    """The club's public page: the next evenings, the winners of the last ones, and the
    current season with its ten leaders."""
    upcoming = Tournament.objects.filter(date__gte=today, finished=False).order_by("date")[:5]
    last = with_ranking_data(Tournament.objects.filter(finished=True).order_by("-date")[:5])
    results = [
        (tournament, [row["name"] for row in standing_rows(tournament) if row["rank"] == 1])
        for tournament in last
    ]
    season = Season.objects.filter(start__lte=today, end__gte=today).first()
    leaders = []
    if season is not None:
        now = season_table(season)[0][:10]
        names = names_of(line.player for line in now)
        leaders = [
            (line.rank, names.get(line.player), line.value) for line in now if line.rank is not None
        ]
    return {"upcoming": upcoming, "results": results, "season": season, "leaders": leaders}
