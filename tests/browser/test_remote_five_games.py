"""Issue 53's walk: each of the five games played at a distance by four phones held upright
(390×844, Debian's chromium, the site over ASGI), every move tapped on the page of the player
to move where his finger finds it, every legal move offered and seen (``play_my_move``).

Mid-round, one phone's network dies without closing anything (a relay cut silently,
``Wifi``): the other seats show him « hors ligne » within 5 s, the move he taps meanwhile is
shown « En attente d'envoi » and made once when his network is back. In the next round his
network dies again and the host, looking at his hand, gives the seat to a simulated player
by the offer shown there after the table's abandon delay; the simulated player plays on.
After every round, every page's totals are the server's and the partie's sheet's, and the
sheet's page, as anyone opens it, writes each side's total as the live page does."""

import time

import pytest
from django.db import transaction
from playwright.sync_api import expect

from scoring import remote
from scoring.models import RemoteTable
from tests.browser.conftest import PORTRAIT, Wifi
from tests.browser.test_live_table import play_my_move, server_view
from tests.browser.test_remote_drop import left, log_in
from tests.browser.test_remote_table import SEEN, figure, no_contradiction, take_seat, tap

pytestmark = pytest.mark.django_db(transaction=True)

#: Each game and its rules (the game's own by default: Roimat's club partie of 8 donnes).
GAMES = {
    "roimat": {"variant": "club-8"},
    "roi": {},
    "romer": {},
    "rumoli": {},
    "differenzler": {},
}
#: The four players (Rumoli and Römer seat four as well as three or five).
NAMES = ["Hélène", "Olivier", "Sophie", "Bruno"]
#: A kind of move the players make whenever it is offered: Römer's pose, so that a team soon
#: reaches seven cards and the manche ends (a manche of 240 moves, else; test_live_table's
#: player makes every kind in turn).
PREFER = {"romer": "pose"}
#: The table's abandon delay (s): its heartbeat is 2 s, a connection silent for 4 s is dead.
ABANDON = 8
#: Moves of a round made before a phone drops (mid-round).
BEFORE_THE_DROP = 4


def views(table):
    """Every seat's state as the server sends it now, and the spectators' (``"spectator"``),
    rebuilt from the database in one read (``server_view``'s way, every seat at once)."""
    with transaction.atomic():
        table = RemoteTable.objects.get(pk=table.pk)
        return remote.views_of(table, table.adapter.live_game(table))


def play(table, pages, turns, stop):
    """Tap the moves of the player to move, each on his page, until ``stop(view, made)`` (the
    spectator's view of the table, the moves tapped so far here): that view."""
    made = 0
    for _ in range(600):
        now = views(table)
        view = now["spectator"]
        if stop(view, made):
            return view
        seat = view["to_move"]
        assert seat in pages, f"{seat} to move, a page of {sorted(pages)} only"
        play_my_move(pages[seat], now[seat], turns[seat], PREFER.get(table.game))
        turns[seat] += 1
        made += 1
        deadline = time.monotonic() + 10
        moved = RemoteTable.objects.filter(pk=table.pk, seq__gt=view["seq"])
        while not moved.exists():
            assert time.monotonic() < deadline, "the move was not made"
            pages[seat].wait_for_timeout(50)
    raise AssertionError("the table never got there")


def round_over(rounds):
    """Whether a round ended since ``rounds`` were over (or the partie did)."""
    return lambda view, made: len(view["replays"]) > rounds or view["finished"]


def turn_of(seat, rounds):
    """Whether ``seat`` is to move after a few moves of the round (or the round is over)."""
    return lambda view, made: (
        round_over(rounds)(view, made) or (view["to_move"] == seat and made >= BEFORE_THE_DROP)
    )


#: Each side of the partie's sheet page (a team, or a player): its label, its total.
SIDES = """(nodes) => nodes.map((node) => [node.querySelector('.label').textContent.trim(),
  node.querySelector('.score').textContent.trim()])"""


