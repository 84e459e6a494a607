"""A round of Differenzler played move by move behind the play interface
(``scoring.play.state``), as a trick game (``scoring.games.tricks.TrickState``) whose
estimates are its moves before the card play.

The rules (seed ``differenzler-jass-regle.txt``, as ``play`` reads them): 36
cards, 9 to each of 4 players, trump drawn at random (§4.2). Each player first writes his
estimate of the points he will take, 0 to 157, seen by no one else until the round is over
(§4.3): these are the first four moves, counter-clockwise from the player the seed does not
name, the club's option ``leader`` (``rules.LEADERS``: the player at the dealer's right by
default). Then the play (§4.4–4.7): that player leads, play goes counter-clockwise
(player n − 1 after player n); a player follows suit or trumps; void, he plays any card; he
undertrumps only when he does not hold the colour led; when trump is led all play trump, but
the Buur need not be played (``play.legal``). A card refused names the rule it breaks
(``why_refused``): a plain card that does not follow is not following suit, even after a
trump. The highest trump, else the
highest card of the colour led, wins the pli; its points (§3.1) and 5 for the last pli go to
its winner.

A move is an ``Estimate`` (``annonce 42``) or a card (``cards.Card``, its code ``VT``).
``result()`` is the round's entries for the sheet (``rules.Differenzler`` checks and
scores them: ``estimate``, ``points``, ``last``, ``trump``). ``to_record()`` is the round's
record of ``play``, in progress too (estimates not yet written are null), with the
``options`` when the leader is not the default one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.play.players import GREEDY
from scoring.play.state import MoveError, RecordError, Step, Table

from ..cards import Card, code
from ..records import codes, read_hands, whole
from ..tricks import Trick, TrickState
from .messages import MOVE_WORDS, PLACE_NAMES, REFUSAL_MESSAGES, SECRET_WORDS, record_problem
from .play import DECK, LAST_PLI, SUITS, TRICKS, entries_of, estimate, legal, strength, value
from .rules import DIFFERENZLER, LEADERS, ROUND_POINTS


@dataclass(frozen=True)
class Estimate:
    """A player's estimate of the points he will take this round (0 to 157)."""

    points: int

    def __str__(self) -> str:
        return f"annonce {self.points}"


Move = Card | Estimate
ESTIMATES = tuple(Estimate(points) for points in range(ROUND_POINTS + 1))
Entries = list[dict[str, Any]]


class EstimatingPlayer:
    """The simulated player of a remote table (``scoring.play.players.Player``): writes the
    estimate ``play.estimate`` reads in his hand, then plays as ``GreedyPlayer`` does,
    towards it (the move that leaves his difference smallest)."""

    def choose(self, state: DifferenzlerState, rng: random.Random) -> Move:
        """The estimate of the seat to move while they are written, else a card."""
        if state.opening():
            return Estimate(estimate(state.hands[state.to_move], state.trump))
        card: Card = GREEDY.choose(state, rng)
        return card


ESTIMATOR = EstimatingPlayer()


