"""A donne record shown trick by trick for the replay page (who played what, in what order,
who won each pli, the running points) and its score-sheet row."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
