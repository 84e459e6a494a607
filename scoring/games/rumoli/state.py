"""A coup of Rumoli played move by move behind the play interface (``scoring.play.state``).

The rules (seed ``rumoli-regle.txt``, as ``play`` reads them), for 3 to 7 players:
the stakes on the four boodle cards are laid and the cards dealt, with a dead hand, by the
table (standard stakes, or the agreed amount spread at random: ``play.stakes``). Then
the moves, each a ``RumoliMove`` written as text:

- the dealer takes the dead hand (``take``) or keeps his hand; keeping it, he "a le
  privilège de vendre la main du mort": he sells it (``keep``) or not (``no_sale``);
- selling it, each other player bids (``bid 3``, 0 to ``MAX_BID`` chips), in seat order; the
  highest bid buys it and pays the dealer, a tie and a bid of 0 as the options read them
  (``rules.dead_hand_buyer``);
- the play (``play.Coup``): the leader leads the lowest card of a colour he may lead
  (``lead 5C``); whoever holds the next card up plays it (``play 6C``), until the sequence
  stops; the coup ends when a player plays his last card.

Rumoli scores its irregularities (``scores_faults``): a lead that is not the lowest card of
its colour (1), a player holding the next card who stops the sequence (``stop``, 2) and a lead
of the colour just played (3), taken back by the move that must follow it (``take_back 5C``)
are the ``fault_moves``. A record marks irregularity 1, the one a lead does not show by
itself (``["lead", p, card, "irregularite_1"]``): an unmarked one is refused at the lead,
naming it. A record's moves are at places ``play N`` (a card, or a stop of the sequence).
``result()`` is the coup's ledger for the sheet (``rules.Rumoli`` checks and scores it),
``to_record()`` the coup's record of ``play``; in progress,
``dead_hand`` is null before the dealer's choice and carries ``"bidding": true`` while the
bids are made. ``pop`` restores a snapshot of the coup taken before each move (python-chess's
``_BoardState``), as ``Coup`` has no undo.

``RumoliTable`` deals as ``records.sheet_records`` does, the board carried from coup to coup,
so that a seed gives the same coups through this interface. Options: the sheet's (``rules``'s
``option_specs``) and ``players`` (3 to 7, 4 by default).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.play.state import GameState, MoveError, RecordError, Step, Table, below

from ..cards import Card, card, code
from ..records import codes, read_hands, whole
from .messages import MOVE_WORDS, PLACE_NAMES, REFUSAL_MESSAGES
from .play import DECK, Coup, CoupError, deal, stake_problems, stakes
from .rules import RUMOLI, dead_hand_buyer, dealt

MAX_BID = 400  # chips: the most a bid for the dead hand may be (as a record reads it)
TAKE_CHANCE = 0.3  # how often a random dealer takes the dead hand (``play``)
RANDOM_BIDS = 3  # a random bidder bids 0 to 3 chips (``play``)
Entries = list[dict[str, int]]


@dataclass(frozen=True)
class RumoliMove:
    """A move of a coup: ``kind`` (``keep``, ``no_sale``, ``take``, ``bid``, ``lead``,
    ``play``, ``stop``, ``take_back``), the ``card`` of a lead, play or take-back, the
    ``chips`` of a bid."""

    kind: str
    card: Card | None = None
    chips: int = 0

    def __str__(self) -> str:
        if self.kind == "bid":
            return f"bid {self.chips}"
        return f"{self.kind} {code(self.card)}" if self.card else self.kind


KEEP, TAKE, STOP = RumoliMove("keep"), RumoliMove("take"), RumoliMove("stop")
NO_SALE = RumoliMove("no_sale")
IRREGULARITY_1 = "irregularite_1"  # a record's mark of a lead not the lowest of its colour
BIDS = tuple(RumoliMove("bid", chips=chips) for chips in range(MAX_BID + 1))
CARD_KINDS = ("lead", "play", "take_back")
#: What a move undoes to: the dealer's choice, the bids, the sale, the coup (a copy).
Snapshot = tuple[str | None, tuple[int | None, ...], tuple[int, ...], Coup | None]


def copy_coup(coup: Coup) -> Coup:
    """An independent copy of a coup (its lists and sets copied; cards are tuples)."""
    other = Coup.__new__(Coup)
    for name, value in vars(coup).items():
        if isinstance(value, list):
            value = [list(v) if isinstance(v, list) else v for v in value]
        elif isinstance(value, set):
            value = set(value)
        setattr(other, name, value)
    return other


class RumoliState(GameState[RumoliMove, Entries]):
    """Coup ``number`` (1-based) of ``len(hands)`` players dealt by ``dealer``: see the
    module docstring. ``board``: the chips on each boodle card before the stakes;
    ``bets``: each player's stake on each boodle card; ``hands`` and ``dead`` as dealt."""

    game = "rumoli"
    refusal_messages = REFUSAL_MESSAGES
    move_words, place_names = MOVE_WORDS, PLACE_NAMES
    french_pack = True
    scores_faults = True

    def __init__(
        self,
        number: int,
        dealer: int,
        options: Mapping[str, Any],
        board: Sequence[int],
        bets: Sequence[Sequence[int]],
        hands: Sequence[Sequence[Card]],
        dead: Sequence[Card],
    ) -> None:
        self.number, self.dealer = number, dealer
        self.seats = len(hands)
        self.options = dict(options)
        self.board = list(board)
        self.bets = [list(bet) for bet in bets]
        self.deal = tuple(tuple(hand) for hand in hands)
        self.dead = tuple(dead)
        self.bidders = [p for p in range(self.seats) if p != dealer]
        self.choice: str | None = None  # the dealer's: "keep", "no_sale" or "take"
        self.bids: list[int | None] = [None] * self.seats
        self.sale = [0] * self.seats
        self.coup: Coup | None = None
        self.moves: list[tuple[int, RumoliMove]] = []
        self.marks: list[bool] = []  # for each move, whether it was irregularity 1
        self._history: list[Snapshot] = []

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> RumoliTable:
        players = options.get("players", 4)
        sheet = {k: v for k, v in options.items() if k != "players"}
        problems = RUMOLI.option_problems(sheet)
        if problems or not whole(players, *RUMOLI.seats):
            raise ValueError(str(problems[0]) if problems else f"{players!r} players")
        return RumoliTable(rng, players, sheet)

    # -- reading the state ----------------------------------------------------------------

    def _bidder(self) -> int:
        """The next player to bid for the dead hand."""
        return self.bidders[sum(self.bids[p] is not None for p in self.bidders)]

    @property
    def to_move(self) -> int:
        coup = self.coup
        if coup is None:
            return self.dealer if self.choice is None else self._bidder()
        if coup.taken_back is not None:
            return coup.taken_back[0]
        if coup.over:
            return -1
        if coup.leader is not None:
            return coup.leader
        due = coup.next_card()
        assert due is not None
        return due[0]

    def is_over(self) -> bool:
        return self.to_move < 0

    def legal_moves(self) -> list[RumoliMove]:
        """The dealer's choice; a bid; the lowest card of each colour the leader may lead;
        the take-back due; or the next card of the sequence."""
        coup = self.coup
        if coup is None:
            return [KEEP, NO_SALE, TAKE] if self.choice is None else list(BIDS)
        if coup.taken_back is not None:
            return [RumoliMove("take_back", coup.taken_back[1])]
        if coup.over:
            return []
        if coup.leader is not None:
            hand = coup.hands[coup.leader]
            suits = sorted(coup.lead_suits(coup.leader))
            return [RumoliMove("lead", min(c for c in hand if c[0] == s)) for s in suits]
        due = coup.next_card()
        assert due is not None
        return [RumoliMove("play", due[1])]

    def fault_moves(self) -> list[RumoliMove]:
        """The irregularities: a lead of a card other than the lowest of its colour (1), the
        next card held back (``stop``, 2), a lead of the colour just played (3; not again
        right after it was taken back, so that a coup always goes on)."""
        coup = self.coup
        if coup is None or coup.over or coup.taken_back is not None:
            return []
        if coup.leader is None:
            return [STOP]
        hand = coup.hands[coup.leader]
        suits = coup.lead_suits(coup.leader)
        faults = [RumoliMove("lead", c) for c in sorted(hand) if c[0] in suits]
        faults = [m for m in faults if m not in self.legal_moves()]
        taken_back = self.moves and self.moves[-1][1].kind == "take_back"
        if coup.last_suit is not None and coup.last_suit not in suits and not taken_back:
            again = [c for c in hand if c[0] == coup.last_suit]
            if again:
                faults.append(RumoliMove("lead", min(again)))
        return faults

    def irregularity(self, move: RumoliMove) -> int:
        """The irregularity a lead makes: 1, a card other than the lowest of its colour; 3,
        the colour just played; else 0."""
        coup = self.coup
        if coup is None or coup.leader is None or move.kind != "lead" or move.card is None:
            return 0
        hand = coup.hands[coup.leader]
        if move.card not in hand:
            return 0
        if move.card[0] not in coup.lead_suits(coup.leader):
            return 3
        return 1 if move.card != min(c for c in hand if c[0] == move.card[0]) else 0

    def refusal(self, move: RumoliMove) -> tuple[str, str]:
        """Why ``move`` is refused; a lead names the irregularity it makes (seed:
        "Irrégularités : 1- Si un joueur entame une Couleur par une autre carte que la carte
        la plus basse de sa main …")."""
        seat, coup = self.to_move, self.coup
        if seat < 0:
            return "coup_over", "the coup was already over"
        if move.kind not in {m.kind for m in self.legal_moves()}:
            return "not_now", f"{move} is not a move player {seat + 1} may make now"
        if coup is not None and move.card is not None and move.card not in coup.hands[seat]:
            return "not_in_hand", f"player {seat + 1} does not hold {code(move.card)}"
        if move.kind == "play":
            return "not_next", f"{move} does not follow the sequence"
        irregularity = self.irregularity(move)
        if irregularity == 1:
            text = "not the lowest card of its colour (irregularity 1, to be marked)"
            return "irregularity_1", f"{move}: {text}"
        if irregularity == 3:
            return "irregularity_3", f"{move}: the colour just played (irregularity 3)"
        return "forbidden", f"{move} is not allowed now"

    def hand(self, seat: int) -> list[str]:
        return codes(self.coup.hands[seat] if self.coup else self.deal[seat])

    def observation(self, seat: int) -> dict[str, Any]:
        """Own hand; the stakes, the board, the dealer's choice, the bids and the sale; every
        hand's size; the last card of the sequence, who leads; each player's collections and
        penalties; the moves so far, ``[player, text]`` each. Not the dead hand."""
        coup = self.coup
        hands = coup.hands if coup else self.deal
        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": self.hand(seat),
            "history": [[p, str(move)] for p, move in self.moves],
            "coup": self.number,
            "dealer": self.dealer,
            "options": dict(self.options),
            "stakes": [list(bet) for bet in self.bets],
            "board": list(coup.board if coup else self.board),
            "choice": self.choice,
            "bids": list(self.bids),
            "sale": list(self.sale),
            "hand_sizes": [len(hand) for hand in hands],
            "last": [coup.last[0], code(coup.last[1])] if coup and coup.last else None,
            "leader": coup.leader if coup else None,
            "collected": [sum(c) for c in coup.collected] if coup else [0] * self.seats,
            "penalty": list(coup.penalty) if coup else [0] * self.seats,
        }

    def _entries(self) -> Entries:
        """The coup's ledger as it stands (``Coup.entries``; before the play, the stakes and
        the sale to the highest bid so far)."""
        if self.coup is not None:
            return self.coup.entries(self.dealer, self.bets, self.sale)
        sale = [0] * self.seats  # while bidding: as if the highest bid so far bought it
        buyer = dead_hand_buyer(self.bids, self.dealer, self.options)
        if buyer is not None:
            sale[buyer], sale[self.dealer] = -(self.bids[buyer] or 0), self.bids[buyer] or 0
        nothing = {"collected": 0, "penalty": 0, "cards_left": 1, "irregularite_2": 0}
        return [
            {"stake": sum(bet), "sale": chips, **nothing}
            for bet, chips in zip(self.bets, sale, strict=True)
        ]

    def returns(self) -> list[int]:
        """Each player's change in chips so far (``Rumoli.score``)."""
        return RUMOLI.score(RUMOLI.round_spec(1, self.seats, {}), self._entries())

    def result(self) -> Entries:
        if not self.is_over():
            raise MoveError("no_result", "the coup is not over")
        return self._entries()

    # -- playing ------------------------------------------------------------------------

    def push(self, move: RumoliMove) -> bool:
        fault = not self.is_legal(move)
        if fault and move not in self.fault_moves():
            raise MoveError(*self.refusal(move))
        self._make(self.to_move, move, fault and self.irregularity(move) == 1)
        return fault

    def _make(self, seat: int, move: RumoliMove, mark: bool = False) -> None:
        """Make ``move`` for ``seat``, a move legal or an irregularity (``mark``: 1)."""
        coup = self.coup
        self._history.append(
            (self.choice, tuple(self.bids), tuple(self.sale), copy_coup(coup) if coup else None)
        )
        self.moves.append((seat, move))
        self.marks.append(mark)
        try:
            if move.kind in ("keep", "take", "no_sale"):
                self.choice = move.kind
                if move.kind == "take":
                    self._start(self.dealer)
                elif move.kind == "no_sale":
                    self._start(None)
            elif move.kind == "bid":
                self.bids[seat] = move.chips
                if all(self.bids[p] is not None for p in self.bidders):
                    self._sell()
            elif coup is not None and move.kind == "stop":
                coup.stop(seat)
            elif coup is not None and move.card is not None:
                {"lead": coup.lead, "play": coup.play, "take_back": coup.take_back}[move.kind](
                    seat, move.card
                )
        except CoupError as error:
            self.pop()
            raise MoveError(error.problem.code, error.problem.message) from None

    def _sell(self) -> None:
        """The dead hand to the highest bidder, who pays the dealer his bid."""
        buyer = dead_hand_buyer(self.bids, self.dealer, self.options)
        if buyer is not None:
            price = self.bids[buyer] or 0
            self.sale[buyer], self.sale[self.dealer] = -price, price
        self._start(buyer)

    def _start(self, taker: int | None) -> None:
        """The play begins, ``taker`` (or nobody) holding the dead hand."""
        hands = [list(hand) for hand in self.deal]
        if taker is not None:
            hands[taker] = list(self.dead)
        board = [b + sum(bet[k] for bet in self.bets) for k, b in enumerate(self.board)]
        self.coup = Coup(hands, self.dealer, board, self.options)

    def pop(self) -> None:
        if not self._history:
            raise IndexError("no move to take back")
        choice, bids, sale, coup = self._history.pop()
        self.moves.pop()
        self.marks.pop()
        self.choice, self.bids, self.sale, self.coup = choice, list(bids), list(sale), coup

    def copy(self) -> RumoliState:
        other = RumoliState(
            self.number, self.dealer, self.options, self.board, self.bets, self.deal, self.dead
        )
        other.choice, other.bids, other.sale = self.choice, list(self.bids), list(self.sale)
        other.coup = copy_coup(self.coup) if self.coup else None
        other.moves, other.marks = list(self.moves), list(self.marks)
        other._history = list(self._history)  # snapshots are never changed: shared
        return other

    def move_text(self, move: RumoliMove) -> str:
        return str(move)

    def parse_move(self, text: str) -> RumoliMove:
        words = text.split()
        if words in (["keep"], ["take"], ["stop"], ["no_sale"]):
            return RumoliMove(words[0])
        if len(words) == 2 and words[0] == "bid" and words[1].isdigit():
            chips = int(words[1])
            if chips <= MAX_BID:
                return BIDS[chips]
        if len(words) == 2 and words[0] in CARD_KINDS:
            played = card(words[1])
            if played is not None and played in DECK:
                return RumoliMove(words[0], played)
        raise MoveError("not_move", f"{text!r} is no card, bid or choice of Rumoli")

    def random_move(self, rng: random.Random) -> RumoliMove:
        """A move drawn with no irregularity: the dealer
        takes the dead hand at ``TAKE_CHANCE``, a bid is 0 to ``RANDOM_BIDS``, a lead is the
        lowest card of a colour at random; the draws of the irregularities it does not make
        are drawn all the same."""
        coup = self.coup
        if coup is None:
            if self.choice is None:
                return TAKE if rng.random() < TAKE_CHANCE else KEEP
            return BIDS[rng.randint(0, RANDOM_BIDS)]
        if coup.leader is not None and coup.taken_back is None:
            hand = coup.hands[coup.leader]
            suits = sorted(coup.lead_suits(coup.leader))
            if coup.last_suit in {s for s, _r in hand} - set(suits):
                rng.random()
            colour = suits[below(rng, len(suits))]
            cards = sorted(c for c in hand if c[0] == colour)
            if len(cards) > 1:
                rng.random()
            return RumoliMove("lead", cards[0])
        if coup.taken_back is None:
            rng.random()
        return self.legal_moves()[0]

    # -- records ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "game": "rumoli",
            "coup": self.number,
            "players": self.seats,
            "dealer": self.dealer,
            "options": dict(self.options),
            "board": list(self.board),
            "stakes": [list(bet) for bet in self.bets],
            "hands": [codes(hand) for hand in self.deal],
            "dead": codes(self.dead),
            "dead_hand": None,
        }
        if self.choice == "take":
            record["dead_hand"] = {"taken_by": self.dealer, "price": 0, "bids": None}
        elif self.choice == "no_sale":
            record["dead_hand"] = {"taken_by": None, "price": 0, "bids": None}
        elif self.choice == "keep":
            buyer = dead_hand_buyer(self.bids, self.dealer, self.options) if self.coup else None
            price = self.bids[buyer] or 0 if buyer is not None else 0
            sold = {"taken_by": buyer, "price": price, "bids": list(self.bids)}
            record["dead_hand"] = sold if self.coup else {**sold, "bidding": True}
        record["moves"] = [
            [move.kind, p] + ([code(move.card)] if move.card else []) + [IRREGULARITY_1] * mark
            for (p, move), mark in zip(self.moves, self.marks, strict=True)
            if move.kind not in ("keep", "no_sale", "take", "bid")
        ]
        record["result"] = self.result() if self.is_over() else None
        return record

    @classmethod
    def start(cls, record: Any) -> RumoliState:
        """The coup a record deals: players, dealer, options, board, stakes, hands and the
        dead hand. The entries of its ``result`` with the names of before (``irregular``,
        ``wrong_lead``) are renamed in the record itself (``Rumoli.renamed``), so that it
        compares with the moves' result."""
        if not isinstance(record, dict) or record.get("game") != "rumoli":
            raise RecordError("game", "not_game", "not a record of Rumoli")
        if isinstance(record.get("result"), list):
            record["result"] = [RUMOLI.renamed(entry) for entry in record["result"]]
        players, dealer = record.get("players"), record.get("dealer")
        options, board, bets = record.get("options"), record.get("board"), record.get("stakes")
        if not whole(players, *RUMOLI.seats) or not whole(dealer, 0, players - 1):
            raise RecordError("players", "bad_field", "players and dealer: missing or not valid")
        if not isinstance(options, dict) or RUMOLI.option_problems(options):
            raise RecordError("options", "bad_field", "missing or not valid")
        if not isinstance(board, list) or [whole(b, 0, 10**6) for b in board] != [True] * 4:
            raise RecordError("board", "bad_field", "four numbers of chips")
        if not (
            isinstance(bets, list)
            and len(bets) == players
            and all(
                isinstance(b, list) and [whole(x, 0, 400) for x in b] == [True] * 4 for b in bets
            )
        ):
            raise RecordError("stakes", "bad_field", "four numbers of chips a player")
        if problems := stake_problems(bets, dealer, options):
            raise RecordError("stakes", problems[0].code, problems[0].message)
        hands = record.get("hands")
        sizes, dead_size = dealt(players, dealer)
        both, problems = read_hands(
            [*hands, record.get("dead")] if isinstance(hands, list) else None,
            "hands",
            [*sizes, dead_size],
            DECK,
            True,
        )
        if problems:
            raise RecordError("hands", problems[0].code, problems[0].message)
        return cls(
            record.get("coup", 1), dealer, options, board, bets, both[:players], both[players]
        )

    @classmethod
    def recorded_moves(cls, record: Any, state: RumoliState) -> Iterator[Step]:
        """The dealer's choice (taking the dead hand, he pays no price), the bids in seat
        order (a missing bid is 0, or not yet made while ``bidding``), then each move
        ``[kind, player, card]`` at place ``play N``, an irregularity marked as the faute it
        is: a stop, a lead of the colour just played and its take-back by themselves, a lead
        not the lowest of its colour when the record marks it
        (``[kind, player, card, "irregularite_1"]``)."""
        sold = record.get("dead_hand")
        if sold is None:
            return
        if not isinstance(sold, dict):
            raise RecordError("dead_hand", "bad_field", "missing or not valid")
        if sold.get("taken_by") == state.dealer:
            if sold.get("price") != 0:  # he pays no one
                message = "the dealer takes the dead hand without a price"
                raise RecordError("dead_hand", "dead_hand_price", message)
            yield Step("dead_hand", "take", state.dealer)
        elif sold.get("taken_by") is None and sold.get("bids") is None:
            yield Step("dead_hand", "no_sale", state.dealer)
        else:
            yield Step("dead_hand", "keep", state.dealer)
            bids = sold.get("bids")
            if not isinstance(bids, list) or len(bids) != state.seats:
                raise RecordError("dead_hand.bids", "bad_field", "one bid a player")
            for player in state.bidders:
                if bids[player] is None and sold.get("bidding"):
                    return
                yield Step("dead_hand.bids", f"bid {bids[player] or 0}", player)
            if sold.get("bidding"):
                return
            buyer = dead_hand_buyer(state.bids, state.dealer, state.options)
            price = state.bids[buyer] if buyer is not None else 0
            if (sold.get("taken_by"), sold.get("price")) != (buyer, price):
                message = "the highest bidder buys the dead hand, at his bid"
                raise RecordError("dead_hand", "dead_hand_buyer", message)
        moves = record.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves", "bad_field", "missing or not valid")
        for number, move in enumerate(moves, start=1):
            place = f"play {number}"
            if not (isinstance(move, list) and len(move) in (2, 3, 4) and isinstance(move[0], str)):
                raise RecordError(place, "not_move", f"{move!r} is not a move")
            if not whole(move[1], 0, state.seats - 1):
                raise RecordError(place, "not_move", f"{move!r} names no player")
            marked = len(move) == 4
            if marked and (move[0] != "lead" or move[3] != IRREGULARITY_1):
                raise RecordError(place, "not_move", f"{move!r} is not a move")
            text = " ".join(str(part) for part in [move[0], *move[2:3]])
            yield Step(place, text, move[1], marked or _irregular(state, text))


