"""Seeded simulation of any game, and its records as JSON lines, over ``GameState``.

``simulate(cls, count, seed, options)`` deals ``count`` rounds one after another at the
game's table (``cls.table``) and plays each with ``play_out``; the players share the table's
generator, as each game's own simulation does, so a seed gives the same rounds. A round that
puts nothing on the sheet (a void Roimat deal) is played and not counted.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar

from .players import make_players, play_out
from .state import GameState, RecordError

S = TypeVar("S", bound=GameState[Any, Any])


def simulate(
    cls: type[S],
    count: int,
    seed: int | str,
    options: Mapping[str, Any] | None = None,
    players: str = "random",
    fault_rate: float = 0.0,
) -> Iterator[S]:
    """``count`` rounds of ``cls``'s game played to their end, each state as it ends.

    ``options``: the game's rule options; ``players``: ``random`` or ``heuristic``;
    ``fault_rate``: how often a player makes a faute de jeu when the game scores them."""
    rng = random.Random(seed)
    table = cls.table(options or {}, rng)
    seats: list[Any] = []
    made = 0
    while made < count:
        state = table.deal()
        if len(seats) != state.seats:
            seats = make_players(players, state.seats, fault_rate)
        play_out(state, seats, rng)
        table.collect(state)
        if state.result() is not None:
            made += 1
            yield state


def write_records(states: Iterable[GameState[Any, Any]]) -> str:
    """The states' records as JSON lines (one a line, each ending with a newline)."""
    return "".join(state.to_text() + "\n" for state in states)


def read_records(cls: type[S], text: str) -> list[S]:
    """The states of JSON lines of ``cls``'s records (blank lines skipped). Raises
    ``RecordError`` (its place names the line) or ``MoveError``."""
    states = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise RecordError(f"line {number}", "not_json", f"not JSON: {error.msg}") from None
        states.append(cls.from_record(record))
    return states
