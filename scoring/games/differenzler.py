"""Differenzler (Jass, seed ``differenzler-jass-regle.txt``): 4 players, 36 cards.

Each round, each player announces his estimate, then plays; his difference is
|estimate − points taken|. The points of a round add up to 157 (152 in the cards, 5 for the
last pli). The number of rounds is the club's (option ``rounds``, default 4); the lowest total
difference wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import Entry, FieldSpec, Game, GameProblem, RoundSpec

ROUND_POINTS = 157
DEFAULT_ROUNDS = 4


class Differenzler(Game):
    """The Differenzler: see the module docstring."""

    key = "differenzler"
    name = "Differenzler"
    seats = (4, 4)
    higher_wins = False

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        fields = (FieldSpec("estimate", "annonce", 0, ROUND_POINTS),
                  FieldSpec("points", "points", 0, ROUND_POINTS))  # fmt: skip
        count = int(options.get("rounds", DEFAULT_ROUNDS))
        return [RoundSpec(f"tour-{n}", f"Tour {n}", fields) for n in range(1, count + 1)]

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """Estimates and points in range, and the points add up to 157."""
        problems = super().check(spec, entries, previous, options)
        total = sum(entry["points"] for entry in entries) if not problems else ROUND_POINTS
        if total != ROUND_POINTS:
            params = {"label": "points", "total": total, "expected": ROUND_POINTS}
            problems.append(GameProblem(None, "points", "sum", params))
        return problems

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        return [abs(entry["estimate"] - entry["points"]) for entry in entries]


def complete_points(points: Sequence[int | None]) -> list[int]:
    """Three players' points entered, the fourth's is what remains of 157.

    Raises ``ValueError`` unless exactly one is missing and the others leave 0 to 157.
    """
    missing = [i for i, p in enumerate(points) if p is None]
    if len(missing) != 1:
        raise ValueError("exactly one player's points may be left out")
    rest = ROUND_POINTS - sum(p for p in points if p is not None)
    if not 0 <= rest <= ROUND_POINTS:
        raise ValueError(f"the others already hold {ROUND_POINTS - rest} points")
    return [rest if p is None else p for p in points]


DIFFERENZLER = Differenzler()
