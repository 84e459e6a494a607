"""Every change of a partie's donnes or rounds, as its pages, its console and its JSON show
it: each version with its numbers, who made it (seat and player), when, and who accepted,
refused (and why), corrected or chose it (``EntryVersion``, kept by ``services``).

The JSON of a sheet (``sheet_json``) is the game's own format (ROIMAT.md §10 for Roimat),
plus two lists every game shares, which the game's format leaves out: ``waiting``, the
entries that do not count yet (``status`` "pending" or "refused", who typed them and who
refused them), and ``history``. Importing the JSON back (``read_sheet_json``, then
``services.entries_waiting``) keeps the waiting entries waiting: the imported partie has
the totals its page showed. ``history`` is not imported: it is the record of the partie
that was played, and the imported one starts its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from scoring import registry
from scoring.models import ENTRY_TABLES, EntryVersion, Partie
from scoring.registry import GameAdapter, SheetRefused

#: The keys of a sheet's JSON that are not the game's (``sheet_json``).
SHARED_KEYS = ("status", "status_text", "waiting", "history")
#: The ``status`` of an entry that does not count yet.
STATUSES = ("pending", "refused")


@dataclass(frozen=True)
class Line:
    """One version of an entry: its ``number``, ``version``, the ``action`` and
    ``reason`` in words, when (``at``), who (``author``: "table 2 · Annie (N)", or the
    director's account; ``seat``), and the entry's numbers in words (``words``)."""

    number: int
    version: int
    action: str
    reason: str
    at: Any
    author: str
    seat: str
    words: str


def versions(partie: Partie, number: int | None = None) -> QuerySet:
    """The versions of ``partie``'s entries (of entry ``number`` alone, if given), by entry
    then in order."""
    found = EntryVersion.objects.filter(partie=partie)
    if number is not None:
        found = found.filter(number=number)
    return found.order_by("number", "id")


def lines(partie: Partie, number: int | None = None) -> list[Line]:
    """Every version of every entry of ``partie`` (a deleted one's too), or of entry
    ``number`` alone, by entry then in order: one query."""
    adapter = partie.adapter
    model = ENTRY_TABLES[adapter.entries_relation]
    rows = {row.number: row for row in adapter.stored_entries(partie)}
    found = []
    for version in versions(partie, number):
        entry = rows.get(version.number) or model(partie=partie, number=version.number)
        found.append(
            Line(
                number=version.number,
                version=version.version,
                action=version.get_action_display(),
                reason=version.get_reason_display() if version.reason else "",
                at=version.at,
                author=version.author,
                seat=version.seat,
                words=adapter.version_words(partie, entry, version.data),
            )
        )
    return found


def waiting(partie: Partie) -> list[dict[str, Any]]:
    """The entries of ``partie`` that do not count yet: ``number``, ``status``, and the
    seats of who typed (``entered_by``) and refused (``refused_by``) it, where known."""
    found = []
    for row in partie.adapter.stored_entries(partie):
        if row.confirmed:
            continue
        item = {"number": row.number, "status": "refused" if row.refused else "pending"}
        if row.entered_seat:
            item["entered_by"] = row.entered_seat
        if row.refused:
            item["refused_by"] = row.refused_seat
        found.append(item)
    return found


def sheet_json(partie: Partie) -> dict[str, Any]:
    """The partie's JSON sheet: the game's (``GameAdapter.sheet_dict``), its ``status``
    (``GameAdapter.status``: "won", "draw", "in_progress", "played", "excluded", "later")
    and ``status_text`` (the same in words, as the pages say it), its ``waiting`` entries
    and its ``history`` (each version: number, version, action, reason, at in ISO 8601,
    author, seat, data as the game writes an entry). An import reads back the game's part
    and ``waiting``; the status follows from them."""
    data = partie.adapter.sheet_dict(partie)
    data["status"] = partie.adapter.status(partie)
    data["status_text"] = partie.adapter.status_text(partie)
    data["waiting"] = waiting(partie)
    data["history"] = [
        {
            "number": v.number,
            "version": v.version,
            "action": v.action,
            "reason": v.reason,
            "at": v.at.isoformat(),
            "author": v.author,
            "seat": v.seat,
            "data": v.data,
        }
        for v in versions(partie)
    ]
    return data


def read_sheet_json(adapter: GameAdapter, data: Any) -> tuple[Any, list[dict[str, Any]]]:
    """A decoded JSON sheet of ``adapter``'s game: (the sheet as the game reads it,
    ``read_sheet``; its waiting entries, their shape checked: ``services.entries_waiting``
    checks their numbers against the imported partie). Raises ``SheetRefused`` naming the
    field (``waiting``: a number or status out of place; ``donnes`` or ``rounds``: more
    than ``registry.MAX_ENTRIES``)."""
    lists = data.items() if isinstance(data, dict) else [("rounds", data)]
    for key, entries in lists:  # a Roimat sheet's donnes, another game's rounds
        if key in ("donnes", "rounds") and isinstance(entries, list):
            if len(entries) > registry.MAX_ENTRIES:
                raise SheetRefused(
                    _("%(key)s: %(count)s entries; a partie holds %(max)s at most.")
                    % {"key": key, "count": len(entries), "max": registry.MAX_ENTRIES}
                )
    if not isinstance(data, dict):
        return adapter.read_sheet(data), []
    found = data.get("waiting", [])
    game = {key: value for key, value in data.items() if key not in SHARED_KEYS}
    sheet = adapter.read_sheet(game)
    if not isinstance(found, list):
        raise SheetRefused(_("waiting: a list of entries is expected."))
    seen = set()
    for item in found:
        number = item.get("number") if isinstance(item, dict) else None
        ok = (
            isinstance(number, int)
            and not isinstance(number, bool)
            and number >= 1
            and number not in seen
            and item.get("status") in STATUSES
            and all(
                isinstance(item.get(key, ""), str) and len(item.get(key, "")) <= 1
                for key in ("entered_by", "refused_by")
            )
        )
        if not ok:
            raise SheetRefused(
                _("waiting: %(item)s is no entry of the sheet with a status.")
                % {"item": str(item)[:80]}
            )
        seen.add(number)
    return sheet, found
