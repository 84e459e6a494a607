"""The table's phone of another game (Differenzler) in a real browser: its rounds go through
the same queue, drafts and summary of problems as Roimat's donnes (one script for both)."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import GameRound
from tests.browser.conftest import drawn_evening
from tests.browser.person import choose_value
from tests.browser.test_layout import SMALL_TARGETS, overflow
from tests.browser.test_remote_table import tap
from tests.browser.test_table_phone import type_number, wait_until
from tests.test_site_games import simulate_sheet

pytestmark = pytest.mark.django_db(transaction=True)

FORM = "form.game-round"


@pytest.fixture
def table(live_server, client, sophie):
    """The first table of a Differenzler evening of 8 players (tables of 4)."""
    return drawn_evening(client, sophie, 8, game="differenzler")[0]


@pytest.fixture
def table_url(live_server, table):
    return f"{live_server.url}/t/{table.code}/"


def rounds(table) -> int:
    return GameRound.objects.filter(partie_id=table.partie_id).count()


def sheet(table):
    """Valid rounds for the table's four players (estimates and points that add up)."""
    partie = table.partie
    return simulate_sheet("differenzler", seed=3, players=4, options=partie.options).rounds


def name_myself(page, seat="1"):
    """At a table, the player entering the round taps his name (no one is chosen for him)."""
    if page.locator(f"{FORM} [name=entered_seat]").count():
        choose_value(page.locator(FORM), "entered_seat", seat)


def enter(page, entries, submit=True):
    """Name who enters, type each player's estimate and points, then record the round."""
    name_myself(page)
    for index, entry in enumerate(entries):
        type_number(page, f"p{index}_estimate", entry["estimate"], FORM)
        type_number(page, f"p{index}_points", entry["points"], FORM)
    if submit:
        page.locator(f"{FORM} button[type=submit]").click()


def test_the_numbers_start_empty_for_the_phones_keypad(page, table_url):
    page.goto(table_url)
    for name in ("p0_estimate", "p3_points"):
        field = page.locator(f"[name={name}]")
        expect(field).to_have_value("")
        expect(field).to_have_attribute("inputmode", "numeric")


def test_an_offline_phone_queues_three_rounds_and_sends_each_once(page, context, table_url, table):
    typed = sheet(table)[:3]
    page.goto(table_url)
    context.set_offline(True)
    for number, entries in enumerate(typed, start=1):
        expect(page.locator(f"{FORM} h2")).to_contain_text(f"Tour {number}")
        enter(page, entries)
    status = page.locator(".queue-status")
    expect(status).to_contain_text("3 saisies en attente")
    for number in (1, 2, 3):
        expect(status).to_contain_text(f"Tour {number}")
    page.wait_for_timeout(1000)
    assert rounds(table) == 0
    context.set_offline(False)
    assert wait_until(page, lambda: rounds(table) == 3, timeout=20), "the rounds were lost"
    expect(page.locator("form.pending")).to_have_count(3)
    expect(status).to_be_empty()
    page.wait_for_timeout(1000)
    assert rounds(table) == 3
    stored = GameRound.objects.filter(partie_id=table.partie_id).order_by("number")
    assert [r.entries for r in stored] == [
        [{"estimate": e["estimate"], "points": e["points"]} for e in entries] for entries in typed
    ]


