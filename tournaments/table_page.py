"""What a table's page shows of its partie's donnes or rounds, computed once after each change
and kept for every phone of the table (issue 58).

Each phone of a table loads its page after each change, and the page showed what the whole
partie gives: the totals (the game's engine adding up every entry), the entries pending or
refused, the other phone's numbers to choose from, the next entry's form and number, the
entries a note may be about. Computed from the partie read whole, that grew with the partie
(about 30 ms more at 500 donnes than at 5). ``kept_page`` keeps all of it (``TablePage``)
in the cache with ``scoring.freshness.kept``, under the stamps that change with any change
of a partie (``touch_parties``: an entry, a decision, a choice, a correction, the
director's edit) or of its rows (``touch``: the partie's seats and options, its close, the
table): the first page read after a change computes it, the others read it, with none of the
partie's entries. What the page reads beside it is its own: the table with its partie, the
seats (the form's buttons), the notes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, prefetch_related_objects
from django.utils.translation import get_language

from scoring.freshness import kept
from scoring.models import Partie, Seat
from scoring.registry import Pending, Rival, Side
from scoring.services import read_partie, refusal_text, table_rivals

from . import live
from .forms import TableNoteForm


@dataclass(frozen=True)
class TablePage:
    """What a table's page shows of its partie's entries, in the language it was computed in.

    ``sides``, ``counted``, ``left_out``: the heading (the totals, the entries that count,
    those that wait, not in the totals); ``count``: the entries stored (the next one is
    ``count + 1``); ``pending`` and ``rivals``: the entries to accept or refuse, and those
    another phone typed differently; ``over``: no entry to enter or correct (the partie is
    over), then ``winners`` (``GameAdapter.winners_text``); ``correcting``: the entry the
    other side refused, to correct (a copy of its row without its partie), None for a new
    entry, and who refused it (``refused_by``); ``initial``: the form's first values;
    ``numbers``: the entries a note may be about (``TableNoteForm.RECENT``); ``entries``:
    the entries' token (``live.entries_token``)."""

    sides: list[Side]
    counted: int
    left_out: int
    count: int
    pending: list[Pending]
    rivals: list[Rival]
    over: bool
    winners: str | None
    correcting: Any
    refused_by: str
    initial: dict[str, Any]
    numbers: list[int]
    entries: str


def _detached(row: Any) -> Any:
    """A copy of entry ``row`` with its own columns only, not the partie it was read with (a
    kept page would hold the whole partie)."""
    fields = row._meta.concrete_fields
    return type(row)(**{field.attname: getattr(row, field.attname) for field in fields})


def page_of(partie: Partie) -> TablePage:
    """The ``TablePage`` of ``partie`` read whole (its seats and entries loaded:
    ``services.read_partie``, or an ``entry_partie`` block's): its sheet computed by the
    game's engine, its history's other phones' numbers read (one query), and who refused
    the entry to correct (one query, when there is one)."""
    adapter = partie.adapter
    form = adapter.table_form(partie, None)
    stored = adapter.stored_entries(partie)
    correcting = getattr(form, "stored", None)
    return TablePage(
        sides=adapter.sides(partie),
        counted=adapter.counted(partie),
        left_out=partie.sheet.pending,
        count=len(stored),
        pending=adapter.pending(partie),
        rivals=table_rivals(partie),
        over=form is None,
        winners=adapter.winners_text(partie),
        correcting=None if correcting is None else _detached(correcting),
        refused_by=refusal_text(partie, correcting) if correcting is not None else "",
        initial={} if form is None else dict(form.initial),
        numbers=[row.number for row in stored[-TableNoteForm.RECENT :]],
        entries=live.entries_token(partie),
    )


#: The partie's seats with their players (one query): what the page reads of the partie
#: beside its kept page (the form's buttons, « I am »).
SEATS = Prefetch("seats", queryset=Seat.objects.select_related("player"))


def with_seats(partie: Partie) -> Partie:
    """``partie`` with its seats and their players read (``SEATS``), unless they are."""
    prefetch_related_objects([partie], SEATS)
    return partie


def kept_page(partie: Partie) -> TablePage:
    """The ``TablePage`` of ``partie`` as it now stands, in the current language: kept
    (``freshness.kept``, made stale by any change of a partie), else computed from the
    partie read whole (``page_of``) and kept. Reads none of the partie's entries when kept."""
    return kept(f"table-page:{partie.pk}:{get_language()}", lambda: page_of(read_partie(partie)))
