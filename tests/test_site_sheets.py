"""A secretary records parties through the site; visitors read the sheets."""

import io
import json
from pathlib import Path

import pytest
from django.core import mail
from django.urls import reverse
from pypdf import PdfReader

from scoring.adapters.roimat.adapter import donne_entries, rules_of
from scoring.models import Donne, Partie
from scoring.roimat.notation import parse_sheet
from scoring.roimat.partie import compute_sheet
from tests.conftest import load
from tests.helpers import donne_post, partie_import, same_sheet

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.django_db


def new_partie(client, players) -> Partie:
    """A new club-8 Roimat partie through the new-partie page of every game, ``players`` by
    seat; its first donne is asked next."""
    data = {
        "option_variant": "club-8",
        "option_fault_counting": "player",
        "option_target": "1000",
        "played_on": "2026-11-20",
        "place": "Antony",
        "table": "2",
        **{f"player_{n}": players[seat].pk for n, seat in enumerate("NESO", start=1)},
    }
    response = client.post(reverse("scoring:game_partie_create", args=["roimat"]), data)
    assert response.status_code == 302, response.context["form"].errors
    partie = Partie.objects.latest("id")
    assert response.url == reverse("scoring:donne_create", args=[partie.pk])
    return partie


def enter(client, partie, donne):
    return client.post(reverse("scoring:donne_create", args=[partie.pk]), donne_post(donne))


