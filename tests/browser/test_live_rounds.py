"""The end of a partie at a distance in a real browser (Debian's chromium) on a phone held
upright: a Differenzler partie of one tour played by simulated players, opened by a
spectator, names its winners and shows the tour over, each player's estimate and points
beside what the tour put on the sheet."""

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from scoring import remote
from tests.browser.conftest import PORTRAIT

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_end_of_a_partie_names_its_winners_and_shows_the_last_tour(asgi_server, phone):
    creator = get_user_model().objects.create_user("marie", password="marie-2026-club")
    table = remote.table_create(
        game="differenzler", options={"rounds": 1}, players=4, created_by=creator
    )
    for seat in "1234":
        remote.seat_robot(table=table, seat=seat, user=creator)
    table.refresh_from_db()
    state = remote.table_views(table)["spectator"]
    assert state["finished"] and state["winners"]
    names = {s.seat: s.name for s in table.seats.all()}

    page = phone(PORTRAIT)
    page.goto(f"{asgi_server}{table.get_absolute_url()}")
    status = page.locator("#status")
    for seat in state["winners"]:
        expect(status).to_contain_text(names[seat])
    expect(page.locator("#ended-box")).to_be_visible()
    entries = table.partie.game_rounds.get().entries
    for index, seat in enumerate("1234"):
        row = page.locator(f'#ended tr[data-seat="{seat}"]')
        expect(row.locator('[data-fact="estimates"]')).to_have_text(str(entries[index]["estimate"]))
        expect(row.locator('[data-fact="points"]')).to_have_text(str(entries[index]["points"]))
        difference = abs(entries[index]["estimate"] - entries[index]["points"])
        expect(row.locator(f'[data-score="{seat}"]')).to_have_text(str(difference))
