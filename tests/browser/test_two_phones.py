"""A table's two phones, as the guide tells a table to work (the entering team's and the
checking team's), over the production stack (``asgi_server``: pages and WebSockets): each
phone sees the other's changes within a second without a reload and without losing what it
is typing; a donne typed after a refusal the phone had not seen is stored as that new donne;
a race between the two phones keeps both versions for the table to choose, and the numbers
taken are checked by the side that did not type them. After each step: which donne holds
which numbers, who typed them, and the totals on both phones."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from scoring.models import Donne, Partie
from tests.browser.person import choose_value, tap
from tests.browser.test_table_phone import donnes, enter, wait_until
from tests.test_one_truth import table_totals

pytestmark = pytest.mark.django_db(transaction=True)

#: What "within a second" allows the browser: the push itself, then reading the page.
SECOND = 1000


def stored(table) -> list[tuple]:
    """Each donne of the table: number, N/S points, who typed it, accepted, refused by."""
    return list(
        Donne.objects.filter(partie_id=table.partie_id)
        .order_by("number")
        .values_list("number", "points_ns", "entered_seat", "confirmed", "refused_seat")
    )


def decide(page, number, seat, decision):
    """A player names himself on donne ``number``'s check card and taps ``decision``."""
    card = page.locator("form.pending").filter(has_text=f"Donne {number} ")
    choose_value(card, "seat", seat)
    tap(card.get_by_role("button", name=decision))


def totals(page) -> list[str]:
    """The teams' totals as the phone shows them."""
    return page.locator(".teams .score").all_inner_texts()


def sheet_agrees(page, asgi_server, table, director) -> None:
    """The table's sheet page shows the phone's totals, as do its PDF and Excel, the
    director's round page (the console), the room screen, the players' pages and the close
    page; its JSON lists as waiting exactly the donnes the table has not accepted, each with
    who typed it."""
    partie = Partie.objects.get(pk=table.partie_id)
    sheet = page.context.new_page()
    sheet.goto(f"{asgi_server}{partie.get_absolute_url()}")
    expect(sheet.locator(".teams .score")).to_have_text(totals(page))
    desk = Client()
    desk.force_login(director)
    shown = tuple(int(t) for t in totals(page))
    seen = table_totals(desk, Client(), [table])[table.number]
    assert {"round page", "room screen", "player page", "close page"} <= set(seen)
    assert {where: t for where, t in seen.items() if t != shown} == {}
    data = page.request.get(f"{asgi_server}/parties/{partie.pk}/sheet.json").json()
    waiting = [(w["number"], w["status"], w.get("entered_by")) for w in data["waiting"]]
    expected = [
        (n, "refused" if refused else "pending", seat)
        for n, _points, seat, confirmed, refused in stored(table)
        if not confirmed
    ]
    assert waiting == expected
    sheet.close()


def signed(points: int) -> str:
    """A total as the table's page writes it (``scores.signed``: "+120", "-40", "0")."""
    return f"+{points}" if points > 0 else str(points)


def two_phones(asgi_server, client, sophie, new_phone):
    """A table of a drawn evening and its two phones, N/S's and E/O's, each on the table's
    page and following it: (table, north, east)."""
    from tests.browser.conftest import drawn_evening

    (table,) = drawn_evening(client, sophie, 4)
    north, east = new_phone(), new_phone()
    for phone in (north, east):
        phone.goto(f"{asgi_server}/t/{table.code}/")
        expect(phone.locator("#live-status")).to_contain_text("À jour", timeout=5000)
    return table, north, east


