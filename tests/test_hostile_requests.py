"""Requests that used to reach a server error (issue 58): a form in another charset than
UTF-8, a NUL character or a lone surrogate in an address, a query string, a form or a JSON
sheet. Each gets the French 400 page or a message on its field, on SQLite and PostgreSQL."""

import datetime
import json

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Partie, Player
from tests.hostile_values import (
    CHARSETS,
    LONE_SURROGATES,
    LONG_LOGINS,
    RUMOLI_CARD_CHIPS,
    UNREADABLE_TEXTS,
)
from tournaments.models import Registration, Tournament
from tournaments.services import start_round

pytestmark = pytest.mark.django_db


def is_french_400(response) -> bool:
    return response.status_code == 400 and "Requête incomprise" in response.content.decode()


@pytest.fixture
def table_code(db):
    """The code of an open evening's table."""
    evening = Tournament.objects.create(name="Jeudi", date=datetime.date(2026, 11, 26), rounds=3)
    for n in range(4):
        player = Player.objects.create(name=f"Joueur {n}")
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    return start_round(tournament=evening).tables.get().code


@pytest.mark.parametrize("charset", CHARSETS)
def test_a_form_in_another_charset_gets_the_french_400_page(charset, table_code):
    phone = Client(enforce_csrf_checks=True, raise_request_exception=False)
    entry = reverse("tournaments:table_entry", args=[table_code])
    phone.get(entry)  # the CSRF cookie
    for url in (entry, reverse("login")):
        response = phone.generic(
            "POST",
            url,
            "action=enter&dealer=N".encode(charset),
            content_type=f"application/x-www-form-urlencoded; charset={charset}",
        )
        assert is_french_400(response), (url, response.status_code)


@pytest.mark.parametrize(
    "url",
    [
        "/t/AB%00CD/",
        "/t/?code=AB%00",
        "/distance/AB%00/",
        "/parties/?player=%00",
        "/parties/?%00=1",
        "/jeux/romer/cards/?cards=%00",
    ],
)
def test_a_nul_in_an_address_or_a_query_gets_the_french_400_page(url):
    assert is_french_400(Client().get(url))


@pytest.mark.parametrize("text", UNREADABLE_TEXTS)
def test_a_nul_in_a_form_gets_the_french_400_page_and_saves_nothing(text, table_code, damien):
    director = Client()
    director.force_login(damien)
    before = Player.objects.count()
    response = director.post(reverse("tournaments:player_create"), {"name": text})
    assert is_french_400(response) and Player.objects.count() == before
    entry = reverse("tournaments:table_entry", args=[table_code])
    response = Client().post(entry, {"action": "enter", "dealer": text, "entered_seat": "N"})
    assert is_french_400(response)


@pytest.mark.parametrize("name", [*LONE_SURROGATES, *UNREADABLE_TEXTS])
def test_a_sheet_with_a_lone_surrogate_or_a_nul_is_refused_on_its_field(name, damien):
    director = Client()
    director.force_login(damien)
    sheet = {"variant": "club-8", "players": {"N": name, "E": "B", "S": "C", "O": "D"}}
    text = json.dumps({**sheet, "donnes": []})  # escapes them: "\ud800", "\u0000"
    response = director.post(reverse("scoring:partie_import"), {"text": text})
    assert response.status_code == 200 and not Partie.objects.exists()
    assert "NUL" in str(response.context["form"].non_field_errors())


@pytest.mark.parametrize("login", LONG_LOGINS)
@pytest.mark.parametrize("url", ["/accounts/login/", "/admin/login/"])
def test_a_login_longer_than_any_username_is_refused_on_the_form(login, url, sophie):
    response = Client().post(url, {"username": login, "password": "x"})
    assert response.status_code == 200 and response.context["form"].errors
    assert "_auth_user_id" not in Client().session


@pytest.mark.parametrize("chips", RUMOLI_CARD_CHIPS)
def test_rumoli_chips_on_one_card_without_a_total_are_refused_at_the_table(chips):
    evening = Tournament.objects.create(
        name="Rumoli", date=datetime.date(2026, 11, 26), rounds=2, game="rumoli", table_size=3
    )
    evening.game_options = {"stakes": "standard"}
    evening.save()
    for n in range(3):
        player = Player.objects.create(name=f"Joueur {n}")
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    table = start_round(tournament=evening).tables.get()
    coup = {"round_dealer": "1", "p0_collected": "0", "p1_collected": "12", "p2_collected": "0"}
    coup |= {"p0_cards_left": "3", "p1_cards_left": "0", "p2_cards_left": "5"}
    entry = reverse("tournaments:table_entry", args=[table.code])
    phone = Client()
    response = phone.post(
        entry, {"action": "enter", "entered_seat": "1", **coup, "p0_collected_vp": chips}
    )
    assert response.status_code == 200 and not table.partie.game_rounds.exists()
    assert response.context["form"].errors
