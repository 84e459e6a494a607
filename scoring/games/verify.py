"""Verifying a game's round records (``scoring.games.records``): ``verify(record, game,
verifier)`` checks that a record is one of ``game`` and has the game's own verifier (its
package's ``play.verify``, through the site's catalogue) replay it card by card, listing every
rule it breaks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .records import RecordProblem

#: A game's verifier: every rule a record of the game (a JSON object) breaks; empty: sound.
Verifier = Callable[[dict[str, Any]], list[RecordProblem]]


def verify(record: Any, game: str, verifier: Verifier | None) -> list[RecordProblem]:
    """The problems of one record (decoded JSON) of game ``game``: ``not_object``, a
    ``not_game`` for a record of another game or of a game without records (no
    ``verifier``), else what ``verifier`` finds. Empty: the record is sound."""
    if not isinstance(record, dict):
        return [RecordProblem("not_object")]
    if verifier is None or record.get("game") != game:
        return [RecordProblem("not_game", {"value": record.get("game")}, field="game")]
    return verifier(record)