class DifferenzlerState(TrickState[Estimate, Entries]):
    """Round ``number`` (1-based) of Differenzler dealt by ``dealer`` (0–3) as ``hands``
    (four lists of 9 cards), ``trump`` a suit letter, ``leader`` the option (``LEADERS``):
    see the module docstring."""

    game = "differenzler"
    #: The simulated player of a remote table (``TabularAdapter.live_parts``).
    robot = ESTIMATOR
    refusal_messages = REFUSAL_MESSAGES
    move_words, place_names, secret_words = MOVE_WORDS, PLACE_NAMES, SECRET_WORDS
    deck = DECK
    direction = -1

    def __init__(
        self,
        number: int,
        dealer: int,
        trump: str,
        hands: Sequence[Sequence[Card]],
        leader: str = "dealer_right",
    ) -> None:
        self.first = (dealer + LEADERS[leader]) % 4  # the first estimate, the first pli
        super().__init__(hands, self.first)
        self.number, self.dealer, self.trump = number, dealer, trump
        self.leader = leader
        self.estimates: list[int | None] = [None] * 4

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> DifferenzlerTable:
        problems = DIFFERENZLER.option_problems(options)
        if problems:
            raise ValueError(str(problems[0]))
        return DifferenzlerTable(rng, DIFFERENZLER.option(options, "leader"))

    # -- the rules of play ------------------------------------------------------------------

    def winner(self, trick: Trick) -> int:
        """The highest trump, else the highest card of the colour led."""
        led = trick[0][1][0]
        return max(trick, key=lambda play: strength(play[1], self.trump, led))[0]

    def allowed(self, hand: list[Card], plays: list[Card]) -> list[Card]:
        """Follow suit or trump, undertrump only when void, trump on trump but the Buur
        (``play.legal``)."""
        return legal(hand, plays, self.trump)

    def refusal(self, move: Move) -> tuple[str, str]:
        seat = self.turn
        if self.is_over():
            return super().refusal(move)
        if isinstance(move, Estimate):
            if self.opening():
                return "range", f"an estimate is 0 to {ROUND_POINTS} points"
            return "estimates_written", "the estimates are written: a card is played"
        if self.opening():
            return "estimate_first", f"player {seat + 1} writes his estimate first"
        if move not in self.hands[seat]:
            return super().refusal(move)
        why = why_refused(move, self.hands[seat], self.plays(), self.trump)
        return why, record_problem(why, {"player": seat}).message

    # -- the estimates, before the card play (§4.3) ---------------------------------------

    def opening(self) -> bool:
        """Whether the players are still writing their estimates."""
        return None in self.estimates

    def opening_moves(self) -> Sequence[Estimate]:
        """Every estimate, 0 to 157."""
        return ESTIMATES

    def make_opening(self, move: Estimate) -> None:
        self.estimates[self.turn] = move.points
        self.turn = (self.turn + self.direction) % 4

    def undo_opening(self) -> None:
        if self.estimates.count(None) == 4:
            raise IndexError("no move to take back")
        self.turn = (self.turn - self.direction) % 4
        self.estimates[self.turn] = None

    def _written(self) -> list[int]:
        """The seats that wrote their estimate, in the order written."""
        return [
            (self.first + k * self.direction) % 4 for k in range(4 - self.estimates.count(None))
        ]

    # -- what the round counts ------------------------------------------------------------

    def observation(self, seat: int) -> dict[str, Any]:
        """Own hand and own estimate (the others' once the round is over, §4.3), who has
        written his; the round, dealer, trump; the points each player took; the pli on the
        table; the history: ``[player, "annonce"]`` for an estimate (its value hidden),
        ``[player, code]`` for a card."""
        seen = super().observation(seat)
        over = self.is_over()
        seen["history"][:0] = [[s, "annonce"] for s in self._written()]
        seen["estimates"] = [e if over or s == seat else None for s, e in enumerate(self.estimates)]
        seen["written"] = [e is not None for e in self.estimates]
        return seen

    def public(self) -> dict[str, Any]:
        """The round, its dealer and trump, and the points each player took (with the last
        pli's 5 once the round is over: ``points``)."""
        return {
            "round": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
            "points": self.points(),
        }

    def taken(self) -> list[int]:
        """The points of the cards each player took (§3.1)."""
        return [sum(value(c, self.trump) for c in cards) for cards in self.won]

    def points(self) -> list[int]:
        """The points each player took, with 5 for the last pli once the round is over."""
        points = self.taken()
        if self.is_over():
            points[self.last()] += LAST_PLI
        return points

    def returns(self) -> list[int]:
        """Minus each player's difference so far: |estimate − points taken| (0 before his
        estimate)."""
        return [
            -abs(e - p) if e is not None else 0
            for e, p in zip(self.estimates, self.points(), strict=True)
        ]

    def result(self) -> Entries:
        if not self.is_over():
            raise MoveError("no_result", "the round is not over")
        estimates = [e for e in self.estimates if e is not None]
        return entries_of(estimates, self.points(), self.last(), self.trump)

    # -- playing ------------------------------------------------------------------------

    def copy(self) -> DifferenzlerState:
        """An independent copy (the trick state's, with the estimates)."""
        other = super().copy()
        other.estimates = list(self.estimates)
        return other

    def move_text(self, move: Move) -> str:
        return str(move) if isinstance(move, Estimate) else code(move)

    def parse_move(self, text: str) -> Move:
        words = text.split()
        if len(words) == 2 and words[0] == "annonce" and words[1].isdigit():
            return Estimate(int(words[1]))
        try:
            return super().parse_move(text)
        except MoveError:
            raise MoveError("bad_move", f"{text!r} is not a move of Differenzler") from None

    # -- records ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "game": "differenzler",
            "round": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
        }
        if self.leader != DIFFERENZLER.option_specs["leader"].default:
            record["options"] = {"leader": self.leader}
        return record | {
            "hands": [codes(hand) for hand in self.deal],
            "estimates": list(self.estimates),
            "tricks": self.trick_record(),
            "result": self.result() if self.is_over() else None,
        }

    @classmethod
    def start(cls, record: Any) -> DifferenzlerState:
        """The round a record deals: number, dealer, trump, the 36 cards in four hands, and
        the ``options`` (the leader; the default when none)."""
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
        options = record.get("options", {})
        if not isinstance(options, dict) or DIFFERENZLER.option_problems(options):
            raise RecordError("options", "bad_field", "missing or not valid")
        hands, problems = read_hands(record.get("hands"), "hands", [TRICKS] * 4, DECK, True)
        if problems:
            raise RecordError("hands", problems[0].code, problems[0].message)
        assert isinstance(number, int) and isinstance(dealer, int) and isinstance(trump, str)
        return cls(number, dealer, trump, hands, DIFFERENZLER.option(options, "leader"))

    @classmethod
    def recorded_moves(cls, record: Any, state: DifferenzlerState) -> Iterator[Step]:
        """The estimates in the order written (a null one: not yet written, nor the ones
        after it), then each play ``[player, card]`` of each pli."""
        estimates = record.get("estimates")
        if not isinstance(estimates, list) or len(estimates) != 4:
            raise RecordError("estimates", "bad_field", "four estimates, or nulls")
        for offset in range(4):
            seat = (state.first + offset * cls.direction) % 4
            estimate = estimates[seat]
            if estimate is None:
                break
            yield Step("estimates", f"annonce {estimate}", seat)
        yield from super().recorded_moves(record, state)


