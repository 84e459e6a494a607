"""Rounds per second through the one play interface (``scoring.play``) against each game's own
engine, for the same seed and so the same rounds (issue 22, step 1).

    python bench/state_bench.py [--count N]

Prints, best of three runs:
- Roimat donnes by random players: ``simulate(RoimatState)`` (one ``DonneState.play_random``
  call a donne, behind the interface) against ``roimat.simulate.simulate_donnes``;
- the same donnes move by move: a random player asked for each move through the interface
  (``GameState.push``) against ``RandomPlayer.act`` on the ``DonneState`` itself;
- the interface's greedy player (one move ahead with ``push``/``pop``);
- Roi manches, Differenzler rounds and Rumoli coups (4 players), played by the interface alone
  (their only engine).
A benchmark, not a test: the figures depend on the machine and on what else runs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.games.differenzler.state import DifferenzlerState  # noqa: E402
from scoring.games.roi.state import RoiState  # noqa: E402
from scoring.games.rumoli.state import RumoliState  # noqa: E402
from scoring.play.players import RandomPlayer, play_out  # noqa: E402
from scoring.play.simulate import simulate  # noqa: E402
from scoring.roimat.simulate import Dealer, make_players, simulate_donnes  # noqa: E402
from scoring.roimat.state import RoimatState  # noqa: E402

REPEAT = 3
WIDTH = 52


def best_rate(run: Callable[[], None], count: int) -> float:
    """Rounds per second of the fastest of ``REPEAT`` calls of ``run()``."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


class OneByOne(RandomPlayer):
    """A random player asked for every move (``play_out`` takes no fast path for it)."""


def interface_moves(count: int) -> None:
    rng = random.Random(1)
    table = RoimatState.table({}, rng)
    players = [OneByOne()] * 4
    for _donne in range(count):
        state = play_out(table.deal(), players, rng)
        table.collect(state)


def donne_moves(count: int) -> None:
    rng = random.Random(1)
    table = Dealer(rng)
    players = make_players("random", rng, 0.0)
    dealer = 0
    for _donne in range(count):
        state = table.deal(dealer, "club-8")
        while not state.is_over():
            players[state.to_move()].act(state)
        dealer = dealer if state.annulled else (dealer + 1) % 4


def pair(label: str, ours: float, theirs: float, unit: str) -> None:
    print(f"{label + ', interface':<{WIDTH}} {ours:>9,.0f} {unit}/s")
    print(f"{label + ', own engine':<{WIDTH}} {theirs:>9,.0f} {unit}/s  ({ours / theirs:.2f} ×)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000, help="Roimat donnes a run")
    count = parser.parse_args().count
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")

    def interface_random() -> None:
        for _state in simulate(RoimatState, count, seed=1):
            pass

    def own_random() -> None:
        for _state in simulate_donnes(count, seed=1):
            pass

    ours, theirs = best_rate(interface_random, count), best_rate(own_random, count)
    pair("Roimat, random players", ours, theirs, "donnes")
    small = count // 5
    ours = best_rate(lambda: interface_moves(small), small)
    theirs = best_rate(lambda: donne_moves(small), small)
    pair("Roimat, random players asked move by move", ours, theirs, "donnes")
    few = count // 25

    def greedy() -> None:
        for _state in simulate(RoimatState, few, seed=1, players="heuristic"):
            pass

    rate = best_rate(greedy, few)
    print(f"{'Roimat, greedy players, interface':<{WIDTH}} {rate:>9,.0f} donnes/s")
    manches = 10 * (count // 50)

    def roi_interface() -> None:
        for _state in simulate(RoiState, manches, seed=1):
            pass

    rate = best_rate(roi_interface, manches)
    print(f"{'Roi, random players, interface':<{WIDTH}} {rate:>9,.0f} manches/s")
    rounds = count // 5

    def differenzler_interface() -> None:
        for _state in simulate(DifferenzlerState, rounds, seed=1):
            pass

    rate = best_rate(differenzler_interface, rounds)
    print(f"{'Differenzler, random players, interface':<{WIDTH}} {rate:>9,.0f} rounds/s")
    coups = 60  # the most a partie may be set to

    def rumoli_interface() -> None:
        for _state in simulate(RumoliState, coups, seed=1, options={"rounds": coups}):
            pass

    rate = best_rate(rumoli_interface, coups)
    print(f"{'Rumoli, random players, interface':<{WIDTH}} {rate:>9,.0f} coups/s")


if __name__ == "__main__":
    main()
