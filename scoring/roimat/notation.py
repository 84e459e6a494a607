"""The JSON score-sheet format of ROIMAT.md §10: reading, writing, computed output.

A sheet is ``{"game": "roimat", "variant", "rounding", "players": {seat: name},
"donnes": [...]}``; this project also reads and writes the optional keys ``fault_counting``,
``target`` (rule options), ``date`` (ISO ``YYYY-MM-DD``), ``place``, ``table`` and, per donne,
``trumps`` (the number of atouts, the sheet's Roi column). Unknown keys are refused so that a
mistyped announcement is never silently dropped.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, fields
from typing import Any

from .partie import InvalidSheet
from .rules import FAULT_COUNTINGS, MAX_TARGET, VARIANTS, RuleSet
from .scoring import MAX_FAULTS, DonneEntry, EntryProblem
from .seats import SEATS

BOOLEAN_FIELDS = (
    "contre_plis",
    "contre_roi",
    "surcontre_plis",
    "surcontre_roi",
    "roi_au_bout",
    "annulled",
)
INTEGER_FIELDS = ("plis_ns", "points_ns")
DONNE_FIELDS = {f.name for f in fields(DonneEntry)}
SHEET_FIELDS = {
    "game",
    "variant",
    "rounding",
    "fault_counting",
    "target",
    "players",
    "date",
    "place",
    "table",
    "donnes",
}


@dataclass(frozen=True)
class SheetInput:
    """A score sheet as written by players: rules, players by seat, donnes, and its heading.

    ``players`` maps each seat N/E/S/O to a name; ``date`` is a ``datetime.date`` or None.
    """

    rules: RuleSet
    players: dict[str, str]
    donnes: tuple[DonneEntry, ...]
    date: datetime.date | None = None
    place: str = ""
    table: str = ""


def _refuse(field: str, code: str, donne: int | None = None, **params: Any) -> InvalidSheet:
    return InvalidSheet(donne, EntryProblem(field, code, params))


def parse_sheet(data: Any) -> SheetInput:
    """Read a §10 score sheet (already decoded from JSON).

    Checks the shape and types only; ``compute_sheet`` checks the rules.
    Raises ``InvalidSheet`` naming the donne (when it is one) and the field.
    """
    if not isinstance(data, dict):
        raise _refuse("sheet", "missing")
    for key in data:
        if key not in SHEET_FIELDS:
            raise _refuse(key, "unknown_field")
    if data.get("game", "roimat") != "roimat":
        raise _refuse("game", "bad_value", value=data.get("game"))
    rules = _parse_rules(data)
    players = _parse_players(data.get("players"))
    donnes = data.get("donnes")
    if not isinstance(donnes, list):
        raise _refuse("donnes", "missing")
    return SheetInput(
        rules=rules,
        players=players,
        donnes=tuple(_parse_donne(d, n) for n, d in enumerate(donnes, start=1)),
        date=_parse_date(data.get("date")),
        place=_text(data, "place"),
        table=_text(data, "table"),
    )


def _parse_rules(data: dict[str, Any]) -> RuleSet:
    variant = data.get("variant")
    if variant not in VARIANTS:
        raise _refuse("variant", "bad_value", value=variant)
    counting = data.get("fault_counting", "player")
    if counting not in FAULT_COUNTINGS:
        raise _refuse("fault_counting", "bad_value", value=counting)
    rounding = data.get("rounding", False)
    if not isinstance(rounding, bool):
        raise _refuse("rounding", "not_boolean", value=rounding)
    target = data.get("target", 1000)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise _refuse("target", "not_integer", value=target)
    if target > MAX_TARGET:
        raise _refuse("target", "target_range", value=target, max=MAX_TARGET)
    return RuleSet(variant=variant, rounding=rounding, fault_counting=counting, target=target)


def _parse_players(players: Any) -> dict[str, str]:
    if not isinstance(players, dict):
        raise _refuse("players", "missing")
    result = {}
    for seat in SEATS:
        name = players.get(seat)
        if not isinstance(name, str) or not name.strip():
            raise _refuse(f"players.{seat}", "missing")
        result[seat] = name.strip()
    for key in players:
        if key not in SEATS:
            raise _refuse(f"players.{key}", "unknown_field")
    return result


def _parse_date(value: Any) -> datetime.date | None:
    if value is None:
        return None
    try:
        return datetime.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise _refuse("date", "bad_value", value=value) from None


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise _refuse(key, "bad_value", value=value)
    return value


def _parse_donne(data: Any, number: int) -> DonneEntry:
    if not isinstance(data, dict):
        raise _refuse("donne", "missing", number)
    for key in data:
        if key not in DONNE_FIELDS:
            raise _refuse(key, "unknown_field", number)
    for key in ("dealer", "trump"):
        if key not in data:
            raise _refuse(key, "missing", number)
    values: dict[str, Any] = {"dealer": data["dealer"], "trump": data["trump"]}
    for key in BOOLEAN_FIELDS:
        value = data.get(key, False)
        if not isinstance(value, bool):
            raise _refuse(key, "not_boolean", number, value=value)
        values[key] = value
    for key in INTEGER_FIELDS:
        if key not in data and not values["annulled"]:
            raise _refuse(key, "missing", number)
        value = data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refuse(key, "not_integer", number, value=value)
        values[key] = value
    trumps = data.get("trumps")
    if trumps is not None and (isinstance(trumps, bool) or not isinstance(trumps, int)):
        raise _refuse("trumps", "not_integer", number, value=trumps)
    faults = data.get("faults", [])
    if not isinstance(faults, list) or not all(isinstance(s, str) for s in faults):
        raise _refuse("faults", "bad_value", number, value=faults)
    if len(faults) > MAX_FAULTS:
        raise _refuse("faults", "faults_range", number)
    return DonneEntry(trumps=trumps, faults=tuple(faults), **values)


def donne_from_dict(data: Any, number: int = 1) -> DonneEntry:
    """One donne of the §10 form (as ``donne_to_dict`` writes it) read back; raises
    ``InvalidSheet`` naming donne ``number`` and the field when it is malformed."""
    return _parse_donne(data, number)


def donne_to_dict(entry: DonneEntry) -> dict[str, Any]:
    """One donne in the §10 score-sheet form, every field written out."""
    data: dict[str, Any] = {"dealer": entry.dealer, "trump": entry.trump}
    if entry.trumps is not None:
        data["trumps"] = entry.trumps
    for key in ("contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi"):
        data[key] = getattr(entry, key)
    data.update(
        plis_ns=entry.plis_ns,
        points_ns=entry.points_ns,
        roi_au_bout=entry.roi_au_bout,
        faults=list(entry.faults),
        annulled=entry.annulled,
    )
    return data


def sheet_to_dict(sheet: SheetInput) -> dict[str, Any]:
    """A score sheet in the §10 form; ``parse_sheet(sheet_to_dict(s)) == s``."""
    data: dict[str, Any] = {
        "game": "roimat",
        "variant": sheet.rules.variant,
        "rounding": sheet.rules.rounding,
        "fault_counting": sheet.rules.fault_counting,
    }
    if sheet.rules.plays_to_target:
        data["target"] = sheet.rules.target
    if sheet.date is not None:
        data["date"] = sheet.date.isoformat()
    if sheet.place:
        data["place"] = sheet.place
    if sheet.table:
        data["table"] = sheet.table
    data["players"] = dict(sheet.players)
    data["donnes"] = [donne_to_dict(d) for d in sheet.donnes]
    return data
