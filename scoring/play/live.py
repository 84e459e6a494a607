"""A partie played at a distance, for any game with a play state: its rounds dealt one after
another, every move numbered, what each seat may see, simulated players in some seats. Plain
Python; the site stores what happens (``scoring.remote``) and draws it (the table's page).

Every game's remote table is a ``LiveTable``, written once over ``GameState``:
``play(seat, seq, text)`` makes a move (refused with ``MoveRefused``, a code of ``REFUSALS``,
unless ``seq`` is the table's, the seat is the one to move and the rules allow the move),
``play_robots(seats)`` lets the simulated players move, ``view(seat)`` is the protocol's
``state`` for a seat or a spectator (``docs/remote-protocol.md``), and ``events`` says what
happened since the caller last looked (``Dealt``, ``Moved``, ``Ended``), for it to store.
Seats are named as the game's sheet names them (``"1"`` … ``"n"``, Roimat's ``N`` … ``O``),
moves are the state's texts (``move_text``), rounds are dealt by the game's table
(``GameState.table``) from a generator seeded by the table's code, so that the table is
rebuilt from its moves (``LiveTable.resume``). A move the rules forbid is refused like any
other, so no faute de jeu is made at a distance. The partie ends by its sheet's rules
(``SheetRules``), which also give each seat's total and the sheet's lines.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .players import GREEDY, Player
from .state import GameState, MoveError, Table

#: Why a move is refused (the site says it in the user's language): ``stale``: numbered for
#: another state (replayed or late), ignored; ``not_seated``: a spectator cannot play;
#: ``not_your_turn``; ``bad_move``: not a move of the protocol; ``not_in_hand``;
#: ``illegal_card``: a card or move the rules forbid now (a card not followed, a bid not
#: offered …); ``needs_choice``: a Roimat Dame or Tour played without the seat it sends to
#: (ROIMAT.md §8); ``over``: the partie is over.
REFUSALS = (
    "stale",
    "not_seated",
    "not_your_turn",
    "bad_move",
    "not_in_hand",
    "illegal_card",
    "needs_choice",
    "over",
)


class MoveRefused(ValueError):
    """A move the table does not make; ``code`` is one of ``REFUSALS``."""

    def __init__(self, code: str) -> None:
        assert code in REFUSALS, code
        self.code = code
        super().__init__(code)


@dataclass(frozen=True)
class Dealt:
    """Round ``number`` (1-based, void deals included) dealt by ``dealer`` (a seat, or "" for
    a game without one): ``hands`` maps each seat to the card codes it was dealt."""

    number: int
    dealer: str
    hands: dict[str, list[str]]


@dataclass(frozen=True)
class Moved:
    """Move ``seq`` (1-based over the whole table) of round ``number``, by ``seat``, as text."""

    seq: int
    number: int
    seat: str
    text: str


@dataclass(frozen=True)
class Ended:
    """Round ``number`` is over: its record and the ``entry`` for the sheet (None for a round
    that puts nothing on it, as a void Roimat deal)."""

    number: int
    record: dict[str, Any]
    entry: Any


Event = Dealt | Moved | Ended


@dataclass(frozen=True)
class RoundOver:
    """The last round over at a table: its ``number`` and ``scores``, what it put on the
    sheet for each seat (in the seats' order: the round's own points, each seat's total after
    it less its total before), None for a round that put nothing on it."""

    number: int
    scores: list[int] | None


class SheetRules(Protocol):
    """What a live table needs of its game's sheet: each player's totals (points, as the
    sheet shows them) after the rounds' ``results`` (``GameState.result()`` each), and
    whether the partie is over after them, and the name the sheet gives each round."""

    def totals(self, results: Sequence[Any]) -> list[int]:
        """Each player's total after ``results``."""

    def is_over(self, results: Sequence[Any]) -> bool:
        """Whether the sheet's rules end the partie after ``results``."""

    def round_name(self, number: int) -> str:
        """The sheet's name of round ``number`` (1-based: ``Coup 3``, a Roi manche's
        contract)."""

    def winners(self, results: Sequence[Any]) -> list[int]:
        """The players (indexes, in the seats' order) who won the partie over after
        ``results``: every member of a winning team; none on a draw or while it goes on."""

    def lines(self, results: Sequence[Any]) -> dict[str, Any] | None:
        """The sheet after ``results`` as the table's page draws it beside the play,
        JSON-ready, or None when each player's total says all: ``head``, the columns' words
        (the paper sheet's); ``groups``, each column's tint (a team's key, or ""); ``rows``,
        each round's ``cells`` (text or numbers) with its ``kind`` (``scoring.play.layout``'s
        ``ROW``, or ``ANNULLED``, drawn muted); ``foot``, the totals line."""


