"""Whole sheets of a game played by simulation, with the record of every round card by card
(``scoring.games.records``), which the game's verifier (``scoring.games.verify``) replays.

A game played card by card gives its ``Simulation`` (its package's ``records.sheet_records``,
through the site's catalogue), or, for a game that gives only its play state,
``played_sheets(rules, state)``: its rounds played by random players until its sheet ends;
``simulate_records(rules, simulation, seed, players, options)``
gives the sheet and its records. Options are the game's rule options (written on the sheet)
and any that the simulation alone reads (an irregularities' rate: not a rule).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from scoring.play.state import GameState

from .base import Game
from .notation import GameSheetInput

Records = list[dict[str, Any]]

#: A game's simulation: the records of a whole sheet's rounds (each with its ``result``, the
#: round's entries), from a random generator, the number of players and the sheet's options.
Simulation = Callable[[random.Random, int, Mapping[str, Any]], Records]


def simulate_records(
    rules: Game,
    simulation: Simulation,
    seed: int,
    players: int = 4,
    options: Mapping[str, Any] | None = None,
) -> tuple[GameSheetInput, Records]:
    """A whole sheet of the game of ``rules`` played by its ``simulation`` from ``seed``,
    players named Joueur 1, 2, …, and the record of each of its rounds; the sheet keeps the
    options that are rules (``rules.option_specs``)."""
    options = dict(options or {})
    records = simulation(random.Random(seed), players, options)
    names = tuple(f"Joueur {n}" for n in range(1, players + 1))
    sheet_options = {k: v for k, v in options.items() if k in rules.option_specs}
    sheet = GameSheetInput(
        game=rules.key,
        players=names,
        rounds=tuple(tuple(record["result"]) for record in records),
        options=sheet_options,
    )
    return sheet, records


def played_sheets(rules: Game, state: type[GameState[Any, Any]]) -> Simulation:
    """The ``Simulation`` of a game that gives only its rules and its play state: rounds
    dealt at the state's table (``state.table``, told the number of players when the game
    seats more than one count) and played by random players (``play_random``), until the
    sheet's rules end the game (``rules.is_over`` on the running totals)."""
    low, high = rules.seats

    def records(rng: random.Random, players: int, options: Mapping[str, Any]) -> Records:
        sheet = {k: v for k, v in options.items() if k in rules.option_specs}
        table = state.table({**sheet, "players": players} if low != high else sheet, rng)
        totals = [0] * players
        made: Records = []
        while not rules.is_over(totals, len(made), players, sheet):
            round_state = table.deal()
            round_state.play_random(rng)
            table.collect(round_state)
            made.append(round_state.to_record())
            spec = rules.round_spec(len(made), players, sheet)
            totals = [
                t + s for t, s in zip(totals, rules.score(spec, made[-1]["result"]), strict=True)
            ]
        return made

    return records
