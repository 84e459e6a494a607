"""Dealing and playing whole donnes and parties with simulated players (ROIMAT.md §3, §6).

The deal goes clockwise from the dealer's left in packets of 1, 2, 3, 2, 1. By default the deck
is shuffled before each deal; with ``gather=True`` the tricks are gathered in the order played,
cut and dealt again without shuffling, as the seed requires at the table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from operator import itemgetter
from typing import Any

from .cards import DECK_SIZE
from .donne import BIDS, BIT, OVER, PLAY, ROI_MASK, DonneState, left
from .draws import randint, shuffle
from .notation import SheetInput
from .partie import compute_sheet
from .players import HeuristicPlayer, Player, RandomPlayer
from .record import entry_of_record, record_of
from .rules import RuleSet, rules_of

PACKETS = (1, 2, 3, 2, 1)
MOVES = 1 + len(BIDS) + DECK_SIZE  # the most moves a donne has: announcement, bids, cards
PLAYERS: dict[str, type[RandomPlayer]] = {"random": RandomPlayer, "heuristic": HeuristicPlayer}
#: The names of the simulated players on a sheet, by seat.
SIMULATED = {"N": "Sim Nord", "E": "Sim Est", "S": "Sim Sud", "O": "Sim Ouest"}


def _packet_positions() -> tuple[tuple[int, ...], ...]:
    """Per seat offset from the dealer (0 the dealer, 1 his left …), the deck positions that
    the packets of 1, 2, 3, 2, 1 give him, dealing clockwise from the dealer's left."""
    positions: list[list[int]] = [[], [], [], []]
    position = 0
    for packet in PACKETS:
        for offset in range(1, 5):
            positions[offset % 4] += range(position, position + packet)
            position += packet
    return tuple(tuple(p) for p in positions)


#: ``_TAKES[dealer][seat]``: the 9 deck positions that seat receives.
_TAKES = tuple(
    tuple(itemgetter(*_packet_positions()[(seat - dealer) % 4]) for seat in range(4))
    for dealer in range(4)
)


def deal_hands(deck: list[int], dealer: int) -> list[int]:
    """Four hand bitmasks (N, E, S, O) dealt from ``deck`` (36 card ids, top first)."""
    return _deal([BIT[card] for card in deck], dealer)


def _deal(deck: list[int], dealer: int) -> list[int]:
    """``deal_hands`` for a deck of card bits (``1 << card``), whose sums are the hands."""
    return [sum(take(deck)) for take in _TAKES[dealer]]


class Dealer:
    """The deck between donnes: shuffled each time, or gathered, cut and not shuffled."""

    def __init__(self, rng: random.Random, gather: bool = False):
        self.rng = rng
        self.gather = gather
        self._deck = list(BIT)  # each card as its bit, in deck order
        shuffle(rng, self._deck)

    @property
    def deck(self) -> list[int]:
        """The card ids, top first."""
        return [bit.bit_length() - 1 for bit in self._deck]

    def deal(self, dealer: int, rules: RuleSet | str) -> DonneState:
        """A new donne. Where the rules say so, the dealer redeals until he holds a Roi."""
        rules = rules_of(rules)
        takes = _TAKES[dealer]
        while True:
            deck = self._deck
            if not self.gather:
                shuffle(self.rng, deck)
            if rules.redeal_until_roi and not sum(takes[dealer](deck)) & ROI_MASK:
                self.cut()
                continue
            return DonneState([sum(take(deck)) for take in takes], dealer, rules)

    def collect(self, state: DonneState) -> None:
        """Gather the cards of a finished donne: the tricks in play order, then the hands."""
        if self.gather:
            played = [BIT[card] for trick in state.tricks for _s, card, _f, _t in trick.plays]
            seen = set(played)
            self._deck = played + [bit for bit in self._deck if bit not in seen]
            self.cut()

    def cut(self) -> None:
        at = randint(self.rng, 1, DECK_SIZE - 1)
        self._deck = self._deck[at:] + self._deck[:at]


