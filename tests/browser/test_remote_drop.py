"""A phone at a remote table whose network dies without closing anything (Debian's chromium,
the site over ASGI): it is noticed within 5 s on both ends, the move tapped meanwhile waits,
shown as such, and is made once when the network is back, or refused with its reason when
the host gave the seat to a simulated player meanwhile; the host's offer to do so shows over
his hand, and is withdrawn when the player comes back."""

import re
import time

import pytest
from playwright.sync_api import expect

from scoring import remote
from scoring.models import RemoteTable
from tests.browser.conftest import PORTRAIT, Wifi
from tests.browser.test_remote_table import SEEN, table_state, take_seat, tap

pytestmark = pytest.mark.django_db(transaction=True)


def log_in(page, base, path):
    page.goto(f"{base}/accounts/login/?next={path}")
    page.locator("[name=username]").fill("hote")
    page.locator("[name=password]").fill("x-2026-hote")
    with page.expect_navigation():
        tap(page.locator("form [type=submit]").last, scroll=True)


def tap_a_move(page):
    """Tap the first move offered on the page (an answer, or a card and its seat)."""
    expect(page.locator("#status")).to_have_text("À vous de jouer")
    offered = page.locator("#choice button")
    if offered.count():
        tap(offered.first, scroll=True)
        return
    tap(page.locator("#hand button.pc:enabled").first, scroll=True)
    sent_to = page.locator("#choice button[data-to]")
    if sent_to.count():
        tap(sent_to.first, scroll=True)


def until_turn_of(table, pages, seat):
    """Play the host's moves (the simulated players play theirs) until ``seat`` is to move:
    the table's state then."""
    for _ in range(60):
        table, view = table_state(table)
        if view["to_move"] == seat:
            expect(pages[seat].locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
            return view
        expect(pages["N"].locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
        tap_a_move(pages["N"])
        deadline = time.monotonic() + 10
        while table_state(table)[0].seq == view["seq"]:
            assert time.monotonic() < deadline, "the move was not made"
            time.sleep(0.05)
    raise AssertionError(f"{seat} never to move")


def left(since: float, bound: float = 5.0) -> float:
    """Milliseconds left of ``bound`` seconds since ``since`` (at least a tenth of one)."""
    return max(100.0, 1000 * (bound - (time.monotonic() - since)))


def test_a_phone_dropped_silently_is_noticed_its_tap_kept_and_its_seat_offered(
    asgi_server, phone, django_user_model
):
    host = django_user_model.objects.create_user("hote", password="x-2026-hote")
    # The table's abandon delay: 8 s; the heartbeat stays 2 s, dead after 4 s of silence.
    table = remote.table_create(options={"variant": "club-8"}, created_by=host, abandon_seconds=8)
    for seat in "ES":
        remote.seat_robot(table=table, seat=seat, user=host)
    path = table.get_absolute_url()
    wifi = Wifi(int(asgi_server.rsplit(":", 1)[1]))
    try:
        pages = {"N": phone(PORTRAIT), "O": phone(PORTRAIT)}
        log_in(pages["N"], asgi_server, path)
        take_seat(pages["N"], f"{asgi_server}{path}", "N", "Paul")
        take_seat(pages["O"], f"http://127.0.0.1:{wifi.port}{path}", "O", "Hélène")
        north, west = pages["N"], pages["O"]
        west_row = north.locator('#players tr[data-seat="O"]')
        expect(west_row.locator(".presence")).to_have_text(" (en ligne)")

        # West's network dies under his page as his turn comes; he taps a move.
        view = until_turn_of(table, pages, "O")
        wifi.cut_silently()
        cut = time.monotonic()
        tap_a_move(west)
        expect(west.locator("#sending")).to_contain_text("En attente d'envoi", timeout=left(cut))
        expect(west.locator("#status")).to_contain_text("reconnexion", timeout=left(cut))
        expect(west_row).to_have_attribute("data-presence", "away", timeout=left(cut))
        expect(west_row.locator(".presence")).to_have_text(" (hors ligne)")
        assert table_state(table)[1]["seq"] == view["seq"]  # nothing made meanwhile
        # The host, looking at his hand, is offered West's seat after the abandon delay.
        north.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        offer = north.locator('#offers [data-seat="O"]')
        expect(offer).to_be_visible(timeout=12000)
        expect(offer).to_contain_text("Hélène est hors ligne")
        assert offer.locator("button.robot").evaluate(SEEN)

        # The network back: the move is made once, the offer withdrawn.
        wifi.restore()
        expect(west.locator("#sending")).to_be_hidden(timeout=15000)
        table, after = table_state(table)
        assert after["seq"] > view["seq"]
        made = table.moves.get(seq=view["seq"] + 1)
        assert made.seat == "O" and table.moves.filter(seq__gt=view["seq"], seat="O").count() == 1
        expect(west_row).to_have_attribute("data-presence", "present")
        expect(offer).to_have_count(0)
        expect(north.locator("#offers")).to_be_hidden()

        # Dropped again on his turn, his seat given to a simulated player meanwhile: the move
        # he tapped is refused with its reason when his page is back.
        view = until_turn_of(table, pages, "O")
        wifi.cut_silently()
        tap_a_move(west)
        expect(west.locator("#sending")).to_contain_text("En attente d'envoi")
        expect(offer).to_be_visible(timeout=15000)
        with north.expect_navigation():
            tap(offer.locator("button.robot"))
        expect(north.locator('#players tr[data-seat="O"]')).to_have_attribute(
            "data-presence", "robot"
        )
        wifi.restore()
        expect(west.locator("#sending")).to_contain_text(
            "La table a avancé avant que ce coup n'arrive", timeout=15000
        )
        expect(west.locator("#status")).to_contain_text("La table a avancé")
        expect(west.locator("#hand button")).to_have_count(0)  # his page now watches
        table = RemoteTable.objects.get(pk=table.pk)
        robot_moves = table.moves.filter(seq__gt=view["seq"], seat="O")
        assert robot_moves.exists() and table.seq > view["seq"]
        assert re.search("simulé", north.locator('#players tr[data-seat="O"]').inner_text())
    finally:
        wifi.close()
