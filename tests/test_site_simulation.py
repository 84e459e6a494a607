"""The rules engine on the site and in commands: replay page, roimat_simulate, roimat_verify."""

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.models import Partie
from scoring.roimat.notation import SheetInput
from scoring.roimat.rules import RuleSet
from tests.conftest import DATA
from tests.helpers import partie_create

ROOT = Path(__file__).resolve().parent.parent
RECORDS = DATA / "donne-records.jsonl"


def first_record() -> dict:
    return json.loads(RECORDS.read_text().splitlines()[0])


@pytest.mark.django_db
def test_replay_page_shows_tricks_and_soundness(client):
    # Roimat's old address is the replay page of every game.
    page = client.post(reverse("scoring:donne_replay"), {"text": json.dumps(first_record())})
    assert page.context["game"].key == "roimat"
    assert page.context["replay"].sound and page.context["replay"].over
    tricks = page.context["tricks"]
    assert [trick["number"] for trick in tricks] == list(range(1, 10))
    seat, move, mark, card = tricks[0]["plays"][0]
    assert (seat, move, mark) == ("E", "Dame bleu → Sud", "")  # the Dame sends the play to S
    assert card["code"] == "DB"  # drawn as the live page draws it
    assert tricks[0]["winner"] == "E"
    assert tricks[-1]["points"] == [85, 43]  # N/S's 85 card points of the record
    assert page.context["point_heads"] == ["N/S", "O/E"]
    # the announcement and the contres, in words, before the first pli
    assert [move for _n, _place, _who, move, _mark, _card in page.context["opening"]] == [
        "annonce le Roi vert",
        "contre sur les 5 plis : non",
        "contre sur le Roi au bout : non",
    ]
    rows = dict(page.context["result_rows"])
    assert rows["plis"] == [7, 2] and rows["points"] == [85, 43]
    assert "Correct : chaque coup suit les règles." in page.text
    assert "parties" not in page.context  # adding needs a club account


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["tricks"][0].update(winner="N"), "pli 1 : gagné par E (DB), pas N"),
        (lambda r: r.update(faults=[]), "fautes : les cartes jouées donnent ['S'], pas []"),
        (lambda r: r.update(announcer="E"), "annonceur (E annonce roi V) : ce n'était pas à E"),
        (
            lambda r: r["result"].update(points_ns=84),
            "résultat : le résultat écrit n'est pas celui que donnent les coups",
        ),
    ],
)
def test_replay_page_names_the_problem_of_a_broken_record(client, change, words):
    record = first_record()
    change(record)
    page = client.post(
        reverse("scoring:game_replay", args=["roimat"]), {"text": json.dumps(record)}
    )
    assert not page.context["replay"].sound
    assert page.context["refusal"].startswith(words)
    assert "Refusé par les règles" in page.text and words in html.unescape(page.text)
    assert page.context["result_rows"] == []


@pytest.mark.django_db
def test_an_unreadable_roimat_record_is_the_fields_error(client):
    page = client.post(reverse("scoring:donne_replay"), {"text": "{oops"})
    assert "JSON" in " ".join(page.context["form"].errors["text"])


@pytest.mark.django_db
def test_a_sound_record_is_added_to_a_partie(secretary, players):
    sheet = SheetInput(
        rules=RuleSet("club-8"), players={s: p.name for s, p in players.items()}, donnes=()
    )
    partie = partie_create(sheet=sheet, players=players)
    text = json.dumps(first_record())
    page = secretary.post(reverse("scoring:game_replay", args=["roimat"]), {"text": text})
    assert partie in page.context["parties"]
    assert page.context["add_url"] == reverse("scoring:donne_add_record")
    secretary.post(reverse("scoring:donne_add_record"), {"record": text, "partie": partie.pk})
    donne = partie.donnes.get()
    assert (donne.plis_ns, donne.points_ns, donne.roi_au_bout, donne.faults) == (
        7,
        85,
        True,
        ("S",),
    )
    broken = first_record()
    broken["result"]["points_ns"] = 84
    secretary.post(
        reverse("scoring:donne_add_record"), {"record": json.dumps(broken), "partie": partie.pk}
    )
    assert partie.donnes.count() == 1


def test_simulate_writes_records_that_verify(tmp_path, capsys):
    out = tmp_path / "records.jsonl"
    call_command(
        "roimat_simulate",
        "--donnes",
        "40",
        "--seed",
        "9",
        "--fault-rate",
        "0.1",
        "--players",
        "heuristic",
        "--variant",
        "official-1000",
        "--out",
        str(out),
    )
    lines = out.read_text().splitlines()
    assert len(lines) == 40
    call_command("roimat_verify", str(out))
    assert "40 enregistrements, 0 incorrect" in capsys.readouterr().err


def run(*args):
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_verify_exits_1_with_one_line_per_problem(tmp_path):
    records = RECORDS.read_text().splitlines()
    record = json.loads(records[1])
    record["tricks"][3]["plays"][3].pop("fault")
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join([records[0], json.dumps(record), records[2]]) + "\n")
    result = run("roimat_verify", str(path))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        "ligne 2, pli 4, carte 4 (S TV) : enfreint le §9 et n'est pas marquée comme faute",
    ]
    assert run("roimat_verify", str(RECORDS)).returncode == 0


def test_verify_exits_2_on_unreadable_input(tmp_path):
    path = tmp_path / "records.jsonl"
    path.write_text("{not json\n")
    result = run("roimat_verify", str(path))
    assert result.returncode == 2 and "line 1: Ce n'est pas du JSON" in result.stderr
    assert run("roimat_verify", str(tmp_path / "missing.jsonl")).returncode == 2


@pytest.mark.parametrize(
    "args",
    [
        ["--variant", "belote"],
        ["--fault-rate", "2"],
        ["--donnes", "0"],
        ["--players", "smart"],
        ["--save"],
    ],
)
def test_simulate_refuses_bad_options(args):
    with pytest.raises(CommandError) as refused:
        call_command("roimat_simulate", *args)
    assert refused.value.returncode == 2


@pytest.mark.django_db
def test_simulate_saves_whole_parties():
    call_command(
        "roimat_simulate", "--parties", "2", "--seed", "4", "--save", "--players", "heuristic"
    )
    parties = list(Partie.objects.all())
    assert len(parties) == 2
    assert all(p.sheet.finished and p.sheet.counted == 8 for p in parties)
