"""Verifying round records of the other games (``scoring.games.records``): ``verify(record)``
replays a record of any game card by card and lists every rule it breaks; ``verify_lines``
does it for a file of JSON lines, naming the line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import differenzler_play, roi_play, rumoli_play
from .records import RecordProblem

VERIFIERS: dict[str, Callable[[dict[str, Any]], list[RecordProblem]]] = {
    "roi": roi_play.verify,
    "differenzler": differenzler_play.verify,
    "rumoli": rumoli_play.verify,
}


def verify(record: Any, game: str | None = None) -> list[RecordProblem]:
    """The problems of one record (decoded JSON); ``game``, when given, is the only game
    accepted. Empty: the record is sound."""
    if not isinstance(record, dict):
        return [RecordProblem("not_object")]
    key = record.get("game")
    if key not in VERIFIERS or (game is not None and key != game):
        return [RecordProblem("not_game", {"value": key}, field="game")]
    return VERIFIERS[key](record)