def check_turn(seq: object, expected: int, seat: str | None, to_move: str | None) -> None:
    """The checks of a move message before its move is read, the same at every table:
    ``MoveRefused`` ``stale`` unless ``seq`` is the table's (``expected``), ``not_seated``
    for a spectator (``seat`` None), ``over`` when no round is being played (``to_move``
    None: the partie is over), ``not_your_turn`` for another seat than ``to_move``."""
    if seq != expected:
        raise MoveRefused("stale")
    if seat is None:
        raise MoveRefused("not_seated")
    if to_move is None:
        raise MoveRefused("over")
    if seat != to_move:
        raise MoveRefused("not_your_turn")


def seat_names(players: int) -> list[str]:
    """The seats of a table of ``players``: ``"1"`` … ``"n"``, as a partie's sheet names
    them."""
    return [str(n) for n in range(1, players + 1)]


class LiveTable:
    """A partie of any game at a remote table (see the module docstring).

    ``table``: the game's ``Table`` dealing the rounds (seeded); ``sheet``: its sheet's rules;
    ``seats``: their names (``"1"`` … ``"n"``: ``seat_names``; Roimat's ``N`` … ``O``), in the
    state's order;
    ``seed``: the simulated players' draws (each move's from ``seed`` and its number);
    ``robot``: the simulated players' way of playing (``GreedyPlayer`` unless the game has a
    better one).
    ``state``: the round being played (the last one once the partie is over), None before
    the first deal; ``number``: rounds dealt; ``results``: the entries of the rounds over
    that went on the sheet, ``totals`` each seat's points after them and ``finished``
    whether the sheet's rules end the partie there, ``lines`` the sheet's lines (all three
    counted again only when a round ends); ``seq``: moves made at the table;
    ``ended``: the last round over (``RoundOver``), None before one ends."""

    def __init__(
        self,
        table: Table[Any],
        sheet: SheetRules,
        seats: Sequence[str],
        seed: str,
        robot: Player = GREEDY,
    ) -> None:
        self.table, self.sheet, self.seed, self.robot = table, sheet, seed, robot
        self.seats = list(seats)
        self.state: GameState[Any, Any] | None = None
        self.number = self.seq = 0
        self.results: list[Any] = []
        self.ended: RoundOver | None = None
        self._count()
        #: What everyone saw of the round before when it ended (``public``), None before.
        self.before: dict[str, Any] | None = None
        self.events: list[Event] = []
        self._dealt: Mapping[int, Mapping[str, Sequence[str]]] = {}

    def _count(self) -> None:
        """The sheet's totals, end and lines after the results so far."""
        self.totals = self.sheet.totals(self.results)
        self.finished = self.sheet.is_over(self.results)
        self.lines = self.sheet.lines(self.results)

    @classmethod
    def resume(
        cls,
        table: Table[Any],
        sheet: SheetRules,
        seats: Sequence[str],
        seed: str,
        moves: Iterable[tuple[int, str]],
        dealt: Mapping[int, Mapping[str, Sequence[str]]] | None = None,
        robot: Player = GREEDY,
    ) -> LiveTable:
        """The table as it stands after ``moves`` (round number, text), all the moves made
        at it in order, dealt again by a ``table`` seeded as the first one was. ``dealt``:
        the hands stored for each round (number → seat → card codes); a round whose hands
        the seeded table does not deal again (a table opened under an older dealing) is
        dealt as stored (``Table.deal_hands``). Raises ``MoveRefused("bad_move")`` when a
        stored move cannot be made or a stored round cannot be dealt again."""
        game = cls(table, sheet, seats, seed, robot)
        game._dealt = dealt or {}
        game.start()
        for number, text in moves:
            if number != game.number or game.state is None or game.state.is_over():
                raise MoveRefused("bad_move")
            try:
                game._push(game._move(text))
            except MoveRefused:
                raise MoveRefused("bad_move") from None
        game.events = []
        game._dealt = {}
        return game

    def start(self) -> None:
        """Deal the first round. Raises ``ValueError`` when the game's table deals another
        number of seats than the table has."""
        self._deal()

    def _deal(self) -> None:
        self.number += 1
        state = self.table.deal()
        if state.seats != len(self.seats):
            raise ValueError(f"{state.seats} seats dealt at a table of {len(self.seats)}")
        hands = {seat: state.hand(i) for i, seat in enumerate(self.seats)}
        stored = self._dealt.get(self.number)
        if stored is not None and _dealt_differently(hands, stored):
            try:
                state = self.table.deal_hands([list(stored[seat]) for seat in self.seats])
            except (KeyError, TypeError, ValueError):
                raise MoveRefused("bad_move") from None
            hands = {seat: state.hand(i) for i, seat in enumerate(self.seats)}
        self.state = state
        dealer = getattr(state, "dealer", None)
        name = self.seats[dealer] if isinstance(dealer, int) else ""
        self.events.append(Dealt(self.number, name, hands))
        if state.is_over():
            self._end()

    def _move(self, text: object) -> Any:
        """The state's move of a text, if the rules allow it now; else ``MoveRefused``."""
        state = self.state
        assert state is not None
        if not isinstance(text, str) or len(text) > 80:
            raise MoveRefused("bad_move")
        try:
            move = state.parse_move(text)
        except MoveError:
            raise MoveRefused("bad_move") from None
        if not state.is_legal(move):
            code = state.refusal(move)[0]
            raise MoveRefused(code if code in PASSED_ON else "illegal_card")
        return move

    def play(self, seat: str | None, seq: int, data: object) -> object:
        """Make the move whose text is ``data`` for ``seat`` (None: a spectator), numbered
        ``seq`` (the ``seq`` of the state its sender saw). Raises ``MoveRefused``."""
        check_turn(seq, self.seq, seat, None if self.finished else self.to_move())
        move = self._move(data)
        self._push(move)
        return move

    def play_robots(self, robots: Collection[str]) -> int:
        """Let the simulated players (``robot``) of the seats ``robots`` move until a person
        is to move or the partie is over; returns how many moves they made."""
        made = 0
        while (state := self.state) is not None and not state.is_over():
            if self.seats[state.to_move] not in robots:
                break
            rng = random.Random(f"{self.seed}/{self.seq}")
            self._push(self.robot.choose(state, rng))
            made += 1
        return made

    def _push(self, move: Any) -> None:
        state = self.state
        assert state is not None
        seat = self.seats[state.to_move]
        text = state.move_text(move)
        state.push(move)
        self.seq += 1
        self.events.append(Moved(self.seq, self.number, seat, text))
        if state.is_over():
            self._end()

    def _end(self) -> None:
        """Record the round that just ended and deal the next unless the partie is over."""
        state = self.state
        assert state is not None
        self.table.collect(state)
        entry = state.result()
        scores = None
        if entry is not None:
            before = self.totals
            self.results.append(entry)
            self._count()
            scores = [after - was for after, was in zip(self.totals, before, strict=True)]
        self.ended = RoundOver(self.number, scores)
        self.events.append(Ended(self.number, state.to_record(), entry))
        if not self.finished:
            self.before = public(state)
            self._deal()

    def with_results(self, results: Sequence[Any]) -> LiveTable:
        """A copy of this finished table whose sheet reads ``results`` (the entries of its
        partie's sheet as they now stand: a correction made after the partie's end): each
        seat's ``totals``, the sheet's ``lines``, the winners and the last round's
        ``scores`` counted from them; the copy stays finished (the table deals nothing
        more). The last round's scores are None when the sheet no longer holds as many
        rounds as the table put on it (the last one deleted)."""
        shown = copy.copy(self)
        shown.results = list(results)
        shown.totals = self.sheet.totals(shown.results)
        shown.lines = self.sheet.lines(shown.results)
        ended = self.ended
        if ended is not None and ended.scores is not None:
            scores = None
            if len(shown.results) == len(self.results):
                before = self.sheet.totals(shown.results[:-1])
                scores = [a - b for a, b in zip(shown.totals, before, strict=True)]
            shown.ended = RoundOver(ended.number, scores)
        return shown

    def to_move(self) -> str | None:
        """The seat to move, None when no round is being played."""
        state = self.state
        if state is None or state.is_over():
            return None
        return self.seats[state.to_move]

    def view(self, seat: str | None) -> dict[str, Any]:
        """The protocol's ``state`` of the table for ``seat`` (None: a spectator): ``seq``,
        the round's ``number``, ``round``: what the seat may see of it
        (``GameState.observation``; a spectator sees no hand), ``to_move``, ``legal``: the
        texts of the moves the rules allow the seat when it is to move, ``totals``: each
        seat's total on the sheet, ``sheet``: its lines (``SheetRules.lines``: None when the
        totals say all), ``finished``, ``name``: the round's name on the sheet, ``before``:
        what everyone saw of the round before as it ended (``public``; None for the first),
        whose last trick a page may show until one of this round ends; ``ended``: the last
        round over, its ``number``, ``name`` and ``scores``: what it put on the sheet for
        each seat (seat → points, the round's own, not the totals; None for a round that put
        nothing on it), None before one ends; ``winners``: the seats who won the partie once
        it is over (every seat of a winning team; none on a draw)."""
        state = self.state
        observed = None
        if state is not None:
            if seat in self.seats:
                observed = state.observation(self.seats.index(seat))
            else:
                observed = {**state.observation(-1), "seat": None, "hand": []}
        to_move = self.to_move()
        legal = []
        if state is not None and seat is not None and seat == to_move and not self.finished:
            legal = [state.move_text(move) for move in state.legal_moves()]
        return {
            "seq": self.seq,
            "number": self.number,
            "name": self.sheet.round_name(self.number) if self.number else "",
            "round": observed,
            "to_move": to_move,
            "legal": legal,
            "totals": dict(zip(self.seats, self.totals, strict=True)),
            "sheet": self.lines,
            "finished": self.finished,
            "before": self.before,
            "ended": self._ended_view(),
            "winners": self._winners(),
        }

    def _ended_view(self) -> dict[str, Any] | None:
        ended = self.ended
        if ended is None:
            return None
        scores = ended.scores
        return {
            "number": ended.number,
            "name": self.sheet.round_name(ended.number),
            "scores": None if scores is None else dict(zip(self.seats, scores, strict=True)),
        }

    def _winners(self) -> list[str]:
        if not self.finished:
            return []
        return [self.seats[index] for index in self.sheet.winners(self.results)]


def public(state: GameState[Any, Any]) -> dict[str, Any]:
    """What every seat sees of ``state`` (a spectator's observation) without its history: its
    public facts (the last trick, the points …)."""
    seen = state.observation(-1)
    return {key: value for key, value in seen.items() if key not in ("seat", "hand", "history")}


#: The refusal codes of a state (``GameState.refusal``) that a table passes on as they are;
#: any other refusal of a move is ``illegal_card``.
PASSED_ON = frozenset({"not_in_hand", "needs_choice"})


def _dealt_differently(hands: Mapping[str, Sequence[str]], stored: Mapping[str, Any]) -> bool:
    """Whether the hands a table dealt differ from those stored for the round (in any order
    of the cards)."""
    return any(sorted(cards) != sorted(stored.get(seat) or ()) for seat, cards in hands.items())
