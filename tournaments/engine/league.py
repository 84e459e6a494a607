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

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

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


def league_standings(results: Sequence[EveningResult], rule: LeagueRule) -> list[LeagueLine]:
    """The season's table, ranked players first (best first; equal values share a rank),
    then those below the minimum of evenings."""
    by_player: dict[Hashable, list[EveningResult]] = defaultdict(list)
    for result in results:
        by_player[result.player].append(result)
    lines: list[LeagueLine] = []
    for player, evenings in by_player.items():
        parties = sum(e.parties for e in evenings)
        points = sum(e.points for e in evenings)
        average = round(points / parties, 1) if parties else 0.0
        values = sorted((rule.value(e) for e in evenings), reverse=True)
        counted = values[: rule.best] if rule.best else values
        value = average if rule.kind == "average" else sum(counted)
        lines.append(
            LeagueLine(
                player,
                len(evenings),
                len(counted),
                value,
                points,
                sum(e.wins for e in evenings),
                parties,
                average,
                None,
            )
        )
    ranked_lines = [
        replace(line, rank=number)
        for number, line in ranked(
            (line for line in lines if line.evenings >= rule.min_evenings),
            key=lambda line: -line.value,
            name=lambda line: str(line.player),
        )
    ]
    others = sorted(
        (line for line in lines if line.evenings < rule.min_evenings),
        key=lambda line: str(line.player),
    )
    return ranked_lines + others


def movement(before: Sequence[LeagueLine], after: Sequence[LeagueLine]) -> dict[Hashable, int]:
    """Places gained (+) or lost (−) by each ranked player since ``before``; a player newly
    ranked is not in the result."""
    old = {line.player: line.rank for line in before if line.rank is not None}
    return {
        line.player: old[line.player] - line.rank
        for line in after
        if line.rank is not None and line.player in old
    }
