"""The JSON sheet of the other games, like Roimat's (ROIMAT.md §10):

``{"game": "roi", "options": {...}, "players": ["Annie", "Bernard", …], "date": "2026-11-20",
"place": "…", "table": "…", "rounds": [[{field: value, …} one per player], …]}``.
The computed sheet is ``{"rounds": [{"scores": […], "cumuls": […]}], "totals": […],
"finished": bool, "winners": [player indices]}``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from .base import Game, GameProblem, GameSheet, InvalidGameSheet

KEYS = {"game", "options", "players", "date", "place", "table", "rounds"}


@dataclass(frozen=True)
class GameSheetInput:
    """A sheet as players wrote it: game key, options, player names in seat order, rounds."""

    game: str
    players: tuple[str, ...]
    rounds: tuple[tuple[dict[str, Any], ...], ...]
    options: dict[str, Any] = field(default_factory=dict)
    date: datetime.date | None = None
    place: str = ""
    table: str = ""


def _refuse(field_name: str, code: str = "missing", **params: Any) -> InvalidGameSheet:
    return InvalidGameSheet(0, GameProblem(None, field_name, code, params))


def parse_game_sheet(data: Any, game: Game) -> GameSheetInput:
    """Read a sheet (decoded JSON) of ``game``; raises ``InvalidGameSheet`` naming the field
    (``game`` "unknown" when the sheet is of another game). An entry's fields of before are
    read by their names of today (``Game.renamed``). The rounds are checked by
    ``base.compute``."""
    if not isinstance(data, dict):
        raise _refuse("sheet")
    for key in data:
        if key not in KEYS:
            raise _refuse(key, "unknown")
    if data.get("game") != game.key:
        raise _refuse("game", "unknown")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise _refuse("players")
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list) or not all(isinstance(r, list) for r in rounds):
        raise _refuse("rounds")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise _refuse("options")
    try:
        date = datetime.date.fromisoformat(data["date"]) if data.get("date") else None
    except (TypeError, ValueError):
        raise _refuse("date", "unknown") from None
    return GameSheetInput(
        game=data["game"],
        players=tuple(p.strip() for p in players),
        rounds=tuple(
            tuple(dict(game.renamed(e)) if isinstance(e, dict) else {} for e in r) for r in rounds
        ),
        options=options,
        date=date,
        place=str(data.get("place", "")),
        table=str(data.get("table", "")),
    )


def game_sheet_to_dict(sheet: GameSheetInput) -> dict[str, Any]:
    """The sheet as JSON-ready data; ``parse_game_sheet(game_sheet_to_dict(s)) == s``."""
    data: dict[str, Any] = {"game": sheet.game, "options": dict(sheet.options)}
    if sheet.date:
        data["date"] = sheet.date.isoformat()
    if sheet.place:
        data["place"] = sheet.place
    if sheet.table:
        data["table"] = sheet.table
    data["players"] = list(sheet.players)
    data["rounds"] = [[dict(e) for e in r] for r in sheet.rounds]
    return data


def computed_to_dict(sheet: GameSheet) -> dict[str, Any]:
    """The computed sheet as JSON-ready data."""
    rounds = [
        {"scores": list(s), "cumuls": list(c)}
        for s, c in zip(sheet.scores, sheet.cumuls, strict=True)
    ]
    return {
        "rounds": rounds,
        "totals": list(sheet.totals),
        "finished": sheet.finished,
        "winners": list(sheet.winners),
    }
