"""A whole club evening of 16 players on phones: four tables, each with its own phone, enter
their donnes and the other side confirms each on the same phone; the room's ranking follows."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Donne
from tests.browser.person import choose_value, tap
from tests.browser.test_table_phone import enter, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def confirm(page, seat):
    """A player of the other side reads the pending donne, names himself and accepts it."""
    pending = page.locator("form.pending").first
    choose_value(pending, "seat", seat)
    tap(pending.get_by_role("button", name="Accepter"))


def test_four_tables_enter_and_confirm_their_donnes_on_phones(new_phone, live_server, evening16):
    tables = evening16
    assert len(tables) == 4
    phones = [new_phone() for _table in tables]
    for phone, table in zip(phones, tables, strict=True):
        phone.goto(f"{live_server.url}/t/{table.code}/")
    for number, dealer in enumerate("NE", start=1):
        for index, phone in enumerate(phones):
            expect(phone.locator("form.donne-form h2")).to_contain_text(str(number))
            enter(phone, dealer=dealer, plis=4 + index % 3, points=50 + 10 * index)
        for phone in phones:
            expect(phone.locator("form.pending")).to_have_count(1)
            confirm(phone, "E")  # entered by N: E or O confirms
            expect(phone.locator(".messages")).to_contain_text(f"{number}")
    confirmed = Donne.objects.filter(partie_id__in=[t.partie_id for t in tables], confirmed=True)
    assert wait_until(phones[0], lambda: confirmed.count() == 8)
    assert not Donne.objects.filter(
        partie_id__in=[t.partie_id for t in tables], confirmed=False
    ).exists()
    # The room follows: every table's two donnes on the round's page, 16 players ranked.
    room = phones[0]
    tournament = tables[0].round.tournament
    room.goto(live_server.url + reverse("tournaments:round", args=[tournament.pk, 1]))
    expect(room.locator(".table-card")).to_have_count(4)
    for card in room.locator(".table-card").all():
        expect(card).to_contain_text("2 comptées")
    room.goto(live_server.url + tournament.get_absolute_url())
    for table in tables:
        for seat in table.partie.seats.all():
            expect(room.locator("main")).to_contain_text(seat.player.name)
