"""The README's and the guide's screenshots, taken by ``make screenshots`` (not part of the
suite: pytest only runs this file when named).

The README's (``docs/``): the entry of a donne on a phone and the Table de marque, from an
evening's table with a few donnes entered and confirmed. The French users' guide's
(``guide/images/``, phone-sized PNGs): the director's evening step by step (the new
tournament's form, the tournament's page, the round's table plan, a table's entry page, the
other team's check, a table's Table de marque, the close page, the room screen), a remote
table (its invitation, then each game's table mid-round) and a season's standings."""

from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from PIL import Image
from playwright.sync_api import expect

from scoring import remote
from tests.browser.conftest import PHONE
from tests.browser.person import choose_value
from tests.browser.test_choices import as_director
from tests.browser.test_live_table import play_my_move, server_view
from tests.browser.test_remote_table import take_seat
from tests.browser.test_table_phone import enter
from tests.test_site_tournaments import DONNE, accept, table_post
from tournaments.models import Season

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GUIDE = ROOT / "guide" / "images"
pytestmark = pytest.mark.django_db(transaction=True)


def test_refresh_the_readmes_screenshots(page, live_server, evening):
    table = evening[0]
    url = reverse("tournaments:table_entry", args=[table.code])
    phone = Client()
    donnes = [
        {**DONNE, "dealer": "N"},
        {**DONNE, "dealer": "E", "trump": "B", "plis_ns": 3, "points_ns": 41, "roi_au_bout": False},
        {**DONNE, "dealer": "S", "trump": "V", "plis_ns": 7, "points_ns": 96, "contre_plis": True},
    ]
    for number, donne in enumerate(donnes, start=1):
        phone.post(url, table_post(donne, "N"))
        accept(phone, table, number)
    page.goto(live_server.url + url)
    choose_value(page.locator("form.donne-form"), "trump", "R")
    page.locator("[name=plis_ns]").fill("5")
    page.locator("[name=points_ns]").fill("70")
    page.locator("fieldset", has=page.locator("[name=plis_ns]")).evaluate(
        "node => window.scrollTo(0, node.getBoundingClientRect().top + scrollY - 480)"
    )
    page.screenshot(path=DOCS / "saisie-telephone.png")  # what the phone shows, its button too
    page.set_viewport_size({"width": 1100, "height": 800})
    page.goto(live_server.url + table.partie.get_absolute_url())
    page.screenshot(path=DOCS / "table-de-marque.png", full_page=True)


def shot(page, name: str, top=None) -> None:
    """A phone's screen as the guide shows it: ``guide/images/<name>.png``, the page scrolled
    so that ``top`` (a locator), when given, is at the top of the screen."""
    if top is not None:
        expect(top).to_be_visible()
        top.evaluate("node => window.scrollTo(0, node.getBoundingClientRect().top + scrollY - 8)")
    page.wait_for_timeout(200)
    page.screenshot(path=GUIDE / f"{name}.png")