def test_a_refused_round_shows_every_error_at_once_naming_the_player(page, table_url, table):
    players = [str(p) for p in table.partie.players_in_order]
    page.goto(table_url)
    entries = sheet(table)[0]
    enter(page, entries, submit=False)
    page.locator(f"{FORM} [name=p0_estimate]").fill("200")  # more than the 157 points
    page.locator(f"{FORM} [name=p2_estimate]").fill("")  # forgotten
    page.locator(f"{FORM} [name=p3_points]").fill("300")
    page.evaluate("window.scrollTo(0, 0)")
    page.locator(f"{FORM} button[type=submit]").click()
    summary = page.locator(".error-summary")
    expect(summary).to_be_visible()
    expect(summary).to_be_in_viewport()
    expect(summary.locator("li")).to_have_count(3)
    for player, label in ((0, "annonce"), (2, "annonce"), (3, "points")):
        expect(summary).to_contain_text(f"{players[player]} · {label}")
    assert page.evaluate("document.activeElement.name") == "p0_estimate"
    # Points in range that do not add up to 157: the server refuses the round, on the page.
    page.locator(f"{FORM} [name=p0_estimate]").fill(str(entries[0]["estimate"]))
    page.locator(f"{FORM} [name=p2_estimate]").fill(str(entries[2]["estimate"]))
    points = entries[3]["points"]
    page.locator(f"{FORM} [name=p3_points]").fill(str(points - 10 if points >= 10 else points + 10))
    page.locator(f"{FORM} button[type=submit]").click()
    expect(summary).to_be_visible()
    expect(summary).to_contain_text(re.compile("157"))
    expect(summary).to_be_in_viewport()
    page.wait_for_timeout(500)
    assert rounds(table) == 0
    page.locator(f"{FORM} [name=p3_points]").fill(str(entries[3]["points"]))
    page.locator(f"{FORM} button[type=submit]").click()
    assert wait_until(page, lambda: rounds(table) == 1), "the corrected round was not stored"


def test_a_stale_draft_never_blocks_the_table(new_phone, table_url, table):
    first, second = new_phone(), new_phone()
    typed = sheet(table)
    second.goto(table_url)
    enter(second, typed[1], submit=False)  # typed, not sent: a draft of round 1 in the phone
    first.goto(table_url)
    enter(first, typed[0])  # round 1 is entered by another phone meanwhile
    assert wait_until(first, lambda: rounds(table) == 1)
    second.reload()
    expect(second.locator(f"{FORM} h2")).to_contain_text("Tour 2")
    expect(second.locator("[name=p0_estimate]")).to_have_value("")  # round 1's draft is gone
    enter(second, typed[1], submit=False)
    second.reload()  # round 2's draft is kept
    expect(second.locator("[name=p3_points]")).to_have_value(str(typed[1][3]["points"]))
    second.locator(f"{FORM} button[type=submit]").click()
    assert wait_until(second, lambda: rounds(table) == 2), "the stale draft blocks the table"


def test_the_director_enters_and_corrects_a_round_on_the_partie_pages(
    page, context, live_server, sophie
):
    """The partie's own pages (its sheet's link to the next round, the round's entry and its
    correction) have the same script: a round is stored once, a correction replaces it."""
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    from tests.test_site_games import new_game

    director = Client()
    director.force_login(sophie)
    cookie = director.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    partie = new_game(director, "differenzler", rounds=2)
    typed = simulate_sheet("differenzler", seed=3, players=4, options=partie.options).rounds
    page.goto(live_server.url + partie.get_absolute_url())
    page.get_by_role("link", name="Saisir un tour").click()
    expect(page).to_have_url(live_server.url + reverse("scoring:entry_create", args=[partie.pk]))
    enter(page, typed[0])
    assert wait_until(page, lambda: partie.game_rounds.count() == 1), "the round was not stored"
    expect(page).to_have_url(live_server.url + partie.get_absolute_url())  # back on the sheet
    page.goto(live_server.url + reverse("scoring:game_round_edit", args=[partie.pk, 1]))
    estimate = page.locator(f"{FORM} [name=p0_estimate]")
    expect(estimate).to_have_value(str(typed[0][0]["estimate"]))
    estimate.fill(str(typed[0][0]["estimate"] + 1))
    page.locator(f"{FORM} button[type=submit]").click()
    expect(page).to_have_url(live_server.url + partie.get_absolute_url())
    stored = partie.game_rounds.get()
    assert stored.entries[0]["estimate"] == typed[0][0]["estimate"] + 1


def team(page, player):
    """The cards of a player's team as his card on the form draws them, in their order."""
    cards = page.locator(f"#id_p{player}_cards-picker .picked button")
    return [card.get_attribute("data-card") for card in cards.all()]


def tap_card(page, player, code):
    """Tap a card of the deck drawn under a player's team, once he has asked for it under his
    name (he scrolls to them, as on a phone)."""
    picker = page.locator(f"#id_p{player}_cards-picker")
    if picker.locator(".pick-deck").is_hidden():
        tap(picker.locator(".pick-open"), scroll=True)
    tap(picker.locator(f'.pick-deck [data-card="{code}"]'), scroll=True)


