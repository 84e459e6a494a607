"""Records replayed for the replay pages: a Roimat donne trick by trick (who played what, in
what order, who won each pli, the running points) and its score-sheet row (``replay_record``);
any game's round move by move through its play state (``replay_game``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.games.base import Game
from scoring.play.state import GameState, RecordError
from scoring.play.verify import Made, Refusal
from scoring.play.verify import check as check_moves
from scoring.roimat.cards import CODE, VALUE
from scoring.roimat.partie import InvalidSheet, Sheet, compute_sheet
from scoring.roimat.record import entry_of_record
from scoring.roimat.rules import RuleSet
from scoring.roimat.seats import SEATS
from scoring.roimat.verify import Problem, check


@dataclass(frozen=True)
class TrickView:
    """One pli: plays as (seat, card code, fault), the winner, its points, the running points."""

    number: int
    plays: list[tuple[str, str, bool]]
    winner: str | None
    points: int
    running_ns: int
    running_oe: int

    @property
    def blanks(self) -> range:
        """Empty cells after the plays of an unfinished pli."""
        return range(4 - len(self.plays))


@dataclass(frozen=True)
class Replay:
    """What the replay page shows of a record."""

    record: dict[str, Any]
    problems: list[Problem]
    tricks: list[TrickView]
    sheet: Sheet | None

    @property
    def sound(self) -> bool:
        return not self.problems


def replay_record(record: Any) -> Replay:
    """Check and replay ``record``; the sheet row is scored only for a sound played donne."""
    state, problems = check(record)
    tricks: list[TrickView] = []
    running = [0, 0]
    for number, trick in enumerate(state.tricks if state else [], start=1):
        points = sum(VALUE[card] for _s, card, *_ in trick.plays)
        if trick.winner >= 0:
            running[trick.winner % 2] += points
        tricks.append(
            TrickView(
                number=number,
                plays=[(SEATS[s], CODE[c], fault) for s, c, fault, _to in trick.plays],
                winner=SEATS[trick.winner] if trick.winner >= 0 else None,
                points=points,
                running_ns=running[0],
                running_oe=running[1],
            )
        )
    sheet = None
    if not problems and state and not state.void:
        try:
            sheet = compute_sheet([entry_of_record(record)], RuleSet(record["variant"]))
        except InvalidSheet:
            sheet = None
    return Replay(record, problems, tricks, sheet)


@dataclass(frozen=True)
class GameReplay:
    """What the generic replay page shows of one round's record: each seat's ``hands`` as
    dealt (empty when the deal cannot be read), the moves ``made`` in order, the first
    ``refusal`` (None: sound), the ``result`` the sheet gets (as the record writes it: the
    round's entries, one a seat, or a Roimat donne's object; None when the round is not over,
    puts nothing on the sheet or the record is refused) and whether the round is ``over``."""

    hands: list[list[str]]
    made: list[Made]
    refusal: Refusal | None
    result: Any
    over: bool

    @property
    def sound(self) -> bool:
        return self.refusal is None

    @property
    def per_seat(self) -> bool:
        """Whether the result is one entry a seat (else one object for the round)."""
        return isinstance(self.result, list)

    @property
    def fields(self) -> list[str]:
        """The keys of the result's entries (or of its object), in their first order."""
        entries = self.result if self.per_seat else [self.result or {}]
        keys: dict[str, None] = {}
        for entry in entries:
            keys.update(dict.fromkeys(entry))
        return list(keys)


def entry_labels(rules: Any) -> dict[str, str]:
    """The words of a game's entry fields by key (``FieldSpec.label``, over every round of a
    four-player game), for a game of ``scoring.games.base.Game``; else none."""
    if not isinstance(rules, Game):
        return {}
    players = min(max(4, rules.seats[0]), rules.seats[1])
    return {
        field.key: field.label
        for spec in rules.rounds(players, {})
        for field in (*spec.fields, *spec.optional)
    }


def replay_game(cls: type[GameState[Any, Any]], record: Any) -> GameReplay:
    """Replay ``record`` through the play state ``cls`` (``scoring.play.verify``): the deal,
    every move until the first the rules refuse, and the result of a sound finished round."""
    try:
        dealt = cls.start(record)
        hands = [dealt.hand(seat) for seat in range(dealt.seats)]
    except RecordError:
        hands = []
    made: list[Made] = []
    state, refusal = check_moves(cls, record, made)
    over = state is not None and state.is_over()
    result = state.to_record().get("result") if over and refusal is None and state else None
    return GameReplay(hands, made, refusal, result, over)
