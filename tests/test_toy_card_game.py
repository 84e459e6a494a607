"""The measure of the single stack (issue 22): Plis, a toy sixth game with card play written
as one package (``tests/toygame``) and registered by one call, gets from the generic code
alone its menu entry, its sheet entered through the site with PDF, Excel and JSON, its
simulation and verification commands and its replay page."""

import datetime
import io
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import registry
from scoring.models import Partie, Player
from scoring.play.simulate import simulate
from tests import toygame
from tests.test_site_replay import with_illegal_card
from tournaments.models import Season, Tournament
from tournaments.services import close_tournament, play_round_simulated, start_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def plis():
    adapter = toygame.register()
    yield adapter
    registry.unregister("plis")


def donnes(count: int, players: int, seed: int = 5) -> list[dict]:
    """The records of ``count`` donnes played by the one-move-ahead players."""
    states = simulate(toygame.PlisState, count, seed, {"players": players}, "heuristic")
    return [state.to_record() for state in states]


def test_simulate_and_verify_play_the_toy_game(plis, tmp_path, capsys):
    path = tmp_path / "plis.jsonl"
    call_command(
        "simulate",
        "plis",
        "--rounds",
        "6",
        "--seed",
        "3",
        "--option",
        "players=4",
        "--players",
        "heuristic",
        "--out",
        str(path),
    )
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(records) == 6 and all(len(r["hands"]) == 4 for r in records)
    assert all(sum(e["plis"] for e in r["result"]) == 6 for r in records)  # 24 cards, 4 hands
    call_command("verify", "plis", str(path))
    assert "6 enregistrements, 0 incorrect" in capsys.readouterr().err
    path.write_text(json.dumps(with_illegal_card("plis", records[0])[0]) + "\n")
    with pytest.raises(SystemExit) as exit_code:
        call_command("verify", "plis", str(path))
    assert exit_code.value.code == 1
    assert "[must_follow]" in capsys.readouterr().out


def test_the_replay_page_is_in_the_menu_and_names_the_revoke(plis, client):
    page = client.get(reverse("scoring:partie_list"))
    url = reverse("scoring:game_replay", args=["plis"])
    assert f'href="{url}"' in page.text
    record = donnes(1, 3)[0]
    page = client.post(url, {"text": json.dumps(record)})
    assert page.context["refusal"] is None and page.context["replay"].result == record["result"]
    drawn = re.findall(r'data-card="([^"]+)"', page.text)  # each card drawn, in page order
    hand = record["hands"][1]
    assert any(drawn[i : i + len(hand)] == hand for i in range(len(drawn))), (hand, drawn)
    page = client.post(url, {"text": json.dumps(with_illegal_card("plis", record)[0])})
    assert page.context["refusal"].endswith("[must_follow]")
    assert "Refusé par les règles" in page.text


def test_played_donnes_entered_through_the_site_make_its_sheet_and_documents(plis, secretary):
    assert 'href="/jeux/plis/new/">Plis</a>' in secretary.get(reverse("scoring:partie_list")).text
    players = [Player.objects.create(name=name) for name in ("Annie", "Bernard", "Claire")]
    response = secretary.post(
        reverse("scoring:game_partie_create", args=["plis"]),
        {
            "played_on": "2026-11-20",
            "place": "Club",
            **{f"player_{n}": p.pk for n, p in enumerate(players, start=1)},
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    partie = Partie.objects.get(game="plis")
    played = donnes(3, 3)
    url = reverse("scoring:game_round_create", args=[partie.pk])
    wrong = secretary.post(url, {"p0_plis": 8, "p1_plis": 8, "p2_plis": 8})
    assert wrong.status_code == 200 and partie.game_rounds.count() == 0  # 24 plis: refused
    for record in played:
        data = {f"p{n}_plis": entry["plis"] for n, entry in enumerate(record["result"])}
        assert secretary.post(url, data).status_code == 302
    totals = [sum(r["result"][n]["plis"] for r in played) for n in range(3)]
    page = secretary.get(partie.get_absolute_url())
    assert list(page.context["sheet"].totals) == totals and "Donne 3" in page.text
    pdf = secretary.get(reverse("scoring:partie_pdf", args=[partie.pk]))
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Plis" in text and "Annie" in text and str(max(totals)) in text
    book = load_workbook(
        io.BytesIO(secretary.get(reverse("scoring:partie_xlsx", args=[partie.pk])).content)
    ).active
    assert "Donne 2" in [cell for row in book.iter_rows(values_only=True) for cell in row]
    exported = secretary.get(reverse("scoring:partie_json", args=[partie.pk])).json()
    assert exported["game"] == "plis" and len(exported["rounds"]) == 3


def test_an_evening_of_the_toy_game_is_played_by_simulation_and_counts_in_the_league(
    plis, secretary
):
    season = Season.objects.create(
        name="Saison", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30)
    )
    tournament = Tournament.objects.create(
        name="Soirée Plis",
        date=datetime.date(2026, 11, 26),
        game="plis",
        table_size=3,
        rounds=1,
        season=season,
    )
    for name in ("Annie", "Bernard", "Claire", "Denis", "Eve", "Fanny"):
        player = Player.objects.create(name=name)
        tournament.registrations.create(player=player, checked_in=True)
    play_round_simulated(start_round(tournament=tournament), seed=11)
    parties = [Partie.objects.get(pk=t.partie_id) for t in tournament.rounds_set.get().tables.all()]
    assert len(parties) == 2
    for partie in parties:  # three donnes of 8 cards a hand each, as the rules deal them
        assert partie.sheet.finished and sum(partie.sheet.totals) == 3 * 8
    close_tournament(tournament=tournament, decisions={})
    rows = secretary.get(reverse("tournaments:season", args=[season.pk])).context["rows"]
    assert len(rows) == 6 and rows[0]["rank"] == 1
