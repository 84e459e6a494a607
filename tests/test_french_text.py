"""French as a player reads it on the table's phone: plurals and elision before a name."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.utils import translation

from scoring.messages import elide

pytestmark = pytest.mark.django_db


def test_de_is_elided_before_a_vowel_in_french_only():
    with translation.override("fr"):
        assert elide("Fautes de Annie") == "Fautes d'Annie"
        assert (
            elide("2 fautes de Émile, 1 faute de Bernard") == "2 fautes d'Émile, 1 faute de Bernard"
        )
        assert elide("Dealer de Yves") == "Dealer d'Yves"
    with translation.override("en"):
        assert elide("Faults de Annie") == "Faults de Annie"


def test_the_table_page_names_annies_fautes_with_elision(secretary, client):
    from django.urls import reverse

    from scoring.models import Player
    from tests.test_site_tournaments import DONNE, first_table, table_post

    _tournament, table = first_table(secretary)
    seat = table.partie.seats.get(seat="E")
    Player.objects.filter(pk=seat.player_id).update(name="Annie")
    url = reverse("tournaments:table_entry", args=[table.code])
    page = client.get(url).text
    assert "Fautes d&#x27;Annie" in page or "Fautes d'Annie" in page
    client.post(url, table_post({**DONNE, "faults": ["E", "E"]}, "N"))
    pending = client.get(url).context["pending"][0].summary
    assert "2 fautes d'Annie" in " ".join(pending)
    assert "6 plis" in " ".join(pending) and "3 plis" in " ".join(pending)


def test_the_pages_name_no_developers_file_or_command(secretary, client):
    from django.urls import reverse

    for page in (
        client.get(reverse("scoring:donne_replay")),
        secretary.get(reverse("scoring:partie_import")),
        client.get(reverse("home")),
    ):
        assert page.status_code == 200
        for reference in ("ROIMAT.md", "roimat_simulate", ".py"):
            assert reference not in page.text


def test_no_pli_and_no_point_are_singular_in_french(secretary, client):
    from django.urls import reverse

    from tests.test_site_tournaments import DONNE, first_table, table_post

    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    # N/S made every pli: O/E none, and no point (French: "0 pli, 0 point").
    client.post(url, table_post({**DONNE, "plis_ns": 9, "points_ns": 128}, "N"))
    words = " ".join(client.get(url).context["pending"][0].summary)
    assert "9 plis, 128 points" in words and "0 pli, 0 point" in words


@pytest.mark.django_db
def test_the_language_menu_names_each_language_in_itself_and_the_site_has_an_icon(client):
    page = client.get("/").text
    assert ">Français</option>" in page and ">English</option>" in page
    assert "Anglais" not in page
    icon = re.search(r'<link rel="icon" type="image/png" href="/static/([^"]+)"', page).group(1)
    assert finders.find(icon)  # a file of the site's static files
