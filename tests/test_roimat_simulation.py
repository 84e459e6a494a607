"""Seeded random donnes checked at every step (OpenSpiel's RandomSimTest), records and their
verification (ROIMAT.md §10, §11). No database."""

import copy
import json
import random

import pytest

from scoring.roimat.partie import compute_sheet
from scoring.roimat.record import entry_of_record, from_text, record_of, replay, to_text
from scoring.roimat.rules import RuleSet
from scoring.roimat.scoring import DonneEntry
from scoring.roimat.simulate import Dealer, make_players, simulate_donnes, simulate_partie
from scoring.roimat.verify import verify
from tests.conftest import DATA


@pytest.mark.parametrize("variant", ["club-8", "official-1000"])
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_random_donnes_keep_their_invariants_at_every_step(variant, kind):
    rng = random.Random(f"{variant}-{kind}")
    table = Dealer(rng, gather=kind == "heuristic")
    players = make_players(kind, rng, fault_rate=0.05)
    for number in range(600):
        state = table.deal(number % 4, variant)
        while not state.is_over():
            moves = state.legal_moves()
            assert moves, "a legal move always exists"
            before = to_text(state)
            move = players[state.to_move()].choose(state)
            state.push(move)
            if number % 30 == 0:  # push/pop restores the state; the text round-trips
                after = to_text(state)
                assert to_text(from_text(after)) == after
                state.pop()
                assert to_text(state) == before
                state.push(move)
        table.collect(state)
        if state.void or state.annulled:
            continue
        assert sum(state.plis) == 9 and sum(state.points) == 128
        record = json.loads(to_text(state))
        assert verify(record) == []
        # Scoring the record equals scoring its summary row, recomputed from the tricks.
        summary = DonneEntry(
            dealer=record["dealer"],
            trump=record["trump"],
            faults=tuple(record["faults"]),
            **replay(record).result(),
            **{
                k: record[k]
                for k in ("contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi")
            },
        )
        rules = RuleSet(variant)
        assert compute_sheet([entry_of_record(record)], rules) == compute_sheet([summary], rules)


def test_copy_is_independent():
    state = next(simulate_donnes(1, seed=3))
    other = state.copy()
    other.pop()
    assert to_text(state) != to_text(other)
    assert state.is_over() and not other.is_over()


def test_simulation_is_reproducible_from_its_seed():
    first = [to_text(s) for s in simulate_donnes(20, seed=11, players="heuristic")]
    again = [to_text(s) for s in simulate_donnes(20, seed=11, players="heuristic")]
    other = [to_text(s) for s in simulate_donnes(20, seed=12, players="heuristic")]
    assert first == again and first != other


def test_club_dealer_always_holds_a_roi_and_faults_are_marked():
    states = list(simulate_donnes(200, seed=5, fault_rate=0.2))
    assert all(s.announcer == s.dealer for s in states)
    records = [record_of(s) for s in states]
    assert sum(len(r["faults"]) for r in records) > 50
    assert all(verify(r) == [] for r in records)


def test_official_rules_void_and_annul():
    states = list(simulate_donnes(400, seed=6, variant="official-1000", players="heuristic"))
    assert any(s.announcer == (s.dealer + 2) % 4 for s in states)  # the partner announced
    assert any(s.annulled for s in states)  # a king sec annulled
    assert all(verify(record_of(s)) == [] for s in states)


@pytest.mark.parametrize("variant", ["club-8", "official-1000"])
def test_simulated_partie_ends_by_the_rules(variant):
    rules = RuleSet(variant)
    records = simulate_partie(rules, seed=2, players="heuristic", limit=300)
    sheet = compute_sheet([entry_of_record(r) for r in records], rules)
    assert sheet.finished
    if not rules.plays_to_target:
        assert sheet.counted == rules.donnes


def example_records():
    return [json.loads(line) for line in (DATA / "donne-records.jsonl").read_text().splitlines()]


def test_worked_example_records_are_sound():
    for record in example_records():
        assert verify(record) == []
        assert replay(record).result() == record["result"]


def broken(index, change):
    record = copy.deepcopy(example_records()[index])
    change(record)
    return record


def set_in(path, value):
    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def drop_fault(record):
    record["tricks"][2]["plays"][3].pop("fault")


def swap_second_and_third(record):
    plays = record["tricks"][1]["plays"]
    plays[1], plays[2] = plays[2], plays[1]


BROKEN = [
    ("unmarked fault", 0, drop_fault, "trick 3, play 4 (S PB): breaks §9 and is not marked"),
    (
        "fault on a legal play",
        0,
        set_in(["tricks", 0, "plays", 1, "fault"], True),
        "trick 1, play 2 (S CB): marked as a fault but allowed",
    ),
    ("wrong winner", 0, set_in(["tricks", 0, "winner"], "S"), "trick 1: won by E (DB), not S"),
    (
        "card not in hand",
        0,
        set_in(["tricks", 0, "plays", 1, "card"], "DJ"),
        "trick 1, play 2 (S DJ): S does not hold DJ",
    ),
    ("seat out of order", 0, swap_second_and_third, "trick 2, play 2: N plays, but O was to"),
    ("announcer of the other team", 0, set_in(["announcer"], "E"), "announcer: E is not of"),
    ("announcer without the Roi", 1, set_in(["trump"], "V"), "announcer: S does not hold RV"),
    ("deck with a card twice", 0, set_in(["deal", "N", 0], "DJ"), "deal: not the 36-card deck"),
    ("hand of 8", 0, lambda r: r["deal"]["N"].pop(), "deal N: a hand holds 9 cards"),
    ("wrong result", 0, set_in(["result", "points_ns"], 80), "result: the tricks give"),
    ("faults list", 1, set_in(["faults"], ["S"]), "faults: the plays give"),
    (
        "surcontre without contre",
        0,
        set_in(["surcontre_plis"], True),
        "surcontre_plis: a surcontre needs its contre",
    ),
]


@pytest.mark.parametrize("name, index, change, expected", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_record_broken_by_hand_is_caught(name, index, change, expected):
    problems = [str(p) for p in verify(broken(index, change))]
    assert any(p.startswith(expected) for p in problems), problems
