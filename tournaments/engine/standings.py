"""Rankings of a tournament: individual or pairs, by an ordered list of criteria (Tabbycat's
standings metrics: each with a key, a name and an abbreviation).

Each partie gives each entrant (a player, or a pair) a ``Result``: his team's total and the
opponents' total, in points. A round sat out counts by the tournament's rule: ``average``
(default: the average of the entrant's other rounds, for every criterion) or ``none``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, replace

from .ranking import ranked

Entrant = Hashable


@dataclass(frozen=True)
class Result:
    """One entrant's partie: ``points`` (his team's total), ``against`` (the opponents', or
    the best other player's in a game without partners) and, when the game says who won
    (several players may), ``outcome``: 1 won, 0 lost."""

    entrant: Entrant
    points: int
    against: int
    outcome: float | None = None

    @property
    def won(self) -> float:
        """1 for a win, ½ for a draw, 0 for a loss."""
        if self.outcome is not None:
            return self.outcome
        return 1.0 if self.points > self.against else 0.5 if self.points == self.against else 0.0


@dataclass(frozen=True)
class Metric:
    """A ranking criterion: ``key``, French ``name`` and ``abbr`` for the tables."""

    key: str
    name: str
    abbr: str


METRICS = {
    "wins": Metric("wins", "Parties gagnées", "G"),
    "points": Metric("points", "Total des points", "Pts"),
    "diff": Metric("diff", "Différence de points", "Diff"),
    "average": Metric("average", "Moyenne par partie", "Moy"),
}
DEFAULT_ORDER = ("wins", "points", "diff")
SIT_OUT_RULES = ("average", "none")


@dataclass(frozen=True)
class Standing:
    """An entrant's line: parties played, sit-outs, wins (½ a draw), points and difference
    (to a tenth when a round sat out scores an average), average (points per
    partie, to a tenth), and ``rank`` (equal criteria share a rank)."""

    entrant: Entrant
    parties: int
    sat_out: int
    wins: float
    points: float
    diff: float
    average: float
    rank: int = 0

    def value(self, key: str) -> float:
        """The value of criterion ``key`` (a key of ``METRICS``)."""
        value: float = getattr(self, key)
        return value


def rank(
    results: Iterable[Result],
    order: Sequence[str] = DEFAULT_ORDER,
    sat_out: dict[Entrant, int] | None = None,
    sit_out_rule: str = "average",
    entrants: Iterable[Entrant] = (),
) -> list[Standing]:
    """Standings, best first, by ``order`` (keys of ``METRICS``), then by name for a stable
    table; entrants who have neither played nor sat out come last. ``sat_out`` counts each
    entrant's rounds sat out; ``entrants`` adds those who have no result yet.
    Raises ``ValueError`` on an unknown criterion or sit-out rule."""
    for key in order:
        if key not in METRICS:
            raise ValueError(f"unknown ranking criterion {key!r}")
    if sit_out_rule not in SIT_OUT_RULES:
        raise ValueError(f"unknown sit-out rule {sit_out_rule!r}")
    sat_out = sat_out or {}
    by_entrant: dict[Entrant, list[Result]] = defaultdict(list)
    for entrant in entrants:
        by_entrant[entrant]
    for result in results:
        by_entrant[result.entrant].append(result)
    lines = [_line(e, rs, sat_out.get(e, 0), sit_out_rule) for e, rs in by_entrant.items()]

    def criteria(line: Standing) -> tuple[float, ...]:
        # Who has neither played nor sat out yet comes after everyone who has (a player who
        # lost his partie is not ranked below one who never sat down).
        absent = 0.0 if line.parties or line.sat_out else 1.0
        return (absent, *(-line.value(k) for k in order))

    return [
        replace(line, rank=number)
        for number, line in ranked(lines, key=criteria, name=lambda line: str(line.entrant))
    ]


def _line(entrant: Entrant, results: list[Result], sat_out: int, rule: str) -> Standing:
    played = len(results)
    wins: float = sum(r.won for r in results)
    points: float = sum(r.points for r in results)
    diff: float = sum(r.points - r.against for r in results)
    if rule == "average" and played and sat_out:
        factor = (played + sat_out) / played  # each round sat out scores the average
        wins, points, diff = wins * factor, points * factor, diff * factor
    counted = played + (sat_out if rule == "average" and played else 0)
    average = points / counted if played else 0.0
    return Standing(
        entrant,
        played,
        sat_out,
        round(wins, 2),
        round(points, 1),
        round(diff, 1),
        round(average, 1),
    )
