"""The play interface every game implements: a round played move by move (OpenSpiel's
``State``, python-chess's ``Board``).

A ``GameState`` is one round of a game (a Roimat donne, a Roi manche, a Differenzler tour),
built from the game's rules and options and a deal. Seats are indices ``0 … seats − 1``. A
move is a small immutable value of the game (a card, an announcement, an estimate); its text
(``move_text``, read back by ``parse_move``) is what records and remote tables carry.

- ``legal_moves()``: what the rules allow the seat ``to_move`` now; ``push(move)`` makes a
  move, ``pop()`` takes the last one back, exactly; ``is_over()``;
- a game whose sheet scores fautes de jeu (``scores_faults``: Roimat §5) also accepts the
  moves of ``fault_moves()``, which the rules forbid (``push`` returns True for them); any
  other game refuses them with ``MoveError`` naming the rule (``refusal``);
- ``observation(seat)``: what that seat may see: its own hand, the table, the public history;
  never another seat's hand;
- ``returns()``: each seat's points of the round so far, as its sheet counts them (higher is
  better), for players that look one move ahead;
- ``result()``: once the round is over, what goes on the sheet: the round's entry that the
  game's sheet engine checks and scores;
- ``to_record()`` / ``from_record(record)``: the round as its game's JSON record, read back
  into the same state; ``start(record)`` and ``recorded_moves(record, state)`` read a record
  move by move (``scoring.play.verify``);
- ``table(options, rng)``: the game between rounds (``Table``), dealing one round after
  another from a seeded generator.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar

M = TypeVar("M", bound=Hashable)  # a move of the game
R = TypeVar("R")  # the sheet's entry of a round


class MoveError(ValueError):
    """A move the state does not make, or a move text that is not one: ``code`` (stable, for
    translation: ``bad_move``, ``over``, ``not_in_hand``, or the rule broken, e.g.
    ``must_follow``) and the English ``message``. The state is unchanged."""

    def __init__(self, code: str, message: str = "") -> None:
        self.code = code
        super().__init__(message or code)


class RecordError(ValueError):
    """A record that cannot be read: where (``place``, e.g. ``"hands"``, ``"trick 3"``; empty
    for the record as a whole), a stable ``code``, the English ``message`` and the values
    its game's text of the code names (``params``: ``GameState.refusal_messages``)."""

    def __init__(
        self, place: str, code: str, message: str = "", params: Mapping[str, Any] | None = None
    ) -> None:
        self.place, self.code, self.message = place, code, message or code
        self.params = dict(params or {})
        super().__init__(f"{place}: {self.message}" if place else self.message)


@dataclass(frozen=True)
class Step:
    """One move as a record states it: where (``place``, in English: ``"trick 3, play 2"``),
    its ``text`` (``GameState.move_text``), the ``seat`` the record says made it (None when
    the record does not say: the seat to move), and ``fault``: the record marks it a faute
    de jeu (a move the rules forbid, made and scored, ROIMAT.md §5)."""

    place: str
    text: str
    seat: int | None = None
    fault: bool = False


def gettext_noop(text: str) -> str:
    """``text`` itself: marks an English text, which is also its msgid, for Django's
    ``makemessages`` (the site translates it with ``gettext``; the engines import no Django)."""
    return text


def below(rng: random.Random, n: int) -> int:
    """A number in ``range(n)``, n ≥ 1, drawn as ``rng.choice`` draws (one ``getrandbits(k)``
    per try), so that a seed gives the same play through this interface as through a game's
    own simulation."""
    bits = rng.getrandbits
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r