def assert_fits(page):
    """Nothing of the page beyond the screen's width, every control shown (the cards, the
    buttons, the legend's summary) 44 px or more, every card of the teams within the screen."""
    assert overflow(page) == 0
    assert page.evaluate(SMALL_TARGETS) == []
    rights = page.locator(".card-picker button").evaluate_all(
        "(nodes) => nodes.filter((n) => n.checkVisibility())"
        ".map((n) => n.getBoundingClientRect().right)"
    )
    assert rights and max(rights) <= page.evaluate("innerWidth"), rights


@pytest.mark.parametrize("width", [390, 320])
def test_a_romer_tables_teams_are_tapped_as_cards_and_their_totals_shown(
    phone, live_server, client, sophie, width
):
    """Römer's teams are tapped as cards, the first the trump, their points shown as they are
    tapped; a card the other teams already hold as often as the deck has it is not offered;
    a round waiting for the network names its teams' cards in words; it is stored as the
    cards tapped, and the form the server sends back after it (put
    in place of the page's) offers the cards again."""
    from scoring.games.romer import team_points

    page = phone({"width": width, "height": 640})
    table = drawn_evening(client, sophie, 8, game="romer")[0]
    page.goto(f"{live_server.url}/t/{table.code}/")
    name_myself(page)
    expect(page.locator(f"{FORM} [name=p0_cards]")).to_be_hidden()  # the cards say it
    assert_fits(page)
    total = page.locator(f"{FORM} output.team-total").first
    tap_card(page, 0, "1:20")
    tap_card(page, 0, "2:10")
    tap_card(page, 0, "1:5")
    expect(total).to_have_text(f" = {team_points([[1, 20], [2, 10], [1, 5]])}")
    assert team(page, 0) == ["1:20", "2:10", "1:5"]
    trump = page.locator("#id_p0_cards-picker .picked .trump")
    expect(trump).to_have_attribute("data-card", "1:20")
    expect(trump).to_contain_text("atout")
    # A card of the team tapped is taken out of it.
    tap(page.locator('#id_p0_cards-picker .picked [data-card="2:10"]'), scroll=True)
    expect(total).to_have_text(f" = {team_points([[1, 20], [1, 5]])}")
    assert team(page, 0) == ["1:20", "1:5"]
    # The deck has two III of colour 4: held by player 1, they are no longer offered.
    tap_card(page, 1, "4:3")
    tap_card(page, 1, "4:3")
    tap_card(page, 1, "3:0")
    expect(page.locator('#id_p2_cards-picker .pick-deck [data-card="4:3"]')).to_be_disabled()
    expect(page.locator('#id_p1_cards-picker .pick-deck [data-card="4:3"]')).to_be_disabled()
    deck = page.locator("#id_p2_cards-picker .pick-deck")
    expect(deck.locator('[data-card="1:20"] .left')).to_have_text("3")
    expect(page.locator(f"{FORM} output.team-total").nth(1)).to_have_text(" = 9")
    assert_fits(page)
    # Sent without network, the round waits in the phone, its teams in words.
    page.context.set_offline(True)
    page.locator(f"{FORM} button[type=submit]").click()
    expect(page.locator(".queue-status")).to_contain_text("XX couleur 1, V couleur 1")
    page.context.set_offline(False)
    assert wait_until(page, lambda: rounds(table) == 1, timeout=20), "the round was lost"
    expect(page.locator("form.pending")).to_have_count(1)
    stored = GameRound.objects.get(partie_id=table.partie_id)
    assert [e["cards"] for e in stored.entries] == [
        [[1, 20], [1, 5]],
        [[4, 3], [4, 3], [3, 0]],
        [],
        [],
    ]
    expect(page.locator(f"{FORM} h2")).to_contain_text("Manche 2")
    assert team(page, 0) == []
    expect(page.locator('#id_p2_cards-picker .pick-deck [data-card="4:3"]')).to_be_enabled()
    tap_card(page, 0, "1:20")
    expect(page.locator(f"{FORM} output.team-total").first).to_have_text(
        f" = {team_points([[1, 20]])}"
    )
    assert_fits(page)


