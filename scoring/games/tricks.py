"""A round of a trick-taking game behind the play interface, written once (``TrickState``).

What every trick game here shares: hands dealt, one card a move, the seat to move going round
the table (``direction``: seat n + 1 after seat n, by default), a pli of one card a player won
by the game's own rule (``winner``), whose winner leads the next; the cards a player may play
given the cards already in the pli (``allowed``: follow suit when he can, by default). A game
adds its deal's facts (trump, contract), how a pli is won, what ``result()`` and ``returns()``
count, and its record's heading (``to_record`` / ``start``); its plis are recorded as
``[player, card]`` pairs (``records.trick_steps``).

A move is a card ``(suit, rank)`` (``cards.Card``), written as its code, or one of the moves
a game may have before the card play (its type ``P``: an estimate, a bid; none by default:
``Never``), which all come before the first card (``opening`` and the hooks below it).
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from typing import Any, Self, TypeVar, cast

from scoring.play.state import GameState, MoveError, Step, below

from .cards import Card, card, code
from .records import codes, trick_steps

P = TypeVar("P")  # a move before the card play
R = TypeVar("R")  # the sheet's entry of a round
#: A pli as played: (seat, card) pairs in order.
Trick = list[tuple[int, Card]]


class TrickState(GameState[Card | P, R]):
    """A round of a trick game: ``hands`` (one list of cards a seat, as dealt), ``leader``
    (the seat who leads the first pli, or makes the first move before the card play).
    Subclasses set ``deck`` (the cards a move may name) and implement ``winner``, ``result``,
    ``returns``, ``to_record`` / ``start`` (with ``trick_record``) and ``table``; ``allowed``
    and ``refusal`` when their rule of play is not plain follow-suit; ``direction`` when play
    goes counter-clockwise; the hooks of ``opening`` when moves come before the card play."""

    french_pack = True

    #: Every card of the game's pack.
    deck: Sequence[Card] = ()
    #: The seat after seat n is n + ``direction``: 1 clockwise, -1 counter-clockwise.
    direction = 1

    def __init__(self, hands: Sequence[Sequence[Card]], leader: int) -> None:
        self.seats = len(hands)
        self.deal = tuple(tuple(hand) for hand in hands)
        self.hands = [list(hand) for hand in hands]
        self.total = sum(len(hand) for hand in hands)  # cards to play
        #: The plis, each a list of (seat, card); the last one may be incomplete.
        self.tricks: list[Trick] = []
        self.won: list[list[Card]] = [[] for _hand in hands]
        self.plis = [0] * self.seats
        self.turn = leader
        self._taken_from: list[int] = []  # per card played, its place in the hand

    # -- the game's rules ---------------------------------------------------------------

    @abstractmethod
    def winner(self, trick: Trick) -> int:
        """The seat who wins a complete ``trick``."""

    def allowed(self, hand: list[Card], plays: list[Card]) -> list[Card]:
        """The cards of ``hand`` the rules allow when ``plays`` are the cards already in the
        pli, in order (empty at a lead): a card of the suit led when he holds one, else any
        card."""
        if plays:
            led = plays[0][0]
            following = [c for c in hand if c[0] == led]
            if following:
                return following
        return list(hand)

    # -- moves before the card play (none by default) -------------------------------------

    def opening(self) -> bool:
        """Whether the seat to move makes a move before the card play (an estimate, a bid)
        rather than play a card: never, by default. Every such move comes before the first
        card."""
        return False

    def opening_moves(self) -> Sequence[P]:
        """The moves before the card play the rules allow the seat to move now."""
        return ()

    def make_opening(self, move: P) -> None:
        """Make ``move``, an allowed move before the card play, for the seat to move (and
        pass the turn on)."""
        raise NotImplementedError("no move comes before the card play")

    def undo_opening(self) -> None:
        """Take the last move before the card play back (the turn too). Raises
        ``IndexError`` when none was made."""
        raise IndexError("no move to take back")

    # -- reading the state --------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return -1 if self.is_over() else self.turn

    def is_over(self) -> bool:
        return self.played == self.total

    @property
    def played(self) -> int:
        """How many cards were played."""
        return len(self._taken_from)

    def plays(self) -> list[Card]:
        """The cards of the pli being played, in order (empty at a lead)."""
        trick = self.tricks[-1] if self.tricks else []
        return [c for _s, c in trick] if len(trick) < self.seats else []

    def legal_moves(self) -> list[Card | P]:
        """The moves before the card play while they are due (``opening_moves``), then the
        cards of the hand the rules allow (``allowed``), in the hand's order."""
        if self.opening():
            return list(self.opening_moves())
        if self.is_over():
            return []
        return [*self.allowed(self.hands[self.turn], self.plays())]

    def refusal(self, move: Card | P) -> tuple[str, str]:
        seat = self.turn
        if self.is_over():
            return "over", "the round is over"
        if move not in self.hands[seat]:
            return "not_in_hand", f"player {seat + 1} does not hold {self.move_text(move)}"
        return "must_follow", f"player {seat + 1} holds the colour led and must follow"

    def hand(self, seat: int) -> list[str]:
        return codes(self.hands[seat])

    def trick_won(self) -> int | None:
        """The winner of the last pli when the last card completed it."""
        trick = self.tricks[-1] if self.tricks else []
        return self.winner(trick) if len(trick) == self.seats else None

    def table_trick(self) -> Trick:
        """The pli on the table: the one being played (empty at a lead)."""
        trick = self.tricks[-1] if self.tricks else []
        return trick if len(trick) < self.seats else []

    def last_trick(self) -> dict[str, Any] | None:
        """The last pli over, ``{"plays": [[seat, code], …], "winner": seat}``, or None
        before the first one ends."""
        done = [t for t in self.tricks[-2:] if len(t) == self.seats]
        if not done:
            return None
        return {"plays": [[s, code(c)] for s, c in done[-1]], "winner": self.winner(done[-1])}

    def last(self) -> int:
        """The seat who won the last pli (-1 before the round is over)."""
        return self.winner(self.tricks[-1]) if self.is_over() else -1

    def public(self) -> dict[str, Any]:
        """The round's public facts for ``observation`` (dealer, trump, contract …)."""
        return {}

    def observation(self, seat: int) -> dict[str, Any]:
        """Own hand; every seat's plis; the pli on the table and the last one over
        (``last_trick``); the history of the cards played, ``[player, code]`` each; and the
        game's ``public()`` facts."""
        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": self.hand(seat),
            "history": [[s, code(c)] for t in self.tricks for s, c in t],
            **self.public(),
            "plis": list(self.plis),
            "trick": [[s, code(c)] for s, c in self.table_trick()],
            "last_trick": self.last_trick(),
        }

    # -- playing ------------------------------------------------------------------------

    def push(self, move: Card | P) -> bool:
        """Make ``move`` for the seat to move: a move before the card play (``make_opening``) while
        they are due, then a card; raises ``MoveError`` for a card not held or a move the
        rules forbid (no game here scores a faute of play in a trick game but Roimat, which
        has its own state)."""
        if not self.is_legal(move):
            raise MoveError(*self.refusal(move))
        if self.opening():
            self.make_opening(cast(P, move))
        else:
            self._play(cast(Card, move))
        return False

    def play_random(self, rng: random.Random) -> None:
        """``random_move`` after ``random_move``, each move made without checking it again."""
        while self.opening():
            opening = self.opening_moves()
            self.make_opening(opening[below(rng, len(opening))])
        plays, last = self.plays(), self.seats - 1
        while not self.is_over():
            moves = self.allowed(self.hands[self.turn], plays)
            move = moves[below(rng, len(moves))]
            self._play(move)
            if len(plays) == last:
                plays = []
            else:
                plays.append(move)

    def _play(self, move: Card) -> None:
        """Play ``move``, a legal card, for the seat to move."""
        seat, size = self.turn, self.seats
        hand = self.hands[seat]
        self._taken_from.append(hand.index(move))
        hand.remove(move)
        if not self.tricks or len(self.tricks[-1]) == size:
            self.tricks.append([])
        trick = self.tricks[-1]
        trick.append((seat, move))
        if len(trick) < size:
            self.turn = (seat + self.direction) % size
            return
        winner = self.winner(trick)
        self.won[winner] += [c for _s, c in trick]
        self.plis[winner] += 1
        self.turn = winner

    def pop(self) -> None:
        if not self._taken_from:
            self.undo_opening()
            return
        trick = self.tricks[-1]
        if len(trick) == self.seats:
            winner = self.winner(trick)
            del self.won[winner][-self.seats :]
            self.plis[winner] -= 1
        seat, move = trick.pop()
        if not trick:
            self.tricks.pop()
        self.hands[seat].insert(self._taken_from.pop(), move)
        self.turn = seat

    def copy(self) -> Self:
        other = copy.copy(self)
        other.hands = [list(hand) for hand in self.hands]
        other.tricks = [list(trick) for trick in self.tricks]
        other.won = [list(cards) for cards in self.won]
        other.plis = list(self.plis)
        other._taken_from = list(self._taken_from)
        return other

    def move_text(self, move: Card | P) -> str:
        return code(cast(Card, move))

    def parse_move(self, text: str) -> Card | P:
        move = card(text)
        if move is None or move not in self.deck:
            raise MoveError("bad_move", f"{text!r} is not a card")
        return move

    # -- records ------------------------------------------------------------------------

    def trick_record(self) -> list[list[list[Any]]]:
        """The plis as a record writes them: ``[[player, code], …]`` each."""
        return [[[s, code(c)] for s, c in trick] for trick in self.tricks]

    @classmethod
    def recorded_moves(cls, record: Any, state: Self) -> Iterator[Step]:
        """Each play ``[player, card]`` of each pli; a pli of the record must be complete
        before the next begins."""
        yield from trick_steps(record, lambda: state.played, state.seats)
