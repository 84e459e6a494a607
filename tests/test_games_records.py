"""Simulated rounds of Roi, Differenzler and Rumoli written card by card and verified
(issue 12): every simulated record is sound, its result is a sound round of the sheet, and a
record with one card changed is refused (no database)."""

import copy
import json

import pytest
from django.core.management import call_command

from scoring.games.base import compute
from scoring.games.records import read, write
from scoring.games.rumoli.play import Coup, CoupError
from scoring.play.verify import first_refusal
from scoring.registry import get

RUNS = [
    ("roi", 4, {}),
    ("differenzler", 4, {"rounds": 12}),
    ("rumoli", 3, {"rounds": 30, "fault_rate": 0.1}),
    ("rumoli", 5, {"rounds": 30, "fault_rate": 0.1, "stakes": "free", "stake": 6}),
    ("rumoli", 4, {"rounds": 30, "fault_rate": 0.1, "same_colour": True}),
    ("rumoli", 7, {"rounds": 30, "fault_rate": 0.1, "stop_when_stuck": True}),
    (
        "rumoli",
        4,
        {"rounds": 30, "fault_rate": 0.1, "stakes": "free", "dead_hand_tie": "no_sale"},
    ),
    ("rumoli", 3, {"rounds": 30, "fault_rate": 0.1, "dealer_stakes": "single"}),
]


def simulate_records(game, seed, players=4, options=None):
    """A whole sheet of ``game`` and its records, by its catalogue entry's simulation."""
    return get(game).simulate_records(seed, players, options)


def problems(record, game):
    """The first move ``game``'s play state refuses in ``record`` (with its ``code``), if
    any."""
    return [r for r in [first_refusal(get(game).state, record)] if r is not None]


@pytest.mark.parametrize("game, players, options", RUNS)
def test_simulated_records_verify_and_their_sheet_adds_up(game, players, options):
    for seed in range(3):
        sheet, records = simulate_records(game, seed, players, options)
        assert read(write(records)) == records
        for record in records:
            assert problems(record, game) == [], record
        computed = compute(get(game).rules, players, sheet.rounds, sheet.options)
        assert len(computed.scores) == len(records)


def test_rumoli_simulations_make_every_irregularity_and_record_the_variants():
    sheet, records = simulate_records(
        "rumoli", 1, 4, {"rounds": 60, "fault_rate": 0.1, "same_colour": True}
    )
    moves = {m[0] for r in records for m in r["moves"]}
    assert moves == {"lead", "play", "stop", "take_back"}
    entries = [e for r in records for e in r["result"]]
    assert any(e["irregularite_1"] for e in entries) and any(e["irregularite_2"] for e in entries)
    assert sheet.options == {"rounds": 60, "same_colour": True}
    # Leaders choose their colour: leads of every colour open coups.
    assert {r["moves"][0][2][-1] for r in records} == set("TKCP")


