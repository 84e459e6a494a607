"""A partie's sheet page as the director sees it at a table: on a phone (320 and 390 px) the
phone-first table keeps to the screen, each line's controls (correct, annul) in a row under the
line rather than in a column past the edge, and a thumb reaches them; on a wide screen the full
sheet has them in its last column."""

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Partie
from tests.browser.person import tap

pytestmark = pytest.mark.django_db(transaction=True)

#: Whether a person sees the element, by computed style: shown, visible and opaque enough, it
#: and every box it lies in.
SEEN = """(node) => {
  for (let n = node; n; n = n.parentElement) {
    const s = getComputedStyle(n);
    if (s.display === "none" || s.visibility !== "visible" || Number(s.opacity) < 0.5) return false;
  }
  return node.getClientRects().length > 0;
}"""

#: Whether the page scrolls sideways (not clientWidth alone: a phone zooms out to show a page
#: wider than the screen).
SIDEWAYS = "document.documentElement.scrollWidth > innerWidth"

#: Whether a box that scrolls holds more than it shows sideways.
CUT = "box => box.scrollWidth > box.clientWidth"


@pytest.fixture
def sheets(live_server, context, damien):
    """The demo club's last Roimat partie (eight donnes) and its simulated Roi partie, the
    browser logged in as the director: (roimat, roi)."""
    call_command("demo_data", verbosity=0)  # a Roi partie among them
    director = Client()
    director.force_login(damien)
    cookie = director.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    roimat = Partie.objects.filter(game="roimat").order_by("-pk").first()
    assert roimat.donnes.count() >= 5
    return roimat, Partie.objects.get(game="roi")


def press(control) -> None:
    """Tap ``control`` as a thumb does (``person.tap``: found by ``elementFromPoint`` at its
    centre), once seen by its computed style."""
    assert control.evaluate(SEEN), f"not seen: {control}"
    tap(control)


def edit_link(scope, partie: Partie, number: int):
    return scope.locator(f'a[href="{reverse("scoring:entry_edit", args=[partie.pk, number])}"]')


def reaches_the_correction(page, live_server, partie: Partie, number: int) -> None:
    edit = reverse("scoring:entry_edit", args=[partie.pk, number])
    page.wait_for_url(live_server.url + edit)
    expect(page.locator("form button[type=submit]").last).to_be_visible()


@pytest.mark.parametrize("width", [320, 390])
def test_the_director_annuls_and_corrects_a_roimat_donne_on_the_phones_table(
    page, live_server, sheets, width
):
    roimat, _roi = sheets
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(live_server.url + roimat.get_absolute_url())
    assert not page.evaluate(SIDEWAYS)
    table = page.locator(".phone-first .scroll")
    assert not table.evaluate(CUT), "the phone's table scrolls in its box"
    lines = page.locator(".phone-first tr.line-actions")
    assert lines.count() == roimat.donnes.count()  # each donne's controls, under its line
    assert not page.locator(".full-sheet .row-actions").first.evaluate(SEEN)  # not twice

    annul = reverse("scoring:donne_annul", args=[roimat.pk, 2])
    press(page.locator(f'.phone-first form[action="{annul}"] button'))
    restore = page.locator(f'.phone-first form[action="{annul}"] button')
    expect(restore).to_have_text("rétablir")
    assert roimat.donnes.get(number=2).annulled
    assert not page.evaluate(SIDEWAYS)

    press(edit_link(page.locator(".phone-first"), roimat, 3))
    reaches_the_correction(page, live_server, roimat, 3)


@pytest.mark.parametrize("width", [320, 390])
def test_the_director_corrects_a_roi_round_on_the_phone(page, live_server, sheets, width):
    """A Roi sheet has no phone-first table: it is the phone's. Four players fit 390 px; at
    320 px the sheet scrolls in its own box, as a visitor's does, its controls kept in view."""
    _roimat, roi = sheets
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(live_server.url + roi.get_absolute_url())
    assert not page.evaluate(SIDEWAYS)
    if width >= 390:
        assert not page.locator("main .scroll").evaluate(CUT), "the sheet scrolls in its box"
    assert page.locator("tr.line-actions").count() == roi.game_rounds.count()
    press(edit_link(page, roi, 2))
    reaches_the_correction(page, live_server, roi, 2)


def test_the_director_corrects_a_donne_from_the_full_sheet_on_a_wide_screen(
    page, live_server, sheets
):
    """From 700 px the phone's table is hidden: the full sheet's last column has the
    controls, and a 1024 px screen shows the whole sheet."""
    roimat, _roi = sheets
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(live_server.url + roimat.get_absolute_url())
    assert not page.evaluate(SIDEWAYS)
    assert not page.locator(".full-sheet .scroll").evaluate(CUT)
    press(edit_link(page.locator(".full-sheet"), roimat, 4))
    reaches_the_correction(page, live_server, roimat, 4)
