"""The director's view of a round: each table's progress and what needs attention."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median

from scoring.models import entry_reads
from tournaments.models import Round


@dataclass(frozen=True)
class TableProgress:
    """A table's donnes: ``entered`` (counted), ``pending`` (listed but in no total: awaiting
    confirmation, or after one that is: ``Sheet.pending``), whether the partie is
    ``finished``, and whether it is ``late`` (two donnes or more behind the median table)."""

    table: object
    entered: int
    pending: int
    finished: bool
    late: bool
    score: str = ""


def progress(round_: Round) -> list[TableProgress]:
    """Each table of the round with its progress."""
    tables = list(
        round_.tables.select_related("partie").prefetch_related(
            "partie__seats__player", *entry_reads("partie__")
        )
    )
    states = [state(t.partie) for t in tables]
    middle = median(s[0] for s in states) if states else 0
    return [
        TableProgress(
            table=t,
            entered=entered,
            pending=t.partie.sheet.pending,
            finished=finished,
            late=not finished and entered <= middle - 2,
            score=score,
        )
        for t, (entered, finished, score) in zip(tables, states, strict=True)
    ]


def state(partie) -> tuple[int, bool, str]:
    """Donnes (rounds) that count, whether the partie is over, and its score in a few words,
    all of what counts: pending entries wait for the other side's decision."""
    adapter = partie.adapter
    sides = adapter.sides(partie)
    score = " · ".join(f"{side.label} {side.total}" for side in sides)
    return adapter.counted(partie), partie.sheet.finished, score
