"""Roimat à distance's pages: a club member opens a table, players take seats by the link, the
creator gives seats to simulated players, the donnes played are replayed card by card, a
club evening's round is played at a distance and counts in its ranking."""

import datetime
import html
import json
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring import remote
from scoring.models import Partie, Player, RemoteSeat, RemoteTable
from tests.helpers import donne_post
from tournaments.models import Registration, Tournament
from tournaments.services import standings, start_round

pytestmark = pytest.mark.django_db


def players_of(table, seat):
    return next(s.player_id for s in table.partie.seats.all() if s.seat == seat)


def live_data(response):
    """The data the live page's script reads."""
    text = response.text
    start = text.index('id="remote-live"')
    start = text.index(">", start) + 1
    return json.loads(text[start : text.index("</script>", start)])


def seen(response):
    """The text of a page, as read on the screen (no tags, spaces folded)."""
    return " ".join(re.sub(r"<[^>]+>", " ", html.unescape(response.content.decode())).split())


def test_a_member_opens_a_table_and_players_take_seats_by_the_link(victor):
    member = Client()
    member.force_login(victor)
    opened = member.get(reverse("scoring:remote_create"), follow=True)  # its older address
    assert opened.redirect_chain == [(reverse("scoring:live_create", args=["roimat"]), 301)]
    assert "Objectif" in opened.text and "La règle du club d’Antony" in opened.text
    response = member.post(
        reverse("scoring:live_create", args=["roimat"]),
        {
            "players": 4,
            "option_variant": "official-1000",
            "option_fault_counting": "team",
            "option_target": 500,
        },
    )
    table = RemoteTable.objects.get()
    assert response.url == reverse("scoring:remote_table", args=[table.code])
    assert table.options["target"] == 500 and table.created_by == victor
    page = member.get(response.url)
    assert table.code in page.text and "Lien d’invitation" in page.text
    annie = Client()
    seat_url = reverse("scoring:remote_seat", args=[table.code])
    annie.post(seat_url, {"seat": "N", "name": "Annie"})
    data = live_data(annie.get(response.url))
    assert data["key"] == table.seats.get(seat="N").key
    assert data["socket"] == f"/ws/distance/{table.code}/"
    bernard = Client()
    taken = bernard.post(seat_url, {"seat": "N", "name": "Bernard"}, follow=True)
    assert "Cette place est prise." in taken.text
    assert live_data(bernard.get(response.url))["key"] is None  # he watches
    refused = bernard.post(reverse("scoring:remote_robot", args=[table.code]), {"seat": "E"})
    assert refused.status_code == 302 and refused.url.startswith("/accounts/login/")
    for seat in "ESO":
        member.post(reverse("scoring:remote_robot", args=[table.code]), {"seat": seat})
    table.refresh_from_db()
    assert table.partie.seats.count() == 4
    assert {s.seat: s.player.name for s in table.partie.seats.all()}["N"] == "Annie"


def test_only_the_creator_gives_a_seat_to_a_simulated_player(victor, damien):
    table = remote.table_create(options={"variant": "club-8"}, created_by=victor)
    other = Client()
    other.force_login(damien)
    url = reverse("scoring:remote_robot", args=[table.code])
    assert other.post(url, {"seat": "N"}).status_code == 403
    assert table.seats.get(seat="N").kind == "empty"


def test_the_donnes_played_are_replayed_card_by_card(damien):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    for seat in "NESO":
        remote.seat_robot(table=table, seat=seat, user=damien)
    client = Client()
    page = client.get(reverse("scoring:remote_table", args=[table.code]))
    assert page.status_code == 200
    assert reverse("scoring:remote_donne", args=[table.code, 1]) in page.text
    replay = client.get(reverse("scoring:remote_donne", args=[table.code, 1]))
    assert replay.status_code == 200 and replay.context["replay"].sound
    assert [trick["number"] for trick in replay.context["tricks"]] == list(range(1, 10))
    assert all(trick["winner"] in "NESO" for trick in replay.context["tricks"])
    assert replay.context["back"] == reverse("scoring:remote_table", args=[table.code])
    missing = client.get(reverse("scoring:remote_donne", args=[table.code, 99]))
    assert missing.status_code == 404
    assert client.get(reverse("scoring:remote_table", args=["NOPE"])).status_code == 404


def test_a_round_played_at_a_distance_counts_in_the_evenings_ranking(damien):
    players = [Player.objects.create(name=f"Joueur {i}") for i in range(4)]
    evening = Tournament.objects.create(name="Jeudi", date=datetime.date(2026, 11, 26), rounds=2)
    for player in players:
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    round_ = start_round(tournament=evening)
    director = Client()
    director.force_login(damien)
    url = reverse("tournaments:round_remote", args=[evening.pk, 1])
    director.post(url)
    director.post(url)  # a second click opens nothing more
    table = round_.tables.get()
    remote_table = RemoteTable.objects.get()
    assert remote_table.partie == table.partie
    page = director.get(reverse("tournaments:round", args=[evening.pk, 1]))
    assert remote_table.get_absolute_url() in page.text
    names = {s.seat: s.player.name for s in table.partie.seats.all()}
    assert {s.seat: s.name for s in remote_table.seats.all()} == names
    north = Client()
    seat_url = reverse("scoring:remote_seat", args=[remote_table.code])
    north.post(seat_url, {"seat": "N", "name": "Quelqu'un d'autre"})
    assert remote_table.seats.get(seat="N").name == names["N"]  # the drawn player's seat
    RemoteSeat.objects.filter(table=remote_table, seat="N").update(seen_at=None)
    for seat in "NESO":  # N left for good: the whole partie is played by the engine
        remote.seat_robot(table=remote_table, seat=seat, user=damien)
    partie = Partie.objects.get(pk=table.partie.pk)
    assert partie.sheet.finished and partie.donnes.count() == 8
    ranking = {s.entrant: s for s in standings(evening)}
    north = ranking[players_of(table, "N")]
    assert north.parties == 1 and north.points == partie.sheet.total_ns


