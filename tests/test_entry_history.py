"""Every change of a table's donnes can be traced: each version with its numbers, who typed,
accepted, refused (and why) or chose it, and when, on the sheet's page, the correction page,
the director's round page and the sheet's JSON; the JSON keeps the donnes that do not count
yet marked so, and imported back it gives the same totals as the page."""

import json

import pytest
from django.urls import reverse

from scoring.models import Partie
from tests.test_site_tournaments import DONNE, accept, first_table, table_post
from tests.test_table_choices import words

pytestmark = pytest.mark.django_db


def played(secretary, client):
    """A table's donnes: 1 accepted, 2 refused by East (plis), 3 pending; its partie."""
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N", "k1", 1))
    accept(client, table, 1, seat="O")
    second = {**DONNE, "dealer": "E", "plis_ns": 3, "points_ns": 40, "roi_au_bout": False}
    client.post(url, table_post(second, "S", "k2", 2))
    confirm = reverse("tournaments:table_confirm", args=[table.code, 2])
    client.post(confirm, {"seat": "E", "decision": "refuse", "reason": "plis"})
    third = {**DONNE, "dealer": "S", "plis_ns": 5, "points_ns": 70, "roi_au_bout": False}
    client.post(url, table_post(third, "N", "k3", 3))
    return table, Partie.objects.get(pk=table.partie_id)


def test_the_sheet_page_and_the_round_page_show_each_donnes_history(secretary, client):
    table, partie = played(secretary, client)
    names = partie.players_by_seat
    page = words(client.get(partie.get_absolute_url()))
    history = page.split('id="history"')[1]
    assert "Historique des saisies (5 changements)" in page
    assert "refusée (plis)" in history and f"table 1 · {names['E']} (E)" in history
    assert "entrée" in history and f"table 1 · {names['S']} (S)" in history
    assert "N/S 3 plis / 40 points" in history and "N/S 6 plis / 84 points" in history
    console = secretary.get(reverse("tournaments:round", args=[table.round.tournament_id, 1]))
    assert f"{partie.get_absolute_url()}#history" in console.text


def test_the_json_keeps_waiting_donnes_marked_and_imports_back_to_the_same_totals(
    secretary, client
):
    _table, partie = played(secretary, client)
    data = json.loads(secretary.get(reverse("scoring:partie_json", args=[partie.pk])).text)
    assert data["waiting"] == [
        {"number": 2, "status": "refused", "entered_by": "S", "refused_by": "E"},
        {"number": 3, "status": "pending", "entered_by": "N"},
    ]
    lines = [(h["number"], h["action"], h["seat"], h["reason"]) for h in data["history"]]
    assert lines == [
        (1, "enter", "N", ""),
        (1, "confirm", "O", ""),
        (2, "enter", "S", ""),
        (2, "refuse", "E", "plis"),
        (3, "enter", "N", ""),
    ]
    shown = [side.total for side in partie.adapter.sides(partie)]
    before = Partie.objects.count()
    answer = secretary.post(reverse("scoring:partie_import"), {"text": json.dumps(data)})
    assert answer.status_code == 302, answer.context["form"].errors
    assert Partie.objects.count() == before + 1
    imported = Partie.objects.latest("pk")
    assert [side.total for side in imported.adapter.sides(imported)] == shown
    assert imported.sheet.pending == 2
    rows = list(imported.donnes.values_list("number", "confirmed", "refused_seat"))
    assert rows == [(1, True, ""), (2, False, "E"), (3, False, "")]


@pytest.mark.parametrize(
    "waiting",
    [
        [{"number": 9, "status": "pending"}],
        [{"number": 1, "status": "lost"}],
        [{"number": "1", "status": "pending"}],
        "pending",
    ],
)
def test_a_sheet_whose_waiting_list_is_wrong_is_refused_and_nothing_is_stored(
    secretary, client, waiting
):
    _table, partie = played(secretary, client)
    data = json.loads(secretary.get(reverse("scoring:partie_json", args=[partie.pk])).text)
    data["waiting"] = waiting
    before = Partie.objects.count()
    answer = secretary.post(reverse("scoring:partie_import"), {"text": json.dumps(data)})
    assert answer.status_code == 200 and "waiting" in words(answer)
    assert Partie.objects.count() == before
