"""The README's screenshots, taken by ``make screenshots`` (not part of the suite: pytest only
runs this file when named): the entry of a donne on a phone and the Table de marque, from an
evening's table with a few donnes entered and confirmed."""

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.browser.person import choose_value
from tests.test_site_tournaments import DONNE, accept, table_post

DOCS = Path(__file__).resolve().parents[2] / "docs"
pytestmark = pytest.mark.django_db(transaction=True)


def test_refresh_the_readmes_screenshots(page, live_server, evening):
    table = evening[0]
    url = reverse("tournaments:table_entry", args=[table.code])
    phone = Client()
    donnes = [
        {**DONNE, "dealer": "N"},
        {**DONNE, "dealer": "E", "trump": "B", "plis_ns": 3, "points_ns": 41, "roi_au_bout": False},
        {**DONNE, "dealer": "S", "trump": "V", "plis_ns": 7, "points_ns": 96, "contre_plis": True},
    ]
    for number, donne in enumerate(donnes, start=1):
        phone.post(url, table_post(donne, "N"))
        accept(phone, table, number)
    page.goto(live_server.url + url)
    choose_value(page.locator("form.donne-form"), "trump", "R")
    page.locator("[name=plis_ns]").fill("5")
    page.locator("[name=points_ns]").fill("70")
    page.locator("fieldset", has=page.locator("[name=plis_ns]")).evaluate(
        "node => window.scrollTo(0, node.getBoundingClientRect().top + scrollY - 480)"
    )
    page.screenshot(path=DOCS / "saisie-telephone.png")  # what the phone shows, its button too
    page.set_viewport_size({"width": 1100, "height": 800})
    page.goto(live_server.url + table.partie.get_absolute_url())
    page.screenshot(path=DOCS / "table-de-marque.png", full_page=True)
