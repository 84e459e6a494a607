"""Whole sheets of the other games played by simulation (Roi, Römer, Rumoli, Differenzler),
with the record of every round card by card (``scoring.games.records``; Römer's are its play
state's, ``romer.state``), which ``scoring.games.verify`` (Römer: ``scoring.play.verify``)
replays.

``simulate_records(game, seed, players, options)`` gives the sheet and its records;
``simulate_sheet`` the sheet alone. Options are the game's rule options (written on the
sheet) and, for Rumoli, ``fault_rate`` (the irregularities' rate; not a rule).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .base import Game
from .differenzler import DIFFERENZLER
from .differenzler_play import round_record
from .notation import GameSheetInput
from .roi import ROI
from .roi_play import game_records
from .romer import ROMER, RomerState
from .rumoli import RUMOLI
from .rumoli_play import coup_record

Records = list[dict[str, Any]]


def roi_records(rng: random.Random, players: int, options: Mapping[str, Any]) -> Records:
    return game_records(rng)


def differenzler_records(rng: random.Random, players: int, options: Mapping[str, Any]) -> Records:
    count: int = DIFFERENZLER.option(options, "rounds")
    return [round_record(rng, dealer=n % 4, number=n + 1) for n in range(count)]


def rumoli_records(rng: random.Random, players: int, options: Mapping[str, Any]) -> Records:
    board, records = [0, 0, 0, 0], []
    for number in range(RUMOLI.option(options, "rounds")):
        record, board = coup_record(rng, players, number % players, board, options, number + 1)
        records.append(record)
    return records


def romer_records(rng: random.Random, players: int, options: Mapping[str, Any]) -> Records:
    """Manches of Römer played by random players (``RomerState.play_random``) until a total
    reaches the sheet's target."""
    rules = {k: v for k, v in options.items() if k in ROMER.option_specs}
    table = RomerState.table({**rules, "players": players}, rng)
    spec = ROMER.round_spec(1, players, rules)
    totals = [0] * players
    records: Records = []
    while not ROMER.is_over(totals, len(records), players, rules):
        state = table.deal()
        state.play_random(rng)
        table.collect(state)
        records.append(state.to_record())
        scores = ROMER.score(spec, state.result())
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
    return records


#: Each game's simulation: its rounds' records from a random generator, players and options.
RECORDS: dict[str, Callable[[random.Random, int, Mapping[str, Any]], Records]] = {
    "roi": roi_records,
    "romer": romer_records,
    "differenzler": differenzler_records,
    "rumoli": rumoli_records,
}


def rounds_of(
    simulate: Callable[[random.Random, int, Mapping[str, Any]], Records],
) -> Callable[[random.Random, int, Mapping[str, Any]], list[list[dict[str, Any]]]]:
    """A simulation giving the sheet's rounds (each record's ``result``)."""

    def rounds(
        rng: random.Random, players: int, options: Mapping[str, Any]
    ) -> list[list[dict[str, Any]]]:
        return [record["result"] for record in simulate(rng, players, options)]

    return rounds


#: The rules of each game simulated, for the options its sheet keeps.
RULES: dict[str, Game] = {game.key: game for game in (ROI, ROMER, DIFFERENZLER, RUMOLI)}

#: Each game's simulation giving the sheet's rounds (what the site stores).
SIMULATIONS = {key: rounds_of(simulate) for key, simulate in RECORDS.items()}


def simulate_records(
    game: str, seed: int, players: int = 4, options: Mapping[str, Any] | None = None
) -> tuple[GameSheetInput, Records]:
    """A whole sheet of ``game`` played by simulation, players named Joueur 1, 2, …, and the
    record of each of its rounds. Raises ``KeyError`` for a game without a simulation."""
    options = dict(options or {})
    records = RECORDS[game](random.Random(seed), players, options)
    names = tuple(f"Joueur {n}" for n in range(1, players + 1))
    sheet_options = {k: v for k, v in options.items() if k in RULES[game].option_specs}
    sheet = GameSheetInput(
        game=game,
        players=names,
        rounds=tuple(tuple(record["result"]) for record in records),
        options=sheet_options,
    )
    return sheet, records


def simulate_sheet(
    game: str, seed: int, players: int = 4, options: Mapping[str, Any] | None = None
) -> GameSheetInput:
    """A whole sheet of ``game`` played by simulation, players named Joueur 1, 2, …

    Raises ``KeyError`` for a game without a simulation."""
    return simulate_records(game, seed, players, options)[0]
