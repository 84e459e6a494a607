"""Seating algorithms on plain values (no database)."""

import itertools
import random
from collections import Counter

import pytest

from tournaments.engine.seating import (
    History,
    pair,
    pairs_round,
    round_robin,
    seat_individual,
    seat_random,
    swiss_pairs,
)
from tournaments.engine.whist import BASE_ROUNDS, whist_round


@pytest.mark.parametrize("n", sorted(BASE_ROUNDS))
def test_whist_schedule_partners_every_two_players_exactly_once(n):
    partners, opponents = Counter(), Counter()
    for number in range(n - 1):
        tables = whist_round(n, number)
        assert sorted(x for t in tables for x in t) == list(range(n))
        for a, b, c, d in tables:
            partners.update([pair(a, c), pair(b, d)])
            opponents.update(pair(x, y) for x in (a, c) for y in (b, d))
    everyone = [pair(a, b) for a, b in itertools.combinations(range(n), 2)]
    assert all(partners[p] == 1 for p in everyone)
    assert all(opponents[p] == 2 for p in everyone)


def play_individual(players, rounds, seed=0, schedule=True):
    rng = random.Random(seed)
    history = History()
    order = list(players) if schedule else None
    draws = []
    for _number in range(rounds):
        round_ = seat_individual(players, history, rng, schedule_order=order)
        history.record(round_)
        draws.append(round_)
    return history, draws


@pytest.mark.parametrize("n", [8, 12, 16])
def test_individual_evening_uses_the_whist_schedule(n):
    players = [f"p{i}" for i in range(n)]
    history, draws = play_individual(players, n - 1)
    assert max(history.partners.values()) == 1
    assert len(history.partners) == n * (n - 1) // 2
    for round_ in draws:
        seated = [p for t in round_.tables for p in t.seats]
        assert sorted(seated) == sorted(players) and not round_.sit_out


def test_sixteen_players_four_rounds_never_repeat_a_partner():
    history, _draws = play_individual(list(range(16)), 4)
    assert max(history.partners.values()) == 1


@pytest.mark.parametrize("n, rounds", [(10, 5), (13, 6), (15, 4), (18, 6), (7, 7)])
def test_other_counts_rotate_the_sit_out_and_avoid_repeated_partners(n, rounds):
    players = list(range(n))
    history, draws = play_individual(players, rounds, schedule=False)
    for round_ in draws:
        assert len(round_.sit_out) == n % 4
        seated = [p for t in round_.tables for p in t.seats]
        assert sorted(seated + list(round_.sit_out)) == players
    if n % 4:
        counts = [history.sat_out[p] for p in players]
        assert max(counts) - min(counts) <= 1  # the sit-out rotates
    # Few enough rounds for everyone to find new partners: no partnership repeats.
    assert max(history.partners.values()) == 1


def test_individual_heuristic_spreads_opponents():
    history, _draws = play_individual(list(range(12)), 4, schedule=False)
    assert max(history.partners.values()) == 1
    assert max(history.opponents.values()) <= 2


def test_random_draw_seats_everyone_once():
    rng = random.Random(3)
    history = History()
    round_ = seat_random(list(range(9)), history, rng)
    seated = [p for t in round_.tables for p in t.seats]
    assert len(round_.sit_out) == 1 and sorted(seated + list(round_.sit_out)) == list(range(9))


PAIRS = [(f"a{i}", f"b{i}") for i in range(10)]


def test_swiss_pairs_never_rematch():
    rng = random.Random(1)
    history = History()
    standings = list(PAIRS)
    for _round in range(5):
        matches, sit_out = swiss_pairs(standings, history, rng)
        assert sit_out is None and len(matches) == 5
        assert all(history.opponents[pair(a, b)] == 0 for a, b in matches)
        history.record_matches(matches, sit_out)
        rng.shuffle(standings)  # any new standings order
    assert max(history.opponents.values()) == 1


def test_swiss_pairs_top_meets_next_unmet():
    history = History()
    matches, _ = swiss_pairs(PAIRS[:4], history, random.Random(0))
    assert matches == [(PAIRS[0], PAIRS[1]), (PAIRS[2], PAIRS[3])]
    history.record_matches(matches)
    matches, _ = swiss_pairs(PAIRS[:4], history, random.Random(0))
    assert matches == [(PAIRS[0], PAIRS[2]), (PAIRS[1], PAIRS[3])]


def test_swiss_with_odd_pairs_rotates_the_bye_from_the_bottom():
    history = History()
    byes = []
    for _round in range(3):
        matches, sit_out = swiss_pairs(PAIRS[:5], history, random.Random(0))
        byes.append(sit_out)
        history.record_matches(matches, sit_out)
    assert byes == [PAIRS[4], PAIRS[3], PAIRS[2]]


@pytest.mark.parametrize("count", [6, 7, 10])
def test_round_robin_meets_everyone_once(count):
    pairs_ = PAIRS[:count]
    met = Counter()
    rounds = count - 1 if count % 2 == 0 else count
    for number in range(rounds):
        matches, sit_out = round_robin(pairs_, number)
        met.update(pair(a, b) for a, b in matches)
        round_ = pairs_round(matches, sit_out)
        assert all(t.seats[0][0] == "a" for t in round_.tables)  # a pair sits together at N/S
    assert all(met[pair(a, b)] == 1 for a, b in itertools.combinations(pairs_, 2))


@pytest.mark.parametrize(
    "players, low, high, preferred, sizes",
    [
        (12, 4, 4, 4, [4, 4, 4]),
        (14, 3, 7, 4, [4, 4, 3, 3]),
        (10, 3, 7, 5, [5, 5]),
        (7, 3, 7, 4, [4, 3]),
        (5, 4, 4, 4, None),
    ],
)
def test_table_sizes_for_games_without_partners(players, low, high, preferred, sizes):
    from tournaments.engine.seating import table_sizes

    assert table_sizes(players, low, high, preferred) == sizes


def test_groups_meet_new_players_every_round():
    from tournaments.engine.seating import record_groups, seat_groups

    rng, history = random.Random(2), History()
    for _round in range(2):
        round_ = seat_groups(list(range(16)), [4, 4, 4, 4], history, rng)
        assert sorted(p for t in round_.tables for p in t.seats) == list(range(16))
        record_groups(history, round_)
    assert max(history.opponents.values()) == 1
