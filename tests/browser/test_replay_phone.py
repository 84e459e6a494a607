"""The replay of a round played at a distance on a 390-px phone (#53): its cards drawn and
named as the live page draws them (no raw code), nothing wider than the screen, every link
and button at least 44 px tall, and the way back to the table tapped where the player sees
it."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from playwright.sync_api import expect

from scoring import registry, remote
from scoring.messages import card_name
from tests.browser.conftest import PORTRAIT
from tests.browser.test_remote_table import tap

pytestmark = pytest.mark.django_db(transaction=True)

#: Every element wider than the screen, and every link or button (seen) under 44 px tall.
TOO_WIDE = """() => [...document.querySelectorAll("main *")]
  .filter((node) => node.getBoundingClientRect().right > innerWidth + 0.5)
  .map((node) => node.tagName + "." + node.className)"""
TOO_SMALL = """() => [...document.querySelectorAll("a, button")]
  .filter((node) => node.offsetParent !== null && node.getBoundingClientRect().height < 44)
  .map((node) => node.textContent.trim() + " " + node.getBoundingClientRect().height)"""


def played(game: str, **options):
    """A table of ``game`` played to its end by four simulated players."""
    creator = get_user_model().objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(game=game, created_by=creator, **options)
    for place in table.seats.all():
        remote.seat_robot(table=table, seat=place.seat, user=creator)
    table.refresh_from_db()
    return table


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("roimat", {"options": {"variant": "club-8"}}),
        ("romer", {"players": 4}),
    ],
)
def test_a_replay_names_its_cards_and_fits_a_phone(asgi_server, phone, game, options):
    table = played(game, **options)
    donne = table.donnes.filter(record__isnull=False).order_by("number").first()
    state = registry.get(game).state
    page = phone(PORTRAIT)
    page.goto(f"{asgi_server}{reverse('scoring:remote_donne', args=[table.code, donne.number])}")
    # each hand as dealt: its cards drawn, each named as the live page names it
    hand = donne.hands[sorted(donne.hands)[0]]
    first = page.locator(f'.replay-hands [data-card="{hand[0]}"]').first
    expect(first).to_be_visible()
    assert first.get_attribute("aria-label") == card_name(hand[0], state)
    # the moves say their cards in words, never as codes
    moves = page.locator(".replay-moves, .replay-tricks").first.inner_text()
    for code in hand:
        assert f" {code} " not in f" {moves} "
    assert page.evaluate("document.documentElement.scrollWidth") <= PORTRAIT["width"]
    assert page.evaluate(TOO_WIDE) == []
    assert page.evaluate(TOO_SMALL) == []
    back = page.get_by_role("link", name="Retour à la table")
    tap(back, scroll=True)
    page.wait_for_url(f"**{table.get_absolute_url()}")
    expect(page.locator("#live")).to_be_visible()
