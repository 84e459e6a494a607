"""Römer at a distance on a phone held upright (390×844, and a small one 320 px wide): the
player reads his cards (combat value, points, colour, and the legend of the page says so, not
the codes « 22XX »), and plays a whole manche against three simulated players by tapping a
card, then the kind of move it makes (added to his team, led, his new trump) where the rules
give it several. Every legal move is on the screen where a finger finds it
(``elementFromPoint``), from the first move to the last, and only those are tapped.

The site is served over ASGI (``asgi_server``), since the table's page talks to the server
over a WebSocket."""

import time

import pytest
from playwright.sync_api import expect

from scoring.models import RemoteTable
from tests.browser.conftest import PORTRAIT
from tests.browser.person import FOUND
from tests.browser.test_layout import SMALL_TARGETS, overflow
from tests.browser.test_live_table import (
    HUMAN,
    LEGAL_SEEN,
    give_to_robots,
    log_in,
    open_by_the_menu,
    server_view,
    take_seat,
)
from tests.browser.test_live_table import member as member  # the fixture
from tests.browser.test_remote_table import tap

pytestmark = pytest.mark.django_db(transaction=True)

SEAT = "1"
#: The kind of move the player makes with a card of several, by his move's number: mostly
#: cards added to his team (a manche ends at seven), a card led now and then, a trump renewed.
KINDS = ["pose", "lead", "pose", "trump", "pose", "pose", "lead"]

#: The hand as a person reads it: each card's text, the cards he may not tap now, and whether
#: those are drawn dashed and greyed.
HAND = """() => Array.from(document.querySelectorAll('#hand button'), (node) => {
  const style = getComputedStyle(node);
  return { text: node.innerText.replace(/\\s+/g, " ").trim(), disabled: node.disabled,
    dashed: style.borderTopStyle === "dashed",
    greyed: style.filter.includes("saturate") || Number(style.opacity) < 1 };
})"""


def wait_for_move(table, seq):
    deadline = time.monotonic() + 10
    while server_view(table, SEAT)["seq"] == seq:
        assert time.monotonic() < deadline, "the move was not made"
        time.sleep(0.05)


def play_one(page, view, number):
    """Make the player's ``number``-th move (0-based) on his page, which shows ``view``: every
    legal move is offered by a control a finger finds, and none other; a card of several
    moves asks its kind (the one of ``KINDS`` when offered), whose buttons a finger finds too.
    Returns the move's text."""
    expect(page.locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
    expect(page.locator("#status.my-turn")).to_be_visible()
    assert overflow(page) == 0
    assert page.evaluate(SMALL_TARGETS) == []
    offered = page.evaluate(LEGAL_SEEN)
    assert {m for c in offered for m in c["moves"]} == set(view["legal"]), offered
    bar = page.locator("#play-bar").bounding_box()
    assert bar["height"] < page.viewport_size["height"] / 2, bar
    cards = [c["moves"] for c in offered if c["how"] == "card"]
    if not cards:  # the last player holding cards ends the manche
        move = next(c["moves"][0] for c in offered if c["how"] == "button")
        tap(page.locator(f'#choice button[data-move="{move}"]'))
        return move
    moves = cards[number % len(cards)]
    wanted = [m for m in moves if m.startswith(KINDS[number % len(KINDS)] + " ")]
    move = (wanted or moves)[0]
    code = move.split()[-1]
    tap(page.locator(f'#hand button[data-card="{code}"]').first)
    if len(moves) > 1:
        # The card chosen stands out; the others wait, greyed; its moves are asked over
        # the hand, each a button a finger finds.
        expect(page.locator("#hand button.chosen")).to_have_count(1)
        hand = page.evaluate(HAND)
        assert all(c["greyed"] for c in hand if c["disabled"]), hand
        for other in moves:
            asked = page.locator(f'#choice button[data-move="{other}"]')
            expect(asked).to_be_visible()
            assert asked.evaluate(FOUND), other
        tap(page.locator(f'#choice button[data-move="{move}"]'))
    return move


@pytest.mark.parametrize("width", [390, 320])
def test_a_whole_manche_of_romer_is_played_by_tapping_cards(asgi_server, phone, member, width):
    host = phone(PORTRAIT)
    log_in(host, asgi_server, *member)
    open_by_the_menu(host, "Römer", 4)
    table = RemoteTable.objects.get()
    mine = phone({"width": width, "height": 844})
    take_seat(mine, host.locator("#invite").get_attribute("href"), SEAT, HUMAN)
    give_to_robots(host, ["2", "3", "4"])

    # His cards read as a player says them: combat value, points, colour; no code.
    view = server_view(table, SEAT)
    expect(mine.locator("#hand button")).to_have_count(len(view["round"]["hand"]))
    hand = mine.evaluate(HAND)
    for code, card in zip(view["round"]["hand"], hand, strict=True):
        assert code not in card["text"], card
        colour, rest = code[0], code[1:]
        combat = "C" if rest == "C" else rest[0]
        assert card["text"].startswith(combat) and card["text"].endswith(colour), card
        if rest != "C":
            assert rest[1:] in card["text"], card  # its points in Roman numerals
    # The legend of the cards, on the page: a sample card and a César among its lines.
    legend = mine.locator("#legend-box")
    tap(legend.locator("summary"), scroll=True)
    expect(legend.locator("li")).to_have_count(4)
    expect(legend.locator("[data-card]")).to_have_count(2)
    tap(legend.locator("summary"), scroll=True)  # folded again, out of the way

    made = []
    for number in range(300):
        view = server_view(table, SEAT)
        if view["replays"]:
            break
        assert view["to_move"] == SEAT, view["to_move"]
        made.append(play_one(mine, view, number))
        wait_for_move(table, view["seq"])
    else:
        raise AssertionError("the manche did not end")
    kinds = {move.split()[0] for move in made}
    assert {"trump", "pose", "lead"} <= kinds, made  # each kind of move made by taps

    # The manche over: his total is the server's, and his team is drawn as cards.
    view = server_view(table, SEAT)
    total = view["totals"][SEAT]
    expect(mine.locator(f'#players [data-total="{SEAT}"]')).to_have_text(
        f"+{total}" if total > 0 else str(total)
    )
    assert overflow(mine) == 0
