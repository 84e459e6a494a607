"""Reads of the evenings, the league and the players for the pages (writes: ``services``)."""

from __future__ import annotations

import datetime
from typing import Any

from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.exports.chart import SCREEN, line_chart, svg_of
from scoring.freshness import kept
from scoring.models import Partie, Player
from scoring.selectors import game_figures, left_out
from tournaments.engine.league import movement
from tournaments.league import evenings_and_results, progression, season_left_out, season_table
from tournaments.models import Rating, Season, Table, Tournament
from tournaments.rankings import standing_rows
from tournaments.services import with_ranking_data


def names_of(player_ids) -> dict[int, str]:
    """Player id → name, in one query."""
    return dict(Player.objects.filter(pk__in=list(player_ids)).values_list("pk", "name"))


def season_standings(season: Season) -> tuple[list[dict[str, Any]], int]:
    """The season's rows (standings with names and movement, without ratings) and the
    number of evenings counted (``season_table``)."""
    now, before, evenings = season_table(season)
    moves = movement(before, now)
    names = names_of(line.player for line in now)
    rows = [
        {**line.__dict__, "name": names.get(line.player, "?"), "move": moves.get(line.player)}
        for line in now
    ]
    return rows, evenings


def with_ratings(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``rows`` with each player's ``rating`` now (None unrated), in one query."""
    players = [row["player"] for row in rows]
    ratings = dict(Rating.objects.filter(player__in=players).values_list("player", "ordinal"))
    return [{**row, "rating": ratings.get(row["player"])} for row in rows]


def player_page(player: Player) -> dict[str, Any]:
    """A player's figures over all his parties, kept until anything changes
    (``scoring.freshness``): ``figures`` (``game_figures``), ``chart`` (his rating after each
    partie, SVG; "" with fewer than two), ``left_out`` (what their totals leave out) and
    ``drawn``, the three drawn as his page shows them (HTML, the same for everyone),
    ``evenings_drawn``, his last 20 evenings, and ``evenings_director``, the same with a
    button each for the director to send him his sheets again when he has an address (the
    buttons of one form the page draws around them). His
    parties are listed a page at a time (``player_parties``)."""

    def compute() -> dict[str, Any]:
        ordinals = player.rating_history.order_by("played_on", "partie_id").values_list(
            "ordinal", flat=True
        )
        chart = ""
        if len(ordinals) > 1:
            points = [(i, ordinal) for i, ordinal in enumerate(ordinals, start=1)]
            chart = svg_of(line_chart({player.name: points}, _("Parties"), **SCREEN))
        page = {
            "figures": game_figures(player),
            "chart": chart,
            "left_out": left_out(Partie.objects.filter(seats__player=player)),
        }
        evenings = player.registrations.select_related("tournament").order_by(
            "-tournament__date", "-tournament_id"
        )[:20]
        return {
            **page,
            "drawn": render_to_string("tournaments/_player_figures.html", page),
            **{
                name: render_to_string(
                    "tournaments/_player_evenings.html",
                    {"player": player, "evenings": evenings, "resend": resend},
                )
                for name, resend in (("evenings_drawn", False), ("evenings_director", True))
            },
        }

    return kept(f"player:{player.pk}:{get_language()}", compute)


#: The evenings a season's page lists, its newest (the others: the tournaments' list).
EVENINGS_LISTED = 12


def season_page(season: Season) -> dict[str, Any]:
    """A season's standings page: ``rows`` and ``evenings`` (``season_standings``; the
    players' ratings, which change with every partie rated, are the table's to read:
    ``with_ratings``), ``left_out`` (``season_left_out``) and ``evenings_list``, its newest
    ``EVENINGS_LISTED`` evenings as HTML, with a link to all of them when it has more. Kept
    until anything the league reads changes (``scoring.freshness``, ``parties=False``: not
    an entry of an evening in progress)."""

    def compute() -> dict[str, Any]:
        rows, evenings = season_standings(season)
        newest = list(season.tournaments.order_by("-date", "-id")[: EVENINGS_LISTED + 1])
        listed = render_to_string(
            "tournaments/_season_evenings.html",
            {
                "tournaments": newest[:EVENINGS_LISTED],
                "more": len(newest) > EVENINGS_LISTED,
                "all": season.tournaments.count() if len(newest) > EVENINGS_LISTED else 0,
                "season": season,
            },
        )
        return {
            "rows": rows,
            "evenings": evenings,
            "left_out": season_left_out(season),
            "evenings_list": listed,
        }

    return kept(f"season:{season.pk}:{get_language()}", compute, parties=False)


def season_chart_svg(season: Season) -> str:
    """The five leaders' league value over the season, as an SVG picture, kept until anything
    the league reads changes (``scoring.freshness``, as ``season_page``)."""

    def compute() -> str:
        rows, _count = season_standings(season)
        leaders = [(row["player"], row["name"]) for row in rows if row["rank"] is not None][:5]
        players = [p for p, _n in leaders]
        evenings, results = evenings_and_results(season, set(players))
        series = progression(season, players, evenings, results) if leaders else {}
        names = dict(leaders)
        drawing = line_chart(
            {names[p]: points for p, points in series.items()} or {"": []},
            _("Evenings"),
            **SCREEN,
        )
        return svg_of(drawing)

    return kept(f"season-chart:{season.pk}:{get_language()}", compute, parties=False)


def last_winners() -> list[tuple[str, str, list[str]]]:
    """The last five closed evenings, newest first: each one's name with its date, address
    and winners' names (first in its ranking), kept until anything changes
    (``scoring.freshness``: their rankings are computed from their parties)."""

    def compute() -> list[tuple[str, str, list[str]]]:
        last = with_ranking_data(Tournament.objects.filter(finished=True).order_by("-date")[:5])
        return [
            (
                str(tournament),
                tournament.get_absolute_url(),
                [row["name"] for row in standing_rows(tournament) if row["rank"] == 1],
            )
            for tournament in last
        ]

    return kept("home-winners", compute)


def home_data(today: datetime.date) -> dict[str, Any]:
    """The club's public page: the next evenings, the winners of the last ones, and the
    current season with its ten leaders (from its kept standings)."""
    upcoming = Tournament.objects.filter(date__gte=today, finished=False).order_by("date")[:5]
    results = last_winners()
    season = Season.objects.filter(start__lte=today, end__gte=today).first()
    leaders = []
    if season is not None:  # its standings as its page shows them (kept: ``season_page``)
        leaders = [
            (row["rank"], row["name"], row["value"])
            for row in season_page(season)["rows"][:10]
            if row["rank"] is not None
        ]
    return {"upcoming": upcoming, "results": results, "season": season, "leaders": leaders}


def next_tables(table: Table) -> list[dict[str, Any]]:
    """Where each player of ``table`` sits in the tournament's next round, once drawn (none
    before): ``player``, the ``table`` number (None: he sits out) and the others at it
    (``with``: names), in seat order; two queries."""
    later = (
        Table.objects.filter(
            round__tournament_id=table.round.tournament_id, round__number=table.round.number + 1
        )
        .select_related("partie")
        .prefetch_related("partie__seats__player")
    )
    sits = {seat.player_id: (other, seat) for other in later for seat in other.partie.seats.all()}
    if not sits:
        return []
    found = []
    for seat in sorted(table.partie.seats.all(), key=lambda s: "NESO1234567".find(s.seat)):
        there = sits.get(seat.player_id)
        if there is None:
            found.append({"player": seat.player, "table": None, "with": []})
            continue
        other, _own = there
        names = [str(s.player) for s in other.partie.seats.all() if s.player_id != seat.player_id]
        found.append({"player": seat.player, "table": other.number, "with": names})
    return found
