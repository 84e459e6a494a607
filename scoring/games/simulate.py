"""Whole sheets of a game played by simulation, with the record of every round card by card
(``scoring.games.records``), which ``scoring.play.verify`` replays.

A game played card by card gives its rules and its play state: ``played_sheets(rules,
state)`` is its ``Simulation``, its rounds played by random players until its sheet ends;
``simulate_records(rules, simulation, seed, players, options)``
gives the sheet and its records. Options are the game's rule options (written on the sheet)
and any that the simulation alone reads (an irregularities' rate: not a rule).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.play.players import make_players, play_out
from scoring.play.state import GameState, Table

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


def dealing_table(
    rules: Game,
    state: type[GameState[Any, Any]],
    players: int,
    options: Mapping[str, Any],
    rng: random.Random,
) -> Table[Any]:
    """The state's table (``state.table``) for a sheet of ``players`` with these rule
    ``options``: told the number of players when the game seats more than one count."""
    low, high = rules.seats
    return state.table({**options, "players": players} if low != high else options, rng)


class GameSheetRules:
    """The sheet's rules a live table asks (``scoring.play.live.SheetRules``), for a game of
    ``rules`` with ``players`` and its rule ``options``: each player's totals in points and
    the end of the partie, from the rounds' results (each round's entries)."""

    def __init__(self, rules: Game, players: int, options: Mapping[str, Any]) -> None:
        self.rules, self.players, self.options = rules, players, options

    def totals(self, results: Sequence[Any]) -> list[int]:
        totals = [0] * self.players
        for number, entries in enumerate(results, start=1):
            spec = self.rules.round_spec(number, self.players, self.options)
            scores = self.rules.score(spec, entries)
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
        return totals

    def round_name(self, number: int) -> str:
        return self.rules.round_spec(number, self.players, self.options).name

    def is_over(self, results: Sequence[Any]) -> bool:
        totals = self.totals(results)
        return self.rules.is_over(totals, len(results), self.players, self.options)

    def winners(self, results: Sequence[Any]) -> list[int]:
        """The players with the best total (the highest, or the lowest where the lowest
        wins) once the partie is over; none before."""
        if not self.is_over(results):
            return []
        totals = self.totals(results)
        best = (max if self.rules.higher_wins else min)(totals)
        return [player for player, total in enumerate(totals) if total == best]

    def lines(self, results: Sequence[Any]) -> None:
        """None: the live page shows each player's total."""
        return None


def played_sheets(rules: Game, state: type[GameState[Any, Any]]) -> Simulation:
    """The ``Simulation`` of a game from its rules and its play state: rounds dealt at the
    state's table (``dealing_table``) and played by random players (``play_random``), who
    at ``options["fault_rate"]`` (0 to 1, not a rule) make the fautes or irregularities the
    game scores (``FaultyPlayer``), until the sheet's rules end the game
    (``GameSheetRules.is_over``)."""

    def records(rng: random.Random, players: int, options: Mapping[str, Any]) -> Records:
        sheet = {k: v for k, v in options.items() if k in rules.option_specs}
        rate = float(options.get("fault_rate", 0.0))
        table = dealing_table(rules, state, players, sheet, rng)
        over = GameSheetRules(rules, players, sheet).is_over
        made: Records = []
        while not over([record["result"] for record in made]):
            round_state = table.deal()
            if rate:
                play_out(round_state, make_players("random", round_state.seats, rate), rng)
            else:
                round_state.play_random(rng)
            table.collect(round_state)
            made.append(round_state.to_record())
        return made

    return records
