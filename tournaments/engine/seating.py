"""Seating a round: who sits where at each table (issue: club evenings, "Tournaments").

A table of Roimat seats four players N, E, S, O: N and S are partners against E and O.
- Individual: partners change every round. For 8, 12, … 28 players present every round, the
  whist schedule (``whist``) makes every two players partners exactly once over n − 1 rounds;
  otherwise each round minimises repeated partners, then repeated opponents, given the history.
- Pairs: fixed partnerships meet as teams; Swiss pairing on the standings without a rematch,
  or all-play-all (the circle method).
- Random draw: any seating, at random.
Players not a multiple of 4 (pairs: an odd number of pairs) leave some out each round; the
sit-out rotates to those who sat out least.

Players and pairs are any hashable ids; randomness comes from the ``random.Random`` given.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from .whist import whist_round

#: The most rounds an evening may have: a long evening plays 4 to 8 (the whist schedule of
#: 28 players, 27 rounds, is the longest drawn).
MAX_ROUNDS = 30
#: The most players a simulated evening seats (a club room holds forty tables).
MAX_PLAYERS = 400

Entrant = Hashable
PairEntrant = tuple[Entrant, Entrant]


@dataclass(frozen=True)
class Table:
    """One table: ``seats`` are the players at N, E, S, O (N/S partners against E/O), or,
    for a game without partners, the 3 to 7 players in seat order."""

    number: int
    seats: tuple[Entrant, ...]

    @property
    def teams(self) -> tuple[tuple[Entrant, Entrant], tuple[Entrant, Entrant]]:
        """(N, S) and (E, O) of a table of four."""
        n, e, s, o = self.seats
        return (n, s), (e, o)


@dataclass(frozen=True)
class Round:
    """A round's tables and the entrants sitting out."""

    tables: tuple[Table, ...]
    sit_out: tuple[Entrant, ...] = ()


@dataclass
class History:
    """Who partnered, met and sat out so far (counts), to seat the next round."""

    partners: Counter[frozenset[Entrant]] = field(default_factory=Counter)
    opponents: Counter[frozenset[Entrant]] = field(default_factory=Counter)
    sat_out: Counter[Entrant] = field(default_factory=Counter)
    rounds: int = 0

    def record(self, round_: Round) -> None:
        """Count a round that was played."""
        for table in round_.tables:
            (a, c), (b, d) = table.teams
            self.partners.update([pair(a, c), pair(b, d)])
            self.opponents.update(pair(x, y) for x in (a, c) for y in (b, d))
        self.sat_out.update(round_.sit_out)
        self.rounds += 1

    def record_matches(
        self,
        matches: Sequence[tuple[PairEntrant, PairEntrant]],
        sit_out: PairEntrant | None = None,
    ) -> None:
        """Count a round of fixed pairs: which pairs met, which pair sat out."""
        self.opponents.update(pair(a, b) for a, b in matches)
        if sit_out is not None:
            self.sat_out[sit_out] += 1
        self.rounds += 1


def pair(a: Entrant, b: Entrant) -> frozenset[Entrant]:
    return frozenset((a, b))


def choose_sit_outs(
    entrants: Sequence[Entrant], count: int, history: History, rng: random.Random
) -> list[Entrant]:
    """``count`` entrants to sit out: those who sat out least, chosen at random among equals."""
    order = sorted(entrants, key=lambda e: (history.sat_out[e], rng.random()))
    return order[:count]


def seat_individual(
    players: Sequence[Entrant],
    history: History,
    rng: random.Random,
    schedule_order: Sequence[Entrant] | None = None,
) -> Round:
    """The next round of an individual tournament (partners change every round).

    ``schedule_order`` is the fixed order of the players used for the whist schedule (the same
    list every round); when every one of them is present and n is 8, 12, … 28, the round is
    round ``history.rounds`` of that schedule. Otherwise the round minimises, in that order,
    repeated partners and repeated opponents.
    """
    if schedule_order is not None and sorted(map(str, schedule_order)) == sorted(map(str, players)):
        tables = whist_round(len(schedule_order), history.rounds)
        if tables is not None:
            return Round(
                tuple(
                    Table(i + 1, tuple(schedule_order[x] for x in seats))
                    for i, seats in enumerate(tables)
                )
            )
    sit_out = choose_sit_outs(players, len(players) % 4, history, rng)
    present = [p for p in players if p not in sit_out]
    return Round(_best_tables(present, history, rng), tuple(sit_out))