DONNE = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}


def test_a_table_begun_on_paper_is_not_played_at_a_distance(damien):
    """A donne entered at the table (even one waiting for the other team) keeps the table on
    paper: a remote table would deal donne 1 again and end the partie on a donne nobody
    accepted."""
    players = [Player.objects.create(name=f"Joueur {i}") for i in range(8)]
    evening = Tournament.objects.create(name="Jeudi", date=datetime.date(2026, 11, 26), rounds=2)
    for player in players:
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    round_ = start_round(tournament=evening)
    on_paper, free = round_.tables.order_by("number")
    phone = Client()
    entry = {**donne_post(DONNE), "action": "enter", "entered_seat": "N"}
    phone.post(reverse("tournaments:table_entry", args=[on_paper.code]), entry)
    assert on_paper.partie.donnes.get().confirmed is False  # waiting for E/O
    director = Client()
    director.force_login(damien)
    page = director.post(
        reverse("tournaments:round_remote", args=[evening.pk, 1]), follow=True
    ).content.decode()
    assert RemoteTable.objects.get().partie == free.partie
    assert "1 table à distance ouverte" in page
    assert "pas jouée à distance : table 1" in html.unescape(page)


def test_the_name_offered_for_a_seat_is_the_players_not_the_accounts(damien, victor):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    url = reverse("scoring:remote_table", args=[table.code])

    def name_field(client):
        return re.search(r'<input[^>]*name="name"[^>]*>', client.get(url).text).group()

    director = Client()
    director.force_login(damien)
    assert "value=" not in name_field(director)  # not the account's "damien"
    victor.first_name, victor.last_name = "Victor", "Hugo"
    victor.save()
    member = Client()
    member.force_login(victor)
    assert 'value="Victor Hugo"' in name_field(member)


def test_the_page_is_drawn_from_the_seats_as_they_stand(victor):
    """The seat list and the players' table are drawn from the state embedded in the page: a
    player long gone is abandoned there (the creator's page offers his seat to a simulated
    player), and the page knows its own seat, which it shows as the player's own, not away."""
    table = remote.table_create(options={"variant": "club-8"}, created_by=victor)
    seat_url = reverse("scoring:remote_seat", args=[table.code])
    url = reverse("scoring:remote_table", args=[table.code])
    paul, annie = Client(), Client()
    paul.post(seat_url, {"seat": "S", "name": "Paul"})
    annie.post(seat_url, {"seat": "N", "name": "Annie"})
    table.seats.filter(seat="N").update(seen_at=timezone.now() - datetime.timedelta(hours=1))
    data = live_data(paul.get(url))
    assert data["state"]["you"] == "S" and not data["creator"]
    seats = data["state"]["seats"]
    assert seats["S"] == {"name": "Paul", "kind": "human", "connected": True, "abandoned": False}
    assert seats["N"] == {"name": "Annie", "kind": "human", "connected": False, "abandoned": True}
    assert seats["E"]["kind"] == "empty"
    member = Client()
    member.force_login(victor)
    page = member.get(url)
    assert live_data(page)["creator"] and live_data(page)["state"]["you"] is None
    assert 'id="robot-form"' in page.text


def test_the_invitation_has_its_link_and_its_qr_code(victor, settings):
    settings.SITE_URL = "https://club.example"
    table = remote.table_create(options={"variant": "club-8"}, created_by=victor)
    page = Client().get(reverse("scoring:remote_table", args=[table.code]))
    link = f"https://club.example/distance/{table.code}/"
    assert f'href="{link}"' in page.text
    assert "<svg" in page.text.split('class="qr"')[1].split("</figure>")[0]
    assert "Copier le lien" in page.text


def test_the_partie_sheet_of_a_remote_table_counts_the_announcers_atouts(damien):
    table = remote.table_create(options={"variant": "club-8"}, created_by=damien)
    for seat in "NESO":
        remote.seat_robot(table=table, seat=seat, user=damien)
    table.refresh_from_db()
    page = Client().get(reverse("scoring:partie_detail", args=[table.partie_id])).content.decode()
    colours = {"J": "jaune", "R": "rouge", "V": "vert", "B": "bleu"}
    played = table.donnes.filter(sheet_number__isnull=False).order_by("number")
    for donne in played:
        record = donne.record
        atouts = [c for c in record["deal"][record["announcer"]] if c[1] == record["trump"]]
        assert f"<td>{colours[record['trump']]} {len(atouts)}</td>" in page
    assert played.count() >= 8
