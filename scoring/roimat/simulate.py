"""Dealing and playing whole donnes and parties with simulated players (ROIMAT.md §3, §6).

The deal goes clockwise from the dealer's left in packets of 1, 2, 3, 2, 1. By default the deck
is shuffled before each deal; with ``gather=True`` the tricks are gathered in the order played,
cut and dealt again without shuffling, as the seed requires at the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from .cards import CARDS, ROI
from .donne import DonneState, left
from .partie import compute_sheet
from .players import HeuristicPlayer, RandomPlayer
from .record import entry_of_record, record_of
from .rules import RuleSet

PACKETS = (1, 2, 3, 2, 1)
PLAYERS = {"random": RandomPlayer, "heuristic": HeuristicPlayer}


def deal_hands(deck: list[int], dealer: int) -> list[int]:
    """Four hand bitmasks (N, E, S, O) dealt from ``deck`` (36 card ids, top first)."""
    hands = [0, 0, 0, 0]
    position = 0
    for packet in PACKETS:
        for offset in range(1, 5):
            seat = (dealer + offset) % 4
            for card in deck[position : position + packet]:
                hands[seat] |= 1 << card
            position += packet
    return hands


class Dealer:
    """The deck between donnes: shuffled each time, or gathered, cut and not shuffled."""

    def __init__(self, rng: random.Random, gather: bool = False):
        self.rng = rng
        self.gather = gather
        self.deck = list(CARDS)
        rng.shuffle(self.deck)

    def deal(self, dealer: int, variant: str) -> DonneState:
        """A new donne. Under the club rule the dealer redeals until he holds a Roi."""
        while True:
            if not self.gather:
                self.rng.shuffle(self.deck)
            state = DonneState(deal_hands(self.deck, dealer), dealer, variant)
            if variant == "official-1000" or any(state.deal[dealer] >> r & 1 for r in ROI):
                return state
            self.cut()

    def collect(self, state: DonneState) -> None:
        """Gather the cards of a finished donne: the tricks in play order, then the hands."""
        if self.gather:
            played = [card for trick in state.tricks for _s, card, *_ in trick.plays]
            rest = [c for c in self.deck if c not in set(played)]
            self.deck = played + rest
            self.cut()

    def cut(self) -> None:
        at = self.rng.randint(1, len(self.deck) - 1)
        self.deck = self.deck[at:] + self.deck[:at]


def play(state: DonneState, players: list[Any]) -> DonneState:
    """Play the donne to its end, each seat's player choosing its moves."""
    while not state.is_over():
        state.push(players[state.to_move()].choose(state))
    return state


def make_players(kind: str, rng: random.Random, fault_rate: float) -> list[Any]:
    """Four players of ``kind`` (``random`` or ``heuristic``) sharing one seeded generator."""
    return [PLAYERS[kind](rng, fault_rate) for _seat in range(4)]


def simulate_donnes(
    count: int,
    seed: int,
    variant: str = "club-8",
    players: str = "random",
    fault_rate: float = 0.0,
    gather: bool = False,
) -> Iterator[DonneState]:
    """``count`` played donnes (void deals are redealt and not counted), dealer turning left;
    after an annulled king sec the same dealer deals again."""
    rng = random.Random(seed)
    table = Dealer(rng, gather)
    seats = make_players(players, rng, fault_rate)
    dealer = 0
    made = 0
    while made < count:
        state = play(table.deal(dealer, variant), seats)
        table.collect(state)
        if not state.void:
            made += 1
            yield state
        dealer = dealer if state.annulled else left(dealer)


def simulate_partie(
    rules: RuleSet,
    seed: int,
    players: str = "random",
    fault_rate: float = 0.0,
    limit: int = 200,
    progress: Callable[[], None] | None = None,
) -> list[dict[str, Any]]:
    """The records of one partie played to its end (§6), or of ``limit`` donnes."""
    records: list[dict[str, Any]] = []
    for state in simulate_donnes(limit, seed, rules.variant, players, fault_rate):
        records.append(record_of(state))
        if progress:
            progress()
        if compute_sheet([entry_of_record(r) for r in records], rules).finished:
            break
    return records