def _irregular(state: RumoliState, text: str) -> bool:
    """Whether a recorded move is one of the irregularities that the moves of a Rumoli
    record show by themselves (a ``stop``, a lead of the colour just played); a lead not the
    lowest of its colour is one only when marked."""
    try:
        move = state.parse_move(text)
    except MoveError:
        return False
    return move in state.fault_moves() and state.irregularity(move) != 1


class RumoliTable(Table[RumoliState]):
    """Coups dealt one after another: the dealer turning from
    player 0, the stakes laid and the cards dealt from the generator, the chips left on the
    boodle cards carried to the next coup."""

    def __init__(self, rng: random.Random, players: int, options: Mapping[str, Any]) -> None:
        self.rng, self.players, self.options = rng, players, dict(options)
        self.number = 0
        self.board = [0, 0, 0, 0]

    def deal(self) -> RumoliState:
        dealer = self.number % self.players
        free = RUMOLI.option(self.options, "stakes") == "free"
        double = RUMOLI.option(self.options, "dealer_stakes") == "double"
        agreed = RUMOLI.option(self.options, "stake")
        bets = stakes(self.rng, self.players, dealer, free, agreed, double)
        hands, dead = deal(self.rng, self.players, dealer)
        return RumoliState(self.number + 1, dealer, self.options, self.board, bets, hands, dead)

    def collect(self, state: RumoliState) -> None:
        assert state.coup is not None
        self.board = list(state.coup.board)
        self.number += 1
