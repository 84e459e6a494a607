"""The director's view of a round: each table's progress and what needs attention."""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median

from tournaments.models import Round


@dataclass(frozen=True)
class TableProgress:
    """A table's donnes: ``entered`` (counted), ``pending`` (awaiting confirmation), whether
    the partie is ``finished``, and whether it is ``late`` (two donnes or more behind the
    median table)."""

    table: object
    entered: int
    pending: int
    finished: bool
    late: bool


def progress(round_: Round) -> list[TableProgress]:
    """Each table of the round with its progress."""
    tables = list(round_.tables.select_related("partie").prefetch_related(
        "partie__donnes", "partie__seats__player"))  # fmt: skip
    counts = [t.partie.sheet.counted for t in tables]
    middle = median(counts) if counts else 0
    return [
        TableProgress(
            table=t,
            entered=t.partie.sheet.counted,
            pending=sum(1 for d in t.partie.donnes.all() if not d.confirmed),
            finished=t.partie.sheet.finished,
            late=not t.partie.sheet.finished and t.partie.sheet.counted <= middle - 2,
        )
        for t in tables
    ]
