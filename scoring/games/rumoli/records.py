"""Rumoli's records of a whole sheet by simulation (``scoring.games.simulate.Simulation``):
each coup played with random choices (``play.coup_record``), one record a coup, the chips left
on the boodle cards carried from coup to coup."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .play import coup_record
from .rules import RUMOLI


def sheet_records(
    rng: random.Random, players: int, options: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The records of the sheet's coups (option ``rounds``) for ``players`` (3 to 7), the deal
    moving one seat a coup; ``options["fault_rate"]``: the irregularities' rate (not a rule),
    drawn from ``rng``."""
    board, records = [0, 0, 0, 0], []
    for number in range(RUMOLI.option(options, "rounds")):
        record, board = coup_record(rng, players, number % players, board, options, number + 1)
        records.append(record)
    return records
