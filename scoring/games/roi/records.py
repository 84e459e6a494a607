"""Roi's records of a whole sheet by simulation (``scoring.games.simulate.Simulation``): the
10 manches played card by card (``play.game_records``), one record a manche."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .play import game_records


def sheet_records(
    rng: random.Random, players: int, options: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The records of a whole game (4 players; Roi has no rule option), drawn from ``rng``."""
    return game_records(rng)
