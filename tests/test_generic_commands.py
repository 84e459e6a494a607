"""The generic commands over the one catalogue and the play interface: ``simulate GAME`` and
``verify GAME FILE``, for every game played card by card; ``simulate GAME --sheets N`` for
every game of the catalogue, its sheets read back by ``sheet GAME``, its records by ``verify
GAME``, the ``<game>_simulate`` aliases the same; bad input exits with status 2."""

import json
import re

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import Partie
from scoring.play.verify import first_refusal
from scoring.registry import REGISTRY, get
from tests.test_sixth_game import bouchon  # noqa: F401 (a fixture)
from tests.test_toy_card_game import plis  # noqa: F401 (a fixture)


def set_card(record, place, text):
    """The record with the card of play ``place`` (``trick t, play p``) replaced."""
    trick, play = (int(n) for n in re.findall(r"\d+", place))
    record = json.loads(json.dumps(record))
    plays = record["tricks"][trick - 1]
    if isinstance(plays, dict):  # Roimat: {"plays": [{"seat", "card"}, …]}
        plays["plays"][play - 1]["card"] = text
        plays["plays"][play - 1].pop("fault", None)
    else:  # [[player, card], …]
        plays[play - 1][1] = text
    return record


def forbidden_step(cls, record):
    """The first recorded play where the player held a card the rules forbid him: its index,
    place, seat and that card."""
    state = cls.start(record)
    for index, step in enumerate(cls.recorded_moves(record, state)):
        allowed = {state.move_text(m).split(">")[0] for m in state.legal_moves()}
        forbidden = sorted(set(state.hand(state.to_move)) - allowed)
        if step.place.startswith("trick") and forbidden:
            return index, step.place, state.to_move, forbidden[0]
        state.push(state.parse_move(step.text))
    return None


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
        ("simulate", ["bouchon", "--sheets", "1"], "game"),  # the engine cannot play it
        ("simulate", ["roi", "--sheets", "0"], "--sheets"),
        ("simulate", ["romer", "--sheets", "1", "--table-size", "7"], "--table-size"),
        ("simulate", ["roimat", "--sheets", "1", "--table-size", "5"], "--table-size"),
        ("simulate", ["roi", "--sheets", "1", "--rounds", "3"], "--rounds"),
        ("simulate", ["roi", "--sheets", "1", "--players", "heuristic"], "--players"),
        ("simulate", ["roi", "--table-size", "4"], "--table-size"),
        ("simulate", ["roi", "--save"], "--save"),
        ("simulate", ["roi", "--sheets", "1", "--out", "/no/such/folder/x"], "--out"),
        ("simulate", ["differenzler", "--sheets", "1", "--option", "rounds=0"], "--option"),
        ("simulate", ["rumoli", "--sheets", "1", "--option", "players=5"], "--option"),
        ("simulate", ["roimat", "--sheets", "1", "--option", "variant=belote"], "--option"),
        ("simulate", ["roimat", "--sheets", "1", "--option", "strategy=smart"], "--option"),
        ("simulate", ["roimat", "--sheets", "1", "--option", "fault_rate=2"], "--option"),
        ("simulate", ["rumoli", "--sheets", "1", "--option", "fault_rate=abc"], "--option"),
        ("simulate", ["roimat", "--sheets", "1", "--option", "fault_rate=true"], "--option"),
        ("simulate", ["differenzler", "--sheets", "1", "--option", "fault_rate=-1"], "--option"),
        ("roi_simulate", ["--games", "0"], "--games"),
        ("differenzler_simulate", ["--players", "3"], "--players"),
        ("rumoli_simulate", ["--fault-rate", "2"], "--fault-rate"),
        ("rumoli_simulate", ["--rounds", "0"], "--rounds"),
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


# -- whole sheets --------------------------------------------------------------------------------


def sheets(tmp_path, game, *args):
    """``simulate GAME --sheets … *args``: the sheets written (decoded), the records (decoded)."""
    out, records = tmp_path / f"{game}.sheets.jsonl", tmp_path / f"{game}.records.jsonl"
    call_command("simulate", game, *args, "--out", str(out), "--records", str(records))
    return (
        [json.loads(line) for line in out.read_text().splitlines()],
        [json.loads(line) for line in records.read_text().splitlines()],
    )


