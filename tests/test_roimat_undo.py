"""Undo and copies of a donne state (issue 9): a copy has its own history, so popping and
playing on one never changes the other (no database)."""

import json

import pytest

from scoring.roimat.record import record_of, to_text
from scoring.roimat.simulate import simulate_donnes


def describe(state):
    """The record text, the hands held now, the seat to move and its legal moves."""
    moves = sorted(str(m) for m in state.legal_moves())
    return to_text(state), tuple(state.hands), state.to_move(), moves


def history_texts(state):
    """The description of the state after each pop back to the deal (on a copy)."""
    other = state.copy()
    texts = [describe(other)]
    while True:
        try:
            other.pop()
        except IndexError:
            return texts
        texts.append(describe(other))


def replay_differently(state, pops):
    """Pop ``pops`` moves, then play other moves to the end."""
    for _ in range(pops):
        state.pop()
    while not state.is_over():
        moves = state.legal_moves()
        state.push(moves[-1])


@pytest.mark.parametrize("pops", [1, 3, 9, 20])
@pytest.mark.parametrize("side", ["copy", "original"])
def test_pop_and_play_on_one_copy_leaves_the_other_intact(side, pops):
    for state in simulate_donnes(12, seed=21, fault_rate=0.1):
        text, history = describe(state), history_texts(state)
        other = state.copy()
        changed, kept = (other, state) if side == "copy" else (state, other)
        replay_differently(changed, pops)
        assert describe(kept) == text
        assert history_texts(kept) == history


def test_record_text_is_the_json_of_the_record_at_every_step():
    """``to_text`` writes its pieces by hand: it must equal ``json.dumps(record_of(state))``."""
    for variant in ("club-8", "official-1000"):
        for state in simulate_donnes(40, seed=22, variant=variant, fault_rate=0.1):
            other = state.copy()
            while True:
                assert to_text(other) == json.dumps(record_of(other), ensure_ascii=False)
                try:
                    other.pop()
                except IndexError:
                    break