class GameState(ABC, Generic[M, R]):
    """One round of a game, played move by move: see the module docstring.

    Subclasses set ``game`` (the game's key: ``"roimat"``, ``"roi"`` …), ``seats`` (how many
    play) and ``scores_faults``.
    """

    game: ClassVar[str]
    #: True when the sheet scores fautes de jeu, so a forbidden move may be made (and marked).
    scores_faults: ClassVar[bool] = False
    seats: int = 4
    #: The English texts of the game's own refusal codes (``refusal``), by code, with
    #: ``%(player)s`` (who was to move) and ``%(move)s`` (the move in words), marked with
    #: ``gettext_noop`` for the site to translate; the codes any game may refuse a move with
    #: (``over``, ``not_in_hand``, ``must_follow`` …) have their texts in the site.
    refusal_messages: ClassVar[Mapping[str, str]] = {}
    #: The game's moves in words, by a move text's first word (``"bid"`` for ``"bid 3"``),
    #: with ``%(rest)s`` for what follows it (a card code, a number): English texts marked
    #: with ``gettext_noop``. A move of no listed word (a bare card code) is shown as written.
    move_words: ClassVar[Mapping[str, str]] = {}
    #: The game's own fields of a record in words (``"stakes"``, ``"dead_hand.bids"``), for
    #: naming where a problem stands, marked as ``move_words``.
    place_names: ClassVar[Mapping[str, str]] = {}
    #: The words of a move whose rest the rules keep secret until the round shows it (its
    #: first word alone in ``observation``'s history: a Differenzler estimate), marked as
    #: ``move_words``.
    secret_words: ClassVar[Mapping[str, str]] = {}
    #: The words of the other words of a move's text (``"oui"`` in ``"contre_plis oui"``)
    #: and of the codes a fact of ``observation`` holds (a trump's colour), marked as
    #: ``move_words``; a word not listed is shown as written (a card by its face).
    token_words: ClassVar[Mapping[str, str]] = {}
    #: Each card's face, by code, for a game whose pack is not the French one: ``symbol``
    #: (drawn on the card), ``rank`` (its name, as the game's players say it) and ``tint``
    #: (its colour's code, named by ``token_words``), and where the rank alone does not name
    #: the card, ``name`` (how a text names it before its colour: Römer's ``5·XX``); empty:
    #: the page writes the codes.
    card_faces: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    #: For a move written as a kind then a card of the hand (Römer's ``pose 15XX``), the
    #: words of each kind as the choice a card tapped offers (``"pose"``: "Add it to my
    #: team"), marked as ``move_words``; a kind not listed is offered in its move's words.
    choice_words: ClassVar[Mapping[str, str]] = {}
    #: The legend of the game's cards the page shows: ``(card code, text)`` pairs, the card
    #: drawn beside its English text (marked as ``move_words``); a code ``""`` draws none.
    card_legend: ClassVar[Sequence[tuple[str, str]]] = ()
    #: Whether the card codes are the French pack's (``scoring.games.cards``: rank then suit
    #: ``T``, ``K``, ``C``, ``P``), which a page may draw with the suits' signs; a game of
    #: another pack (Römer's) keeps its own codes.
    french_pack: ClassVar[bool] = False

    # -- the game between rounds ----------------------------------------------------------

    @classmethod
    @abstractmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> Table[Self]:
        """The game's table with these rule ``options``: it deals round after round from
        ``rng`` (which the players may share, as the games' own simulations do)."""

    # -- reading the state ----------------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int:
        """The seat whose move is next; -1 when the round is over."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the round is over: no move is left."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every move the rules allow the seat to move now (empty when the round is over)."""

    def is_legal(self, move: M) -> bool:
        """Whether the rules allow ``move`` now (``move in legal_moves()``, faster where a
        game can say so)."""
        return move in self.legal_moves()

    def fault_moves(self) -> list[M]:
        """The moves the seat to move may make though the rules forbid them: fautes de jeu,
        in a game that scores them (``scores_faults``); else none."""
        return []

    def refusal(self, move: M) -> tuple[str, str]:
        """Why the rules refuse ``move`` now: a stable code (``not_in_hand``, the rule
        broken: ``must_follow`` …) and its English text; ``("forbidden", …)`` when the game
        names nothing more precise."""
        return "forbidden", f"{self.move_text(move)} is not allowed now"

    @abstractmethod
    def hand(self, seat: int) -> list[str]:
        """The card codes ``seat`` holds now."""

    def trick_won(self) -> int | None:
        """The seat that won the pli the last move completed; None when the last move
        completed no pli (and in a game without plis)."""
        return None

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, JSON-ready: at least ``seat``, ``hand`` (its own cards, as
        ``hand(seat)``), ``to_move`` and ``history`` (the public moves so far, as texts),
        with the game's public facts (dealer, trump, the trick on the table …). Nothing of
        another seat's hand, nor what the rules keep hidden (a Differenzler estimate)."""

    @abstractmethod
    def returns(self) -> list[int]:
        """Each seat's points of the round so far, as its sheet counts them, higher better
        (a penalty is negative): what a player looking one move ahead weighs."""

    @abstractmethod
    def result(self) -> R | None:
        """The round's entry for its game's sheet, once the round is over; None when the
        round puts nothing on the sheet (a void Roimat deal). Raises ``MoveError`` before
        the round is over."""

    # -- playing ------------------------------------------------------------------------

    @abstractmethod
    def push(self, move: M) -> bool:
        """Make ``move`` for the seat to move; True when it is a faute de jeu (a move of
        ``fault_moves``). Raises ``MoveError`` for a move that cannot be made (the state is
        then unchanged)."""

    @abstractmethod
    def pop(self) -> None:
        """Take the last move back: the state is again exactly what it was before it.
        Raises ``IndexError`` when no move was made."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy, history included."""

    @abstractmethod
    def move_text(self, move: M) -> str:
        """The move as text (a card code, ``"N roi J"``, ``"annonce 40"``)."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """The move ``move_text`` wrote, read in this state. Raises ``MoveError("bad_move")``
        when ``text`` is no move of the game."""

    def random_move(self, rng: random.Random) -> M:
        """A legal move at random (``rng.choice(legal_moves())``); a game whose own
        simulation draws otherwise draws as it does, so a seed plays the same round."""
        moves = self.legal_moves()
        return moves[below(rng, len(moves))]

    def play_random(self, rng: random.Random) -> None:
        """Play the round to its end with ``random_move`` for every seat; a game may do it
        faster, drawing the same."""
        while not self.is_over():
            self.push(self.random_move(rng))

    # -- records ----------------------------------------------------------------------

    def check_outcome(self, record: Any) -> RecordError | None:
        """What the record states its moves gave, against what they give in this state (the
        round replayed): by default its ``result`` (``"wrong_result"``); a game whose record
        states more (Roimat's fautes) checks it too. None when they agree."""
        stated = record.get("result") if isinstance(record, dict) else None
        computed = self.to_record().get("result")
        if stated == computed:
            return None
        params = {"computed": computed, "stated": stated}
        return RecordError(
            "result", "wrong_result", f"the moves give {computed}, not {stated}", params
        )

    @abstractmethod
    def to_record(self) -> dict[str, Any]:
        """The round as its game's JSON record (finished, or in progress: the moves so far),
        with ``"result"`` (``result()``, JSON-ready) once it is over."""

    @classmethod
    @abstractmethod
    def start(cls, record: Any) -> Self:
        """The state a record's deal gives, before any move. Raises ``RecordError``."""

    @classmethod
    @abstractmethod
    def recorded_moves(cls, record: Any, state: Self) -> Iterator[Step]:
        """The record's moves in order. Each is read when asked for, after the previous ones
        were pushed on ``state`` (a game may need the state to read the next one: the bid
        due, the seat a Dame sends to). Raises ``RecordError`` on what cannot be read."""

    @classmethod
    def from_record(cls, record: Any) -> Self:
        """The state a record describes: its deal, then every move pushed (a move marked as a
        faute is made as one). Raises ``RecordError`` or ``MoveError`` (see
        ``scoring.play.verify`` to name the move)."""
        state = cls.start(record)
        for step in cls.recorded_moves(record, state):
            if step.seat is not None and step.seat != state.to_move:
                raise MoveError("out_of_turn", f"{step.place}: seat {step.seat} out of turn")
            state.push(state.parse_move(step.text))
        return state

    def to_text(self) -> str:
        """The record as one line of JSON."""
        return json.dumps(self.to_record(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The state of a one-line record (``to_text``). Raises ``RecordError``."""
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError("", "not_json", f"not JSON: {error.msg}") from None
        return cls.from_record(record)


S = TypeVar("S", bound=GameState[Any, Any])


class Table(ABC, Generic[S]):
    """A game between its rounds: the deck, who deals next, which round comes (a Roi
    manche's contract). ``deal()`` gives the next round; ``collect(state)`` is told the
    round was played (the cards gathered, the deal passed on as the rules say)."""

    @abstractmethod
    def deal(self) -> S:
        """The next round, dealt."""

    def collect(self, state: S) -> None:
        """The round ``state`` was played to its end."""

    def deal_hands(self, hands: Sequence[Sequence[str]]) -> S:
        """The next round, dealt as ``hands`` (each seat's card codes, in seat order) instead
        of from the deck: a remote table stored under an older dealing, dealt again as it was
        (``scoring.play.live.LiveTable.resume``). Raises ``ValueError`` when the game cannot
        (the default) or the hands are not a deal of it."""
        raise ValueError("this game deals its rounds only from its deck")
