"""Roi (seed ``roi-regle.txt``): 4 players, 52 cards, 10 manches in the seed's order.

Manches 1–6 cost points: −2 per pli; −2 per cœur; −6 per roi or valet; −10 per dame; −40 per
roi; −20 for the last pli. Manches 7–10, with trump trèfle, carreau, cœur then pique: +4 per
pli and +1 per trump card taken. Each manche's counts add up to what the deck holds, so a
manche always sums to −26, −26, −48, −40, −160, −20 or +65, and a whole game to −60.

What a player took must fit in the tricks he won: a trick holds 4 cards, so cœurs, rois and
valets, dames, rois, trumps counted for him are at most 4 per trick he won, and none (nor the
last pli) without a trick. Manches 2–6 accept each player's ``plis`` as an optional field for
that check (the sheet scores them by what was taken alone); each manche's ``name`` is its
contract, and ``rule`` says how it scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import Entry, FieldSpec, Game, GameProblem, RoundSpec
from .messages import problem

TRICKS = 13
TRICK_CARDS = 4


@dataclass(frozen=True)
class Counted:
    """What a manche counts: a field, its points per item, how many the deck holds."""

    key: str
    label: str
    points: int
    total: int


PLIS = Counted("plis", "plis", -2, TRICKS)
TRUMP_MANCHE = (Counted("plis", "plis", 4, TRICKS), Counted("atouts", "atouts", 1, 13))

#: The 10 manches: key, French name (the contract), what is counted. Trumps in the seed's order.
MANCHES: tuple[tuple[str, str, tuple[Counted, ...]], ...] = (
    ("plis", "Pas de plis", (PLIS,)),
    ("coeurs", "Pas de cœurs", (Counted("coeurs", "cœurs", -2, 13),)),
    ("rois-valets", "Pas de rois ni valets", (Counted("rois_valets", "rois et valets", -6, 8),)),
    ("dames", "Pas de dames", (Counted("dames", "dames", -10, 4),)),
    ("roi", "Pas de rois", (Counted("rois", "rois", -40, 4),)),
    ("dernier", "Pas le dernier pli", (Counted("dernier", "dernier pli", -20, 1),)),
    ("atout-T", "Atout trèfle", TRUMP_MANCHE),
    ("atout-K", "Atout carreau", TRUMP_MANCHE),
    ("atout-C", "Atout cœur", TRUMP_MANCHE),
    ("atout-P", "Atout pique", TRUMP_MANCHE),
)
TRUMP_OF = {"atout-T": "T", "atout-K": "K", "atout-C": "C", "atout-P": "P"}


#: Each counted item, one of them, as a rule says it (``−2 par cœur``, not ``par cœurs``).
ONE_OF = {
    "plis": "pli",
    "cœurs": "cœur",
    "rois et valets": "roi ou valet",
    "dames": "dame",
    "rois": "roi",
    "atouts": "atout",
}


def rule_text(counted: Sequence[Counted]) -> str:
    """How a manche scores, in French: ``−2 par cœur (13 en tout)``, ``−20 pour le dernier
    pli`` (an item the deck holds once)."""
    parts = []
    for item in counted:
        points = f"{'+' if item.points > 0 else '−'}{abs(item.points)}"
        if item.total == 1:
            parts.append(f"{points} pour le {item.label}")
        else:
            one = ONE_OF.get(item.label, item.label)
            parts.append(f"{points} par {one} ({item.total} en tout)")
    return ", ".join(parts)


class Roi(Game):
    """The game of Roi: see the module docstring."""

    key = "roi"
    name = "Roi"
    seats = (4, 4)

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        specs = []
        for key, name, counted in MANCHES:
            fields = tuple(FieldSpec(c.key, c.label, 0, c.total) for c in counted)
            has_plis = any(c.key == PLIS.key for c in counted)
            optional = () if has_plis else (FieldSpec(PLIS.key, PLIS.label, 0, TRICKS),)
            specs.append(RoundSpec(key, name, fields, optional, rule_text(counted)))
        return specs

    def counted(self, spec: RoundSpec) -> tuple[Counted, ...]:
        return next(counted for key, _n, counted in MANCHES if key == spec.key)

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """Each count in range, the players' counts add up to what the deck holds, and each
        player's counts fit in the tricks he won (when his ``plis`` are entered)."""
        problems = super().check(spec, entries, previous, options)
        if problems:
            return problems
        items = self.counted(spec)
        if all(PLIS.key in entry for entry in entries) and PLIS not in items:
            items = (PLIS, *items)
        for item in items:
            total = sum(entry[item.key] for entry in entries)
            if total != item.total:
                params = {"label": item.label, "total": total, "expected": item.total}
                problems.append(problem(None, item.key, "sum", params))
        for player, entry in enumerate(entries):
            plis = entry.get(PLIS.key)
            if plis is None:
                continue
            for item in self.counted(spec):
                value = entry[item.key]
                if item.key == PLIS.key or value == 0:
                    continue
                params = {"value": value, "label": item.label, "plis": plis}
                if plis == 0:
                    problems.append(problem(player, item.key, "without_trick", params))
                elif value > TRICK_CARDS * plis:
                    problems.append(problem(player, item.key, "beyond_tricks", params))
        return problems

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        items = self.counted(spec)
        return [sum(entry[i.key] * i.points for i in items) for entry in entries]


ROI = Roi()
