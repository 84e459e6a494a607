"""The generic commands over the one catalogue and the play interface: ``simulate GAME`` and
``verify GAME FILE``, for every game played card by card; bad input exits with status 2."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.play.verify import first_refusal
from scoring.registry import get
from tests.test_game_states import forbidden_step, set_card
from tests.test_sixth_game import bouchon  # noqa: F401 (a fixture)

#: Each game played card by card, with table options of its own.
GAMES = [
    ("roimat", ["--option", "variant=official-1000"]),
    ("roi", []),
    ("differenzler", []),
    ("rumoli", ["--option", "players=5", "--option", "same_colour=true"]),
    ("romer", ["--option", "players=5", "--option", "values=direct"]),
]


def simulated(tmp_path, game, options, *more):
    path = tmp_path / f"{game}.jsonl"
    call_command("simulate", game, "--rounds", "6", "--seed", "7", *options, *more, "--out", path)
    return path, [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("game, options", GAMES)
def test_simulate_writes_records_the_games_own_checks_accept(tmp_path, game, options):
    _path, records = simulated(tmp_path, game, options, "--players", "heuristic")
    assert len(records) == 6
    adapter = get(game)
    for record in records:
        assert adapter.record_problems(record) == []  # the game's own verifier
        assert adapter.state.from_record(record).result() is not None
    again = simulated(tmp_path, game, options, "--players", "heuristic")[1]
    assert again == records
    other = simulated(tmp_path, game, [*options, "--seed", "8"])[1]
    assert other != records


@pytest.mark.parametrize("game, options", GAMES)
def test_verify_accepts_the_records_and_names_the_rule_a_corrupted_one_breaks(
    tmp_path, capsys, game, options
):
    path, records = simulated(tmp_path, game, options)
    call_command("verify", game, str(path))
    assert "6 enregistrements, 0 incorrect" in capsys.readouterr().err
    state = get(game).state
    corrupted = None
    for record in records:
        if game == "romer":  # the opening trump made a card added to the team
            corrupted = json.loads(json.dumps(record))
            corrupted["moves"][0][1] = corrupted["moves"][0][1].replace("trump", "pose")
        elif game != "rumoli":
            found = record.get("tricks") and forbidden_step(state, record)
            if found:
                corrupted = set_card(record, found[1], found[3])
        else:  # Rumoli: a card played that nobody may play now
            corrupted = json.loads(json.dumps(record))
            card = corrupted["moves"][1][2]
            corrupted["moves"][1][2] = ("2" if card[0] != "2" else "3") + card[-1]
        if corrupted and first_refusal(state, corrupted).code != "wrong_result":
            break
    refusal = first_refusal(state, corrupted)
    assert refusal.code not in ("wrong_result", "over")
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(records[0]) + "\n" + json.dumps(corrupted) + "\n")
    with pytest.raises(SystemExit) as exit_:
        call_command("verify", game, str(bad))
    assert exit_.value.code == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ligne 2, {refusal} [{refusal.code}]"]
    assert refusal.place in out[0]


@pytest.mark.parametrize(
    "command, args, named",
    [
        ("simulate", ["belote"], "game"),
        ("simulate", ["bouchon"], "game"),  # not played card by card
        ("simulate", ["romer", "--option", "players=7"], "--option"),
        ("simulate", ["romer", "--option", "values=random"], "--option"),
        ("simulate", ["roi", "--rounds", "0"], "--rounds"),
        ("simulate", ["roi", "--players", "smart"], "--players"),
        ("simulate", ["roimat", "--fault-rate", "2"], "--fault-rate"),
        ("simulate", ["roimat", "--option", "variant"], "--option"),
        ("simulate", ["roimat", "--option", "variant=belote"], "--option"),
        ("verify", ["belote", "records.jsonl"], "game"),
        ("verify", ["roi", "missing.jsonl"], "missing.jsonl"),
    ],
)
@pytest.mark.usefixtures("bouchon")
def test_bad_input_exits_2_naming_the_argument(command, args, named):
    with pytest.raises(CommandError) as refused:
        call_command(command, *args)
    assert refused.value.returncode == 2
    assert str(refused.value).startswith(named) or named in str(refused.value)


def test_verify_exits_2_on_a_line_that_is_not_json(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_text("{not json\n")
    with pytest.raises(CommandError) as refused:
        call_command("verify", "differenzler", str(path))
    assert refused.value.returncode == 2 and str(refused.value).startswith("line 1")