def _cost(seats: Sequence[Entrant], history: History) -> int:
    """Repeats a table would make: a repeated partnership weighs more than 16 repeated
    meetings, so partners are never repeated to spare opponents."""
    a, b, c, d = seats
    partners = history.partners[pair(a, c)] + history.partners[pair(b, d)]
    opponents = sum(history.opponents[pair(x, y)] for x in (a, c) for y in (b, d))
    return 64 * partners + opponents


def _best_tables(
    present: list[Entrant], history: History, rng: random.Random, tries: int = 60
) -> tuple[Table, ...]:
    """Tables of 4 with the fewest repeats found by randomised greedy seating and swaps."""
    best, best_cost = None, None
    for _try in range(tries):
        order = list(present)
        rng.shuffle(order)
        tables = [order[i : i + 4] for i in range(0, len(order), 4)]
        tables = [_best_arrangement(t, history) for t in tables]
        _improve(tables, history)
        cost = sum(_cost(t, history) for t in tables)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
        if cost == 0:
            break
    return tuple(Table(i + 1, tuple(t)) for i, t in enumerate(best or []))


def _best_arrangement(four: list[Entrant], history: History) -> list[Entrant]:
    """The cheapest of the three ways to split four players into two partnerships."""
    a, b, c, d = four
    options = [[a, b, c, d], [a, c, b, d], [a, b, d, c]]
    return min(options, key=lambda t: _cost(t, history))


def _improve(tables: list[list[Entrant]], history: History) -> None:
    """Swap players between tables while a swap lowers the total cost."""
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for x, y in itertools.product(range(4), repeat=2):
                first, second = list(tables[i]), list(tables[j])
                first[x], second[y] = second[y], first[x]
                first = _best_arrangement(first, history)
                second = _best_arrangement(second, history)
                before = _cost(tables[i], history) + _cost(tables[j], history)
                if _cost(first, history) + _cost(second, history) < before:
                    tables[i], tables[j] = first, second
                    improved = True


