"""The entry of a game's donnes or rounds, written once over the catalogue's hooks: at a
table's phone (the form, its recording pending the other side's decision, the other phone's
numbers taken) and from a remote table.

Each game declares its entry's fields (``GameAdapter.entry_fields``, drawn by the one
``forms.EntryForm``) and how its entries are read, checked and stored (``entry_read``,
``entry_value``, ``check_entries``, ``entry_row``, ``value_data``); the lifecycle
itself (new or corrected, pending, accepted or refused, versions, another phone first) is
``services.entry_record`` and ``services.entry_decide``, the same for every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.forms import Form

from scoring import services
from scoring.forms import EntryForm
from scoring.models import Entry, Partie
from scoring.registry import GameAdapter, Pending, SheetRefused


def posted_number(text: Any) -> int | None:
    """The entry number a phone posted (``"3"``), None when it posted none or no number."""
    try:
        number = int(text)
    except (TypeError, ValueError):
        return None
    return number if 0 < number < 100_000 else None


def record_form(form: Form, **fields: Any) -> Entry:
    """Store the valid ``form`` (``EntryForm``): a new entry, or the
    correction of ``form.stored``, with the phone's idempotency key, the number it expected
    and the version it corrected (``services.entry_record``; ``fields``: its ``user``,
    ``author``, ``confirmed``, ``seat``). Raises ``SheetRefused`` (nothing stored) when the
    sheet refuses it, ``EntryTaken`` when another phone got there first, ``EntryAhead`` when
    an earlier entry was never recorded."""
    data = form.cleaned_data
    stored = form.stored
    return services.entry_record(
        partie=form.partie,
        value=form.value(),
        number=None if stored is None else stored.number,
        key=data.get("key") or "",
        expected=data.get("expected") if stored is None else None,
        version=data.get("version") if stored is not None else None,
        **fields,
    )


class EntryAdapter(GameAdapter):
    """A game whose entries go through the one lifecycle: the table's form and decisions
    over the game's entry hooks (see the module docstring)."""

    def entry_form(
        self,
        partie: Partie,
        data: Mapping[str, Any] | None,
        *,
        stored: Any = None,
        ask_seat: bool = False,
        count: int | None = None,
        initial: Mapping[str, Any] | None = None,
    ) -> EntryForm:
        """The entry form, the director's and the table's phone's (``forms.EntryForm``): a
        new entry (``stored`` None), else the correction of stored row ``stored``;
        ``ask_seat``: the player who enters it taps his seat; ``count`` and ``initial``: as
        ``GameAdapter.entry_form`` says."""
        return EntryForm(
            data, partie=partie, stored=stored, ask_seat=ask_seat, count=count, initial=initial
        )

    def table_form(self, partie: Partie, data: Mapping[str, Any] | None) -> Form | None:
        """The table's form. Shown (``data`` None): the correction of the first entry the
        other side refused, else the next new entry, None once the partie is over. Posted:
        what the phone says it sent, never reinterpreted: the correction of entry
        ``correct`` when the phone sent one (``EntryForm.keys``), else a new entry (numbered
        ``expected``: ``services.entry_record`` refuses a number taken or skipped), even
        while an earlier entry is refused or pending; None for a new entry once the partie
        is over. Raises ``SheetRefused`` for a correction of an entry the partie no longer
        has. Whoever types it names his seat, a correction's too: the other side of his
        checks it."""
        if data is None:
            stored = next((e for e in self.stored_entries(partie) if e.refused), None)
        else:
            number = posted_number(data.get("correct"))
            stored = None if number is None else self.entry(partie, number)
            if number is not None and stored is None:
                raise SheetRefused(self.round_text("removed", n=number))
        if stored is None and partie.sheet.complete:
            return None
        return self.entry_form(partie, data, stored=stored, ask_seat=True)

    def table_record(self, form: Form, *, author: str) -> str:
        if form.stored is not None and form.cleaned_data.get("version") is None:
            # A correction answers a version: without one, it could undo a change unseen.
            raise SheetRefused(self.round_text("no_version", n=form.stored.number))
        seat = form.cleaned_data["entered_seat"]
        entry = record_form(
            form,
            author=f"{author} · {self.seat_name(form.partie, seat)}",
            confirmed=False,
            seat=seat,
        )
        if form.stored is None:
            return self._entered(entry)
        checked = "corrected_team" if self.partners else "corrected_players"
        return self.round_text(checked, n=entry.number)

    def table_resent(self, partie: Partie, key: str) -> str | None:
        """What to tell a table whose phone sends again a submission already stored (the
        entry holding its idempotency ``key``): what it was told the first time; None when no
        entry holds ``key``. Read from the entries ``entry_partie`` holds: no query."""
        entry = services.stored_with_key(self.stored_entries(partie), key)
        return None if entry is None else self._entered(entry)

    def _entered(self, entry: Entry) -> str:
        checked = "entered_team" if self.partners else "entered_players"
        return self.round_text(checked, n=entry.number)

    def stored_entries(self, partie: Partie) -> list[Entry]:
        return list(partie.entry_rows())

    def pending(self, partie: Partie) -> list[Pending]:
        return [
            Pending(
                number=entry.number,
                summary=self.entry_words(partie, entry),
                entered_by=self.seat_name(partie, entry.entered_seat),
                choices=[
                    (seat, self.seat_name(partie, seat))
                    for seat in self.seats(partie)
                    if self.may_decide(partie, entry.entered_seat, seat)
                ],
            )
            for entry in self.stored_entries(partie)
            if not entry.confirmed and not entry.refused
        ]

    def form_data(self, form: Form) -> dict:
        return self.value_data(form.value())

    def live_record(
        self, partie: Partie, entry: Any, *, record: dict[str, Any], key: str, author: str
    ) -> int:
        value = self.live_value(entry, record)
        return services.entry_record(partie=partie, value=value, key=key, author=author).number
