"""Whole sheets of the other games played by simulation (Roi, Rumoli, Differenzler; the seed
of Römer does not give the deck's composition, so Römer has none)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .differenzler import DEFAULT_ROUNDS
from .differenzler_play import play_round
from .notation import GameSheetInput
from .roi_play import play_game
from .rumoli import DEFAULT_COUPS
from .rumoli_play import play_coup


def roi_rounds(rng: random.Random, players: int, options: Mapping[str, Any]) -> list:
    return play_game(rng)


def differenzler_rounds(rng: random.Random, players: int, options: Mapping[str, Any]) -> list:
    count = int(options.get("rounds", DEFAULT_ROUNDS))
    return [play_round(rng, dealer=n % 4)[1] for n in range(count)]


def rumoli_rounds(rng: random.Random, players: int, options: Mapping[str, Any]) -> list:
    board, coups = [0, 0, 0, 0], []
    for number in range(int(options.get("rounds", DEFAULT_COUPS))):
        entries, board = play_coup(rng, players, number % players, board, options)
        coups.append(entries)
    return coups


SIMULATIONS: dict[str, Callable[[random.Random, int, Mapping[str, Any]], list]] = {
    "roi": roi_rounds,
    "differenzler": differenzler_rounds,
    "rumoli": rumoli_rounds,
}


def simulate_sheet(
    game: str, seed: int, players: int = 4, options: Mapping[str, Any] | None = None
) -> GameSheetInput:
    """A whole sheet of ``game`` played by simulation, players named Joueur 1, 2, …

    Raises ``KeyError`` for a game without a simulation."""
    options = dict(options or {})
    rounds = SIMULATIONS[game](random.Random(seed), players, options)
    names = tuple(f"Joueur {n}" for n in range(1, players + 1))
    sheet_options = {k: v for k, v in options.items() if k in ("rounds", "stakes", "target")}
    return GameSheetInput(game=game, players=names, rounds=tuple(map(tuple, rounds)),
                          options=sheet_options)  # fmt: skip
