"""A Roimat table at a distance, in plain Python: the table of every game
(``scoring.play.live.LiveTable``) over Roimat's donnes (``RoimatTable``), its sheet
(``RoimatSheet``) and robots: whole parties played by simulated players, moves numbered,
refusals, what each seat sees, the table rebuilt from its moves and from the hands stored."""

import json
import random

import pytest

from scoring.play.live import Dealt, Ended, LiveTable, Moved, MoveRefused
from scoring.roimat.cards import CODE, RANK_OF, hand_codes
from scoring.roimat.rules import RuleSet
from scoring.roimat.seats import SEATS
from scoring.roimat.state import RoimatTable
from scoring.roimat.table import ROBOT, RoimatSheet, atouts, move_from_text
from scoring.roimat.verify import verify

ROBOTS = "NESO"


def parts(seed: str, variant: str):
    rules = RuleSet(variant)
    return RoimatTable(rules, random.Random(seed)), RoimatSheet(rules)


def started(seed: int = 1, variant: str = "club-8") -> LiveTable:
    game = LiveTable(*parts(str(seed), variant), SEATS, str(seed), ROBOT)
    game.start()
    return game


def test_four_simulated_players_play_a_club_partie_to_its_end():
    game = started()
    game.play_robots(ROBOTS)
    assert game.finished and game.to_move() is None
    view = game.view("N")
    sheet = view["sheet"]
    assert len(sheet["rows"]) == 8 and view["finished"]
    total_ns, total_oe = int(sheet["foot"][2]), int(sheet["foot"][4])
    assert view["totals"] == {"N": total_ns, "S": total_ns, "E": total_oe, "O": total_oe}
    assert [int(row["cells"][2]) for row in sheet["rows"]][-1] == total_ns
    ended = [e for e in game.events if isinstance(e, Ended)]
    assert [e.record["dealer"] for e in ended] == list("NESONESO")
    for end in ended:
        assert verify(end.record) == [] and not end.record["faults"]
        assert 1 <= atouts(end.record) <= 9  # the sheet's Roi column
    moves = [e for e in game.events if isinstance(e, Moved)]
    assert [m.seq for m in moves] == list(range(1, game.seq + 1))


def test_an_official_partie_ends_at_the_target():
    game = started(3, "official-1000")
    game.play_robots(ROBOTS)
    view = game.view(None)
    totals = int(view["sheet"]["foot"][2]), int(view["sheet"]["foot"][4])
    assert view["finished"] and max(totals) >= 1000


def test_a_move_numbered_for_another_state_is_ignored():
    game = started()
    seat = game.to_move()
    move = game.view(seat)["legal"][0]
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
    move = game.view(seat)["legal"][0]
    for who, data, code in [
        (other, move, "not_your_turn"),
        (None, move, "not_seated"),
        (seat, {"kind": "card", "card": "DJ"}, "bad_move"),
        (seat, "jump", "bad_move"),
        (seat, f"{seat} roi X", "bad_move"),
        (seat, "DJ>X", "bad_move"),
        (seat, "x" * 100, "bad_move"),
    ]:
        with pytest.raises(MoveRefused) as refused:
            game.play(who, 0, data)
        assert refused.value.code == code
    assert game.seq == 0 and not [e for e in game.events if isinstance(e, Moved)]


def play_until(game: LiveTable, wanted) -> None:
    """Let robots play, one move at a time, until ``wanted(game)``."""
    for _ in range(2000):
        if wanted(game):
            return
        game.play_robots([game.to_move()])
    raise AssertionError("never reached")


def test_a_card_the_rules_forbid_a_card_not_held_and_a_bid_not_due_are_refused():
    def forbidden_exists(game):
        donne = game.state.donne
        return donne.phase == "play" and donne.hands[donne.turn] & ~donne.legal_mask(donne.turn)

    game = started(5)
    play_until(game, forbidden_exists)
    donne, seat = game.state.donne, game.to_move()
    index = donne.turn
    forbidden = CODE[(donne.hands[index] & ~donne.legal_mask(index)).bit_length() - 1]
    for text in (forbidden, f"{forbidden}>N", "contre_plis oui", f"{seat} roi R"):
        with pytest.raises(MoveRefused) as refused:
            game.play(seat, game.seq, text)
        assert refused.value.code == "illegal_card"
    held = set(hand_codes(donne.hands[index]))
    absent = next(code for code in CODE if code not in held and RANK_OF[CODE.index(code)] != "P")
    with pytest.raises(MoveRefused) as refused:
        game.play(seat, game.seq, absent)
    assert refused.value.code == "not_in_hand"
    assert not [text for text in game.view(seat)["legal"] if text.split(">")[0] == forbidden]