class DifferenzlerTable(Table[DifferenzlerState]):
    """Rounds dealt one after another (one shuffle, then the trump drawn), the dealer
    turning clockwise from player 0."""

    def __init__(self, rng: random.Random, leader: str = "dealer_right") -> None:
        self.rng, self.leader = rng, leader
        self.number = 0

    def deal(self) -> DifferenzlerState:
        cards = list(DECK)
        self.rng.shuffle(cards)
        hands = [cards[i * TRICKS : i * TRICKS + TRICKS] for i in range(4)]
        trump = self.rng.choice(SUITS)
        return DifferenzlerState(self.number + 1, self.number % 4, trump, hands, self.leader)

    def collect(self, state: DifferenzlerState) -> None:
        self.number += 1


def why_refused(card: Card, hand: list[Card], plays: list[Card], trump: str) -> str:
    """The rule a card outside ``play.legal`` breaks (§4.5), as a refusal's code:
    ``must_trump`` (trump led, a trump other than the Buur held), ``undertrump`` (a trump
    below one played while holding the colour led), else ``must_follow`` (a plain card not
    of the colour led, though he holds it: "Si un participant possède encore une carte de la
    couleur demandée, il a le choix entre suivre la couleur … ou couper")."""
    led = plays[0][0]
    if led == trump:
        return "must_trump"
    if card[0] == trump and any(c[0] == led for c in hand) and any(c[0] == trump for c in plays):
        return "undertrump"
    return "must_follow"