def changed_cards(record):
    """Copies of ``record`` with one played card changed, at several places."""
    if record["game"] == "rumoli":
        places = [(i, 2) for i, m in enumerate(record["moves"]) if m[0] in ("lead", "play")]
        for index, position in places[:: max(1, len(places) // 6)]:
            copy_ = copy.deepcopy(record)
            text = copy_["moves"][index][position]
            copy_["moves"][index][position] = ("2" if text[0] != "2" else "3") + text[-1]
            yield copy_
        return
    for trick in (0, 4, len(record["tricks"]) - 1):
        for play in range(4):
            copy_ = copy.deepcopy(record)
            hand = copy_["hands"][copy_["tricks"][trick][play][0]]
            text = copy_["tricks"][trick][play][1]
            copy_["tricks"][trick][play][1] = next(c for c in hand if c != text)
            yield copy_


@pytest.mark.parametrize("game, players, options", RUNS[:4])
def test_a_record_with_one_card_changed_is_refused(game, players, options):
    _sheet, records = simulate_records(game, 11, players, options)
    for record in records[:4]:
        for changed in changed_cards(record):
            assert problems(changed, game) != []


@pytest.mark.parametrize("game", ["roi", "differenzler", "rumoli"])
def test_a_hand_or_result_changed_is_refused(game):
    _sheet, records = simulate_records(game, 5, 4, {"rounds": 2})
    record = records[0]
    swapped = copy.deepcopy(record)
    swapped["hands"][0][0], swapped["hands"][1][0] = swapped["hands"][1][0], swapped["hands"][0][0]
    assert problems(swapped, game)
    result = copy.deepcopy(record)
    field = next(iter(result["result"][0]))
    result["result"][0][field] = 99 if result["result"][0][field] != 99 else 98
    assert [p.code for p in problems(result, game)] == ["wrong_result"]
    twice = copy.deepcopy(record)
    twice["hands"][0][1] = twice["hands"][0][0]
    assert "not_deck" in {p.code for p in problems(twice, game)}


RECORD_REFUSALS = [
    ("roi", "[]", "not_game"),  # no record of Roi
    ("roi", '{"game": "romer"}', "not_game"),  # a record of another game
    ("romer", '{"game": "romer"}', "bad_field"),  # a Römer record without its deal
    ("roi", '{"game": "roi", "manche": 11}', "bad_field"),
    (
        "roi",
        '{"game": "roi", "manche": 1, "contract": "plis", "dealer": 0, "hands": 3}',
        "bad_field",
    ),
    (
        "differenzler",
        '{"game": "differenzler", "round": 1, "dealer": 0, "trump": "X"}',
        "bad_field",
    ),
    ("rumoli", '{"game": "rumoli", "players": 2, "dealer": 0}', "bad_field"),
    (
        "rumoli",
        '{"game": "rumoli", "players": 3, "dealer": 0, "options": {"stakes": "x"}}',
        "bad_field",
    ),
]


@pytest.mark.parametrize("game, text, code", RECORD_REFUSALS)
def test_records_that_cannot_be_replayed_say_why(game, text, code):
    assert code in {p.code for p in problems(json.loads(text), game)}


def roi_record():
    _sheet, records = simulate_records("roi", 2, 4, {})
    return records[0]  # the first manche: discard the highest card when void


def test_roi_first_manche_void_player_discards_his_highest():
    record = roi_record()
    hands = [list(h) for h in record["hands"]]
    for trick, plays in enumerate(record["tricks"]):
        led = plays[0][1][-1]
        for play, (seat, text) in enumerate(plays):
            hand = hands[seat]
            if play and not any(c[-1] == led for c in hand) and len(hand) > 1:
                lower = next(c for c in hand if c != text and c[:-1] != text[:-1])
                changed = copy.deepcopy(record)
                changed["tricks"][trick][play][1] = lower
                found = problems(changed, "roi")
                assert found and found[0].code in ("must_discard_highest", "not_in_hand")
                return
            hand.remove(text)
    pytest.skip("no void player in this manche")


def test_differenzler_undertrump_only_when_void():
    from scoring.games.differenzler.play import legal
    from scoring.games.differenzler.state import why_refused

    hand = [("C", 6), ("T", 7)]
    assert legal(hand, [("C", 10), ("T", 12)], "T") == [("C", 6)]
    assert why_refused(("T", 7), hand, [("C", 10), ("T", 12)], "T") == "undertrump"
    assert why_refused(("C", 6), [("T", 8), ("C", 6)], [("T", 10)], "T") == "must_trump"


def test_rumoli_coup_moves_by_the_rules():
    c = lambda text: (text[-1], int(text[:-1]))  # noqa: E731 - 2T … 9T only
    hands = [[c("2T"), c("5T"), c("3K")], [c("3T"), c("2K")], [c("4T"), c("6T"), c("4K")]]
    coup = Coup(hands, dealer=2, board=[4, 4, 4, 4], options={})
    with pytest.raises(CoupError) as error:
        coup.lead(1, c("3T"))
    assert error.value.problem.code == "lead_expected"
    coup.lead(0, c("5T"))  # not the lowest: irregularity 1
    assert coup.wrong_lead == [1, 0, 0] and coup.penalty == [-2, 1, 1]
    coup.play(2, c("6T"))  # the sequence: 6T held by player 3
    assert coup.leader == 2  # 7T is nowhere: player 3 leads another colour
    with pytest.raises(CoupError):
        coup.lead(2, c("4T"))  # the colour just played …
        coup.take_back(2, c("2T"))
    coup.take_back(2, c("4T"))  # … taken back (irregularity 3), no penalty
    coup.lead(2, c("4K"))
    assert coup.penalty == [-2, 1, 1]


def test_verify_commands(tmp_path, capsys):
    _sheet, records = simulate_records("rumoli", 3, 4, {"rounds": 5, "fault_rate": 0.2})
    good = tmp_path / "good.jsonl"
    good.write_text(write(records))
    call_command("rumoli_verify", str(good))
    bad = copy.deepcopy(records)
    bad[2]["moves"][1][2] = "AP" if bad[2]["moves"][1][2] != "AP" else "AT"
    (tmp_path / "bad.jsonl").write_text(write(bad))
    with pytest.raises(SystemExit) as exit_:
        call_command("rumoli_verify", str(tmp_path / "bad.jsonl"))
    assert exit_.value.code == 1
    assert capsys.readouterr().out.startswith("ligne 3, carte 2 (joueur")
    with pytest.raises(SystemExit):
        call_command("roi_verify", str(good))  # Rumoli records are not Roi's
    _sheet, roi = simulate_records("roi", 3)
    (tmp_path / "roi.jsonl").write_text(write(roi))
    call_command("roi_verify", str(tmp_path / "roi.jsonl"))
    _sheet, jass = simulate_records("differenzler", 3)
    (tmp_path / "jass.jsonl").write_text(write(jass))
    call_command("differenzler_verify", str(tmp_path / "jass.jsonl"))


def test_seeded_simulations_repeat():
    assert simulate_records("rumoli", 9, 4, {"fault_rate": 0.1}) == simulate_records(
        "rumoli", 9, 4, {"fault_rate": 0.1}
    )
