"""The club's league (championnat): players ranked over a season of evenings, plain Python.

Each evening a player played gives an ``EveningResult`` (his place in that evening's ranking,
his points, parties and parties won). The club chooses the rule (``LeagueRule``):
- ``ranking_points``: the sum of the points his places earn on the club's scale (1st 25,
  2nd 20 …, the default scale below; places beyond it earn nothing);
- ``points``: total points; ``wins``: parties won; ``average``: points per partie;
with a minimum number of evenings to be ranked and, optionally, only his best N evenings
counted (not for the average, which is over all his parties).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from .ranking import ranked

DEFAULT_SCALE = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
KINDS = ("ranking_points", "points", "wins", "average")


class EveningResult(NamedTuple):
    """A player's evening: ``place`` in its ranking (1 = first), ``points`` and ``wins`` over
    its ``parties``; ``evening`` is any id that orders the evenings (a date). A named tuple:
    a season's standings make one for each player of each evening."""

    player: Hashable
    evening: Hashable
    place: int
    points: float
    parties: int
    wins: float


@dataclass(frozen=True)
class LeagueRule:
    """How the season ranks: ``kind`` (one of ``KINDS``), ``scale`` of ranking points,
    ``min_evenings`` to be ranked, ``best`` evenings counted (None: all).

    Raises ``ValueError`` on an unknown kind or a negative setting."""

    kind: str = "ranking_points"
    scale: tuple[int, ...] = DEFAULT_SCALE
    min_evenings: int = 1
    best: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown league rule {self.kind!r}")
        if self.min_evenings < 0 or (self.best is not None and self.best < 1):
            raise ValueError("min_evenings must be 0 or more, best 1 or more")

    def value(self, result: EveningResult) -> float:
        """What one evening brings under this rule."""
        if self.kind == "ranking_points":
            return self.scale[result.place - 1] if result.place <= len(self.scale) else 0
        if self.kind == "wins":
            return result.wins
        return result.points


@dataclass(frozen=True)
class LeagueLine:
    """A player's line: evenings played and counted, the rule's ``value``, his points, wins,
    parties, average per partie, and ``rank`` (None below the minimum of evenings)."""

    player: Hashable
    evenings: int
    counted: int
    value: float
    points: float
    wins: float
    parties: int
    average: float
    rank: int | None


class LeagueTotals:
    """Each player's running totals over a season's evenings under one ``rule``, kept as
    evenings come and go (``add``, ``remove``), so that the standings read one line a player
    however many evenings the season has.

    A player's totals: ``[evenings, points, parties, wins, value]``, and, when the rule
    counts his best evenings only, how many evenings brought each value
    (``{value: evenings}``), so that an evening can be taken off again.
    ``as_data``/``from_data`` give and take them as JSON (a list a player)."""

    def __init__(self, rule: LeagueRule, results: Sequence[EveningResult] = ()) -> None:
        self.rule = rule
        self.players: dict[Hashable, list[Any]] = {}
        for result in results:
            self.add(result)

    def add(self, result: EveningResult, sign: int = 1) -> None:
        """Count ``result`` (``sign`` −1: take it off again; a player with no evening left
        goes)."""
        totals = self.players.get(result.player)
        if totals is None:
            totals = self.players[result.player] = [0, 0, 0, 0, 0, {}]
        value = self.rule.value(result)
        totals[0] += sign
        totals[1] += sign * result.points
        totals[2] += sign * result.parties
        totals[3] += sign * result.wins
        totals[4] += sign * value
        if self.rule.best is not None:
            counts = totals[5]
            counts[value] = counts.get(value, 0) + sign
            if not counts[value]:
                del counts[value]
        if not totals[0]:
            del self.players[result.player]

    def remove(self, result: EveningResult) -> None:
        """Take ``result`` off (it was added)."""
        self.add(result, -1)

    def line(self, player: Hashable) -> LeagueLine:
        """The player's unranked line."""
        evenings, points, parties, wins, value, counts = self.players[player]
        counted = evenings
        if self.rule.best is not None:
            counted, value, left = min(evenings, self.rule.best), 0, self.rule.best
            for each in sorted(counts, reverse=True):
                taken = min(left, counts[each])
                value, left = value + taken * each, left - taken
                if not left:
                    break
        average = round(points / parties, 1) if parties else 0.0
        if self.rule.kind == "average":
            value = average
        return LeagueLine(player, evenings, counted, value, points, wins, parties, average, None)

    def standings(self) -> list[LeagueLine]:
        """The table: ranked players first (best first; equal values share a rank), then
        those below the minimum of evenings."""
        lines = [self.line(player) for player in self.players]
        minimum = self.rule.min_evenings
        ranked_lines = [
            replace(line, rank=number)
            for number, line in ranked(
                (line for line in lines if line.evenings >= minimum),
                key=lambda line: -line.value,
                name=lambda line: str(line.player),
            )
        ]
        others = sorted(
            (line for line in lines if line.evenings < minimum), key=lambda line: str(line.player)
        )
        return ranked_lines + others

    def as_data(self) -> list[list[Any]]:
        """The totals as JSON: ``[player, evenings, points, parties, wins, value, [[value,
        evenings], …]]`` a player."""
        return [[p, *t[:5], [[v, n] for v, n in t[5].items()]] for p, t in self.players.items()]

    @classmethod
    def from_data(cls, rule: LeagueRule, data: Sequence[Sequence[Any]]) -> LeagueTotals:
        """The totals ``as_data`` gave under the same ``rule``."""
        totals = cls(rule)
        for player, *figures, counts in data:
            totals.players[player] = [*figures, {value: n for value, n in counts}]
        return totals


def league_standings(results: Sequence[EveningResult], rule: LeagueRule) -> list[LeagueLine]:
    """The season's table, ranked players first (best first; equal values share a rank),
    then those below the minimum of evenings (``LeagueTotals.standings``)."""
    return LeagueTotals(rule, results).standings()


def progression(
    results: Sequence[EveningResult],
    rule: LeagueRule,
    players: Sequence[Hashable],
    evenings: Sequence[Hashable],
) -> dict[Hashable, list[tuple[int, float]]]:
    """Each of ``players``' league value after each of ``evenings`` (in order), as the
    chart draws it: ``[(0, 0.0), (1, value after the first evening), …]``, the value of his
    line in ``league_standings`` of the results up to that evening (0 before his first). One
    pass over the results, however many evenings: his ``LeagueTotals`` grow evening by
    evening, and his value, which reads his own totals only, is computed again after the
    evenings he played only."""
    wanted = set(players)
    by_player: dict[Hashable, dict[Hashable, list[EveningResult]]] = {p: {} for p in wanted}
    for result in results:
        if result.player in wanted:
            by_player[result.player].setdefault(result.evening, []).append(result)
    totals = LeagueTotals(rule)
    series = {}
    for player in players:
        line: list[tuple[int, float]] = [(0, 0.0)]
        value = 0.0
        for index, evening in enumerate(evenings, start=1):
            played = by_player[player].get(evening, ())
            for result in played:
                totals.add(result)
            if played:
                value = totals.line(player).value if player in totals.players else 0.0
            line.append((index, value))
        series[player] = line
    return series


def movement(before: Sequence[LeagueLine], after: Sequence[LeagueLine]) -> dict[Hashable, int]:
    """Places gained (+) or lost (−) by each ranked player since ``before``; a player newly
    ranked is not in the result."""
    old = {line.player: line.rank for line in before if line.rank is not None}
    return {
        line.player: old[line.player] - line.rank
        for line in after
        if line.rank is not None and line.player in old
    }