def test_visitor_reads_sheets_but_cannot_enter(client, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    assert client.get(reverse("scoring:partie_list")).status_code == 200
    page = client.get(partie.get_absolute_url())
    assert page.status_code == 200 and "-302" in page.text
    # Each name of the teams' heading opens its player's page, which lists the partie.
    heading = page.text.split('<div class="teams">')[1].split("</div>\n</div>")[0]
    for seat in partie.seats.select_related("player"):
        link = reverse("tournaments:player", args=[seat.player.pk])
        assert f'<a href="{link}">{seat.player}</a>' in heading
        assert partie.get_absolute_url() in client.get(link).text
    for name in ("scoring:donne_create", "scoring:partie_email"):
        response = client.get(reverse(name, args=[partie.pk]))
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    response = client.post(reverse("scoring:donne_annul", args=[partie.pk, 1]))
    assert response.status_code == 302 and not partie.donnes.get(number=1).annulled


def test_secretary_records_a_whole_partie_by_phone_form(secretary, players, club8_expected):
    partie = new_partie(secretary, players)
    assert [s.seat for s in partie.seats.all()] == ["E", "N", "O", "S"]
    for number, donne in enumerate(load("club8-partie.json")["donnes"], start=1):
        form_page = secretary.get(reverse("scoring:donne_create", args=[partie.pk]))
        # The dealer is proposed by rotation: N, E, S, O, N, ...
        assert form_page.context["form"].initial["dealer"] == donne["dealer"]
        response = enter(secretary, partie, donne)
        assert response.status_code == 302, response.context["form"].errors
        assert partie.donnes.count() == number
    partie = Partie.objects.get(pk=partie.pk)
    assert partie.sheet.as_dict() == club8_expected
    page = secretary.get(partie.get_absolute_url())
    assert page.context["sheet"].winner == "oe"
    assert "Denis &amp; Bernard" in page.text
    assert "<svg" in page.text  # the cumul chart
    # Every column of the paper sheet.
    for title in ("Roi", "Donneur", "Donne", "C/SC N/S", "Plis N/S", "Contrat O/E", "Total O/E"):
        assert f">{title}<" in page.text


def test_entry_errors_appear_on_their_field_and_nothing_is_saved(secretary, players):
    partie = new_partie(secretary, players)
    bad = {"dealer": "N", "trump": "R", "plis_ns": 3, "points_ns": 100, "surcontre_plis": True}
    response = enter(secretary, partie, bad)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "points_ns" in errors and "surcontre_plis" in errors
    assert "12" in errors["points_ns"][0] and "92" in errors["points_ns"][0]
    assert partie.donnes.count() == 0
    # The form keeps what was typed.
    assert response.context["form"]["points_ns"].value() == "100"
    response = enter(
        secretary, partie, {"dealer": "N", "trump": "R", "plis_ns": 12, "points_ns": 50}
    )
    assert "plis_ns" in response.context["form"].errors
    response = enter(
        secretary,
        partie,
        {"dealer": "E", "trump": "R", "plis_ns": 9, "points_ns": 128, "roi_au_bout": True},
    )
    assert "roi_au_bout" in response.context["form"].errors
    assert partie.donnes.count() == 0


def test_interface_speaks_french(secretary, players):
    partie = new_partie(secretary, players)
    response = enter(
        secretary, partie, {"dealer": "N", "trump": "R", "plis_ns": 3, "points_ns": 100}
    )
    assert (
        "3 plis contiennent entre 12 et 92 points"
        in response.context["form"].errors["points_ns"][0]
    )
    page = secretary.get(reverse("scoring:donne_create", args=[partie.pk]))
    assert "Enregistrer la donne" in page.text
    assert "Donneur" in page.text


def test_a_mistyped_donne_is_corrected_and_the_sheet_recomputed(secretary, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    donne2 = load("club8-partie.json")["donnes"][1]
    corrected = {**donne2, "points_ns": 43}  # O/E had 85, not 95: 100 + 2 × 85 = 270
    url = reverse("scoring:donne_edit", args=[partie.pk, 2])
    assert secretary.get(url).context["form"]["points_ns"].value() == 33
    response = secretary.post(url, donne_post(corrected))
    assert response.status_code == 302
    partie = Partie.objects.get(pk=partie.pk)
    assert partie.sheet.rows[1].oe.total == 270
    assert partie.sheet.total_oe == 54 - 20
    assert partie.donnes.count() == 8


def test_annulled_donne_stops_counting_and_can_be_restored(secretary, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    url = reverse("scoring:donne_annul", args=[partie.pk, 3])
    secretary.post(url)
    partie = Partie.objects.get(pk=partie.pk)
    assert partie.sheet.counted == 7 and not partie.sheet.finished
    assert partie.sheet.as_dict()["donnes"][2] == {"annulled": True}
    page = secretary.get(partie.get_absolute_url())
    assert page.context["can_add"]
    secretary.post(url)
    assert Partie.objects.get(pk=partie.pk).sheet.finished


def test_no_donne_after_the_end(secretary, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    response = secretary.get(reverse("scoring:donne_create", args=[partie.pk]))
    assert response.status_code == 302
    response = enter(
        secretary,
        partie,
        {"dealer": "N", "trump": "R", "plis_ns": 5, "points_ns": 60, "roi_au_bout": True},
    )
    assert partie.donnes.count() == 8


def test_correction_that_ends_the_partie_earlier_is_refused(secretary, players):
    data = load("official-rounded.json")
    partie = partie_import(sheet=parse_sheet(data))
    # Donne 3 corrected to a huge O/E donne (contre on the roi and surcontre on the plis both
    # made: 6 × 124 = 744, rounded 740, + 100) takes O/E to 1,030: the partie would end there
    # and donne 4 would stand after its end.
    huge = {
        **data["donnes"][2],
        "plis_ns": 1,
        "points_ns": 4,
        "roi_au_bout": False,
        "contre_plis": True,
        "contre_roi": True,
        "surcontre_plis": True,
    }
    response = secretary.post(reverse("scoring:donne_edit", args=[partie.pk, 3]), donne_post(huge))
    assert response.status_code == 200
    assert "donne 4" in str(response.context["form"].non_field_errors())
    assert Donne.objects.get(partie=partie, number=3).points_ns == 59


def test_parties_list_filters_by_player_and_date(client, players, django_assert_max_num_queries):
    from scoring.models import Player

    partie_import(sheet=parse_sheet(load("club8-partie.json")))  # Annie … Denis, today
    other = parse_sheet(
        {
            **load("official-rounded.json"),
            "date": "2025-01-10",
            "players": {"N": "Élise", "E": "Bernard", "S": "Gisèle", "O": "Henri"},
        }
    )
    partie_import(sheet=other)
    url = reverse("scoring:partie_list")
    with django_assert_max_num_queries(8):
        page = client.get(url)
    assert len(page.context["table"].rows) == 2
    annie = Player.objects.get(name="Annie")
    assert len(client.get(url, {"player": annie.pk}).context["table"].rows) == 1
    bernard = Player.objects.get(name="Bernard")
    assert len(client.get(url, {"player": bernard.pk}).context["table"].rows) == 2
    page = client.get(url, {"date_to": "2025-12-31"})
    assert [r.record.played_on.year for r in page.context["table"].rows] == [2025]


def test_json_download_imports_back_unchanged(secretary, players):
    partie = partie_import(
        sheet=parse_sheet(
            {**load("club8-partie.json"), "date": "2026-11-21", "place": "Antony", "table": "4"}
        )
    )
    first = secretary.get(reverse("scoring:partie_json", args=[partie.pk]))
    assert first["Content-Type"] == "application/json"
    upload = io.BytesIO(first.content)
    upload.name = "sheet.json"
    response = secretary.post(reverse("scoring:partie_import"), {"file": upload})
    assert response.status_code == 302
    again = Partie.objects.latest("id")
    assert again.pk != partie.pk
    second = secretary.get(reverse("scoring:partie_json", args=[again.pk]))
    assert same_sheet(json.loads(second.content), json.loads(first.content))


def test_import_of_a_bad_sheet_names_the_donne_and_field(secretary, players):
    data = load("club8-partie.json")
    data["donnes"][5]["plis_ns"] = 11
    response = secretary.post(reverse("scoring:partie_import"), {"text": json.dumps(data)})
    assert response.status_code == 200
    assert "donne 6, plis_ns" in str(response.context["form"].non_field_errors())
    assert Partie.objects.count() == 0
    response = secretary.post(reverse("scoring:partie_import"), {"text": "{not json"})
    assert "JSON" in str(response.context["form"].non_field_errors())


def test_pdf_and_excel_downloads(client, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    pdf = client.get(reverse("scoring:partie_pdf", args=[partie.pk]))
    assert pdf["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert "-302" in text and "Annie" in text
    xlsx = client.get(reverse("scoring:partie_xlsx", args=[partie.pk]))
    assert xlsx.content[:2] == b"PK"
    assert "attachment" in xlsx["Content-Disposition"]


def test_sheet_is_emailed_to_players_and_club(secretary, players, settings):
    settings.CLUB_EMAIL = "club@example.org"
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    for player in partie.players_by_seat.values():
        player.email = f"{player.name.lower()}@example.org"
        player.save()
    partie = Partie.objects.get(pk=partie.pk)
    url = reverse("scoring:partie_email", args=[partie.pk])
    form = secretary.get(url).context["form"]
    assert len(form.fields["players"].choices) == 4
    response = secretary.post(
        url,
        {
            "players": ["annie@example.org", "denis@example.org"],
            "club": "on",
            "others": "ami@example.org",
        },
    )
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [
        "annie@example.org",
        "denis@example.org",
        "club@example.org",
        "ami@example.org",
    ]
    names = [a[0] for a in message.attachments]
    assert any(n.endswith(".pdf") for n in names) and any(n.endswith(".xlsx") for n in names)
    response = secretary.post(url, {"others": "not-an-address"})
    assert "others" in response.context["form"].errors
    assert len(mail.outbox) == 1


def test_new_partie_needs_four_different_players(secretary, players):
    data = {
        "option_variant": "club-8",
        "played_on": "2026-11-20",
        **{f"player_{n}": players["N"].pk for n in range(1, 5)},
    }
    response = secretary.post(reverse("scoring:game_partie_create", args=["roimat"]), data)
    assert response.status_code == 200
    assert "player_2" in response.context["form"].errors
    assert Partie.objects.count() == 0


def test_delete_last_donne(secretary, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    secretary.post(reverse("scoring:donne_delete_last", args=[partie.pk]))
    assert list(partie.donnes.values_list("number", flat=True)) == list(range(1, 8))


def test_admin_shows_a_partie(admin_client, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    page = admin_client.get(reverse("admin:scoring_partie_change", args=[partie.pk]))
    assert page.status_code == 200 and "Annie" in page.text


def test_stored_partie_equals_engine_on_its_entries(players):
    sheet = parse_sheet(load("official-rounded.json"))
    partie = partie_import(sheet=sheet)
    assert partie.sheet == compute_sheet(sheet.donnes, sheet.rules)


def test_french_by_default_english_on_request(client, players):
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    page = client.get(partie.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en-US,en")
    assert "Cumul des deux équipes" in page.text
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    page = client.get(partie.get_absolute_url())
    assert "Cumul of both teams" in page.text


def test_phone_form_offers_taps_without_blank_choices(secretary, players):
    partie = new_partie(secretary, players)
    form = secretary.get(reverse("scoring:donne_create", args=[partie.pk])).context["form"]
    assert [c for c, _l in form.fields["trump"].choices] == ["J", "R", "V", "B"]
    assert [c for c, _l in form.fields["dealer"].choices] == ["N", "E", "S", "O"]
    assert "Annie" in dict(form.fields["dealer"].choices)["N"]


def test_scores_are_green_when_positive_and_red_when_negative_with_their_sign(client, secretary):
    """Whatever the team: +100 in green, -100 in red, the sign written (not colour alone), on
    the sheet, a Roi sheet and the table's phone."""
    import re

    from django.core.management import call_command

    from tests.test_site_tournaments import DONNE, accept, first_table, table_post

    _tournament, table = first_table(secretary)
    phone = reverse("tournaments:table_entry", args=[table.code])
    client.post(phone, table_post(DONNE, "N"))
    accept(client, table, 1)  # a pending donne counts nowhere: its totals would be 0
    call_command("demo_data", verbosity=0)
    call_command("roi_simulate", "--games", "1", "--save", verbosity=0)
    css = (ROOT / "static/css/site.css").read_text()
    assert re.search(r"\.score-pos \{ color: #1e7a3c; \}", css)
    assert re.search(r"\.score-neg \{ color: #b3261e; \}", css)
    assert "td.ns b { color" not in css and "td.total.ns { color" not in css
    pages = [p.get_absolute_url() for p in Partie.objects.filter(game__in=["roimat", "roi"])]
    kinds = set()
    for url in pages:
        text = client.get(url).text
        for kind, number in re.findall(r'<span class="score-(pos|neg|zero)">([^<]*)</span>', text):
            value = int(number)
            assert kind == ("pos" if value > 0 else "neg" if value < 0 else "zero"), url
            assert number.startswith("+") == (value > 0), url
            kinds.add(kind)
    assert {"pos", "neg"} <= kinds
    on_the_phone = re.findall(r'class="score"><span class="score-(\w+)">', client.get(phone).text)
    assert sorted(on_the_phone) == ["neg", "pos"]


def test_a_stored_donne_the_rules_refuse_is_shown_to_correct_not_a_server_error(secretary):
    """A donne changed by hand in the database (128 card points in all, §5: one team cannot
    take 130): the list, the sheet and the documents still open, the sheet names the donne and
    its field, the totals stop before it, and once corrected it counts again."""
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    whole = compute_sheet(donne_entries(partie), rules_of(partie))
    Donne.objects.filter(partie=partie, number=3).update(points_ns=130)
    partie = Partie.objects.get(pk=partie.pk)
    sheet = partie.sheet
    assert sheet.refused.donne == 3 and len(sheet.rows) == 2 and not sheet.finished
    assert (sheet.total_ns, sheet.total_oe) == (whole.rows[1].ns.cumul, whole.rows[1].oe.cumul)
    assert secretary.get(reverse("scoring:partie_list")).status_code == 200
    for document in ("partie_pdf", "partie_xlsx", "partie_json"):
        assert secretary.get(reverse(f"scoring:{document}", args=[partie.pk])).status_code == 200
    page = secretary.get(partie.get_absolute_url())
    text = " ".join(page.content.decode().replace("&#x27;", "'").split())
    said = "Donne 3 enfreint les règles : Points N/S — Les points vont de 0 à 128, pas 130. "
    assert said in text
    edit = reverse("scoring:entry_edit", args=[partie.pk, 3])
    assert f'<a href="{edit}">Corriger cette donne</a>' in text
    assert reverse("scoring:donne_create", args=[partie.pk]) not in text  # correct it first
    donne = load("club8-partie.json")["donnes"][2]
    response = secretary.post(edit, donne_post(donne))
    assert response.status_code == 302
    assert Partie.objects.get(pk=partie.pk).sheet == whole


def test_the_phone_first_table_is_the_sheets_own_columns_with_the_same_totals(client, players):
    """Every game's sheet page draws its phone-first table from the layout, not by hand:
    Roimat's keeps the dealer, donne, plis and totals of each line (T lines included), its
    last cumul the sheet's totals; a game whose every column a phone needs shows one table."""
    import re

    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))
    page = client.get(partie.get_absolute_url())
    phone, layout, sheet = page.context["phone"], page.context["layout"], partie.sheet
    assert [c.key for c in phone.columns] == [c.key for c in layout.columns if c.phone]
    titles = ["Donneur", "Donne", "Plis N/S", "Total N/S", "Plis O/E", "Total O/E"]
    assert [c.title for c in phone.columns] == titles
    assert len(phone.lines) == len(layout.lines)
    assert phone.lines[-1].values[-3::2] == (sheet.total_ns, sheet.total_oe)
    drawn = re.search(r'class="phone-first">(.*?)</table>', page.text, re.S).group(1)
    assert drawn.count("<tr") == len(layout.lines) + 2  # group titles, column titles, lines
    last = re.findall(r"<tr[^>]*>(.*?)</tr>", drawn, re.S)[-1]
    shown = [int(n) for n in re.findall(r'<span class="score-(?:pos|neg|zero)">([+-]?\d+)<', last)]
    assert shown == [sheet.total_ns, sheet.total_oe]
