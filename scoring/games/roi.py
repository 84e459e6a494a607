"""Roi (seed ``roi-regle.txt``): 4 players, 52 cards, 10 manches in the seed's order.

Manches 1–6 cost points: −2 per pli; −2 per cœur; −6 per roi or valet; −10 per dame; −40 per
roi; −20 for the last pli. Manches 7–10, with trump trèfle, carreau, cœur then pique: +4 per
pli and +1 per trump card taken. Each manche's counts add up to what the deck holds, so a
manche always sums to −26, −26, −48, −40, −160, −20 or +65, and a whole game to −60.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import Entry, FieldSpec, Game, GameProblem, RoundSpec


@dataclass(frozen=True)
class Counted:
    """What a manche counts: a field, its points per item, how many the deck holds."""

    key: str
    label: str
    points: int
    total: int


#: The 10 manches: key, French name, what is counted. Trumps in the seed's order.
MANCHES: tuple[tuple[str, str, tuple[Counted, ...]], ...] = (
    ("plis", "Pas de plis", (Counted("plis", "plis", -2, 13),)),
    ("coeurs", "Pas de cœurs", (Counted("coeurs", "cœurs", -2, 13),)),
    ("rois-valets", "Pas de rois ni valets", (Counted("rois_valets", "rois et valets", -6, 8),)),
    ("dames", "Pas de dames", (Counted("dames", "dames", -10, 4),)),
    ("roi", "Pas de rois", (Counted("rois", "rois", -40, 4),)),
    ("dernier", "Pas le dernier pli", (Counted("dernier", "dernier pli", -20, 1),)),
    *(
        (f"atout-{suit}", f"Atout {name}",
         (Counted("plis", "plis", 4, 13), Counted("atouts", "atouts", 1, 13)))
        for suit, name in (("T", "trèfle"), ("K", "carreau"), ("C", "cœur"), ("P", "pique"))
    ),
)  # fmt: skip
TRUMP_OF = {"atout-T": "T", "atout-K": "K", "atout-C": "C", "atout-P": "P"}


class Roi(Game):
    """The game of Roi: see the module docstring."""

    key = "roi"
    name = "Roi"
    seats = (4, 4)

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        return [
            RoundSpec(key, name, tuple(FieldSpec(c.key, c.label, 0, c.total) for c in counted))
            for key, name, counted in MANCHES
        ]

    def counted(self, spec: RoundSpec) -> tuple[Counted, ...]:
        return next(counted for key, _n, counted in MANCHES if key == spec.key)

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """Each count in range, and the players' counts add up to what the deck holds."""
        problems = super().check(spec, entries, previous, options)
        if problems:
            return problems
        for item in self.counted(spec):
            total = sum(entry[item.key] for entry in entries)
            if total != item.total:
                params = {"label": item.label, "total": total, "expected": item.total}
                problems.append(GameProblem(None, item.key, "sum", params))
        return problems

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        items = self.counted(spec)
        return [sum(entry[i.key] * i.points for i in items) for entry in entries]


ROI = Roi()
