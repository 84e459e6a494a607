"""The table's phone app as the server serves it: the manifest and the service worker that make
the page installable and usable without network, and an entry form that never brings back a
stale number."""

import html
import io
import json
import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse
from pypdf import PdfReader

from tests.test_site_tournaments import DONNE, first_table, table_post

pytestmark = pytest.mark.django_db


def test_a_tables_page_names_its_manifest_and_worker(secretary, client):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    page = client.get(url).text
    manifest_url = reverse("tournaments:table_manifest", args=[table.code])
    assert f'rel="manifest" href="{manifest_url}"' in page
    assert reverse("tournaments:table_worker") in page
    manifest = json.loads(client.get(manifest_url).content)
    assert manifest["start_url"] == url and manifest["scope"] == url
    assert manifest["display"] == "standalone"
    assert manifest["short_name"] == f"Table {table.number}"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}


def test_the_worker_is_served_under_the_tables_path_and_never_kept_stale(client):
    response = client.get(reverse("tournaments:table_worker"))
    assert response.status_code == 200
    assert reverse("tournaments:table_worker").startswith("/t/")  # its scope covers /t/<code>/
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    assert b'addEventListener("fetch"' in response.content


def test_a_wrong_code_has_no_manifest(client):
    response = client.get(reverse("tournaments:table_manifest", args=["NOPE"]))
    assert response.status_code == 404


def test_a_new_donnes_numbers_start_empty(secretary, client):
    _tournament, table = first_table(secretary)
    form = client.get(reverse("tournaments:table_entry", args=[table.code])).text
    for name in ("plis_ns", "points_ns"):
        tag = re.search(f'<input[^>]*name="{name}"[^>]*>', form)[0]
        assert "value=" not in tag, tag
        assert 'inputmode="numeric"' in tag


def test_a_refused_form_shows_the_servers_number_not_the_phones(secretary, client):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    bad = {**table_post({**DONNE, "points_ns": 200}, "N", key="k-1", expected=7), "version": "3"}
    response = client.post(url, bad)
    assert response.status_code == 200
    page = response.text
    assert '<input type="hidden" name="expected" value="1">' in page
    assert 'name="key" value="k-1"' not in page
    summary = page[page.index('class="error-summary"') :].split("</div>", 1)[0]
    assert "hidden" not in summary.split(">", 1)[0]
    assert "Points N/S" in summary


def test_another_games_refused_round_names_each_player_and_keeps_the_servers_number(
    secretary, client
):
    _tournament, table = first_table(secretary, game="differenzler")
    url = reverse("tournaments:table_entry", args=[table.code])
    form = client.get(url).text
    for name in ("p0_estimate", "p3_points"):
        tag = re.search(f'<input[^>]*name="{name}"[^>]*>', form)[0]
        assert "value=" not in tag and 'inputmode="numeric"' in tag, tag
    post = {"action": "enter", "entered_seat": "1", "key": "k-1", "expected": "7"}
    response = client.post(url, {**post, "p0_estimate": "200"})  # the others' forgotten
    assert response.status_code == 200
    page = response.text
    assert '<input type="hidden" name="expected" value="1">' in page
    assert 'name="key" value="k-1"' not in page
    summary = page[page.index('class="error-summary"') :].split("</div>", 1)[0]
    assert "hidden" not in summary.split(">", 1)[0]
    assert summary.count("<li") == 4  # every problem at once
    for player in table.partie.players_in_order:
        assert f"{player} · annonce" in summary
    assert table.partie.game_rounds.count() == 0


def test_a_player_types_the_tables_code_on_the_home_page(secretary, client):
    _tournament, table = first_table(secretary)
    home = client.get(reverse("home")).text
    assert f'action="{reverse("tournaments:table_go")}"' in home and 'name="code"' in home
    typed = client.get(reverse("tournaments:table_go"), {"code": f" {table.code.lower()} "})
    assert typed.status_code == 302
    assert typed["Location"] == reverse("tournaments:table_entry", args=[table.code])
    wrong = client.get(reverse("tournaments:table_go"), {"code": "ZZZZ"}, follow=True)
    assert wrong.redirect_chain[-1][0] == reverse("home")
    assert "Aucune table n'a le code ZZZZ" in html.unescape(wrong.text)