@pytest.mark.parametrize("game", list(REGISTRY))
def test_simulated_sheets_read_back_by_sheet_and_their_records_by_verify(tmp_path, capsys, game):
    played, records = sheets(tmp_path, game, "--sheets", "2", "--seed", "3")
    assert len(played) == 2 and played[0] != played[1]
    for number, data in enumerate(played):
        path = tmp_path / f"sheet{number}.json"
        path.write_text(json.dumps(data))
        capsys.readouterr()
        call_command("sheet", game, str(path))
        assert json.loads(capsys.readouterr().out)["finished"]  # played to its end
    path = tmp_path / f"{game}.records.jsonl"
    call_command("verify", game, str(path))
    assert f"{len(records)} enregistrements, 0 incorrect" in capsys.readouterr().err
    # each sheet is seeded: the second one is the first of the next seed, the same again
    assert sheets(tmp_path, game, "--sheets", "1", "--seed", "4")[0] == played[1:]
    assert sheets(tmp_path, game, "--sheets", "2", "--seed", "3") == (played, records)


@pytest.mark.django_db
@pytest.mark.parametrize("game", list(REGISTRY))
def test_simulated_sheets_saved_as_parties_hold_every_round_recorded(tmp_path, capsys, game):
    path = tmp_path / "records.jsonl"
    call_command("simulate", game, "--sheets", "2", "--seed", "5", "--save", "--records", path)
    out, err = capsys.readouterr()
    assert out == ""  # saved, not printed
    parties = list(Partie.objects.filter(game=game).order_by("pk"))
    assert [f"saved as partie {p.pk}" for p in parties] == err.splitlines()
    stored = [len(p.adapter.stored_entries(p)) for p in parties]
    assert sum(stored) == len(path.read_text().splitlines())
    assert all(p.sheet.finished for p in parties)
    first = parties[0].adapter.sheet_dict(parties[0])
    first.pop("date", None)  # the day it was stored
    assert first == sheets(tmp_path, game, "--sheets", "1", "--seed", "5")[0][0]


@pytest.mark.django_db
@pytest.mark.usefixtures("plis")
def test_a_game_registered_with_its_play_state_alone_has_its_sheets(tmp_path, capsys):
    played, records = sheets(tmp_path, "plis", "--sheets", "1", "--table-size", "3", "--save")
    assert len(played[0]["players"]) == 3 and len(played[0]["rounds"]) == len(records)
    assert [r["result"] for r in records] == played[0]["rounds"]
    call_command("verify", "plis", str(tmp_path / "plis.records.jsonl"))
    assert f"{len(records)} enregistrements, 0 incorrect" in capsys.readouterr().err
    partie = Partie.objects.get(game="plis")
    assert [r.entries for r in partie.game_rounds.all()] == played[0]["rounds"]


def test_simulate_roimat_sheets_are_roimat_simulate_s_parties(tmp_path):
    parties = tmp_path / "parties.jsonl"
    call_command("roimat_simulate", "--parties", "2", "--seed", "6", "--out", str(parties))
    _played, records = sheets(tmp_path, "roimat", "--sheets", "2", "--seed", "6")
    assert records == [json.loads(line) for line in parties.read_text().splitlines()]
    _played, other = sheets(
        tmp_path,
        "roimat",
        "--sheets",
        "2",
        "--seed",
        "6",
        "--option",
        "strategy=heuristic",
        "--option",
        "variant=official-1000",
    )
    assert other != records


@pytest.mark.parametrize(
    "alias, args, generic",
    [
        ("roi_simulate", ["--games", "2", "--seed", "4"], ["roi", "--sheets", "2", "--seed", "4"]),
        (
            "differenzler_simulate",
            ["--rounds", "3"],
            ["differenzler", "--sheets", "1", "--option", "rounds=3"],
        ),
        (
            "rumoli_simulate",
            ["--players", "5", "--rounds", "3", "--same-colour", "--free-stakes", "--stake", "3"],
            [
                "rumoli",
                "--sheets",
                "1",
                "--table-size",
                "5",
                *("--option", "rounds=3", "--option", "stakes=free", "--option", "stake=3"),
                *("--option", "same_colour=true", "--option", "stop_when_stuck=false"),
                *("--option", "fault_rate=0.0"),
            ],
        ),
    ],
)
def test_the_games_simulate_commands_are_simulate_sheets(tmp_path, alias, args, generic):
    out, records = tmp_path / "alias.jsonl", tmp_path / "alias.records.jsonl"
    call_command(alias, *args, "--out", str(out), "--records", str(records))
    played = [json.loads(line) for line in out.read_text().splitlines()]
    recorded = [json.loads(line) for line in records.read_text().splitlines()]
    assert (played, recorded) == sheets(tmp_path, *generic)
