"""A round of Differenzler played move by move behind the play interface
(``scoring.play.state``).

The rules (seed ``differenzler-jass-regle.txt``, as ``play`` reads them): 36
cards, 9 to each of 4 players, trump drawn at random (§4.2). Each player first writes his
estimate of the points he will take, 0 to 157, seen by no one else until the round is over
(§4.3): these are the first four moves, from the player right of the dealer and
counter-clockwise. Then the play (§4.4–4.7): that player leads, play goes counter-clockwise
(player n − 1 after player n); a player follows suit or trumps; void, he plays any card; he
undertrumps only when he does not hold the colour led; when trump is led all play trump, but
the Buur need not be played (``play.legal``). The highest trump, else the
highest card of the colour led, wins the pli; its points (§3.1) and 5 for the last pli go to
its winner.

A move is an ``Estimate`` (``annonce 42``) or a card (``cards.Card``, its code ``VT``).
``result()`` is the round's entries for the sheet (``rules.Differenzler`` checks and
scores them: ``estimate``, ``points``, ``last``, ``trump``). ``to_record()`` is the round's
record of ``play``, in progress too (estimates not yet written are null).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.play.state import GameState, MoveError, RecordError, Step, Table, below

from ..cards import Card, card, code
from ..records import codes, read_hands, trick_steps, whole
from .messages import record_problem
from .play import (
    DECK,
    LAST_PLI,
    SUITS,
    TRICKS,
    entries_of,
    legal,
    refusal,
    strength,
    value,
)
from .rules import DIFFERENZLER, ROUND_POINTS

TRICK = 4


@dataclass(frozen=True)
class Estimate:
    """A player's estimate of the points he will take this round (0 to 157)."""

    points: int

    def __str__(self) -> str:
        return f"annonce {self.points}"


Move = Card | Estimate
ESTIMATES = tuple(Estimate(points) for points in range(ROUND_POINTS + 1))
Entries = list[dict[str, Any]]


