"""The league of a season on the database: each closed evening's ranking feeds the plain
rules of ``tournaments.engine.league``."""

from __future__ import annotations

from collections import Counter, defaultdict

from django.db.models import Q

from scoring.freshness import touch
from scoring.models import Partie, PlayerResult
from tournaments.engine.league import EveningResult, LeagueLine, LeagueRule, league_standings
from tournaments.models import Registration, Round, Season, Table
from tournaments.services import result_rows, standings


def on_partie_changed(sender, partie: Partie, **kwargs) -> None:
    """``scoring.signals.partie_changed``: a partie that counts for a season (of a closed
    evening of one, or one of its stand-alone parties) changes its pages (``touch``); any
    other (an evening in progress) leaves them kept: without a query when the partie was read
    with its evening (a table's entry, ``scoring.services.entry_partie``), else in one."""
    evening = _evening_read_with(partie)
    if evening is not None:
        if evening.finished and evening.season_id is not None:
            touch()
        return
    counted = Q(
        tournament_table__round__tournament__finished=True,
        tournament_table__round__tournament__season__isnull=False,
    ) | Q(seasons__isnull=False)
    if Partie.objects.filter(counted, pk=partie.pk).exists():
        touch()


def _evening_read_with(partie: Partie):
    """The evening (``Tournament``) of an evening's partie read with it by
    ``select_related``, or None (not read so, or a partie of no evening)."""
    if not Partie.tournament_table.is_cached(partie):
        return None
    table = getattr(partie, "tournament_table", None)
    if table is None or not Table.round.is_cached(table):
        return None
    return table.round.tournament if Round.tournament.is_cached(table.round) else None


def rule_of(season: Season) -> LeagueRule:
    """The season's ``LeagueRule``."""
    scale = tuple(int(x) for x in season.scale.split(",") if x.strip().isdigit())
    return LeagueRule(season.kind, scale, season.min_evenings, season.best)


def season_results(season: Season) -> list[EveningResult]:
    """Every player's result at each closed evening of the season (individual evenings: in
    a pairs evening each partner gets the pair's place)."""
    results = []
    closed = season.tournaments.filter(finished=True).order_by("date", "id")
    rows = result_rows(
        PlayerResult.objects.filter(partie__tournament_table__round__tournament__in=closed)
    )
    present: dict[int, list[int]] = defaultdict(list)
    for tournament_id, player in (
        Registration.objects.filter(tournament__in=closed, checked_in=True)
        .order_by("id")
        .values_list("tournament_id", "player_id")
    ):
        present[tournament_id].append(player)
    sat_out: dict[int, Counter] = defaultdict(Counter)
    for tournament_id, player in Round.sit_out.through.objects.filter(
        round__tournament__in=closed
    ).values_list("round__tournament_id", "player_id"):
        sat_out[tournament_id][player] += 1
    for tournament in closed:  # a pairs evening reads its registrations and rounds itself
        entrants = None if tournament.is_pairs else present[tournament.pk]
        for line in standings(
            tournament, entrants, rows.get(tournament.pk, []), dict(sat_out[tournament.pk])
        ):
            players = line.entrant if isinstance(line.entrant, tuple) else (line.entrant,)
            for player in players:
                results.append(
                    EveningResult(
                        player,
                        (tournament.date, tournament.pk),
                        line.rank,
                        line.points,
                        line.parties,
                        line.wins,
                    )
                )
    return results + standalone_results(season)


def standalone_results(season: Season) -> list[EveningResult]:
    """The season's stand-alone parties, each counted as an evening of its own: a player's
    place is 1 + the number of players who did better (partners share their place)."""
    rows = PlayerResult.objects.filter(partie__seasons=season).values_list(
        "partie_id", "partie__played_on", "player_id", "points", "against", "outcome"
    )
    by_partie: dict[int, list] = defaultdict(list)
    for row in rows:
        by_partie[row[0]].append(row)
    results = []
    for partie, lines in by_partie.items():
        for _p, played_on, player, points, against, outcome in lines:
            place = 1 + sum(1 for other in lines if other[3] > points)
            won = (
                outcome
                if outcome is not None
                else (1.0 if points > against else 0.5 if points == against else 0.0)
            )
            results.append(EveningResult(player, (played_on, -partie), place, points, 1, won))
    return results


def season_table(season: Season, results=None) -> tuple[list[LeagueLine], list[LeagueLine], list]:
    """The standings now, the standings before the last evening, and the evenings in order."""
    results = season_results(season) if results is None else results
    evenings = sorted({r.evening for r in results})
    rule = rule_of(season)
    before = [r for r in results if evenings and r.evening != evenings[-1]]
    return league_standings(results, rule), league_standings(before, rule), evenings


def progression(season: Season, players: list, evenings: list, results=None) -> dict:
    """Each given player's cumulative league value after each evening (for the chart);
    ``results`` are the season's (``season_results``) when the caller already has them."""
    rule = rule_of(season)
    results = season_results(season) if results is None else results
    wanted = set(players)
    results = [r for r in results if r.player in wanted]  # a player's value is his own
    series = {player: [(0, 0.0)] for player in players}
    for index, evening in enumerate(evenings, start=1):
        lines = league_standings([r for r in results if r.evening <= evening], rule)
        values = {line.player: line.value for line in lines}
        for player in players:
            series[player].append((index, values.get(player, 0)))
    return series
