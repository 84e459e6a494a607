"""A Roimat donne behind the play interface of every game (``scoring.play.state``).

``RoimatState`` wraps a ``DonneState`` (``donne``): every question is asked of it, so the
donne keeps its speed (``play_random`` is ``DonneState.play_random``; a move is a ``Move``, its
text ``str(Move)`` as at a remote table: ``DJ>E``, ``PR``, ``N roi J``, ``contre_plis oui``).
What the interface adds:

- the seat to move as a property, ``is_legal`` and ``fault_moves``: the cards §9 forbids,
  which a player may still play as a faute de jeu (scored, §5), and ``refusal``;
- ``observation(seat)``: the remote table's view of a seat (``table.donne_view``: own hand,
  every hand's size, the trick, the last trick, announcement, contres, plis and points) with
  the public history of the moves;
- ``result()``: the sheet's ``DonneEntry`` (ROIMAT.md §10), as ``entry_of_record`` reads it
  from the donne's record; None for a void deal (the sheet does not show it);
- ``trick_won()``: who won the pli just over; ``check_outcome``: the record's fautes, then its
  result; the moves and the record's fields in words (``problems.MOVE_WORDS``,
  ``PLACE_NAMES``), for the replay page;
- ``to_record()`` is the §10 record (``record.record_of``), read back move by move;
- ``RoimatTable``: the deals of ``simulate.simulate_donnes`` (``Dealer``; the dealer turns
  left, and deals again after a donne annulled on a king sec), so that a seed gives the same
  donnes through this interface as through ``simulate_donnes``; a remote table
  (``scoring.play.live.LiveTable``) deals with it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scoring.play.state import GameState, MoveError, RecordError, Step, Table

from ..play.live import MoveRefused
from .cards import BY_CODE, CODE, COLOUR_LETTERS, FACES, hand_codes, mask_of_codes
from .donne import (
    ANNOUNCE,
    BIDDING,
    BIDS,
    CARD_MOVES,
    NO_CHOICE,
    PLAY,
    SURCONTRES_DUE,
    TAKER_BIDS,
    DonneState,
    IllegalMove,
    Move,
    distinct_cards,
    left,
)
from .players import RandomPlayer
from .problems import MESSAGES, MOVE_WORDS, PLACE_NAMES, REFUSAL_MESSAGES, TOKEN_WORDS
from .record import RecordError as DonneRecordError
from .record import announcement, plays_of, record_of, start
from .rules import RuleSet, rules_of_options
from .scoring import DonneEntry
from .seats import SEATS
from .simulate import MOVES, Dealer
from .table import donne_view, move_from_text


class RoimatState(GameState[Move, DonneEntry]):
    """A Roimat donne (ROIMAT.md §3, §4, §8, §9), through ``donne``: see the module
    docstring."""

    game = "roimat"
    refusal_messages = REFUSAL_MESSAGES
    move_words, place_names, token_words = MOVE_WORDS, PLACE_NAMES, TOKEN_WORDS
    card_faces = FACES
    scores_faults = True
    seats = 4

    def __init__(self, donne: DonneState) -> None:
        self.donne = donne
        self._random: RandomPlayer | None = None  # the random player of the last generator

    @classmethod
    def new(cls, hands: Sequence[int], dealer: int, rules: RuleSet | str = "club-8") -> RoimatState:
        """The donne dealt as ``hands`` (four bitmasks N, E, S, O) by seat ``dealer``."""
        return cls(DonneState(hands, dealer, rules))

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> RoimatTable:
        """Donnes dealt under the rule ``options`` (``rules.OPTIONS``) and ``gather`` (the
        tricks are gathered and cut between donnes, not shuffled, as at the table)."""
        return RoimatTable(rules_of_options(options, {"gather"}), rng, bool(options.get("gather")))

    # -- reading the state ----------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return self.donne.to_move()

    def is_over(self) -> bool:
        return self.donne.is_over()

    def legal_moves(self) -> list[Move]:
        """As ``DonneState.legal_moves``: pions of a colour count once."""
        return self.donne.legal_moves()

    def is_legal(self, move: Move) -> bool:
        """Whether §3, §4, §8 and §9 allow ``move`` now; any pion of a colour stands for
        another."""
        donne = self.donne
        if move.kind != "card":
            return move in donne.legal_moves()
        if donne.phase is not PLAY or not 0 <= move.card < len(CODE):
            return False
        if not donne.legal_mask(donne.turn) >> move.card & 1:
            return False
        choices = donne.choices(move.card)
        return move.to == -1 if choices == NO_CHOICE else move.to in choices

    def fault_moves(self) -> list[Move]:
        """The cards in the hand that §9 forbids now, each with the seats it may send to."""
        donne = self.donne
        if donne.phase is not PLAY:
            return []
        forbidden = donne.hands[donne.turn] & ~donne.legal_mask(donne.turn)
        return [
            CARD_MOVES[card][to + 1]
            for card in distinct_cards(forbidden)
            for to in donne.choices(card)
        ]

    def refusal(self, move: Move) -> tuple[str, str]:
        donne = self.donne
        if move.kind == "announce":
            return "announcement_refused", MESSAGES["announcement_refused"] % {"move": move}
        if move.kind == "bid":
            return "bid_out_of_order", MESSAGES["bid_out_of_order"] % {"name": move.name}
        if donne.phase is not PLAY:
            return "no_play_now", MESSAGES["no_play_now"]
        seat, card = donne.turn, CODE[move.card]
        if not donne.hands[seat] >> move.card & 1:
            return "not_in_hand", MESSAGES["not_in_hand"] % {"seat": SEATS[seat], "card": card}
        if not donne.legal_mask(seat) >> move.card & 1:
            return "illegal_card", f"{card} breaks §9 (follow, climb over, trump)"
        return "needs_choice", MESSAGES["needs_choice"] % {"card": card}

    def hand(self, seat: int) -> list[str]:
        return hand_codes(self.donne.hands[seat])

    def trick_won(self) -> int | None:
        """The winner of the last pli when no card of the next was played yet."""
        donne = self.donne
        if not donne.tricks or donne.current_trick() is not None:
            return None
        winner = donne.tricks[-1].winner
        return winner if winner >= 0 else None

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` (-1: a spectator) may see (``table.donne_view``, seats by index) with
        ``seat``, ``to_move`` and the public ``history``: ``[seat, text]`` a move."""
        return {
            "seat": seat,
            "to_move": self.to_move,
            "history": self.history(),
            **donne_view(self.donne, seat),
        }

    def history(self) -> list[list[Any]]:
        """Every move made, public in Roimat: ``[seat, text]`` a move."""
        donne = self.donne
        moves: list[list[Any]] = []
        if donne.announcer < 0:
            return moves
        announce = Move("announce", card=donne.trump, seat=donne.announcer, annul=donne.annulled)
        moves.append([donne.announcer, str(announce)])
        bids = donne.bids
        for name in self._bids_made():
            seat = donne.dealer if name in TAKER_BIDS else left(donne.dealer)
            moves.append([seat, f"{name} {'oui' if bids[name] else 'non'}"])
        for trick in donne.tricks:
            for seat, card, _fault, to in trick.plays:
                moves.append([seat, str(CARD_MOVES[card][to + 1])])
        return moves

    def _bids_made(self) -> tuple[str, ...]:
        """The contres and surcontres answered so far, in the order they were asked (§4)."""
        donne = self.donne
        if donne.announcer < 0 or donne.annulled or donne.phase is ANNOUNCE:
            return ()
        bids = donne.bids
        asked: tuple[str, ...] = ("contre_plis", "contre_roi")
        if donne.phase is BIDDING and donne.pending_bids[0] in asked:
            return asked[: asked.index(donne.pending_bids[0])]
        asked += SURCONTRES_DUE[bids["contre_plis"]][bids["contre_roi"]]
        pending = len(donne.pending_bids) if donne.phase is BIDDING else 0
        return asked[: len(asked) - pending]

    def returns(self) -> list[int]:
        """Each seat's team's card points so far."""
        points = self.donne.points
        return [points[seat % 2] for seat in range(4)]

    def result(self) -> DonneEntry | None:
        donne = self.donne
        if not donne.is_over():
            raise MoveError("no_result", MESSAGES["no_result"])
        if donne.void:
            return None
        dealer, trump = SEATS[donne.dealer], COLOUR_LETTERS[donne.trump]
        if donne.annulled:
            return DonneEntry(dealer=dealer, trump=trump, annulled=True)
        result = donne.result()
        return DonneEntry(
            dealer=dealer,
            trump=trump,
            plis_ns=int(result["plis_ns"]),
            points_ns=int(result["points_ns"]),
            roi_au_bout=bool(result["roi_au_bout"]),
            faults=tuple(SEATS[s] for s in donne.faults),
            **donne.bids,
        )

    # -- playing ------------------------------------------------------------------------

    def push(self, move: Move) -> bool:
        try:
            return self.donne.push(move)
        except IllegalMove as error:
            raise MoveError(error.code, str(error)) from None

    def pop(self) -> None:
        self.donne.pop()

    def copy(self) -> RoimatState:
        return RoimatState(self.donne.copy())

    def move_text(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        """``table.move_from_text``: a pion code is the lowest pion of its colour held."""
        try:
            return move_from_text(self.donne, text)
        except MoveRefused:
            raise MoveError("bad_move", f"{text!r} is not a move of Roimat") from None

    def random_move(self, rng: random.Random) -> Move:
        """As ``players.RandomPlayer`` draws: a card among the legal ones (pions of a colour
        once), then a seat among those it may send to."""
        player = self._random
        if player is None or player.rng is not rng:
            player = self._random = RandomPlayer(rng)
        return player.choose(self.donne)

    def play_random(self, rng: random.Random) -> None:
        self.donne.play_random(rng.getrandbits, MOVES)

    # -- records ----------------------------------------------------------------------

    def check_outcome(self, record: Any) -> RecordError | None:
        """The record's fautes (§5: the seats that played a card §9 forbids, in any order),
        then its result."""
        faults = [SEATS[s] for s in self.donne.faults]
        stated = record.get("faults") or []
        if not isinstance(stated, list) or sorted(map(str, stated)) != sorted(faults):
            params = {"computed": faults, "stated": stated}
            return RecordError("faults", "wrong_faults", MESSAGES["wrong_faults"] % params, params)
        return super().check_outcome(record)

    def to_record(self) -> dict[str, Any]:
        """The §10 record (``record_of``); while the contres are being asked, without those
        not yet answered (``record_of`` writes them false)."""
        record = record_of(self.donne)
        if self.donne.phase is BIDDING:
            made = self._bids_made()
            for name in BIDS:
                if name not in made:
                    del record[name]
        return record

    @classmethod
    def start(cls, record: Any) -> RoimatState:
        try:
            return cls(start(record))
        except DonneRecordError as error:
            problem = error.problem
            raise RecordError(str(problem.place), problem.code, problem.message) from None

    @classmethod
    def recorded_moves(cls, record: Any, state: RoimatState) -> Iterator[Step]:
        """The announcement, the contres and surcontres due (§4; one the record leaves out
        is "non", or not yet answered when no trick is recorded), then each play; a Dame or
        Tour that gives a choice sends to its play's ``to`` or the next play's seat. Raises
        ``RecordError`` for a pli whose recorded ``winner`` is not the seat that won it
        (§8)."""
        donne = state.donne
        if record.get("void") or donne.void:
            if not (record.get("void") and donne.void):
                raise RecordError("deal", "void_mismatch", MESSAGES["void_mismatch"])
            return
        if record.get("announcer") is None and not record.get("tricks"):
            return  # dealt, not yet announced
        try:
            move = announcement(record, donne)
        except DonneRecordError as error:
            problem = error.problem
            raise RecordError(str(problem.place), problem.code, problem.message) from None
        yield Step("announcer", str(move), move.seat)
        if donne.phase is ANNOUNCE or donne.annulled:
            return
        asked = []
        played = bool(record.get("tricks"))  # else a bid left out is not yet answered
        for name in BIDS:
            if donne.phase is BIDDING and donne.pending_bids[0] == name:
                if name not in record and not played:
                    return
                asked.append(name)
                yield Step(name, f"{name} {'oui' if record.get(name) else 'non'}")
        for name in BIDS:
            if record.get(name) and name not in asked:
                code = "surcontre_without_contre"
                raise RecordError(name, code, MESSAGES[code])
        tricks, checked = record.get("tricks"), 0  # the plis whose winner was checked
        try:
            for place, play, later in plays_of(record):
                checked = _check_winners(donne, tricks, checked)
                yield _play_step(donne, f"trick {place.trick}, play {place.play}", play, later)
        except DonneRecordError as error:
            problem = error.problem
            raise RecordError(str(problem.place), problem.code, problem.message) from None
        _check_winners(donne, tricks, checked)


def _check_winners(donne: DonneState, tricks: list[Any], checked: int) -> int:
    """How many plis are over and won by the seat the record says (``checked``: as many were
    before); raises ``RecordError`` at the first whose record names another winner."""
    while checked < len(donne.tricks) and donne.tricks[checked].winner >= 0:
        done = donne.tricks[checked]
        checked += 1
        stated = tricks[checked - 1].get("winner")
        if stated != SEATS[done.winner]:
            card = next(CODE[c] for s, c, *_ in done.plays if s == done.winner)
            params = {"seat": SEATS[done.winner], "card": card, "stated": stated}
            message = MESSAGES["wrong_winner"] % params
            raise RecordError(f"trick {checked}", "wrong_winner", message, params)
    return checked


def _play_step(
    donne: DonneState, place: str, play: dict[str, Any], later: list[dict[str, Any]]
) -> Step:
    """The step of a recorded play, its text carrying the seat a Dame or Tour sends to."""
    seat = play.get("seat")
    if seat not in SEATS:
        raise RecordError(place, "not_seat", MESSAGES["not_seat"] % {"value": seat})
    text = str(play.get("card"))
    card = BY_CODE.get(text)
    if card is not None and donne.phase is PLAY and len(donne.choices(card)) > 1:
        target = play.get("to") or (later[0].get("seat") if later else None)
        if target in SEATS:
            text += f">{target}"
    return Step(place, text, SEATS.index(seat), bool(play.get("fault")))


class RoimatTable(Table[RoimatState]):
    """The donnes of a partie dealt one after another (``simulate.Dealer``), the dealer
    turning left from N, dealing again after a donne annulled on a king sec (§3); the next
    player deals after a void deal."""

    def __init__(self, rules: RuleSet, rng: random.Random, gather: bool = False) -> None:
        self.rules = rules
        self.cards = Dealer(rng, gather)
        self.dealer = 0

    def deal(self) -> RoimatState:
        return RoimatState(self.cards.deal(self.dealer, self.rules))

    def deal_hands(self, hands: Sequence[Sequence[str]]) -> RoimatState:
        """The next donne dealt as ``hands`` (N, E, S, O: card codes). Raises
        ``ValueError`` unless they are the 36 cards, 9 a seat."""
        masks: list[int] = []
        dealt = 0  # the cards of the hands before: a pion takes the next one free of its colour
        for codes in hands:
            masks.append(mask_of_codes([*hand_codes(dealt), *codes]) & ~dealt)
            dealt |= masks[-1]
        if len(masks) != 4 or [m.bit_count() for m in masks] != [9] * 4:
            raise ValueError("not a Roimat deal")
        return RoimatState(DonneState(masks, self.dealer, self.rules))

    def collect(self, state: RoimatState) -> None:
        self.cards.collect(state.donne)
        if not state.donne.annulled:
            self.dealer = left(self.dealer)