def the_round_agrees(table, pages, desk, site):
    """After a round: on every page, the round's own score is the server's and each total is
    the server's and the sheet's (``no_contradiction``); the sheet's page writes each side's
    total (a team's, or a player's) as the live pages do (``site``: the site's address)."""
    view = server_view(table, "spectator")
    no_contradiction(table, pages)
    scores = view["ended"]["scores"] if view["ended"] else None
    for page in pages.values():
        if scores is not None:
            for seat, points in scores.items():
                expect(page.locator(f'#ended [data-score="{seat}"]')).to_have_text(
                    figure(table.game, points)
                )
    page = next(iter(pages.values()))
    if page.locator("#sheet [data-total]").count():  # by team: Roimat's Table de marque
        live = {
            label: page.locator(f"#sheet [data-total={team}]").text_content()
            for label, team in (("N/S", "ns"), ("O/E", "oe"))
        }
    else:
        live = {
            page.locator(f'#players tr[data-seat="{seat}"] .name').text_content(): page.locator(
                f'#players [data-total="{seat}"]'
            ).text_content()
            for seat in view["seats"]
        }
    desk.goto(f"{site}{view['sheet_url']}")
    assert dict(desk.locator(".teams .team").evaluate_all(SIDES)) == live


@pytest.mark.parametrize("game", list(GAMES))
def test_four_phones_play_each_game_at_a_distance_through_a_drop_and_a_seat_given(
    asgi_server, phone, django_user_model, game
):
    host = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(
        game=game, options=GAMES[game], players=len(NAMES), created_by=host, abandon_seconds=ABANDON
    )
    seats = remote.seat_names(table)
    first, dropped = seats[0], seats[1]
    path = table.get_absolute_url()
    wifi = Wifi(int(asgi_server.rsplit(":", 1)[1]))
    try:
        pages = {seat: phone(PORTRAIT) for seat in seats}
        log_in(pages[first], asgi_server, path)  # the host, who opened the table
        for seat, name in zip(seats, NAMES, strict=True):
            base = f"http://127.0.0.1:{wifi.port}" if seat == dropped else asgi_server
            take_seat(pages[seat], f"{base}{path}", seat, name)
        for page in pages.values():
            expect(page.locator("#hand button").first).to_be_visible()
        no_contradiction(table, pages)
        desk = phone(PORTRAIT)  # the sheet's page, as anyone opens it
        turns = dict.fromkeys(seats, 0)
        others = {seat: page for seat, page in pages.items() if seat != dropped}

        # Round 1: his network dies under his page as his turn comes; he taps a move.
        view = play(table, pages, turns, turn_of(dropped, 0))
        assert not view["replays"], "the round ended before his turn"
        expect(pages[dropped].locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
        wifi.cut_silently()
        cut = time.monotonic()
        before = server_view(table, dropped)
        play_my_move(pages[dropped], before, turns[dropped])
        turns[dropped] += 1
        sending = pages[dropped].locator("#sending")
        expect(sending).to_contain_text("En attente d'envoi", timeout=left(cut))
        for page in others.values():
            row = page.locator(f'#players tr[data-seat="{dropped}"]')
            expect(row.locator(".presence")).to_have_text(" (hors ligne)", timeout=left(cut))
        assert server_view(table, "spectator")["seq"] == before["seq"]  # nothing made meanwhile
        wifi.restore()
        expect(sending).to_be_hidden(timeout=15000)
        table = RemoteTable.objects.get(pk=table.pk)
        assert table.moves.get(seq=before["seq"] + 1).seat == dropped
        assert table.moves.filter(seq__gt=before["seq"], seat=dropped).count() == 1  # once
        play(table, pages, turns, round_over(0))
        the_round_agrees(table, pages, desk, asgi_server)

        # Round 2: dropped again; the host gives his seat to a simulated player by the offer
        # shown over his hand after the abandon delay, and the simulated player plays on.
        view = play(table, pages, turns, turn_of(dropped, 1))
        assert len(view["replays"]) == 1, "the round ended before his turn"
        wifi.cut_silently()
        north = pages[first]
        north.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        offer = north.locator(f'#offers [data-seat="{dropped}"]')
        expect(offer).to_be_visible(timeout=1000 * ABANDON + 8000)
        expect(offer).to_contain_text(f"{NAMES[1]} est hors ligne")
        assert offer.locator("button.robot").evaluate(SEEN)
        with north.expect_navigation():
            tap(offer.locator("button.robot"))
        for page in others.values():
            expect(page.locator(f'#players tr[data-seat="{dropped}"]')).to_have_attribute(
                "data-presence", "robot"
            )
        wifi.restore()
        expect(pages[dropped].locator("#hand button")).to_have_count(0)  # his page watches
        play(table, others, turns, round_over(1))
        table = RemoteTable.objects.get(pk=table.pk)
        assert table.moves.filter(seq__gt=view["seq"], seat=dropped).exists()
        the_round_agrees(table, pages, desk, asgi_server)
    finally:
        wifi.close()
