"""A manche of Roi played card by card behind the play interface (``scoring.play.state``),
as a trick game (``scoring.games.tricks.TrickState``).

The rules (seed ``roi-regle.txt``): 52 cards, 13 to each of 4
players; the player left of the dealer leads and play goes clockwise (player n + 1 after
player n); a player follows suit when he can, else plays any card (no obligation to trump or
overtrump), except in the first manche, where a player who cannot follow discards his highest
card; the highest trump, else the highest card of the suit led, wins the pli and leads the
next. The manches come in the seed's order (``rules.MANCHES``), the dealer moving
counter-clockwise from one to the next.

A move is a card ``(suit, rank)`` (``cards.Card``), written as its code (``10C``, ``VP``).
``result()`` is the manche's entries for the sheet (``rules.Roi`` checks and scores them): each
player's ``plis`` and what his contract counts (``coeurs``, ``rois_valets``, ``dames``,
``rois``, ``dernier``; ``atouts`` with trump). ``to_record()`` is the manche's record
(``{"game": "roi", "manche": 1–10, "contract": key, "dealer": 0–3, "hands": [[13 card codes]
× 4], "tricks": [[[player, card] × 4] × 13], "result": [entries]}``), in progress too: the
last trick may be incomplete, the result null.

``RoiTable`` deals the manches of a game in order, one shuffle a manche.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Never

from scoring.play.state import MoveError, RecordError, Table

from ..cards import Card, deck
from ..records import codes, read_hands, whole
from ..tricks import Trick, TrickState
from .messages import REFUSAL_MESSAGES
from .rules import MANCHES, ROI, TRICKS, TRUMP_OF

SPECS = ROI.rounds(4, {})
DECK = deck(2)  # 52 cards, 2 to the ace (14)
Entries = list[dict[str, int]]


def deal(rng: random.Random) -> list[list[Card]]:
    """Four hands of 13 cards."""
    cards = list(DECK)
    rng.shuffle(cards)
    return [cards[i::4] for i in range(4)]


def legal(hand: list[Card], led: str | None, first_manche: bool) -> list[Card]:
    """The cards a player may play: the led suit if he holds it; else any card, or in the
    first manche his highest card (any suit)."""
    if led is None:
        return list(hand)
    following = [c for c in hand if c[0] == led]
    if following:
        return following
    if first_manche:
        top = max(rank for _suit, rank in hand)
        return [c for c in hand if c[1] == top]
    return list(hand)


def trick_winner(plays: list[tuple[int, Card]], trump: str | None) -> int:
    """The player who wins a trick: the highest trump, else the highest card of the led suit."""
    led = plays[0][1][0]
    trumps = [p for p in plays if p[1][0] == trump]
    contenders = trumps or [p for p in plays if p[1][0] == led]
    return max(contenders, key=lambda p: p[1][1])[0]


def counts(key: str, trump: str | None, cards: list[Card], plis: int, last: bool) -> dict[str, int]:
    """A player's entry for the manche of contract ``key``, from the cards he won (with his
    ``plis``; ``last``: he won the last pli)."""
    if trump:
        return {"plis": plis, "atouts": sum(1 for s, _r in cards if s == trump)}
    taken = {
        "plis": {},
        "coeurs": {"coeurs": sum(1 for s, _r in cards if s == "C")},
        "rois-valets": {"rois_valets": sum(1 for _s, r in cards if r in (11, 13))},
        "dames": {"dames": sum(1 for _s, r in cards if r == 12)},
        "roi": {"rois": sum(1 for _s, r in cards if r == 13)},
        "dernier": {"dernier": int(last)},
    }[key]
    return {"plis": plis, **taken}


class RoiState(TrickState[Never, Entries]):
    """Manche ``manche`` (0–9) of Roi dealt by ``dealer`` (0–3) as ``hands`` (four lists of
    13 cards): see the module docstring."""

    game = "roi"
    refusal_messages = REFUSAL_MESSAGES
    deck = DECK

    def __init__(self, manche: int, dealer: int, hands: Sequence[Sequence[Card]]) -> None:
        super().__init__(hands, (dealer + 1) % 4)
        self.manche, self.dealer = manche, dealer
        self.contract = MANCHES[manche][0]
        self.trump = TRUMP_OF.get(self.contract)

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> RoiTable:
        if options:
            raise ValueError(f"Roi has no options: {', '.join(sorted(options))}")
        return RoiTable(rng)

    # -- the rules of play ------------------------------------------------------------------

    def winner(self, trick: Trick) -> int:
        return trick_winner(trick, self.trump)

    def allowed(self, hand: list[Card], plays: list[Card]) -> list[Card]:
        """Follow suit; in the first manche, a player who cannot discards his highest card
        (``legal``)."""
        return legal(hand, plays[0][0] if plays else None, self.manche == 0)

    def refusal(self, move: Card) -> tuple[str, str]:
        seat = self.turn
        if self.is_over() or move not in self.hands[seat]:
            return super().refusal(move)
        led = self.plays()[0][0]
        if any(c[0] == led for c in self.hands[seat]):
            return "must_follow", f"player {seat + 1} holds the colour led and must follow"
        return "must_discard_highest", (
            f"player {seat + 1} cannot follow and must discard his highest card (first manche)"
        )

    # -- what the manche counts ---------------------------------------------------------

    def counts(self) -> Entries:
        """Each player's counts so far, as ``result()`` gives them at the end."""
        last = self.last()
        return [
            counts(self.contract, self.trump, self.won[s], self.plis[s], s == last)
            for s in range(4)
        ]

    def public(self) -> dict[str, Any]:
        """The manche, its contract, trump and dealer."""
        return {
            "manche": self.manche + 1,
            "contract": self.contract,
            "trump": self.trump,
            "dealer": self.dealer,
        }

    def returns(self) -> list[int]:
        """Each player's score of the manche so far, as the sheet scores it."""
        return ROI.score(SPECS[self.manche], self.counts())

    def result(self) -> Entries:
        if not self.is_over():
            raise MoveError("no_result", "the manche is not over")
        return self.counts()

    # -- records ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return {
            "game": "roi",
            "manche": self.manche + 1,
            "contract": self.contract,
            "dealer": self.dealer,
            "hands": [codes(hand) for hand in self.deal],
            "tricks": self.trick_record(),
            "result": self.result() if self.is_over() else None,
        }

    @classmethod
    def start(cls, record: Any) -> RoiState:
        """The manche a record deals: its number, contract, dealer and the 52 cards in four
        hands of 13."""
        if not isinstance(record, dict) or record.get("game") != "roi":
            raise RecordError("game", "not_game", "not a record of Roi")
        manche, dealer = record.get("manche"), record.get("dealer")
        if not whole(manche, 1, len(MANCHES)):
            raise RecordError("manche", "bad_field", "missing or not valid")
        if record.get("contract") != MANCHES[manche - 1][0]:
            raise RecordError("contract", "bad_field", "not the contract of this manche")
        if not whole(dealer, 0, 3):
            raise RecordError("dealer", "bad_field", "missing or not valid")
        hands, problems = read_hands(record.get("hands"), "hands", [TRICKS] * 4, DECK, True)
        if problems:
            raise RecordError("hands", problems[0].code, problems[0].message)
        return cls(manche - 1, dealer, hands)


class RoiTable(Table[RoiState]):
    """A game of Roi, and the next ones: the 10 manches in order, dealt by player 0 then
    counter-clockwise."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.number = 0

    def deal(self) -> RoiState:
        manche = self.number % len(MANCHES)
        return RoiState(manche, (-manche) % 4, deal(self.rng))

    def collect(self, state: RoiState) -> None:
        self.number += 1
