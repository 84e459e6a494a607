"""A Rumoli coup on the table's phone, as a player enters it: the dealer tapped once among the
players, then each player's chips collected and cards left; what the rules set (stakes, no
sale, no penalty) is left alone, behind each player's disclosure."""

import pytest
from playwright.sync_api import expect

from scoring.models import GameRound
from tests.browser.conftest import drawn_evening
from tests.browser.person import choose_value, tap
from tests.browser.test_layout import SMALL_TARGETS
from tests.browser.test_table_phone import type_number, wait_until

pytestmark = pytest.mark.django_db(transaction=True)

FORM = "form.game-round"


def test_a_coup_is_the_dealer_and_two_numbers_a_player(page, live_server, client, sophie):
    table = drawn_evening(client, sophie, 8, game="rumoli")[0]
    page.goto(f"{live_server.url}/t/{table.code}/")
    names = [str(p) for p in table.partie.players_in_order]
    dealer = page.locator(f"{FORM} fieldset:has([name=round_dealer]) label.tap", has_text=names[1])
    tap(dealer)
    expect(page.locator(f"{FORM} [name=round_dealer][value='1']")).to_be_checked()
    # Player 2 took three boodle cards, 5 chips each (3 players stake 1, the dealer 2).
    for index, (collected, left) in enumerate([(0, 3), (15, 0), (0, 2), (0, 5)]):
        type_number(page, f"p{index}_collected", collected, FORM)
        type_number(page, f"p{index}_cards_left", left, FORM)
    more = page.locator(f"{FORM} fieldset.player-round summary").first
    more.scroll_into_view_if_needed()
    tap(more)
    expect(page.locator(f"{FORM} [name=p0_irregularite_2]")).to_be_visible()
    assert page.evaluate(SMALL_TARGETS) == []  # every control a thumb's size, the box too
    choose_value(page.locator(FORM), "entered_seat", 1)
    page.locator(f"{FORM} button[type=submit]").click()
    stored = GameRound.objects.filter(partie_id=table.partie_id)
    assert wait_until(page, lambda: stored.count() == 1, timeout=15), "the coup was not stored"
    entries = stored.get().entries
    assert [e["dealer"] for e in entries] == [0, 1, 0, 0]
    assert [e["stake"] for e in entries] == [4, 8, 4, 4]  # the rules' stakes, not typed
    assert [e["cards_left"] for e in entries] == [3, 0, 2, 5]
    assert {(e["sale"], e["penalty"], e["irregularite_2"]) for e in entries} == {(0, 0, 0)}
