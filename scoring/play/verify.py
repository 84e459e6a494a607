"""A record of any game replayed move by move, naming the first move the rules refuse.

``check(cls, record)`` reads the deal (``cls.start``), then each recorded move
(``cls.recorded_moves``) and stops at the first that is refused: the round was already over,
the record names a seat out of turn, the text is no move, the move is not possible (a card not
held) or the rules forbid it and the record does not mark it as a faute de jeu (in a game that
scores them), or the record marks as a faute a move the rules allow. When every move is made
it compares what the record states the moves gave with what they give
(``GameState.check_outcome``: its ``result``). ``Refusal`` says where: the
move's index and place, the seat, the move's text, the rule's code and its English text;
``Made`` is a move that was made (what a replay lists).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .state import GameState, MoveError, RecordError, Step

S = TypeVar("S", bound=GameState[Any, Any])


@dataclass(frozen=True)
class Refusal:
    """What is wrong with a record: ``place`` (``"trick 3, play 2"``, ``"hands"``,
    ``"result"``), a stable ``code`` and its English ``message``; for a move, ``index`` (its
    0-based position among the record's moves), the ``seat`` that made it and its ``move``
    text; the values the game's text of the code names (``params``, ``RecordError``)."""

    place: str
    code: str
    message: str
    index: int | None = None
    seat: int | None = None
    move: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        where = self.place
        if self.move:
            who = f"seat {self.seat} " if self.seat is not None else ""
            where = f"{where} ({who}{self.move})"
        return f"{where}: {self.message}" if where else self.message


@dataclass(frozen=True)
class Made:
    """A move of a record that was made: its 0-based ``index`` among the record's moves, its
    ``place`` and ``move`` text as the record states them, the ``seat`` that made it,
    ``fault``: made as a faute de jeu; the seat that ``won`` the pli the move completed (None:
    it completed none) and each seat's points after it (``returns``: ``GameState.returns``)."""

    index: int
    place: str
    seat: int
    move: str
    fault: bool
    won: int | None = None
    returns: tuple[int, ...] = ()


def check(
    cls: type[S], record: Any, made: list[Made] | None = None
) -> tuple[S | None, Refusal | None]:
    """The record replayed as far as it is sound, and the first problem (None: sound). The
    state is None when not even the deal can be read. Each move made is appended to
    ``made`` when given."""
    try:
        state = cls.start(record)
    except RecordError as error:
        return None, Refusal(error.place, error.code, error.message, params=error.params)
    index = 0
    try:
        for index, step in enumerate(cls.recorded_moves(record, state)):
            seat = state.to_move
            refusal = make(state, step, index)
            if refusal is not None:
                return state, refusal
            if made is not None:
                points = tuple(state.returns())
                made.append(
                    Made(index, step.place, seat, step.text, step.fault, state.trick_won(), points)
                )
    except RecordError as error:
        return state, Refusal(error.place, error.code, error.message, index, params=error.params)
    wrong = state.check_outcome(record)
    if wrong is None:
        return state, None
    return state, Refusal(wrong.place, wrong.code, wrong.message, params=wrong.params)


def first_refusal(cls: type[S], record: Any) -> Refusal | None:
    """The first problem of a record (None: it is sound); see ``check``."""
    return check(cls, record)[1]


def make(state: GameState[Any, Any], step: Step, index: int) -> Refusal | None:
    """Push the move of ``step`` on ``state``, or say why it cannot be made (the state is
    then unchanged)."""
    seat = state.to_move

    def refused(code: str, message: str, by: int | None = seat) -> Refusal:
        return Refusal(step.place, code, message, index, by, step.text)

    if state.is_over():
        return refused("over", "the round was already over", step.seat)
    if step.seat is not None and step.seat != seat:
        message = f"seat {step.seat} plays, but seat {seat} was to play"
        return refused("out_of_turn", message, step.seat)
    try:
        move = state.parse_move(step.text)
    except MoveError as error:
        return refused(error.code, str(error))
    legal = state.is_legal(move)
    if legal and step.fault:
        return refused("marked_legal", "marked as a faute de jeu but allowed by the rules")
    if not legal and not (step.fault and state.scores_faults):
        return refused(*state.refusal(move))
    try:
        state.push(move)
    except MoveError as error:
        return refused(error.code, str(error))
    return None
