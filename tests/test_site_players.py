"""Player pages and ratings."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring.models import Player
from scoring.roimat.notation import parse_sheet
from tests.conftest import load
from tests.helpers import partie_import
from tournaments.models import Rating, RatingHistory

pytestmark = pytest.mark.django_db


def test_player_page_shows_figures_partners_and_rating(client):
    partie_import(sheet=parse_sheet(load("club8-partie.json")))
    call_command("recompute_ratings")
    annie = Player.objects.get(name="Annie")
    page = client.get(reverse("tournaments:player", args=[annie.pk]))
    roimat = page.context["figures"][0]
    stats = roimat["stats"]
    assert stats.parties == 1 and stats.lost == 1
    assert roimat["partners"] == [("Claire", 1)]
    assert dict(roimat["opponents"]) == {"Bernard": 1, "Denis": 1}
    denis = Player.objects.get(name="Denis")
    assert denis.rating.ordinal > annie.rating.ordinal  # O/E won
    assert RatingHistory.objects.count() == 4


def test_a_player_page_lists_his_whole_history_twenty_parties_a_page(client):
    import datetime

    from scoring.services import partie_store

    seats = {"N": "Annie", "E": "Bernard", "S": "Claire", "O": "Denis"}
    first = datetime.date(2024, 1, 1)
    for day in range(105):
        partie_store("roimat", options={}, seats=seats, date=first + datetime.timedelta(days=day))
    url = reverse("tournaments:player", args=[Player.objects.get(name="Annie").pk])
    newest = client.get(url)
    assert len(newest.context["table"].page.object_list) == 20
    assert newest.context["table"].page.paginator.num_pages == 6
    oldest = client.get(url, {"page": 6})
    dates = [row.record.played_on for row in oldest.context["table"].page.object_list]
    assert len(dates) == 5 and dates[-1] == first  # the 105th newest, his first partie
    assert "01/01/2024" in oldest.content.decode()


def test_a_partie_finishing_updates_the_ratings(secretary, players):
    from tests.helpers import donne_post

    data = load("club8-partie.json")
    partie = partie_import(sheet=parse_sheet({**data, "donnes": data["donnes"][:7]}))
    assert not Rating.objects.exists()
    secretary.post(reverse("scoring:donne_create", args=[partie.pk]), donne_post(data["donnes"][7]))
    assert Rating.objects.count() == 4
    before = {r.player_id: r.ordinal for r in Rating.objects.all()}
    assert call_command("recompute_ratings") is None
    assert {r.player_id: r.ordinal for r in Rating.objects.all()} == before


def test_a_hidden_page_is_for_club_accounts_only(secretary):
    hidden = Player.objects.create(name="Discret", hidden=True)
    url = reverse("tournaments:player", args=[hidden.pk])
    assert Client().get(url).status_code == 404
    assert secretary.get(url).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_results_are_emailed_once_after_an_evening(secretary, settings):
    import datetime

    from django.core import mail

    from tournaments.models import Registration, SentMessage, Tournament
    from tournaments.services import close_tournament, play_round_simulated, start_round

    def worker():  # the queue's worker (db_worker), until nothing is ready
        call_command("db_worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)

    settings.CLUB_EMAIL = "club@example.org"
    tournament = Tournament.objects.create(
        name="Soirée", date=datetime.date(2026, 11, 26), rounds=1
    )
    for i in range(8):
        email = f"p{i}@example.org" if i < 7 else ""
        player = Player.objects.create(name=f"P{i}", email=email)
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    play_round_simulated(start_round(tournament=tournament), seed=1)
    close_tournament(tournament=tournament, decisions={})
    url = reverse("tournaments:send", args=[tournament.pk])
    response = secretary.get(url)
    assert "P7" in response.text  # listed: no address
    secretary.post(url, {"confirm": "1"})
    worker()
    assert len(mail.outbox) == 8  # 7 players with an address, and the club
    player_mail = next(m for m in mail.outbox if m.to == ["p0@example.org"])
    assert len(player_mail.attachments) == 3  # his sheet (PDF, Excel) and the ranking
    club_mail = next(m for m in mail.outbox if m.to == ["club@example.org"])
    assert len(club_mail.attachments) == 1 + 2 * 2  # the ranking and both tables' sheets
    secretary.post(url, {"confirm": "1"})
    worker()
    assert len(mail.outbox) == 8  # a second confirmation sends nothing again
    secretary.post(url, {"confirm": "1", "again": "1"})
    worker()
    assert len(mail.outbox) == 16 and SentMessage.objects.count() == 16
    p0 = Player.objects.get(name="P0")
    # From his page, as the director's browser sends it: the evening's button in the page's
    # one form, with the form's token (the list with its buttons is kept drawn, the token is
    # not). A visitor's page has no button (a player's own is the link of his email).
    director = Client(enforce_csrf_checks=True)
    director.force_login(get_user_model().objects.get(username="sophie"))
    page = director.get(reverse("tournaments:player", args=[p0.pk])).text
    resend = reverse("tournaments:resend", args=[p0.pk, tournament.pk])
    assert f'formaction="{resend}"' in page
    assert "formaction" not in Client().get(reverse("tournaments:player", args=[p0.pk])).text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert director.post(resend, {"csrfmiddlewaretoken": token}).status_code == 302
    worker()
    assert mail.outbox[-1].to == ["p0@example.org"] and len(mail.outbox) == 17
    p7 = Player.objects.get(name="P7")  # no address: no button
    assert "formaction" not in director.get(reverse("tournaments:player", args=[p7.pk])).text