@override_settings(SITE_URL="http://192.168.1.20:8000/")
def test_the_qr_codes_and_the_plan_carry_the_site_url(secretary):
    tournament, table = first_table(secretary)
    round_page = secretary.get(reverse("tournaments:round", args=[tournament.pk, 1])).text
    assert f"http://192.168.1.20:8000/t/{table.code}/" in round_page
    response = secretary.get(reverse("tournaments:plan_pdf", args=[tournament.pk, 1]))
    pdf = PdfReader(io.BytesIO(response.content))
    page = pdf.pages[0]
    assert table.code in page.extract_text()
    # Each table's row carries a QR code: hundreds of little squares drawn.
    squares = page.get_contents().get_data().count(b" re")
    assert squares > 100 * tournament.rounds_set.get().tables.count()


def test_make_run_finds_an_address_the_phones_can_reach():
    from clubsite.lan import room_address

    address = room_address(9000)
    assert re.fullmatch(r"http://\d+\.\d+\.\d+\.\d+:9000", address)
    assert address != "http://0.0.0.0:9000"


def drawn_fields(form, renderer) -> list[str]:
    """Each field of ``form`` as ``renderer`` draws it: its widget, each of its buttons (a
    choice's), then its errors; a run of blanks read as one, as a browser reads it, and none
    between tags."""
    form.renderer = renderer
    drawn = []
    for field in form:
        errors = field.errors
        errors.renderer = renderer
        for button in field.subwidgets:
            button.renderer = renderer
        buttons = "".join(button.tag() for button in field.subwidgets)
        drawn.append(re.sub(r">\s+<", "><", re.sub(r"\s+", " ", f"{field}{buttons}{errors}")))
    return drawn


@pytest.mark.parametrize("game", ["roimat", "rumoli"])
def test_the_sites_form_renderer_draws_each_field_as_djangos_templates_do(secretary, game):
    """The site draws Django's widget templates with Jinja2 (``clubsite.forms_renderer``):
    each field of a table's form, new and refused, reads as Django's own templates draw it."""
    from django.forms.renderers import TemplatesSetting

    from clubsite.forms_renderer import ClubFormRenderer

    _tournament, table = first_table(secretary, game=game)
    phone = Client()
    url = reverse("tournaments:table_entry", args=[table.code])
    refused = table_post({**DONNE, "points_ns": 200}, "N", key="k-1", expected=1)
    for response in (phone.get(url), phone.post(url, refused)):
        form = response.context["form"]
        ours = drawn_fields(form, ClubFormRenderer())
        assert ours == drawn_fields(form, TemplatesSetting())
        assert len(ours) > 10
    assert any('inputmode="numeric"' in field for field in ours)
    assert any('class="errorlist' in field for field in ours)


def script_words(page: str) -> dict[str, str]:
    """The words of the entry form's script, as the phone's script reads them."""
    element = re.search(r'<script id="entry-strings" type="application/json">(.*?)</script>', page)
    return json.loads(element[1])


def test_the_entry_form_speaks_the_pages_language(secretary):
    """The entry form's own template (Jinja2) says its words in the page's language: the
    summary of problems and the words of the phone's script, in French then in English."""
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    refused = table_post({**DONNE, "points_ns": 200}, "N", key="k-1", expected=1)
    french = Client().post(url, refused).text
    assert "Non enregistrée. À corriger :" in html.unescape(french)
    assert "Not recorded" not in french
    assert script_words(french)["retry"] == "Réessayer"
    assert script_words(french)["many"] == "{n} saisies en attente d'envoi :"
    english = Client()
    english.cookies["django_language"] = "en"
    page = english.post(url, refused).text
    assert "Not recorded. To correct:" in html.unescape(page)
    assert script_words(page)["retry"] == "Try again"


def test_an_entry_form_builds_its_fields_when_first_read(secretary):
    """A table's form builds the game's fields only when something reads them (a page whose
    drawing is kept reads none): until then it knows their names, a name that is not a
    field is refused as Django's form refuses it, and once built the fields are the
    hidden keys with their values, who entered it, then each of the game's."""
    from scoring.forms import EntryForm
    from scoring.services import read_partie

    _tournament, table = first_table(secretary)
    form = EntryForm(partie=read_partie(table.partie), ask_seat=True)
    assert "fields" not in vars(form)
    with pytest.raises(KeyError):
        form["number"]  # as a Django template looks ``form.number`` up first
    assert form.number is None and form.has_field("faults_n")
    assert "fields" not in vars(form)
    assert [radio.data["value"] for radio in form["entered_seat"]] == ["N", "E", "S", "O"]
    assert list(form.fields)[:5] == ["key", "expected", "version", "correct", "entered_seat"]
    assert set(form.fields) == {*form.keys, "entered_seat", *form.names.values()}
    assert {name: form.fields[name].initial for name in form.keys} == form.keys
    assert form.keys["expected"] == 1 and len(form.keys["key"]) == 32