def test_a_dame_led_needs_the_seat_it_sends_to():
    def dame_to_lead(game):
        legal = game.view(game.to_move())["legal"]
        return len([text for text in legal if text[0] == "D" and ">" in text]) == 3

    game = started(2)
    play_until(game, dame_to_lead)
    seat = game.to_move()
    dame = next(text for text in game.view(seat)["legal"] if text[0] == "D")
    card, _to = dame.split(">")
    with pytest.raises(MoveRefused) as refused:
        game.play(seat, game.seq, card)
    assert refused.value.code == "needs_choice"
    sent_to = [text.split(">")[1] for text in game.view(seat)["legal"] if text.startswith(card)]
    game.play(seat, game.seq, f"{card}>{sent_to[1]}")
    assert game.to_move() == sent_to[1]


def test_each_seat_sees_only_its_own_hand():
    game = started()
    hands = next(e for e in game.events if isinstance(e, Dealt)).hands
    for seat in ROBOTS:
        donne = game.view(seat)["round"]
        assert donne["hand"] == hands[seat]
        assert donne["hand_sizes"] == [9, 9, 9, 9]
        text = json.dumps(game.view(seat))
        others = {c for s in ROBOTS if s != seat for c in hands[s] if c[0] != "P"}
        assert not [c for c in others if f'"{c}"' in text]
    spectator = game.view(None)
    assert spectator["round"]["hand"] == [] and spectator["legal"] == []
    to_move = game.to_move()
    assert game.view(to_move)["legal"]
    assert all(not game.view(s)["legal"] for s in ROBOTS if s != to_move)


def test_the_last_trick_of_the_donne_before_is_shown_until_one_of_this_donne_ends():
    game = started(6)
    play_until(game, lambda g: g.number == 2)
    first = [e for e in game.events if isinstance(e, Ended)][0].record
    view = game.view("N")
    assert view["round"]["last_trick"] is None
    last = view["before"]["last_trick"]
    assert [card for _seat, card in last["plays"]] == [
        play["card"] for play in first["tricks"][-1]["plays"]
    ]
    assert "hand" not in view["before"] and "history" not in view["before"]


def snapshot(game: LiveTable):
    return [game.view(seat) for seat in [*ROBOTS, None]], game.seq, game.number


def test_the_table_is_rebuilt_from_its_moves():
    game = started(7)
    play_until(game, lambda g: g.number == 2 and len(g.state.donne.tricks) == 2)
    moves = [(e.number, e.text) for e in game.events if isinstance(e, Moved)]
    again = LiveTable.resume(*parts("7", "club-8"), SEATS, "7", moves, robot=ROBOT)
    assert snapshot(again) == snapshot(game)
    game.play_robots(ROBOTS)
    again.play_robots(ROBOTS)
    assert snapshot(again) == snapshot(game)


def test_a_table_dealt_otherwise_is_rebuilt_from_the_hands_stored():
    """A table opened before its deals came from its code (another generator): each donne is
    dealt again as stored, and the moves made on it are made again."""
    game = LiveTable(*parts("elsewhere", "club-8"), SEATS, "7", ROBOT)
    game.start()
    play_until(game, lambda g: g.number == 3 and len(g.state.donne.tricks) == 1)
    dealt = {e.number: e.hands for e in game.events if isinstance(e, Dealt)}
    moves = [(e.number, e.text) for e in game.events if isinstance(e, Moved)]
    again = LiveTable.resume(*parts("7", "club-8"), SEATS, "7", moves, dealt, ROBOT)
    assert snapshot(again) == snapshot(game)
    with pytest.raises(MoveRefused) as refused:  # the moves without their deals
        LiveTable.resume(*parts("7", "club-8"), SEATS, "7", moves, robot=ROBOT)
    assert refused.value.code == "bad_move"
    broken = {**dealt, 2: {**dealt[2], "N": dealt[2]["E"]}}
    with pytest.raises(MoveRefused):  # a stored deal that is no deal
        LiveTable.resume(*parts("7", "club-8"), SEATS, "7", moves, broken, ROBOT)


def test_move_texts_read_back():
    game = started(4)
    for _ in range(40):
        state = game.state.donne.copy()
        before = len(game.events)
        game.play_robots([game.to_move()])
        moved = next(e for e in game.events[before:] if isinstance(e, Moved))
        assert str(move_from_text(state, moved.text)) == moved.text
