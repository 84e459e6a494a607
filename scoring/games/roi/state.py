"""A manche of Roi played card by card behind the play interface (``scoring.play.state``).

The rules (seed ``roi-regle.txt``, as ``play`` reads them): 52 cards, 13 to each of 4
players; the player left of the dealer leads and play goes clockwise (player n + 1 after
player n); a player follows suit when he can, else plays any card (no obligation to trump or
overtrump), except in the first manche, where a player who cannot follow discards his highest
card; the highest trump, else the highest card of the suit led, wins the pli and leads the
next. The manches come in the seed's order (``rules.MANCHES``), the dealer moving
counter-clockwise from one to the next.

A move is a card ``(suit, rank)`` (``cards.Card``), written as its code (``10C``, ``VP``).
``result()`` is the manche's entries for the sheet (``rules.Roi`` checks and scores them): each
player's ``plis`` and what his contract counts (``coeurs``, ``rois_valets``, ``dames``,
``rois``, ``dernier``; ``atouts`` with trump). ``to_record()`` is the manche's record of
``play`` (``{"game": "roi", "manche", "contract", "dealer", "hands", "tricks",
"result"}``), in progress too: the last trick may be incomplete, the result null.

``RoiTable`` deals as ``play.game_records`` does (one shuffle a manche, then the cards
drawn as ``rng.choice`` draws), so that a seed gives the same game through this interface.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scoring.play.state import GameState, MoveError, RecordError, Step, Table, below

from ..cards import Card, card, code
from ..records import codes, read_hands, trick_steps, whole
from .play import DECK, counts, deal, legal, trick_winner
from .rules import MANCHES, ROI, TRICKS, TRUMP_OF

TRICK = 4  # cards in a pli
SPECS = ROI.rounds(4, {})
Entries = list[dict[str, int]]


class RoiState(GameState[Card, Entries]):
    """Manche ``manche`` (0–9) of Roi dealt by ``dealer`` (0–3) as ``hands`` (four lists of
    13 cards): see the module docstring."""

    game = "roi"
    seats = 4

    def __init__(self, manche: int, dealer: int, hands: Sequence[Sequence[Card]]) -> None:
        self.manche, self.dealer = manche, dealer
        self.contract = MANCHES[manche][0]
        self.trump = TRUMP_OF.get(self.contract)
        self.deal = tuple(tuple(hand) for hand in hands)
        self.hands = [list(hand) for hand in hands]
        #: The plis, each a list of (player, card); the last one may be incomplete.
        self.tricks: list[list[tuple[int, Card]]] = []
        self.won: list[list[Card]] = [[], [], [], []]
        self.plis = [0, 0, 0, 0]
        self.turn = (dealer + 1) % 4
        self._taken_from: list[int] = []  # per card played, its place in the hand

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> RoiTable:
        if options:
            raise ValueError(f"Roi has no options: {', '.join(sorted(options))}")
        return RoiTable(rng)

    # -- reading the state ----------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return -1 if self.is_over() else self.turn

    def is_over(self) -> bool:
        return self.played == TRICKS * TRICK

    def _led(self) -> str | None:
        """The suit led in the pli being played (None at a lead)."""
        trick = self.tricks[-1] if self.tricks else []
        return trick[0][1][0] if 0 < len(trick) < TRICK else None

    def legal_moves(self) -> list[Card]:
        """The cards of the hand the rules allow, in the hand's order (``play.legal``)."""
        if self.is_over():
            return []
        return legal(self.hands[self.turn], self._led(), self.manche == 0)

    def refusal(self, move: Card) -> tuple[str, str]:
        seat = self.turn
        if self.is_over():
            return "over", "the manche is over"
        if move not in self.hands[seat]:
            return "not_in_hand", f"player {seat + 1} does not hold {code(move)}"
        led = self._led()
        if any(c[0] == led for c in self.hands[seat]):
            return "must_follow", f"player {seat + 1} holds the colour led and must follow"
        return "must_discard_highest", (
            f"player {seat + 1} cannot follow and must discard his highest card (first manche)"
        )

    def hand(self, seat: int) -> list[str]:
        return codes(self.hands[seat])

    @property
    def played(self) -> int:
        """How many cards were played."""
        return len(self._taken_from)

    def last(self) -> int:
        """The player who won the last pli (-1 before it is complete)."""
        return trick_winner(self.tricks[-1], self.trump) if self.is_over() else -1

    def counts(self) -> Entries:
        """Each player's counts so far, as ``result()`` gives them at the end."""
        last = self.last()
        return [
            counts(self.contract, self.trump, self.won[s], self.plis[s], s == last)
            for s in range(4)
        ]

    def observation(self, seat: int) -> dict[str, Any]:
        """Own hand; the manche, its contract, trump and dealer; every player's plis; the
        pli on the table; the history of the cards played, ``[player, code]`` each."""
        trick = self.tricks[-1] if self.tricks and len(self.tricks[-1]) < TRICK else []
        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": self.hand(seat),
            "history": [[s, code(c)] for t in self.tricks for s, c in t],
            "manche": self.manche + 1,
            "contract": self.contract,
            "trump": self.trump,
            "dealer": self.dealer,
            "plis": list(self.plis),
            "trick": [[s, code(c)] for s, c in trick],
        }

    def returns(self) -> list[int]:
        """Each player's score of the manche so far, as the sheet scores it."""
        return ROI.score(SPECS[self.manche], self.counts())

    def result(self) -> Entries:
        if not self.is_over():
            raise MoveError("no_result", "the manche is not over")
        return self.counts()

    # -- playing ------------------------------------------------------------------------

    def push(self, move: Card) -> bool:
        """Play card ``move`` for the player to move; raises ``MoveError`` for a card not
        held or one the rules forbid (Roi scores no faute)."""
        if not self.is_legal(move):
            raise MoveError(*self.refusal(move))
        self._play(move)
        return False

    def play_random(self, rng: random.Random) -> None:
        """``random_move`` after ``random_move``, each card made without checking it again."""
        while not self.is_over():
            moves = legal(self.hands[self.turn], self._led(), self.manche == 0)
            self._play(moves[below(rng, len(moves))])

    def _play(self, move: Card) -> None:
        """Play ``move``, a legal card, for the player to move."""
        seat = self.turn
        hand = self.hands[seat]
        self._taken_from.append(hand.index(move))
        hand.remove(move)
        if not self.tricks or len(self.tricks[-1]) == TRICK:
            self.tricks.append([])
        trick = self.tricks[-1]
        trick.append((seat, move))
        if len(trick) < TRICK:
            self.turn = (seat + 1) % 4
            return
        winner = trick_winner(trick, self.trump)
        self.won[winner] += [c for _s, c in trick]
        self.plis[winner] += 1
        self.turn = winner

    def pop(self) -> None:
        if not self._taken_from:
            raise IndexError("no card to take back")
        trick = self.tricks[-1]
        if len(trick) == TRICK:
            winner = trick_winner(trick, self.trump)
            del self.won[winner][-TRICK:]
            self.plis[winner] -= 1
        seat, move = trick.pop()
        if not trick:
            self.tricks.pop()
        self.hands[seat].insert(self._taken_from.pop(), move)
        self.turn = seat

    def copy(self) -> RoiState:
        other = RoiState(self.manche, self.dealer, self.deal)
        other.hands = [list(hand) for hand in self.hands]
        other.tricks = [list(trick) for trick in self.tricks]
        other.won = [list(cards) for cards in self.won]
        other.plis = list(self.plis)
        other.turn = self.turn
        other._taken_from = list(self._taken_from)
        return other

    def move_text(self, move: Card) -> str:
        return code(move)

    def parse_move(self, text: str) -> Card:
        move = card(text)
        if move is None or move not in DECK:
            raise MoveError("bad_move", f"{text!r} is not a card")
        return move

    # -- records ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return {
            "game": "roi",
            "manche": self.manche + 1,
            "contract": self.contract,
            "dealer": self.dealer,
            "hands": [codes(hand) for hand in self.deal],
            "tricks": [[[s, code(c)] for s, c in trick] for trick in self.tricks],
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

    @classmethod
    def recorded_moves(cls, record: Any, state: RoiState) -> Iterator[Step]:
        """Each play ``[player, card]`` of each pli; a pli of the record must be complete
        before the next begins."""
        yield from trick_steps(record, lambda: state.played)


class RoiTable(Table[RoiState]):
    """A game of Roi, and the next ones: the 10 manches in order, dealt by player 0 then
    counter-clockwise (``play.game_records``)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.number = 0

    def deal(self) -> RoiState:
        manche = self.number % len(MANCHES)
        return RoiState(manche, (-manche) % 4, deal(self.rng))

    def collect(self, state: RoiState) -> None:
        self.number += 1