def test_refused_forms_of_two_tables_name_their_own_players_in_the_phones_language(
    secretary,
):
    """The game's fields are made once for a shape of form and shared by its forms
    (``scoring.forms.game_fields``): each table's refused form still names its own players,
    in each phone's language, whatever was drawn before."""
    _tournament, table = first_table(secretary)
    other = table.round.tables.exclude(pk=table.pk).get()
    bad = table_post({**DONNE, "points_ns": 200}, "N", key="k-1", expected=1)
    for language, faults in [("fr", "Fautes de"), ("en", "Faults of"), ("fr", "Fautes de")]:
        for shown, hidden in [(table, other), (other, table)]:
            phone = Client()
            phone.cookies["django_language"] = language
            page = phone.post(reverse("tournaments:table_entry", args=[shown.code]), bad)
            assert page.status_code == 200 and "error-summary" in page.text
            labels = set(re.findall(r"(?:Fautes de|Faults of) (Joueur \d+)", page.text))
            assert labels == {p.name for p in shown.partie.players_in_order}
            assert labels.isdisjoint(p.name for p in hidden.partie.players_in_order)
            assert f"{faults} " in page.text
    assert not table.partie.donnes.exists() and not other.partie.donnes.exists()


def entry_form_of(page: str) -> str:
    """The entry form of a table's page, its per-page values left out (the CSRF token, the
    idempotency key)."""
    form = re.search(r'<form method="post" class="[^"]*" data-entry=.*?</form>', page, re.S)[0]
    return re.sub(r'(name="(?:csrfmiddlewaretoken|key)" value=)"[^"]*"', r"\1", form)


class KeptForms:
    """A table's page asked again and again: its entry form must be the same as when drawn
    anew, and differ from every one seen before (``check``)."""

    def __init__(self, table):
        from django.core.cache import caches

        from scoring.forms import DRAWINGS

        self.url = reverse("tournaments:table_entry", args=[table.code])
        self.drawings, self.seen = caches[DRAWINGS], []

    def check(self, phone) -> None:
        kept = entry_form_of(phone.get(self.url).text)
        assert entry_form_of(phone.get(self.url).text) == kept  # served again
        self.drawings.clear()
        assert kept == entry_form_of(phone.get(self.url).text)  # as drawn anew
        assert kept not in self.seen
        self.seen.append(kept)


@pytest.mark.parametrize("game", ["roimat", "roi", "romer", "rumoli", "differenzler"])
def test_a_kept_entry_form_follows_the_seats_and_the_language(secretary, game):
    """A new entry form is drawn once for what it shows (``EntryForm.render``) and that
    drawing served again: each game's form follows its players' seats when the director swaps
    them, and the phone's language."""
    tournament, table = first_table(secretary, game=game)
    forms, phone = KeptForms(table), Client()
    forms.check(phone)
    first, second = table.partie.players_in_order[:2]
    swap = reverse("tournaments:swap", args=[tournament.pk, 1])
    secretary.post(swap, {"first": first.pk, "second": second.pk})
    forms.check(phone)
    english = Client()
    english.cookies["django_language"] = "en"
    forms.check(english)


def test_a_kept_entry_form_follows_the_partie(secretary):
    """The kept drawing of a table's form moves on with its partie: the next donne with its
    dealer proposed, then a donne refused by the other team to correct."""
    _tournament, table = first_table(secretary)
    forms, phone = KeptForms(table), Client()
    forms.check(phone)
    phone.post(forms.url, table_post(DONNE, "N", key="k-1", expected=1))
    forms.check(phone)  # donne 2, the next dealer proposed
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    phone.post(confirm, {"seat": "E", "decision": "refuse", "reason": "plis"})
    forms.check(phone)  # donne 1 to correct
