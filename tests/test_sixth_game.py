"""The measure of the game registry (issue 9): a sixth game joins the site by writing its rules
and registering them, and then has its menu entry, sheet page, PDF, Excel, tournament and
league like the club's five games, with no other file touched."""

import datetime
import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import registry
from scoring.adapters.tabular import register_game
from scoring.games.base import FieldSpec, Game, RoundSpec
from scoring.models import Partie, Player
from tournaments.models import Season, Tournament

pytestmark = pytest.mark.django_db


# -- the whole sixth game: its rules, and one line to register them ---------------------------


class Bouchon(Game):
    """A toy game: three manches, each player writes the points he made (0 to 50); the
    highest total wins."""

    key = "bouchon"
    name = "Bouchon"
    seats = (3, 5)

    def rounds(self, players, options):
        return [
            RoundSpec(f"m{n}", f"Manche {n}", (FieldSpec("points", "points", 0, 50),))
            for n in (1, 2, 3)
        ]

    def score(self, spec, entries):
        return [entry["points"] for entry in entries]


@pytest.fixture
def bouchon():
    adapter = register_game(Bouchon())
    yield adapter
    registry.unregister("bouchon")


# ---------------------------------------------------------------------------------------------


def enter(client, url, points, **extra):
    """Post one round: each player's points, in seat order."""
    data = {f"p{i}_points": value for i, value in enumerate(points)}
    response = client.post(url, {**extra, **data})
    assert response.status_code == 302, response.context["form"].errors


def test_the_sixth_game_has_its_menu_sheet_pdf_and_excel(bouchon, secretary):
    menu = secretary.get(reverse("scoring:partie_list")).text
    assert 'href="/jeux/bouchon/new/">Bouchon</a>' in menu
    players = [Player.objects.create(name=name) for name in ("Annie", "Bernard", "Claire")]
    response = secretary.post(
        reverse("scoring:game_partie_create", args=["bouchon"]),
        {
            "played_on": "2026-11-20",
            "place": "Club",
            **{f"player_{n}": p.pk for n, p in enumerate(players, start=1)},
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    partie = Partie.objects.get(game="bouchon")
    for points in ([10, 20, 30], [50, 0, 5], [7, 7, 7]):
        enter(secretary, reverse("scoring:game_round_create", args=[partie.pk]), points)
    refused = secretary.post(
        reverse("scoring:game_round_create", args=[partie.pk]),
        {"p0_points": 1, "p1_points": 2, "p2_points": 3},
        follow=True,
    )
    assert "La partie est finie" in refused.text and partie.game_rounds.count() == 3
    page = secretary.get(partie.get_absolute_url())
    assert "Bouchon" in page.text and "Manche 3" in page.text
    assert list(page.context["sheet"].totals) == [67, 27, 42]
    assert page.context["layout"].footer == ("Gagnant : Annie",)
    pdf = secretary.get(reverse("scoring:partie_pdf", args=[partie.pk]))
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "Bouchon" in text and "67" in text and "Annie" in text
    sheet = load_workbook(
        io.BytesIO(secretary.get(reverse("scoring:partie_xlsx", args=[partie.pk])).content)
    ).active
    values = [cell for row in sheet.iter_rows(values_only=True) for cell in row]
    assert "Manche 2" in values and 50 in values
    listing = secretary.get(reverse("scoring:partie_list")).text
    assert "Bouchon" in listing and "67 / 27 / 42" in listing


def test_the_sixth_game_plays_a_tournament_that_counts_in_the_league(bouchon, secretary):
    season = Season.objects.create(
        name="Saison", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30)
    )
    response = secretary.post(
        reverse("tournaments:create"),
        {
            "name": "Soirée Bouchon",
            "date": "2026-11-26",
            "place": "Club",
            "game": "bouchon",
            "season": season.pk,
            "table_size": "3",
            "variant": "club-8",
            "format": "individual",
            "rounds": "1",
            "ranking": "wins,points",
            "sit_out_rule": "average",
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    for name in ("Annie", "Bernard", "Claire", "Denis", "Eve", "Fanny"):
        secretary.post(reverse("tournaments:register", args=[tournament.pk]), {"new_name": name})
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    tables = list(tournament.rounds_set.get().tables.all())
    assert [t.partie.game for t in tables] == ["bouchon", "bouchon"]
    phone = Client()
    for table in tables:
        url = reverse("tournaments:table_entry", args=[table.code])
        assert 'name="p2_points"' in phone.get(url).text  # the game's own entry form
        for number, points in enumerate(([10, 20, 30], [5, 5, 5], [0, 0, 1]), start=1):
            enter(phone, url, points, action="enter", entered_seat="3")
            confirm = reverse("tournaments:table_confirm", args=[table.code, number])
            phone.post(confirm, {"seat": "1", "decision": "accept"})
        assert Partie.objects.get(pk=table.partie_id).sheet.finished
    ranking = secretary.get(tournament.get_absolute_url()).context["standings"].rows
    assert len(ranking) == 6 and sum(row.record["wins"] for row in ranking) == 2
    secretary.post(reverse("tournaments:close", args=[tournament.pk]))
    rows = secretary.get(reverse("tournaments:season", args=[season.pk])).context["rows"]
    assert len(rows) == 6 and rows[0]["rank"] == 1
    assert {row["name"] for row in rows if row["rank"] == 1} <= {
        str(p) for t in tables for p in t.partie.players.all()
    }


def test_a_round_at_a_table_is_checked_by_another_player(bouchon, secretary):
    """At a table of a game without partners, one player enters the round, another accepts
    or refuses it; until then it counts nowhere."""
    players = [Player.objects.create(name=name) for name in ("Annie", "Bernard", "Claire")]
    tournament = Tournament.objects.create(
        name="Soirée", date=datetime.date(2026, 11, 26), game="bouchon", table_size=3, rounds=1
    )
    for player in players:
        tournament.registrations.create(player=player, checked_in=True)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    table = tournament.rounds_set.get().tables.get()
    url = reverse("tournaments:table_entry", args=[table.code])
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    phone = Client()
    enter(phone, url, [10, 20, 30], action="enter", entered_seat="2")
    partie = Partie.objects.get(pk=table.partie_id)
    # Listed, marked pending, in no total.
    assert partie.sheet.scores == ((10, 20, 30),) and partie.sheet.pending == 1
    assert partie.sheet.counted == 0 and partie.sheet.totals == (0, 0, 0)
    phone.post(confirm, {"seat": "2", "decision": "accept"})  # not by the one who entered it
    assert not partie.game_rounds.get().confirmed
    phone.post(confirm, {"seat": "3", "decision": "refuse"})
    page = phone.get(url)
    assert page.context["form"].stored.refused and page.context["pending"] == []
    version = partie.game_rounds.get().version  # the correction says what it corrects
    enter(phone, url, [10, 20, 25], action="enter", entered_seat="2", correct=1, version=version)
    phone.post(confirm, {"seat": "2", "decision": "accept"})  # who corrected it: refused
    assert not partie.game_rounds.get().confirmed
    phone.post(confirm, {"seat": "1", "decision": "accept"})
    partie = Partie.objects.get(pk=table.partie_id)
    assert partie.sheet.totals == (10, 20, 25)
    actions = [v.action for v in partie.game_rounds.get().versions]
    assert actions == ["enter", "refuse", "correct", "confirm"]
