"""Plis, a toy sixth game with card play (the measure of issue 22), as one package: its rules,
its round played card by card, and one call that registers it. Nothing else of the site is
written for it.

2 to 4 players; the 24 cards from the nine up, dealt out; the player left of the dealer leads;
follow suit when you can; the highest card of the suit led wins the pli; a point a pli; three
donnes, the most points wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Never

from scoring.adapters.tabular import register_game
from scoring.games.base import FieldSpec, Game, GameProblem, RoundSpec
from scoring.games.cards import Card, deck
from scoring.games.records import codes, read_hands, whole
from scoring.games.tricks import Trick, TrickState
from scoring.play.state import MoveError, RecordError, Table

DECK = deck(9)
DONNES = 3


class Plis(Game):
    """The sheet: each player's plis of each donne, which add up to a hand."""

    key, name, seats = "plis", "Plis", (2, 4)

    def rounds(self, players, options):
        fields = (FieldSpec("plis", "plis", 0, len(DECK) // players),)
        return [RoundSpec(f"d{n}", f"Donne {n}", fields) for n in range(1, DONNES + 1)]

    def check(self, spec, entries, previous=(), options=None):
        problems = super().check(spec, entries, previous, options)
        total, expected = sum(e.get("plis") or 0 for e in entries), len(DECK) // len(entries)
        if not problems and total != expected:
            params = {"label": "plis", "total": total, "expected": expected}
            problems.append(GameProblem(None, "plis", "sum", params))
        return problems

    def score(self, spec, entries):
        return [entry["plis"] for entry in entries]


PLIS = Plis()


class PlisState(TrickState[Never, list[dict[str, int]]]):
    """Donne ``number`` dealt by ``dealer`` as ``hands``."""

    game, deck = "plis", DECK

    def __init__(self, number: int, dealer: int, hands: Sequence[Sequence[Card]]) -> None:
        super().__init__(hands, (dealer + 1) % len(hands))
        self.number, self.dealer = number, dealer

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> PlisTable:
        return PlisTable(rng, options.get("players", 3))

    def winner(self, trick: Trick) -> int:
        led = trick[0][1][0]
        return max((c[1], s) for s, c in trick if c[0] == led)[1]

    def public(self) -> dict[str, Any]:
        return {"donne": self.number, "dealer": self.dealer}

    def returns(self) -> list[int]:
        return list(self.plis)

    def result(self) -> list[dict[str, int]]:
        if not self.is_over():
            raise MoveError("no_result", "the donne is not over")
        return [{"plis": n} for n in self.plis]

    def to_record(self) -> dict[str, Any]:
        return {
            "game": "plis",
            "donne": self.number,
            "dealer": self.dealer,
            "hands": [codes(hand) for hand in self.deal],
            "tricks": self.trick_record(),
            "result": self.result() if self.is_over() else None,
        }

    @classmethod
    def start(cls, record: Any) -> PlisState:
        if not isinstance(record, dict) or record.get("game") != "plis":
            raise RecordError("game", "not_game", "not a record of Plis")
        players = len(record.get("hands") or [])
        if not whole(players, *PLIS.seats) or not whole(record.get("dealer"), 0, players - 1):
            raise RecordError("dealer", "bad_field", "missing or not valid")
        sizes = [len(DECK) // players] * players
        hands, problems = read_hands(record["hands"], "hands", sizes, DECK, True)
        if problems:
            raise RecordError("hands", problems[0].code, problems[0].message)
        return cls(record.get("donne", 1), record["dealer"], hands)


class PlisTable(Table[PlisState]):
    """Donne after donne, the deal passing to the left."""

    def __init__(self, rng: random.Random, players: int) -> None:
        if not whole(players, *PLIS.seats):
            raise ValueError(f"{players!r} players")
        self.rng, self.players, self.number = rng, players, 0

    def deal(self) -> PlisState:
        cards = list(DECK)
        self.rng.shuffle(cards)
        size = len(cards) // self.players
        hands = [cards[n * size : (n + 1) * size] for n in range(self.players)]
        return PlisState(self.number + 1, self.number % self.players, hands)

    def collect(self, state: PlisState) -> None:
        self.number += 1


def register():
    """Puts Plis in the catalogue: the site's one line for a new game."""
    return register_game(PLIS, state=PlisState)