def test_refresh_the_guides_screenshots_of_an_evening(
    page, new_phone, live_server, evening, sophie
):
    """The director's evening on phones: his pages (logged in), the tables' phones (not)."""
    GUIDE.mkdir(parents=True, exist_ok=True)
    one, two = evening
    tournament = one.round.tournament
    as_director(page.context, live_server, sophie)
    url = live_server.url

    # The new tournament's form.
    page.goto(url + reverse("tournaments:create"))
    shot(page, "soiree-nouveau")

    # The tournament's page: rounds, the buttons of the evening, the players at the door.
    page.goto(url + tournament.get_absolute_url())
    shot(page, "soiree-tournoi")
    shot(page, "soiree-inscriptions", page.locator("main h2").filter(has_text="Joueurs"))

    # The round's page: the table plan, each table's code and QR code.
    page.goto(url + reverse("tournaments:round", args=[tournament.pk, 1]))
    shot(page, "soiree-tour")

    # A table's phone: a player of N/S enters donne 1.
    ns = new_phone()
    ns.goto(f"{url}/t/{one.code}/")
    enter(ns, dealer="N", trump="R", plis=6, points=84, seat="N", submit=False)
    shot(ns, "soiree-saisie", ns.locator("fieldset", has=ns.locator("[name=plis_ns]")))
    ns.locator("form.donne-form button[type=submit]").click()
    expect(ns.locator("form.pending")).to_have_count(1)

    # Another phone of the table: a player of O/E reads the donne, then accepts it.
    oe = new_phone()
    oe.goto(f"{url}/t/{one.code}/")
    pending = oe.locator("form.pending").first
    choose_value(pending, "seat", "E")
    shot(oe, "soiree-verification", pending)
    with oe.expect_navigation():
        pending.get_by_role("button", name="Accepter").click()
    shot(oe, "soiree-acceptee")

    # A few more donnes, at both tables, accepted: the ranking fills in.
    phone = Client()
    more = [
        {**DONNE, "dealer": "E", "trump": "B", "plis_ns": 3, "points_ns": 41, "roi_au_bout": False},
        {**DONNE, "dealer": "S", "trump": "V", "plis_ns": 7, "points_ns": 96},
    ]
    for number, donne in enumerate(more, start=2):
        phone.post(reverse("tournaments:table_entry", args=[one.code]), table_post(donne, "N"))
        accept(phone, one, number)
    for number, donne in enumerate([DONNE, *more], start=1):
        phone.post(reverse("tournaments:table_entry", args=[two.code]), table_post(donne, "E"))
        accept(phone, two, number, seat="N")

    # A table's Table de marque, as anyone reads it.
    page.goto(url + one.partie.get_absolute_url())
    shot(page, "partie-table-de-marque")

    # The room screen, and the close page that asks about the unfinished tables.
    page.goto(url + reverse("tournaments:screen", args=[tournament.pk]))
    shot(page, "soiree-ecran")
    page.goto(url + reverse("tournaments:close", args=[tournament.pk]))
    shot(page, "soiree-cloture")


def test_refresh_the_guides_screenshot_of_a_season(page, live_server):
    """A league's season of five simulated evenings: its standings and its chart."""
    GUIDE.mkdir(parents=True, exist_ok=True)
    call_command("simulate_season", evenings=5, players=12, present=8, rounds=2, verbosity=0)
    season = Season.objects.get()
    page.goto(live_server.url + reverse("tournaments:season", args=[season.pk]))
    shot(page, "ligue-saison")
    shot(page, "ligue-graphique", page.get_by_role("img", name="Les premiers au fil de la saison"))


def test_refresh_the_guides_screenshot_of_a_remote_table(asgi_server, phone, django_user_model):
    """A table at a distance being filled: its invitation and its seats."""
    GUIDE.mkdir(parents=True, exist_ok=True)
    host = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=host)
    invited = phone(PHONE)
    invited.goto(f"{asgi_server}{table.get_absolute_url()}")
    shot(invited, "distance-invitation", invited.locator("#seating"))


#: Each game's table at a distance in the guide: its rules (the game's own by default) and the
#: moves its player makes before the shot (mid-round, cards on the table).
REMOTE_GAMES = {
    "roimat": ({"variant": "club-8"}, 4),
    "roi": ({}, 3),
    "romer": ({}, 3),
    "rumoli": ({}, 3),
    "differenzler": ({}, 3),
}


@pytest.mark.parametrize("game", list(REMOTE_GAMES))
def test_refresh_the_guides_screenshots_of_each_games_remote_table(
    asgi_server, phone, django_user_model, game
):
    """Each game's table at a distance mid-round, on a phone held upright: one person (seat
    1, North at Roimat) against simulated players, his turn come again after a few moves
    (``guide/images/distance-<game>.png``, a small PNG of few colours)."""
    GUIDE.mkdir(parents=True, exist_ok=True)
    host = django_user_model.objects.create_user("hote", password="x-2026-hote")
    options, moves = REMOTE_GAMES[game]
    table = remote.table_create(game=game, options=options, created_by=host)
    seat, *others = remote.seat_names(table)
    for other in others:
        remote.seat_robot(table=table, seat=other, user=host)
    page = phone(PHONE)
    take_seat(page, f"{asgi_server}{table.get_absolute_url()}", seat, "Paul")
    for turn in range(moves):
        view = server_view(table, seat)
        play_my_move(page, view, turn)
        expect(page.locator("#live")).not_to_have_attribute("data-seq", str(view["seq"]))
    view = server_view(table, seat)
    assert view["to_move"] == seat and not view["replays"], "not mid-round on his turn"
    expect(page.locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
    expect(page.locator("#status.my-turn")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"distance-{game}", page.locator("#status"))
    path = GUIDE / f"distance-{game}.png"
    with Image.open(path) as image:  # few colours: a small file in the repository
        image.convert("RGB").quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(
            path, optimize=True
        )
