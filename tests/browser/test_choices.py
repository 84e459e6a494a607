"""Every choice looks like a choice and shows when it is chosen, on every form of every game
(a Roimat donne, the four other games' rounds, the confirm and refuse card, the close page,
the new partie and new tournament forms), tapped as a person does (``person``); and after
any submit the phone shows what happened in view, in the colour of its meaning."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.conf import settings
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Donne
from tests.browser.conftest import drawn_evening
from tests.browser.person import choose, choose_value, every_choice_shows, in_view_as, tap
from tests.browser.test_layout import AXE_OPTIONS
from tests.browser.test_table_phone import enter, type_number, wait_until
from tests.test_site_tournaments import DONNE, table_post
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def axe_finds_nothing(page) -> None:
    """axe-core finds nothing to fix on the page as it stands."""
    results = Axe().run(page, options=AXE_OPTIONS)
    assert not results.violations_count, results.generate_report()


def as_director(context, live_server, user):
    """The browser logged in as ``user`` (the club's director or secretary)."""
    director = Client()
    director.force_login(user)
    cookie = director.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])


def test_every_choice_of_the_donne_form_and_the_check_card_shows(page, table_url, evening):
    table = evening[0]
    Client().post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    page.goto(table_url)
    form = page.locator("form.donne-form")
    # Entrée par (4), dealer (4), trump (4), contres (4), Roi au bout.
    assert every_choice_shows(form) == 17
    # "Je suis" (the other team: 2) and the reasons of a refusal (5).
    assert every_choice_shows(page.locator("form.pending")) == 7
    # Roi au bout, on, is a ticked box, not a second green "Enregistrer" button.
    roi = form.locator("[name=roi_au_bout]")
    choose(roi)
    look = "n => getComputedStyle(n).backgroundColor"
    on = roi.locator("xpath=following-sibling::span[1]").evaluate(look)
    assert on != form.locator("button.primary").evaluate(look)


def test_the_directors_donne_form_shows_its_choices(page, context, live_server, evening, sophie):
    table = evening[0]
    Client().post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    as_director(context, live_server, sophie)
    page.goto(live_server.url + reverse("scoring:donne_edit", args=[table.partie_id, 1]))
    assert every_choice_shows(page.locator("form.donne-form")) == 13


@pytest.mark.parametrize("game", ["roi", "romer", "rumoli", "differenzler"])
def test_every_choice_of_another_games_round_shows(page, live_server, client, sophie, game):
    table = drawn_evening(client, sophie, 8, game=game)[0]
    page.goto(f"{live_server.url}/t/{table.code}/")
    form = page.locator("form.game-round")
    players = table.partie.seats.count()
    assert every_choice_shows(form) >= players  # who enters: one tap per player


def test_the_close_page_shows_each_tables_choice_and_lets_it_change(
    page, context, live_server, evening, sophie
):
    for table in evening:
        Client().post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    tournament = evening[0].round.tournament
    as_director(context, live_server, sophie)
    page.goto(live_server.url + reverse("tournaments:close", args=[tournament.pk]))
    axe_finds_nothing(page)
    form = page.locator("main form")
    assert every_choice_shows(form) == 3 * len(evening)
    first, second = (f"closing_{t.pk}" for t in evening)
    choose_value(form, first, "played")
    choose_value(form, first, "later")  # changed: the first choice is undone, on the screen
    expect(form.locator(f"[name={first}][value=played]")).not_to_be_checked()
    choose_value(form, second, "excluded")
    tap(form.get_by_role("button", name="Clore le tournoi"))
    expect(page.locator(".messages li")).to_contain_text("Tournoi clos")
    in_view_as(page.locator(".messages li"), "success")
    closings = {t.number: t.closing for t in type(evening[0]).objects.all()}
    assert closings == {1: "later", 2: "excluded"}


