"""The remote table's plain-Python service (``scoring.roimat.table``): whole parties played by
simulated players, moves numbered, refusals, what each seat sees, rebuilt from its moves."""

import json
import random

import pytest

from scoring.roimat.cards import CODE, RANK_OF, hand_codes
from scoring.roimat.rules import RuleSet
from scoring.roimat.table import Dealt, Ended, Moved, MoveRefused, TableGame, move_from_text
from scoring.roimat.verify import verify

ROBOTS = "NESO"


def started(seed: int = 1, variant: str = "club-8") -> TableGame:
    game = TableGame(RuleSet(variant), rng=random.Random(seed))
    game.deal("N")
    return game


def test_four_simulated_players_play_a_club_partie_to_its_end():
    game = started()
    game.play_robots(ROBOTS)
    assert game.finished and game.to_move() is None
    sheet = game.sheet()
    assert len(sheet["donnes"]) == 8 and sheet["finished"]
    ended = [e for e in game.events if isinstance(e, Ended)]
    assert [e.record["dealer"] for e in ended] == list("NESONESO")
    for end in ended:
        assert verify(end.record) == [] and not end.record["faults"]
    moves = [e for e in game.events if isinstance(e, Moved)]
    assert [m.seq for m in moves] == list(range(1, game.seq + 1))


def test_an_official_partie_ends_at_the_target():
    game = started(3, "official-1000")
    game.play_robots(ROBOTS)
    sheet = game.sheet()
    assert sheet["finished"] and max(sheet["total_ns"], sheet["total_oe"]) >= 1000


def test_a_move_numbered_for_another_state_is_ignored():
    game = started()
    seat = game.to_move()
    move = game.view(seat)["donne"]["legal"][0]
    with pytest.raises(MoveRefused) as refused:
        game.play(seat, game.seq + 1, move)
    assert refused.value.code == "stale"
    game.play(seat, 0, move)
    assert game.seq == 1
    with pytest.raises(MoveRefused) as replayed:  # the same message again
        game.play(seat, 0, move)
    assert replayed.value.code == "stale" and game.seq == 1


def test_out_of_turn_spectator_and_malformed_moves_are_refused():
    game = started()
    seat = game.to_move()
    other = next(s for s in ROBOTS if s != seat)
    move = game.view(seat)["donne"]["legal"][0]
    for who, data, code in [
        (other, move, "not_your_turn"),
        (None, move, "not_seated"),
        (seat, {"kind": "jump"}, "bad_move"),
        (seat, "DJ", "bad_move"),
        (seat, {"kind": "announce", "trump": "X"}, "bad_move"),
    ]:
        with pytest.raises(MoveRefused) as refused:
            game.play(who, 0, data)
        assert refused.value.code == code
    assert game.seq == 0 and not [e for e in game.events if isinstance(e, Moved)]


def play_until(game: TableGame, wanted) -> None:
    """Let robots play, one move at a time, until ``wanted(game)``."""
    for _ in range(2000):
        if wanted(game):
            return
        game.play_robots([game.to_move()])
    raise AssertionError("never reached")


def test_a_card_the_rules_forbid_and_a_card_not_held_are_refused():
    def forbidden_exists(game):
        state = game.state
        return state.phase == "play" and state.hands[state.turn] & ~state.legal_mask(state.turn)

    game = started(5)
    play_until(game, forbidden_exists)
    state, seat = game.state, game.to_move()
    index = state.turn
    forbidden = CODE[(state.hands[index] & ~state.legal_mask(index)).bit_length() - 1]
    with pytest.raises(MoveRefused) as refused:
        game.play(seat, game.seq, {"kind": "card", "card": forbidden, "to": "N"})
    assert refused.value.code == "illegal_card"
    held = set(hand_codes(state.hands[index]))
    absent = next(code for code in CODE if code not in held and RANK_OF[CODE.index(code)] != "P")
    with pytest.raises(MoveRefused) as refused:
        game.play(seat, game.seq, {"kind": "card", "card": absent})
    assert refused.value.code == "not_in_hand"
    assert forbidden not in [m["card"] for m in game.view(seat)["donne"]["legal"]]


def test_a_dame_led_needs_the_seat_it_sends_to():
    def dame_to_lead(game):
        donne = game.view(game.to_move())["donne"]
        return any(m.get("card", "")[:1] == "D" and len(m["to"]) == 3 for m in donne["legal"])

    game = started(2)
    play_until(game, dame_to_lead)
    seat = game.to_move()
    dame = next(m for m in game.view(seat)["donne"]["legal"] if m.get("card", "")[:1] == "D")
    with pytest.raises(MoveRefused) as refused:
        game.play(seat, game.seq, {"kind": "card", "card": dame["card"]})
    assert refused.value.code == "needs_choice"
    game.play(seat, game.seq, {"kind": "card", "card": dame["card"], "to": dame["to"][1]})
    assert game.to_move() == dame["to"][1]


def test_each_seat_sees_only_its_own_hand():
    game = started()
    hands = next(e for e in game.events if isinstance(e, Dealt)).hands
    for seat in ROBOTS:
        donne = game.view(seat)["donne"]
        assert donne["hand"] == hands[seat]
        assert donne["hand_sizes"] == {s: 9 for s in ROBOTS}
        text = json.dumps(game.view(seat))
        others = {c for s in ROBOTS if s != seat for c in hands[s] if c[0] != "P"}
        assert not [c for c in others if f'"{c}"' in text]
    spectator = game.view(None)["donne"]
    assert spectator["hand"] == [] and spectator["legal"] == []
    to_move = game.to_move()
    assert game.view(to_move)["donne"]["legal"]
    assert all(not game.view(s)["donne"]["legal"] for s in ROBOTS if s != to_move)


def test_the_table_is_rebuilt_from_its_moves():
    game = started(7)
    play_until(game, lambda g: g.number == 2 and g.state.tricks and len(g.state.trick.plays) == 2)
    dealt = [e for e in game.events if isinstance(e, Dealt)][-1]
    moves = [e.text for e in game.events if isinstance(e, Moved) and e.number == dealt.number]
    previous = [e for e in game.events if isinstance(e, Ended)][-1].record
    again = TableGame.resume(
        game.rules,
        game.entries,
        dealt.number,
        dealt.dealer,
        dealt.hands,
        moves,
        game.seq,
        previous,
    )
    for seat in [*ROBOTS, None]:
        assert again.view(seat)["donne"] == {
            **game.view(seat)["donne"],
            "last_trick": again.view(seat)["donne"]["last_trick"],
        }
        assert again.view(seat)["sheet"] == game.view(seat)["sheet"]
    assert again.view("N")["donne"]["last_trick"] == game.view("N")["donne"]["last_trick"]


def test_move_texts_read_back():
    game = started(4)
    for _ in range(40):
        state = game.state.copy()
        before = len(game.events)
        game.play_robots([game.to_move()])
        moved = next(e for e in game.events[before:] if isinstance(e, Moved))
        assert str(move_from_text(state, moved.text)) == moved.text
