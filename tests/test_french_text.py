"""French as a player reads it on the table's phone: plurals and elision before a name."""

import html
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
    page = html.unescape(client.get(url).text)
    assert "Fautes d'Annie" in page
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


def test_counts_agree_with_their_number_and_presence_with_nobody(secretary, client):
    """ "0 pli, 0 point" and "9 plis, 128 points" in a donne's history; "1 table" for a round
    of four players, "2 tours"; a player at the door is "là" or "pas là", which needs no
    agreement with the player (never "Nadia — absent")."""
    from django.urls import reverse

    from tests.test_site_tournaments import DONNE, create_evening, table_post
    from tournaments.models import Round

    tournament = create_evening(secretary, count=5)
    tournament.registrations.filter(player__name="Joueur 0").update(checked_in=False)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    table = Round.objects.get().tables.get()
    client.post(
        reverse("tournaments:table_entry", args=[table.code]),
        table_post({**DONNE, "plis_ns": 0, "points_ns": 0, "roi_au_bout": False}, "N"),
    )
    assert table.partie.donnes.count() == 1
    page = secretary.get(reverse("scoring:donne_edit", args=[table.partie_id, 1])).text
    assert "N/S 0 pli / 0 point" in page
    detail = secretary.get(tournament.get_absolute_url()).text
    assert "1 tour tiré sur 2" in detail and "1 table<" in detail and "1 tables" not in detail
    assert "✔ là" in detail and "– pas là" in detail and "absent<" not in detail


def test_an_evenings_sheet_names_its_table_and_round_not_a_code(secretary, client):
    from tests.test_site_tournaments import first_table

    _tournament, table = first_table(secretary)
    page = client.get(table.partie.get_absolute_url()).text
    assert f"Table {table.number} — tour 1" in page and "table 1.1" not in page


@pytest.mark.parametrize("game", ["roimat", "roi"])
def test_every_page_and_document_names_a_table_by_its_number_and_round(secretary, client, game):
    """ "Table 2 — tour 1" wherever a person reads a table's name: the table's phone, its
    sheet's PDF and Excel, the player's page and the parties list, the close page, its
    refusal and the ranking's note on a table left unfinished; never the code "1.2"."""
    import html

    from django.urls import reverse

    from tests.test_one_truth import pdf_text, xlsx_cells
    from tests.test_site_tournaments import close, first_table

    tournament, first = first_table(secretary, game)
    second = first.round.tables.get(number=2)
    partie, name = second.partie, "Table 2 — tour 1"
    player = partie.players_in_order[0]
    pages = {
        "phone": client.get(reverse("tournaments:table_entry", args=[second.code])).text,
        "pdf": pdf_text(secretary.get(reverse("scoring:partie_pdf", args=[partie.pk])).content),
        "excel": " ".join(
            xlsx_cells(secretary.get(reverse("scoring:partie_xlsx", args=[partie.pk])).content)
        ),
        "player page": secretary.get(reverse("tournaments:player", args=[player.pk])).text,
        "parties list": secretary.get(reverse("scoring:partie_list")).text,
        "close page": secretary.get(reverse("tournaments:close", args=[tournament.pk])).text,
        "refusal": close(secretary, tournament, {first: "excluded"}).text,
    }
    close(secretary, tournament, {first: "excluded", second: "later"})
    pages["ranking"] = secretary.get(tournament.get_absolute_url()).text
    for where, text in pages.items():
        text = html.unescape(text)
        assert name in text and "1.2" not in text.split("<main")[-1], where
    assert "table inachevée : Table 2 — tour 1." in html.unescape(pages["refusal"])
    assert "Table 2 — tour 1 : inachevée à la clôture" in html.unescape(pages["ranking"])


def test_the_leagues_documents_count_evenings_in_french(secretary):
    """ "1 soirée" in the league's PDF and Excel, never "1 soirées" nor "evenings"."""
    from django.urls import reverse

    from tests.test_one_truth import DONNES, Evening, pdf_text, xlsx_cells
    from tests.test_site_tournaments import close

    evening = Evening(secretary)
    evening.enter(1, DONNES[0])
    evening.decide(1, "accept")
    close(secretary, evening.tournament, {evening.table: "played"})
    for kind in ("pdf", "xlsx"):
        url = reverse("tournaments:season_export", args=[evening.season.pk, kind])
        content = secretary.get(url).content
        text = pdf_text(content) if kind == "pdf" else " ".join(xlsx_cells(content))
        assert "· 1 soirée" in text and "soirées" not in text and "evening" not in text, kind


def test_a_remote_table_is_named_after_who_opened_it_not_its_code_nor_his_login(victor):
    import re

    from django.test import Client
    from django.urls import reverse

    from scoring.models import RemoteTable

    member = Client()
    member.force_login(victor)
    data = {
        "players": 4,
        "option_variant": "official-1000",
        "option_fault_counting": "team",
        "option_target": 500,
    }
    member.post(reverse("scoring:live_create", args=["roimat"]), data)
    table = RemoteTable.objects.get()

    def named():
        page = member.get(table.get_absolute_url()).text
        heading = re.search(r"<h1>(.*?)</h1>", page, re.S).group(1)
        title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
        assert table.code not in title + heading and "victor" not in title + heading
        return heading

    assert named() == "Table à distance — Roimat"  # an account without a name
    victor.first_name, victor.last_name = "Victor", "Hugo"
    victor.save()
    assert named() == "Table à distance de Victor Hugo — Roimat"
