"""Players of any game, written once over ``GameState``, and ``play_out``.

- ``RandomPlayer``: a legal move at random (``GameState.random_move``);
- ``GreedyPlayer``: the simple heuristic: each legal move is tried (``push``, read the
  mover's ``returns()``, ``pop``) and the best kept, ties drawn at random. It sees what its
  seat may see: ``returns()`` counts the tricks taken, public in every game here. It wins a
  trick worth winning when its card decides it, and gives away what costs (a Roi penalty);
  simple as it is, it writes 0 as its Differenzler estimate (no points taken is no
  difference yet) and then dodges points, and bids nothing for Rumoli's dead hand (a remote
  table's Differenzler robots estimate from their hand: ``DifferenzlerState.robot``);
- ``FaultyPlayer``: another player who, at ``rate``, makes a faute de jeu instead (a move of
  ``fault_moves()``, in a game that scores them).

All draw from the generator ``play_out`` passes them, so a seed gives the same round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from .state import GameState, below

S = TypeVar("S", bound=GameState[Any, Any])


class Player(Protocol):
    """Chooses the move of the seat to move."""

    def choose(self, state: GameState[Any, Any], rng: random.Random) -> Any:
        """The move to push for ``state.to_move``, drawn from ``rng`` where it draws."""
        ...


class RandomPlayer:
    """Any legal move, at random."""

    def choose(self, state: GameState[Any, Any], rng: random.Random) -> Any:
        return state.random_move(rng)


class GreedyPlayer:
    """The legal move that leaves the mover's ``returns()`` highest, ties at random."""

    def choose(self, state: GameState[Any, Any], rng: random.Random) -> Any:
        seat = state.to_move
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        best: list[Any] = []
        top = None
        for move in moves:
            state.push(move)
            value = state.returns()[seat]
            state.pop()
            if top is None or value > top:
                top, best = value, [move]
            elif value == top:
                best.append(move)
        return best[below(rng, len(best))]


class FaultyPlayer:
    """``player``, who at ``rate`` (0 to 1) makes a faute de jeu when one can be made."""

    def __init__(self, player: Player, rate: float) -> None:
        self.player, self.rate = player, rate

    def choose(self, state: GameState[Any, Any], rng: random.Random) -> Any:
        if rng.random() < self.rate:
            faults = state.fault_moves()
            if faults:
                return faults[below(rng, len(faults))]
        return self.player.choose(state, rng)


RANDOM = RandomPlayer()
GREEDY = GreedyPlayer()
#: The players a simulation names: ``random`` and ``heuristic``.
PLAYERS: dict[str, Player] = {"random": RANDOM, "heuristic": GREEDY}


def make_players(kind: str, seats: int, fault_rate: float = 0.0) -> list[Player]:
    """``seats`` players of ``kind`` (``random`` or ``heuristic``), making fautes de jeu at
    ``fault_rate``. Raises ``KeyError`` for another kind."""
    player = PLAYERS[kind]
    return [FaultyPlayer(player, fault_rate) if fault_rate else player for _seat in range(seats)]


def play_out(state: S, players: Sequence[Player], rng: random.Random) -> S:
    """Play the round to its end, each seat's player choosing its moves from ``rng``; the
    state, over. When every player is a ``RandomPlayer`` the round is played by
    ``state.play_random(rng)``, the game's fast path, which draws the same."""
    if all(type(player) is RandomPlayer for player in players):
        state.play_random(rng)
        return state
    while not state.is_over():
        state.push(players[state.to_move].choose(state, rng))
    return state