def test_the_new_partie_and_tournament_forms_show_their_choices(page, context, live_server, sophie):
    as_director(context, live_server, sophie)
    paths = [reverse("tournaments:create")]
    paths += [reverse("scoring:game_partie_create", args=[g]) for g in ("roimat", "roi", "rumoli")]
    tried = 0
    for path in paths:
        page.goto(live_server.url + path)
        tried += every_choice_shows(page.locator("main form").first)
    assert tried > 0
    # Each game's rules on the tournament form, once that game is chosen.
    page.goto(live_server.url + paths[0])
    form = page.locator("main form").first
    games = form.locator("[name=game] option").evaluate_all("options => options.map(o => o.value)")
    shown = {}
    for game in games:
        form.locator("[name=game]").select_option(game)
        shown[game] = every_choice_shows(form)
        cut = form.evaluate(
            """form => [...form.querySelectorAll("input, select, label")].filter(node =>
                node.offsetParent && node.getBoundingClientRect().right >
                document.documentElement.clientWidth).map(node => node.name || node.htmlFor)"""
        )
        assert cut == [], f"{game}: cut at the phone's right edge: {cut}"
    assert shown["romer"] > shown["roi"]  # Römer's rule flag among them
    # The tournament form shows the chosen game's rules alone, and sends them alone.
    page.goto(live_server.url + paths[0])
    form = page.locator("main form")
    expect(form.locator("[name=roimat-rounding]")).to_be_visible()
    expect(form.locator("[name=rumoli-rounds]")).to_be_hidden()
    form.locator("[name=game]").select_option("rumoli")
    expect(form.locator("[name=roimat-rounding]")).to_be_hidden()
    expect(form.locator("[name=differenzler-rounds]")).to_be_hidden()
    form.locator("[name=rumoli-rounds]").fill("6")
    form.locator("[name=name]").fill("Soirée Rumoli")
    form.locator("[name=date]").fill("2026-11-26")
    tap(form.get_by_role("button", name="Créer"))
    expect(page.locator(".messages li")).to_contain_text("Tournoi créé")
    tournament = Tournament.objects.get()
    assert tournament.game == "rumoli"
    # Every rule as the form showed it: the number typed, the rest at the defaults shown.
    assert tournament.game_options == {
        "rounds": 6,
        "stakes": "standard",
        "stake": 4,
        "dealer_stakes": "double",
        "dead_hand_tie": "first_left",
    }


def test_what_happens_after_a_submit_is_in_view_in_its_colour(
    new_phone, context, table_url, evening
):
    first, second = new_phone(), new_phone()
    first.goto(table_url)
    second.goto(table_url)
    enter(first)  # sent: the table's page says so, where the player looks
    done = first.locator(".messages li")
    expect(done).to_contain_text("Donne 1 entrée")
    in_view_as(done, "success")
    assert wait_until(first, lambda: Donne.objects.count() == 1)
    # The second phone typed the same donne with other numbers: told, and both are shown.
    enter(second, plis=5, points=70, seat="S")
    taken = second.locator(".messages li")
    expect(taken).to_contain_text("avec d'autres nombres")
    in_view_as(taken, "warning")
    rival = second.locator("form.rival")
    expect(rival).to_contain_text("6 plis, 84 points")
    expect(rival).to_contain_text("5 plis, 70 points")
    axe_finds_nothing(second)
    choose_value(rival, "seat", "N")  # whoever chooses names himself, as for accepting
    tap(rival.get_by_role("button", name=re.compile("Prendre")))
    in_view_as(second.locator(".messages li"), "success")
    donne = Donne.objects.get()
    assert (donne.plis_ns, donne.points_ns, donne.confirmed) == (5, 70, False)
    # Without network the entry waits in the phone: it says so where the thumb is.
    second.context.set_offline(True)
    enter(second, dealer="E", plis=4, points=50)
    waiting = second.locator(".queue-status")
    expect(waiting).to_contain_text("1 saisie en attente d'envoi")
    in_view_as(waiting, "warning")
    second.context.set_offline(False)
    assert wait_until(second, lambda: Donne.objects.count() == 2)


def test_a_problems_note_goes_once_the_value_is_fixed(page, table_url, evening):
    page.goto(table_url)
    enter(page, plis=6, points=10)  # 6 plis cannot hold 10 points: the server says so
    summary = page.locator(".error-summary")
    expect(summary).to_be_visible()
    notes = page.locator("form.donne-form .errorlist:visible")
    assert notes.count() >= 1
    page.locator("[name=points_ns]").fill("")
    type_number(page, "points_ns", 84)
    expect(notes).to_have_count(0)
    expect(summary).to_be_hidden()
    tap(page.locator("form.donne-form button[type=submit]"))
    assert wait_until(page, lambda: Donne.objects.count() == 1)
