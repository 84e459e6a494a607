"""Rumoli (seed ``rumoli-regle.txt``): 3 to 7 players, chips; a coup's ledger on the sheet.

Before each coup every player stakes 1 chip on each of the four boodle cards (A♥, K♣, Q♦,
J♠), the dealer 2 (option ``stakes="free"``: any stake, the seed's variant 1). The dealer may
sell the dead hand (the buyer pays him). A player who plays a boodle card collects its chips;
chips not collected stay on the board for the next coup. The first player out receives one
chip per card left in each other hand. Irregularities (seed): a player who led with a card
other than his lowest, or stopped the play holding the card, pays penalties and may neither
collect nor win the coup.

Each player's entry for a coup (chips unless said): ``dealer`` (1 for the dealer), ``stake``,
``sale`` (+ the price for the dealer, − for the buyer), ``collected`` (from the boodles),
``cards_left`` (cards in hand at the end), ``penalty`` (+ received, − paid),
``irregular`` (1 when an irregularity forbids him to collect or win).
A coup scores each player's change in chips; the board keeps the rest, so the players'
balances and the board always add up to nothing created or lost. The most chips wins after
the club's number of coups (option ``rounds``, default 8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import Entry, FieldSpec, Game, GameProblem, RoundSpec

BOODLES = 4
DEFAULT_COUPS = 8
FIELDS = (
    FieldSpec("dealer", "donneur", 0, 1),
    FieldSpec("stake", "mise", 0, 400),
    FieldSpec("sale", "vente du mort", -400, 400),
    FieldSpec("collected", "jetons ramassés", 0, 4000),
    FieldSpec("cards_left", "cartes restantes", 0, 52),
    FieldSpec("penalty", "pénalités", -400, 400),
    FieldSpec("irregular", "irrégularité", 0, 1),
)


def board_before(previous: Sequence[Sequence[Entry]]) -> int:
    """Chips on the boodles before a coup: all stakes less all collections so far."""
    return sum(e["stake"] - e["collected"] for entries in previous for e in entries)


def winner(entries: Sequence[Entry]) -> int | None:
    """The player out first who may win (no irregularity), or None (no winner)."""
    out = [i for i, e in enumerate(entries) if e["cards_left"] == 0 and not e["irregular"]]
    return out[0] if len(out) == 1 else None


class Rumoli(Game):
    """Rumoli: see the module docstring."""

    key = "rumoli"
    name = "Rumoli"
    seats = (3, 7)

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        count = int(options.get("rounds", DEFAULT_COUPS))
        return [RoundSpec(f"coup-{n}", f"Coup {n}", FIELDS) for n in range(1, count + 1)]

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """Every chip accounted for: one dealer; standard stakes (unless free); what the
        buyer pays the dealer receives; penalties paid are received; nobody collects more
        than the board holds, nor after an irregularity; one winner at most."""
        problems = super().check(spec, entries, previous, options)
        if problems:
            return problems
        dealers = [i for i, e in enumerate(entries) if e["dealer"]]
        if len(dealers) != 1:
            problems.append(GameProblem(None, "dealer", "one_dealer", {"count": len(dealers)}))
            return problems
        if (options or {}).get("stakes", "standard") == "standard":
            for i, e in enumerate(entries):
                expected = BOODLES * (2 if e["dealer"] else 1)
                if e["stake"] != expected:
                    problems.append(
                        GameProblem(
                            i, "stake", "stake", {"expected": expected, "value": e["stake"]}
                        )
                    )
        for key, label in (("sale", "vente du mort"), ("penalty", "pénalités")):
            total = sum(e[key] for e in entries)
            if total:
                problems.append(
                    GameProblem(None, key, "sum", {"label": label, "total": total, "expected": 0})
                )
        for i, e in enumerate(entries):
            if e["sale"] > 0 and not e["dealer"]:
                problems.append(GameProblem(i, "sale", "sale_not_dealer"))
            if e["irregular"] and e["collected"]:
                problems.append(GameProblem(i, "collected", "irregular_collects"))
        available = board_before(previous) + sum(e["stake"] for e in entries)
        collected = sum(e["collected"] for e in entries)
        if collected > available:
            problems.append(
                GameProblem(
                    None, "collected", "board", {"collected": collected, "available": available}
                )
            )
        out = [i for i, e in enumerate(entries) if e["cards_left"] == 0 and not e["irregular"]]
        if len(out) > 1:
            problems.append(GameProblem(None, "cards_left", "two_winners"))
        return problems  # fmt: skip

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        """Each player's change in chips over the coup."""
        first = winner(entries)
        paid = [e["cards_left"] if first is not None and i != first else 0
                for i, e in enumerate(entries)]  # fmt: skip
        return [
            -e["stake"]
            + e["sale"]
            + e["collected"]
            + e["penalty"]
            - paid[i]
            + (sum(paid) if i == first else 0)
            for i, e in enumerate(entries)
        ]


RUMOLI = Rumoli()
