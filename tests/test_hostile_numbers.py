"""Numbers that pass the digit limits but would blow up a loop or a column (issue 20): each
is refused on its field, in French, at once, and nothing is stored."""

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.models import Donne, EntryVersion, Partie, Player
from tests.helpers import donne_post
from tournaments.models import Registration, Tournament
from tournaments.services import start_round

pytestmark = pytest.mark.django_db

DONNE = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}


@pytest.fixture
def table(db):
    """The first table of an open Roimat evening of eight players."""
    players = [Player.objects.create(name=f"Joueur {i}") for i in range(8)]
    evening = Tournament.objects.create(name="Jeudi", date=datetime.date(2026, 11, 26), rounds=3)
    for player in players:
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    return start_round(tournament=evening).tables.order_by("number").first()


@pytest.mark.parametrize("count", ["2147483648", "100000000", "10", "-1"])
def test_a_huge_fault_count_at_a_table_is_refused_on_its_field_in_french(table, count):
    before = (Donne.objects.count(), EntryVersion.objects.count())
    with translation.override("fr"):
        response = Client(HTTP_ACCEPT_LANGUAGE="fr").post(
            reverse("tournaments:table_entry", args=[table.code]),
            {**donne_post(DONNE), "faults_e": count, "action": "enter", "entered_seat": "N"},
        )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["faults_e"]
    assert "Assurez-vous que cette valeur est" in errors["faults_e"][0]
    assert (Donne.objects.count(), EntryVersion.objects.count()) == before


def admin_tournament(game: str, options: str) -> dict:
    """The admin's new-tournament form for ``game`` with ``options`` typed as its JSON."""
    return {
        "name": "Jeudi",
        "date": "2026-11-26",
        "game": game,
        "table_size": "4",
        "game_options": options,
        "variant": "club-8",
        "rounds": "4",
        "format": "individual",
        "ranking": "wins,points,diff",
        "sit_out_rule": "average",
        "seed": "0",
    }


@pytest.mark.parametrize(
    "game, options",
    [
        ("rumoli", "[" + ", ".join(["1"] * 1000) + "]"),
        ("rumoli", "{" + ", ".join(f'"k{n}": {n}' for n in range(1000)) + "}"),
        ("rumoli", "1e400"),
        ("rumoli", "1e5000"),
        ("rumoli", "NaN"),
        ("rumoli", '{"rounds": NaN}'),
        ("rumoli", '{"rounds": 1e400}'),
        ("rumoli", '{"rounds": 2147483648}'),
        ("rumoli", '{"rounds": "8"}'),
        ("rumoli", '{"stake": -1}'),
        ("rumoli", '{"same_colour": 1}'),
        ("romer", '{"target": ' + "9" * 5000 + "}"),
        ("differenzler", '{"rounds": 100000000}'),
        ("roimat", '{"target": 2147483648}'),
        ("roimat", '{"variant": "belote"}'),
        ("roimat", '{"donnes": 8}'),
        ("roi", '{"colour": "x"}'),
    ],
)
def test_the_admin_refuses_bad_rule_options_on_their_field(sophie, game, options):
    client = Client()
    client.force_login(sophie)
    with translation.override("fr"):
        response = client.post(
            "/admin/tournaments/tournament/add/",
            admin_tournament(game, options),
            HTTP_ACCEPT_LANGUAGE="fr",
        )
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["game_options"]
    assert not Tournament.objects.exists()


def test_the_admin_keeps_sound_rule_options(sophie):
    client = Client()
    client.force_login(sophie)
    response = client.post(
        "/admin/tournaments/tournament/add/",
        admin_tournament("rumoli", '{"rounds": 12, "same_colour": true}'),
    )
    assert response.status_code == 302
    assert Tournament.objects.get().game_options == {"rounds": 12, "same_colour": True}


@pytest.mark.parametrize("count", [10, -1, 2_147_483_648, 2**63])
def test_the_engine_refuses_a_fault_count_before_expanding_it(count):
    from scoring.roimat.scoring import faults_from_counts

    with pytest.raises(ValueError, match=f"faults of E: between 0 and 9, not {count}"):
        faults_from_counts({"E": count}.get)


def test_a_donne_of_more_faults_than_its_cards_is_refused_by_the_engine():
    from scoring.roimat.scoring import DonneEntry

    with pytest.raises(ValueError, match="37 faults in one donne: 36 at most"):
        DonneEntry("N", "R", faults=("N",) * 37)


SHEET = {"variant": "club-8", "players": {"N": "A", "E": "B", "S": "C", "O": "D"}}


@pytest.mark.parametrize(
    "text, named",
    [
        (
            json.dumps(
                {**SHEET, "donnes": [{**DONNE, "points_ns": 84, "faults": ["E"] * 100_000}]}
            ),
            "fautes",
        ),
        (
            json.dumps({**SHEET, "variant": "official-1000", "target": 2**63, "donnes": []}),
            "target",
        ),
        ('{"variant": "official-1000", "target": 1e400, "donnes": []}', "1e400"),
    ],
)
def test_an_imported_sheet_with_a_huge_number_is_refused_naming_it(damien, text, named):
    client = Client()
    client.force_login(damien)
    before = (Partie.objects.count(), Donne.objects.count())
    with translation.override("fr"):
        response = client.post(
            reverse("scoring:partie_import"), {"text": text}, HTTP_ACCEPT_LANGUAGE="fr"
        )
    assert response.status_code == 200
    assert named in " ".join(response.context["form"].non_field_errors())
    assert (Partie.objects.count(), Donne.objects.count()) == before