def test_two_phones_one_live_record(asgi_server, client, sophie, new_phone):
    table, north, east = two_phones(asgi_server, client, sophie, new_phone)

    # N/S enter donne 1: E/O's phone shows it to check, without a reload.
    enter(north, seat="N", points=84)
    assert wait_until(north, lambda: donnes(table) == 1)
    expect(east.locator("form.pending")).to_contain_text("Donne 1", timeout=SECOND)

    # North starts typing donne 2; meanwhile East refuses donne 1.
    enter(north, seat="S", dealer="E", plis=3, points=40, submit=False)
    decide(east, 1, "E", "Refuser")
    assert wait_until(east, lambda: stored(table)[0][4] == "E")
    note = north.locator(".live-note")
    expect(note).to_contain_text("Corriger", timeout=SECOND)
    expect(north.locator("[name=points_ns]")).to_have_value("40")  # what was typed stays
    # North sends what he typed: it is donne 2, donne 1 keeps its numbers and its author.
    tap(north.locator("form.donne-form button[type=submit]"))
    assert wait_until(north, lambda: donnes(table) == 2)
    assert stored(table) == [(1, 84, "N", False, "E"), (2, 40, "S", False, "")]
    sheet_agrees(north, asgi_server, table, sophie)
    expect(north.locator(".messages")).to_contain_text("Donne 2 entrée")
    # North's phone now offers donne 1's correction; East's shows donne 2 to check.
    expect(north.locator("form.donne-form h2")).to_contain_text("Corriger donne 1")
    expect(east.locator("form.pending")).to_contain_text("Donne 2", timeout=SECOND)

    # South corrects donne 1 on North's phone; East accepts both.
    choose_value(north.locator("form.donne-form"), "entered_seat", "S")
    points = north.locator("form.donne-form [name=points_ns]")
    expect(points).to_have_value("84")  # the refused numbers, to correct
    tap(points)  # a tap selects the number: what is typed replaces it
    points.press_sequentially("80")
    tap(north.locator("form.donne-form button[type=submit]"))
    assert wait_until(north, lambda: stored(table)[0][1:4] == (80, "S", False))
    expect(east.locator("form.pending").filter(has_text="Donne 1 ")).to_be_visible(timeout=SECOND)
    decide(east, 1, "E", "Accepter")
    decide(east, 2, "O", "Accepter")
    assert wait_until(east, lambda: all(d[3] for d in stored(table)))
    # Both phones show the engine's totals of the two donnes, North's within a second.
    sheet = Partie.objects.get(pk=table.partie_id).sheet
    engine = [sheet.total_ns, sheet.total_oe]
    expect(east.locator(".teams .score")).to_have_text([signed(t) for t in engine])
    expect(north.locator(".teams .score")).to_have_text(totals(east), timeout=SECOND)
    sheet_agrees(east, asgi_server, table, sophie)

    # A race: both phones type donne 3 with different numbers; North's arrives first.
    enter(north, seat="N", dealer="S", plis=5, points=70, submit=False)
    enter(east, seat="E", dealer="S", plis=5, points=64, submit=False)
    tap(north.locator("form.donne-form button[type=submit]"))
    assert wait_until(north, lambda: donnes(table) == 3)
    tap(east.locator("form.donne-form button[type=submit]"))
    rival = north.locator("form.rival")
    expect(rival).to_contain_text("Donne 3", timeout=SECOND)  # pushed to the other phone too
    expect(east.locator("form.rival")).to_contain_text("Donne 3")
    assert stored(table)[2] == (3, 70, "N", False, "")  # nothing applied before the choice
    # Taking the other phone's numbers names who chooses; they are East's, so N/S check them.
    choose_value(rival, "seat", "S")
    tap(rival.get_by_role("button", name="Prendre celle de l'autre téléphone"))
    assert wait_until(north, lambda: stored(table)[2] == (3, 64, "E", False, ""))
    card = east.locator("form.pending").filter(has_text="Donne 3 ")
    typist = Partie.objects.get(pk=table.partie_id).players_by_seat["E"]
    expect(card).to_contain_text(f"Entrée par {typist} (E)", timeout=SECOND)
    seats = card.locator("[name=seat]")
    assert sorted(seats.evaluate_all("l => l.map(i => i.value)")) == ["N", "S"]
    decide(east, 3, "N", "Accepter")
    assert wait_until(east, lambda: stored(table)[2][3])
    sheet = Partie.objects.get(pk=table.partie_id).sheet
    engine = [sheet.total_ns, sheet.total_oe]
    expect(east.locator(".teams .score")).to_have_text([signed(t) for t in engine])
    expect(north.locator(".teams .score")).to_have_text(totals(east), timeout=SECOND)
    sheet_agrees(east, asgi_server, table, sophie)
    assert [d[:3] for d in stored(table)] == [(1, 80, "S"), (2, 40, "S"), (3, 64, "E")]

    # An accepted donne changes only through numbers the other team checks again: East types
    # donne 4 while North enters it and West accepts North's; East's draft, sent to compare,
    # waits beside them, and taking it puts donne 4 back « à vérifier » for N/S, out of the
    # totals until then.
    counted = totals(east)
    enter(east, seat="E", dealer="O", plis=2, points=30, submit=False)
    enter(north, seat="N", dealer="O", plis=4, points=50)
    assert wait_until(north, lambda: donnes(table) == 4)
    expect(east.locator("form.pending").filter(has_text="Donne 4 ")).to_be_visible(timeout=SECOND)
    decide(east, 4, "O", "Accepter")
    assert wait_until(east, lambda: stored(table)[3][3])
    # Accepting reloaded East's page: its typed donne 4 waits as a draft, sent to compare.
    stale = east.locator(".queue-status")
    expect(stale).to_contain_text("Le brouillon de Donne 4")
    tap(stale.get_by_role("button", name="L'envoyer pour comparer"))
    rival = east.locator("form.rival")
    expect(rival).to_contain_text("L'enregistrée était acceptée")
    choose_value(rival, "seat", "O")
    tap(rival.get_by_role("button", name="Prendre celle de l'autre téléphone"))
    assert wait_until(east, lambda: stored(table)[3] == (4, 30, "E", False, ""))
    expect(east.locator(".teams .score")).to_have_text(counted)  # donne 4 counts no more
    expect(north.locator(".teams .score")).to_have_text(counted, timeout=SECOND)
    card = north.locator("form.pending").filter(has_text="Donne 4 ")
    expect(card).to_be_visible(timeout=SECOND)
    seats = card.locator("[name=seat]")
    assert sorted(seats.evaluate_all("l => l.map(i => i.value)")) == ["N", "S"]
    decide(north, 4, "S", "Accepter")
    assert wait_until(north, lambda: stored(table)[3][3])
    sheet = Partie.objects.get(pk=table.partie_id).sheet  # East's numbers count now
    assert sheet.rows[3].counted is not None and not sheet.rows[3].pending
    expect(north.locator(".teams .score")).to_have_text(
        [signed(sheet.total_ns), signed(sheet.total_oe)]
    )
    expect(east.locator(".teams .score")).to_have_text(totals(north), timeout=SECOND)
    sheet_agrees(north, asgi_server, table, sophie)


