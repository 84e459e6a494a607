"""Differenzler's records of a whole sheet by simulation
(``scoring.games.simulate.Simulation``): each round played card by card
(``play.round_record``), one record a round."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .play import round_record
from .rules import DIFFERENZLER


def sheet_records(
    rng: random.Random, players: int, options: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The records of the sheet's rounds (option ``rounds``; 4 players), the deal moving one
    seat a round, drawn from ``rng``."""
    count: int = DIFFERENZLER.option(options, "rounds")
    return [round_record(rng, dealer=n % 4, number=n + 1) for n in range(count)]