def seat_random(players: Sequence[Entrant], history: History, rng: random.Random) -> Round:
    """A random draw: any seating; the sit-out still rotates."""
    sit_out = choose_sit_outs(players, len(players) % 4, history, rng)
    order = [p for p in players if p not in sit_out]
    rng.shuffle(order)
    tables = tuple(Table(i // 4 + 1, tuple(order[i : i + 4])) for i in range(0, len(order), 4))
    return Round(tables, tuple(sit_out))


def pairs_tables(matches: list[tuple[PairEntrant, PairEntrant]]) -> tuple[Table, ...]:
    """Tables for matches of two pairs: the first pair at N/S, the second at E/O."""
    return tuple(Table(i + 1, (a[0], b[0], a[1], b[1])) for i, (a, b) in enumerate(matches))


def swiss_pairs(
    ranked: Sequence[PairEntrant], history: History, rng: random.Random
) -> tuple[list[tuple[PairEntrant, PairEntrant]], PairEntrant | None]:
    """Swiss pairing: pairs in standings order meet the next pair they have not met.

    ``ranked`` lists the pairs best first. Backtracks so that no two pairs meet twice while
    that is possible (then the fewest rematches). With an odd number of pairs, the lowest
    ranked pair that sat out least sits out. Returns (matches, pair sitting out).
    """
    sit_out = None
    order = list(ranked)
    if len(order) % 2:
        sit_out = min(reversed(order), key=lambda p: history.sat_out[p])
        order.remove(sit_out)
    for allowed in range(history.rounds + 1):
        matches = _swiss(order, history, allowed)
        if matches is not None:
            return matches, sit_out
    raise AssertionError("unreachable: any pairing is allowed at the last step")


def met(a: PairEntrant, b: PairEntrant, history: History) -> int:
    return history.opponents[pair(a, b)]


def _swiss(
    order: list[PairEntrant], history: History, allowed: int
) -> list[tuple[PairEntrant, PairEntrant]] | None:
    if not order:
        return []
    first, rest = order[0], order[1:]
    for other in rest:
        if met(first, other, history) <= allowed:
            tail = _swiss([p for p in rest if p != other], history, allowed)
            if tail is not None:
                return [(first, other), *tail]
    return None


def round_robin(
    pairs_: Sequence[PairEntrant], number: int
) -> tuple[list[tuple[PairEntrant, PairEntrant]], PairEntrant | None]:
    """Round ``number`` (0-based) of an all-play-all by the circle method: over m − 1 rounds
    (m pairs, plus a sit-out when odd) every two pairs meet once."""
    order: list[PairEntrant | None] = list(pairs_)
    if len(order) % 2:
        order.append(None)
    m = len(order)
    fixed, rotating = order[0], order[1:]
    shift = number % (m - 1)
    rotating = rotating[shift:] + rotating[:shift]
    circle = [fixed, *rotating]
    matches: list[tuple[PairEntrant, PairEntrant]] = []
    sit_out: PairEntrant | None = None
    for i in range(m // 2):
        a, b = circle[i], circle[m - 1 - i]
        if a is None or b is None:
            sit_out = a or b
        else:
            matches.append((a, b))
    return matches, sit_out


def pairs_round(
    matches: list[tuple[PairEntrant, PairEntrant]], sit_out: PairEntrant | None
) -> Round:
    """A ``Round`` from matches of pairs and the pair sitting out (its two players)."""
    return Round(pairs_tables(matches), tuple(sit_out) if sit_out else ())


def table_sizes(players: int, low: int, high: int, preferred: int) -> list[int] | None:
    """Sizes of tables seating every player, each between ``low`` and ``high``, as close to
    ``preferred`` as the count allows and as even as possible; None when impossible."""
    for tables in sorted(range(1, players + 1), key=lambda t: abs(players / t - preferred)):
        size, extra = divmod(players, tables)
        sizes = [size + 1] * extra + [size] * (tables - extra)
        if all(low <= s <= high for s in sizes):
            return sizes
    return None


def seat_groups(
    players: Sequence[Entrant],
    sizes: Sequence[int],
    history: History,
    rng: random.Random,
    tries: int = 60,
) -> Round:
    """Tables of individual players (games without partners) of the given sizes, meeting as
    few of the same players again as the history allows."""

    def cost(table: Sequence[Entrant]) -> int:
        return sum(history.opponents[pair(a, b)] for a, b in itertools.combinations(table, 2))

    best, best_cost = None, None
    for _try in range(tries):
        order = list(players)
        rng.shuffle(order)
        tables: list[list[Entrant]] = []
        start = 0
        for size in sizes:
            tables.append(order[start : start + size])
            start += size
        improved = True
        while improved:
            improved = False
            for i, j in itertools.combinations(range(len(tables)), 2):
                for x, y in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                    first, second = list(tables[i]), list(tables[j])
                    first[x], second[y] = second[y], first[x]
                    if cost(first) + cost(second) < cost(tables[i]) + cost(tables[j]):
                        tables[i], tables[j] = first, second
                        improved = True
        total = sum(cost(t) for t in tables)
        if best_cost is None or total < best_cost:
            best, best_cost = tables, total
        if total == 0:
            break
    return Round(tuple(Table(i + 1, tuple(t)) for i, t in enumerate(best or [])))


def record_groups(history: History, round_: Round) -> None:
    """Count who met whom at the tables of a game without partners."""
    for table in round_.tables:
        history.opponents.update(pair(a, b) for a, b in itertools.combinations(table.seats, 2))
    history.sat_out.update(round_.sit_out)
    history.rounds += 1