def test_a_donne_queued_offline_after_an_unseen_refusal_is_that_new_donne(
    asgi_server, client, sophie, new_phone
):
    """North's phone loses the network, types donne 2 (kept in its queue) while East refuses
    donne 1; back online, the queue sends donne 2 as donne 2, donne 1 stays refused with its
    own numbers and author, and North's phone then shows donne 1 to correct; its queued donne
    could be read while it waited."""
    table, north, east = two_phones(asgi_server, client, sophie, new_phone)
    enter(north, seat="N", points=84)
    assert wait_until(north, lambda: donnes(table) == 1)
    expect(east.locator("form.pending")).to_contain_text("Donne 1", timeout=SECOND)

    north.context.set_offline(True)
    enter(north, seat="S", dealer="E", plis=3, points=40)
    expect(north.locator(".queue-status")).to_contain_text("1 saisie en attente d'envoi")
    north.locator(".queue-status summary").first.click()  # the queued donne, readable
    expect(north.locator(".queue-status")).to_contain_text("Points N/S : 40")
    decide(east, 1, "O", "Refuser")
    assert wait_until(east, lambda: stored(table)[0][4] == "O")
    assert donnes(table) == 1  # North's donne 2 is still in its phone
    north.context.set_offline(False)
    north.evaluate("window.dispatchEvent(new Event('online'))")
    assert wait_until(north, lambda: donnes(table) == 2)
    assert stored(table) == [(1, 84, "N", False, "O"), (2, 40, "S", False, "")]
    expect(north.locator("form.donne-form h2")).to_contain_text("Corriger donne 1", timeout=5000)
    expect(north.locator("#live-status")).to_contain_text("À jour", timeout=15000)
    expect(east.locator("form.pending")).to_contain_text("Donne 2", timeout=SECOND)
