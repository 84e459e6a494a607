"""The league of a season on the database: each closed evening's ranking feeds the plain
rules of ``tournaments.engine.league``."""

from __future__ import annotations

from tournaments.engine.league import EveningResult, LeagueLine, LeagueRule, league_standings
from tournaments.models import Season
from tournaments.services import standings


def rule_of(season: Season) -> LeagueRule:
    """The season's ``LeagueRule``."""
    scale = tuple(int(x) for x in season.scale.split(",") if x.strip().isdigit())
    return LeagueRule(season.kind, scale, season.min_evenings, season.best)


def season_results(season: Season) -> list[EveningResult]:
    """Every player's result at each closed evening of the season (individual evenings: in
    a pairs evening each partner gets the pair's place)."""
    results = []
    for tournament in season.tournaments.filter(finished=True).order_by("date", "id"):
        for line in standings(tournament):
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
    return results  # fmt: skip


def season_table(season: Season) -> tuple[list[LeagueLine], list[LeagueLine], list]:
    """The standings now, the standings before the last evening, and the evenings in order."""
    results = season_results(season)
    evenings = sorted({r.evening for r in results})
    rule = rule_of(season)
    before = [r for r in results if evenings and r.evening != evenings[-1]]
    return league_standings(results, rule), league_standings(before, rule), evenings


def progression(season: Season, players: list, evenings: list) -> dict:
    """Each given player's cumulative league value after each evening (for the chart)."""
    rule = rule_of(season)
    results = season_results(season)
    series = {player: [(0, 0.0)] for player in players}
    for index, evening in enumerate(evenings, start=1):
        lines = league_standings([r for r in results if r.evening <= evening], rule)
        values = {line.player: line.value for line in lines}
        for player in players:
            series[player].append((index, values.get(player, 0)))
    return series