def test_the_director_correcting_a_romer_round_sees_its_teams_as_cards(
    page, context, live_server, sophie
):
    """A stored round's teams are drawn as cards on its correction, in their order; a card
    tapped there is stored in the correction."""
    from django.conf import settings
    from django.test import Client
    from django.urls import reverse

    from tests.test_site_games import new_game, round_post

    director = Client()
    director.force_login(sophie)
    cookie = director.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    partie = new_game(director, "romer", count=3, target=500)
    teams = [{"cards": [[2, 5], [1, 20], [2, 10]]}, {"cards": [[5, 0]]}, {"cards": []}]
    create = reverse("scoring:game_round_create", args=[partie.pk])
    director.post(create, round_post("romer", teams))
    assert partie.game_rounds.count() == 1
    page.goto(live_server.url + reverse("scoring:game_round_edit", args=[partie.pk, 1]))
    assert team(page, 0) == ["2:5", "1:20", "2:10"]
    expect(page.locator("#id_p0_cards-picker .picked .trump")).to_have_attribute("data-card", "2:5")
    assert team(page, 1) == ["5:0"]
    tap_card(page, 2, "3:10")
    page.locator(f"{FORM} button[type=submit]").click()
    expect(page).to_have_url(live_server.url + partie.get_absolute_url())
    assert partie.game_rounds.get().entries[2]["cards"] == [[3, 10]]


def test_without_javascript_a_romer_team_is_typed_as_codes(
    browser, browser_context_args, live_server, client, sophie
):
    """A phone whose browser runs no script still enters a round: each team typed as
    colour:value, the trump first, as the page's hint says."""
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        page = context.new_page()
        table = drawn_evening(client, sophie, 8, game="romer")[0]
        page.goto(f"{live_server.url}/t/{table.code}/")
        expect(page.locator(".card-picker")).to_have_count(0)
        expect(page.locator(f"{FORM} p.hint.typed-only")).to_contain_text("1:20 1:5 2:10")
        page.locator(f"{FORM} input[name=entered_seat]").first.check()
        page.locator(f"{FORM} [name=p0_cards]").fill("1:20 1:5")
        page.locator(f"{FORM} [name=p2_cards]").fill("3:0")
        page.locator(f"{FORM} button[type=submit]").click()
        expect(page.locator(f"{FORM} h2")).to_contain_text("Manche 2")
        stored = GameRound.objects.get(partie_id=table.partie_id)
        assert [e["cards"] for e in stored.entries] == [[[1, 20], [1, 5]], [], [[3, 0]], []]
    finally:
        context.close()


def test_a_refused_romer_round_comes_back_with_its_teams_as_cards(
    page, live_server, client, sophie
):
    """Two teams of seven cannot be (the manche ends at the first): the round comes back
    refused, saying so at the top of the form, its teams still drawn as the cards tapped."""
    table = drawn_evening(client, sophie, 8, game="romer")[0]
    page.goto(f"{live_server.url}/t/{table.code}/")
    name_myself(page)
    for player, colour in ((0, 1), (1, 2)):
        for value in (20, 20, 10, 10, 5, 5, 0):
            tap_card(page, player, f"{colour}:{value}")
    # A team of seven takes no more card.
    expect(page.locator("#id_p1_cards-picker .pick-deck button:enabled")).to_have_count(0)
    page.locator(f"{FORM} button[type=submit]").click()
    summary = page.locator(".error-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("sept cartes")
    assert rounds(table) == 0
    assert team(page, 0) == ["1:20", "1:20", "1:10", "1:10", "1:5", "1:5", "1:0"]
    assert team(page, 1) == ["2:20", "2:20", "2:10", "2:10", "2:5", "2:5", "2:0"]
    tap(page.locator('#id_p1_cards-picker .picked [data-place="7"]'), scroll=True)
    page.locator(f"{FORM} button[type=submit]").click()
    assert wait_until(page, lambda: rounds(table) == 1), "the corrected round was not stored"
    stored = GameRound.objects.get(partie_id=table.partie_id)
    assert stored.entries[1]["cards"] == [[2, 20], [2, 20], [2, 10], [2, 10], [2, 5], [2, 5]]