class DifferenzlerState(GameState[Move, Entries]):
    """Round ``number`` (1-based) of Differenzler dealt by ``dealer`` (0–3) as ``hands``
    (four lists of 9 cards), ``trump`` a suit letter: see the module docstring."""

    game = "differenzler"
    seats = 4

    def __init__(
        self, number: int, dealer: int, trump: str, hands: Sequence[Sequence[Card]]
    ) -> None:
        self.number, self.dealer, self.trump = number, dealer, trump
        self.deal = tuple(tuple(hand) for hand in hands)
        self.hands = [list(hand) for hand in hands]
        self.estimates: list[int | None] = [None] * 4
        self.tricks: list[list[tuple[int, Card]]] = []
        self.points = [0, 0, 0, 0]
        self.first = (dealer - 1) % 4  # writes the first estimate, leads the first pli
        self.turn = self.first
        self._moves: list[tuple[int, int]] = []  # per move: the seat, the card's place or -1

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> DifferenzlerTable:
        problems = DIFFERENZLER.option_problems(options)
        if problems:
            raise ValueError(str(problems[0]))
        return DifferenzlerTable(rng)

    # -- reading the state ----------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return -1 if self.is_over() else self.turn

    @property
    def played(self) -> int:
        """How many cards were played."""
        return len(self._moves) - sum(e is not None for e in self.estimates)

    @property
    def estimating(self) -> bool:
        """Whether the players are still writing their estimates."""
        return None in self.estimates

    def is_over(self) -> bool:
        return self.played == TRICKS * TRICK

    def _plays(self) -> list[Card]:
        """The cards of the pli being played (empty at a lead)."""
        trick = self.tricks[-1] if self.tricks else []
        return [c for _s, c in trick] if len(trick) < TRICK else []

    def legal_moves(self) -> list[Move]:
        """Every estimate 0 to 157 while estimating, then the cards ``legal`` allows, in the
        hand's order."""
        if self.estimating:
            return list(ESTIMATES)
        if self.is_over():
            return []
        return list(legal(self.hands[self.turn], self._plays(), self.trump))

    def is_legal(self, move: Move) -> bool:
        if isinstance(move, Estimate):
            return self.estimating and 0 <= move.points <= ROUND_POINTS
        return not self.estimating and move in self.legal_moves()

    def refusal(self, move: Move) -> tuple[str, str]:
        seat = self.turn
        if self.is_over():
            return "over", "the round is over"
        if isinstance(move, Estimate):
            if self.estimating:
                return "range", f"an estimate is 0 to {ROUND_POINTS} points"
            return "estimates_written", "the estimates are written: a card is played"
        if self.estimating:
            return "estimate_first", f"player {seat + 1} writes his estimate first"
        if move not in self.hands[seat]:
            return "not_in_hand", f"player {seat + 1} does not hold {code(move)}"
        why = refusal(self.hands[seat], self._plays(), self.trump)
        return why, record_problem(why, {"player": seat}).message

    def hand(self, seat: int) -> list[str]:
        return codes(self.hands[seat])

    def last(self) -> int:
        """The player who won the last pli (-1 before it is complete)."""
        return _winner(self.tricks[-1], self.trump) if self.is_over() else -1

    def observation(self, seat: int) -> dict[str, Any]:
        """Own hand and own estimate (the others' once the round is over, §4.3), who has
        written his; the round, dealer, trump; the points each player took; the pli on the
        table; the history: ``[player, "annonce"]`` for an estimate (its value hidden),
        ``[player, code]`` for a card."""
        over = self.is_over()
        trick = self.tricks[-1] if self.tricks and len(self.tricks[-1]) < TRICK else []
        history: list[list[Any]] = [[s, "annonce"] for s in self._estimate_order() if s >= 0]
        history += [[s, code(c)] for t in self.tricks for s, c in t]
        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": self.hand(seat),
            "history": history,
            "round": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
            "estimates": [e if over or s == seat else None for s, e in enumerate(self.estimates)],
            "written": [e is not None for e in self.estimates],
            "points": list(self.points),
            "trick": [[s, code(c)] for s, c in trick],
        }

    def _estimate_order(self) -> list[int]:
        """The seats that wrote their estimate, in the order written."""
        return [s for s, place in self._moves if place < 0]

    def returns(self) -> list[int]:
        """Minus each player's difference so far: |estimate − points taken| (0 before his
        estimate)."""
        return [
            -abs(e - p) if e is not None else 0
            for e, p in zip(self.estimates, self._points_with_last(), strict=True)
        ]

    def _points_with_last(self) -> list[int]:
        points = list(self.points)
        if self.is_over():
            points[self.last()] += LAST_PLI
        return points

    def result(self) -> Entries:
        if not self.is_over():
            raise MoveError("no_result", "the round is not over")
        estimates = [e for e in self.estimates if e is not None]
        return entries_of(estimates, self._points_with_last(), self.last(), self.trump)

    # -- playing ------------------------------------------------------------------------

    def push(self, move: Move) -> bool:
        """Write an estimate or play a card for the player to move; raises ``MoveError``
        for a move the rules refuse (Differenzler scores no faute)."""
        if not self.is_legal(move):
            raise MoveError(*self.refusal(move))
        self._play(move)
        return False

    def play_random(self, rng: random.Random) -> None:
        """``random_move`` after ``random_move``, each made without checking it again."""
        while self.estimating:
            self._play(ESTIMATES[below(rng, len(ESTIMATES))])
        while not self.is_over():
            moves = legal(self.hands[self.turn], self._plays(), self.trump)
            self._play(moves[below(rng, len(moves))])

    def _play(self, move: Move) -> None:
        """Make ``move``, a legal one, for the player to move."""
        seat = self.turn
        if isinstance(move, Estimate):
            self.estimates[seat] = move.points
            self._moves.append((seat, -1))
            self.turn = (seat - 1) % 4 if self.estimating else self.first
            return
        hand = self.hands[seat]
        self._moves.append((seat, hand.index(move)))
        hand.remove(move)
        if not self.tricks or len(self.tricks[-1]) == TRICK:
            self.tricks.append([])
        trick = self.tricks[-1]
        trick.append((seat, move))
        if len(trick) < TRICK:
            self.turn = (seat - 1) % 4
            return
        winner = _winner(trick, self.trump)
        self.points[winner] += sum(value(c, self.trump) for _s, c in trick)
        self.turn = winner

    def pop(self) -> None:
        if not self._moves:
            raise IndexError("no move to take back")
        seat, place = self._moves.pop()
        self.turn = seat
        if place < 0:
            self.estimates[seat] = None
            return
        trick = self.tricks[-1]
        if len(trick) == TRICK:
            self.points[_winner(trick, self.trump)] -= sum(value(c, self.trump) for _s, c in trick)
        _seat, move = trick.pop()
        if not trick:
            self.tricks.pop()
        self.hands[seat].insert(place, move)

    def copy(self) -> DifferenzlerState:
        other = DifferenzlerState(self.number, self.dealer, self.trump, self.deal)
        other.hands = [list(hand) for hand in self.hands]
        other.estimates = list(self.estimates)
        other.tricks = [list(trick) for trick in self.tricks]
        other.points = list(self.points)
        other.turn = self.turn
        other._moves = list(self._moves)
        return other

    def move_text(self, move: Move) -> str:
        return str(move) if isinstance(move, Estimate) else code(move)

    def parse_move(self, text: str) -> Move:
        words = text.split()
        if len(words) == 2 and words[0] == "annonce" and words[1].isdigit():
            return Estimate(int(words[1]))
        move = card(text)
        if move is None or move not in DECK:
            raise MoveError("bad_move", f"{text!r} is not a move of Differenzler")
        return move

    # -- records ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return {
            "game": "differenzler",
            "round": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
            "hands": [codes(hand) for hand in self.deal],
            "estimates": list(self.estimates),
            "tricks": [[[s, code(c)] for s, c in trick] for trick in self.tricks],
            "result": self.result() if self.is_over() else None,
        }

    @classmethod
    def start(cls, record: Any) -> DifferenzlerState:
        """The round a record deals: number, dealer, trump, the 36 cards in four hands."""
        if not isinstance(record, dict) or record.get("game") != "differenzler":
            raise RecordError("game", "not_game", "not a record of Differenzler")
        number, dealer, trump = record.get("round"), record.get("dealer"), record.get("trump")
        for field, sound in (
            ("round", whole(number, 1, 10_000)),
            ("dealer", whole(dealer, 0, 3)),
            ("trump", trump in tuple(SUITS)),
        ):
            if not sound:
                raise RecordError(field, "bad_field", "missing or not valid")
        hands, problems = read_hands(record.get("hands"), "hands", [TRICKS] * 4, DECK, True)
        if problems:
            raise RecordError("hands", problems[0].code, problems[0].message)
        assert isinstance(number, int) and isinstance(dealer, int) and isinstance(trump, str)
        return cls(number, dealer, trump, hands)

    @classmethod
    def recorded_moves(cls, record: Any, state: DifferenzlerState) -> Iterator[Step]:
        """The estimates in the order written (a null one: not yet written, nor the ones
        after it), then each play ``[player, card]`` of each pli."""
        estimates = record.get("estimates")
        if not isinstance(estimates, list) or len(estimates) != 4:
            raise RecordError("estimates", "bad_field", "four estimates, or nulls")
        for offset in range(4):
            seat = (state.first - offset) % 4
            estimate = estimates[seat]
            if estimate is None:
                break
            yield Step("estimates", f"annonce {estimate}", seat)
        yield from trick_steps(record, lambda: state.played)


def _winner(trick: list[tuple[int, Card]], trump: str) -> int:
    """Who wins a complete pli: the highest trump, else the highest card of the colour led."""
    led = trick[0][1][0]
    return max(trick, key=lambda play: strength(play[1], trump, led))[0]


class DifferenzlerTable(Table[DifferenzlerState]):
    """Rounds dealt one after another as ``play.round_record`` deals (one
    shuffle, then the trump drawn), the dealer turning clockwise from player 0."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.number = 0

    def deal(self) -> DifferenzlerState:
        cards = list(DECK)
        self.rng.shuffle(cards)
        hands = [cards[i * TRICKS : i * TRICKS + TRICKS] for i in range(4)]
        trump = self.rng.choice(SUITS)
        return DifferenzlerState(self.number + 1, self.number % 4, trump, hands)

    def collect(self, state: DifferenzlerState) -> None:
        self.number += 1
