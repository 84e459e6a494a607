"""Undo and copies of a donne state (issue 9): a copy has its own history, so popping and
playing on one never changes the other (no database)."""

import json
import random

import pytest

from scoring.roimat.cards import CODE, hand_codes
from scoring.roimat.donne import Phase
from scoring.roimat.record import record_of, replay, to_text
from scoring.roimat.simulate import Dealer, make_players, simulate_donnes


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


def everything(state):
    """All that the rules read of a state, cards as codes (pions of a colour are alike):
    hands, phase, bids, tricks, turn, master, faults, points, and what each seat may play."""
    in_play = state.phase is Phase.PLAY
    return (
        [hand_codes(hand) for hand in state.hands],
        state.phase,
        state.announcer,
        state.trump,
        state.annulled,
        state.bids,
        state.pending_bids,
        [([(s, CODE[c], f, to) for s, c, f, to in t.plays], t.winner) for t in state.tricks],
        state.current_trick() is None,
        (state.leader, state.turn, state.played, state.master_seat),
        CODE[state.master_card] if state.master_card >= 0 else None,
        (state.faults, state.plis, state.points),
        state.to_move(),
        [str(move) for move in state.legal_moves()],
        [hand_codes(state.legal_mask(seat)) for seat in range(4)] if in_play else None,
    )


@pytest.mark.parametrize("variant", ["club-8", "official-1000"])
@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_push_then_pop_restores_everything_at_every_step(variant, kind):
    rng = random.Random(f"undo-{variant}-{kind}")
    table = Dealer(rng)
    players = make_players(kind, rng, fault_rate=0.1)
    for number in range(150):
        state = table.deal(number % 4, variant)
        while not state.is_over():
            before = everything(state)
            copied = state.copy()
            move = players[state.to_move()].choose(state)
            forbidden = move.kind == "card" and not state.legal_mask(state.turn) >> move.card & 1
            assert state.push(move) == forbidden  # the play loop and legal_mask agree
            after = everything(state)
            state.pop()
            assert everything(state) == before
            assert everything(copied) == before
            state.push(move)
            assert everything(state) == after


def test_random_cards_are_the_cards_pushed():
    """``play_random`` (the random players' fast path) and ``push`` make the same state."""
    for state in simulate_donnes(200, seed=23):
        again = replay(record_of(state))
        assert everything(again) == everything(state)


@pytest.mark.parametrize("variant", ["club-8", "official-1000"])
def test_random_players_act_as_they_choose(variant):
    """``act`` (``play_random``) draws as ``choose`` does: same seed, same donnes."""
    fast, slow = random.Random(24), random.Random(24)
    fast_table, slow_table = Dealer(fast), Dealer(slow)
    fast_players = make_players("random", fast, fault_rate=0.0)
    slow_players = make_players("random", slow, fault_rate=0.0)
    for number in range(100):
        one, two = fast_table.deal(number % 4, variant), slow_table.deal(number % 4, variant)
        while not one.is_over():
            fast_players[one.to_move()].act(one)
        while not two.is_over():
            two.push(slow_players[two.to_move()].choose(two))
        assert to_text(one) == to_text(two)