def player_of(players: Sequence[Player]) -> Callable[[DonneState], DonneState]:
    """A function that plays a donne to its end, each seat's player choosing its moves, made
    once for all the donnes of a run: in one call of ``DonneState.play_random`` for four random
    players sharing a generator and making no fault, by ``play_faulty`` when they make fautes,
    else move by move."""
    getrandbits = random_bits(players)
    if getrandbits is not None:  # the whole donne in one call

        def play_random(state: DonneState) -> DonneState:
            state.play_random(getrandbits, MOVES)
            return state

        return play_random
    shared = shared_random(players)
    if shared is not None:  # four random players making fautes: a call between two fautes
        return partial(play_faulty, player=shared)

    def move_by_move(state: DonneState) -> DonneState:
        while state.phase is not OVER:
            players[state.to_move()].act(state)
        return state

    return move_by_move


def shared_random(players: Sequence[Player]) -> RandomPlayer | None:
    """The first of the players when all are random players (``RandomPlayer`` itself) who
    share one generator and one fault rate, else None: their donne is then played by
    ``DonneState.play_random`` in one call (no fault) or by ``play_faulty``."""
    shared = [p for p in players if type(p) is RandomPlayer]
    if len(shared) != len(players) or not shared:
        return None
    first = shared[0]
    if any(p.rng is not first.rng or p.fault_rate != first.fault_rate for p in shared):
        return None
    return first


def play_faulty(state: DonneState, player: RandomPlayer) -> DonneState:
    """Play the donne to its end as four random players making fautes de jeu at
    ``player.fault_rate`` (a forbidden card, when the hand holds one, in place of any card at
    that rate): the cards between two fautes drawn are played in one call of
    ``DonneState.play_random``, their number drawn at once (geometric), so that fautes cost
    little more than none."""
    rng, rate = player.rng, player.fault_rate
    getrandbits = rng.getrandbits
    keep = math.log1p(-rate) if rate < 1 else 0.0
    while state.phase is not OVER:
        if state.phase is not PLAY:
            state.play_random(getrandbits, 1)
            continue
        gap = int(math.log(1.0 - rng.random()) / keep) if keep else 0
        if gap:
            state.play_random(getrandbits, gap)  # fewer when the donne ends
            if state.phase is not PLAY:
                continue
        fault = player.forbidden_card(state)
        if fault is None:
            state.play_random(getrandbits, 1)
        else:
            state.push(fault)
    return state


def random_bits(players: Sequence[Player]) -> Callable[[int], int] | None:
    """``getrandbits`` of the generator that four random players share when they make no
    fault (their donne is then played by one call of ``DonneState.play_random``), else None."""
    shared = shared_random(players)
    return shared.rng.getrandbits if shared is not None and not shared.fault_rate else None


def make_players(kind: str, rng: random.Random, fault_rate: float) -> list[Player]:
    """Four players of ``kind`` (``random`` or ``heuristic``) sharing one seeded generator."""
    return [PLAYERS[kind](rng, fault_rate) for _seat in range(4)]


def simulate_donnes(
    count: int,
    seed: int,
    variant: RuleSet | str = "club-8",
    players: str = "random",
    fault_rate: float = 0.0,
    gather: bool = False,
) -> Iterator[DonneState]:
    """``count`` played donnes (void deals are redealt and not counted), dealer turning left;
    after an annulled king sec the same dealer deals again."""
    rules = rules_of(variant)
    rng = random.Random(seed)
    table = Dealer(rng, gather)
    playing = player_of(make_players(players, rng, fault_rate))
    dealer = 0
    made = 0
    while made < count:
        state = playing(table.deal(dealer, rules))
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
    for state in simulate_donnes(limit, seed, rules, players, fault_rate):
        records.append(record_of(state))
        if progress:
            progress()
        if compute_sheet([entry_of_record(r) for r in records], rules).finished:
            break
    return records


def partie_sheet(rules: RuleSet, records: Sequence[dict[str, Any]]) -> SheetInput:
    """The score sheet of a simulated partie (§10): its ``records`` in order (``record_of``,
    as ``simulate_partie`` gives them), one donne each, the players named by seat
    (``SIMULATED``)."""
    return SheetInput(
        rules=rules, players=dict(SIMULATED), donnes=tuple(entry_of_record(r) for r in records)
    )
