"""A table's page costs the same at donne 5 and at donne 500 (issue 58): what it shows of its
partie's donnes is computed once after each change and kept (``tournaments.table_page``), so
that the next pages read none of them; and every change shows on the next page read."""

import html

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import services
from scoring.models import Donne, Partie
from scoring.registry import MAX_ENTRIES
from scoring.roimat.record import entry_of_record, record_of
from scoring.roimat.simulate import simulate_donnes
from tests.helpers import donne_post
from tests.test_site_tournaments import DONNE, accept, close, create_evening, table_post
from tournaments.models import Round
from tournaments.table_page import page_of

pytestmark = pytest.mark.django_db


def two_tables(secretary):
    """The tournament and its first round's two tables, their parties played to 100,000."""
    tournament = create_evening(secretary)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    tables = list(Round.objects.get().tables.order_by("number"))
    for table in tables:
        partie = table.partie
        partie.options = {**partie.options, "variant": "official-1000", "target": 100_000}
        partie.save(update_fields=["options"])
    return tournament, tables


def fill(partie: Partie, count: int) -> None:
    """Give ``partie`` ``count`` accepted donnes, played by the engine's simulation."""
    states = simulate_donnes(count, seed=count)
    Donne.objects.bulk_create(
        Donne.from_entry(entry_of_record(record_of(state)), partie=partie, number=number)
        for number, state in enumerate(states, start=1)
    )
    services.after_change(partie)


def page_queries(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        page = client.get(url)
    assert page.status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_a_tables_page_reads_as_much_at_donne_500_as_at_donne_5(secretary):
    _tournament, (short, long) = two_tables(secretary)
    fill(short.partie, 5)
    fill(long.partie, MAX_ENTRIES)
    phone = Client()
    computed, kept = {}, {}
    for count, table in ((5, short), (MAX_ENTRIES, long)):
        url = reverse("tournaments:table_entry", args=[table.code])
        computed[count] = page_queries(phone, url)  # the first page after the change
        kept[count] = page_queries(phone, url)  # every phone's page after it
        page = phone.get(url)
        assert f"Donne {count + 1}" in page.text
        sheet = Partie.objects.get(pk=table.partie_id).sheet
        assert not sheet.finished and sheet.counted == count
        shown = [side.total for side in page.context["sides"]]
        assert shown == [sheet.total_ns, sheet.total_oe] != [0, 0]
        assert page.context["counted"] == count
    assert len(kept[MAX_ENTRIES]) == len(kept[5]) < len(computed[5])
    assert len(computed[MAX_ENTRIES]) == len(computed[5])
    # The kept page reads the table with its partie and the seats, none of the donnes
    # (PostgreSQL's prepared statements are logged without their text: ``scoring.prepared``).
    assert not [sql for sql in kept[MAX_ENTRIES] if sql and "scoring_donne" in sql]


def shown(client, url: str) -> dict:
    """What the table's page shows of its partie (its context)."""
    page = client.get(url)
    assert page.status_code == 200
    form = page.context["form"]
    return {
        "totals": [side.total for side in page.context["sides"]],
        "counted": page.context["counted"],
        "left_out": page.context["left_out"],
        "pending": [entry.number for entry in page.context["pending"]],
        "rivals": [(rival.number, rival.other) for rival in page.context["rivals"]],
        "form": None if form is None else (form.number, form.entry_number),
        "refused_by": page.context["refused_by"],
        "later": page.context["left_for_later"],
        "stamp": page.context["stamp"],
        "text": html.unescape(page.text),
    }


def truth(table) -> dict:
    """What the partie gives now, read whole from the database, nothing kept."""
    partie = services.read_partie(Partie.objects.get(pk=table.partie_id))
    page = page_of(partie)
    correcting = page.correcting
    return {
        "totals": [side.total for side in page.sides],
        "counted": page.counted,
        "left_out": page.left_out,
        "pending": [entry.number for entry in page.pending],
        "rivals": [(rival.number, rival.other) for rival in page.rivals],
        "form": None
        if page.over
        else (None, page.count + 1)
        if correcting is None
        else (correcting.number, correcting.number),
        "refused_by": page.refused_by,
    }


def read_twice(client, url: str) -> dict:
    """The page read twice (the second one kept), the same both times."""
    first, second = shown(client, url), shown(client, url)
    assert {**first, "text": ""} == {**second, "text": ""}
    return second


def agrees(client, url: str, table) -> dict:
    """The page read after a change shows the partie as it now is."""
    page = read_twice(client, url)
    assert {key: page[key] for key in truth(table)} == truth(table)
    return page


def test_every_change_shows_on_the_next_page_read(secretary):
    tournament, (table, other) = two_tables(secretary)
    phone = Client()
    url = reverse("tournaments:table_entry", args=[table.code])
    start = read_twice(phone, url)
    assert start["form"] == (None, 1) and start["totals"] == [0, 0]
    # An entry: pending, in no total.
    phone.post(url, table_post(DONNE, "N", key="k-1", expected=1))
    page = agrees(phone, url, table)
    assert page["pending"] == [1] and page["left_out"] == 1 and page["stamp"] != start["stamp"]
    # Accepted: it counts.
    accept(phone, table, 1)
    page = agrees(phone, url, table)
    assert page["pending"] == [] and page["counted"] == 1 and page["totals"] != [0, 0]
    counted = page["totals"]
    # A second donne, refused: the page asks for its correction and says who refused it.
    second = {**DONNE, "dealer": "E", "points_ns": 40, "plis_ns": 3, "roi_au_bout": False}
    phone.post(url, table_post(second, "N", key="k-2", expected=2))
    agrees(phone, url, table)
    refuse = reverse("tournaments:table_confirm", args=[table.code, 2])
    phone.post(refuse, {"seat": "E", "decision": "refuse", "reason": "points"})
    page = agrees(phone, url, table)
    assert page["form"] == (2, 2) and page["refused_by"].startswith("Refusée par")
    # Corrected: pending again, then accepted.
    version = table.partie.donnes.get(number=2).version
    fix = {**table_post({**second, "points_ns": 44}, "N", key="k-3"), "correct": "2"}
    phone.post(url, {**fix, "version": str(version)})
    page = agrees(phone, url, table)
    assert page["pending"] == [2] and page["form"] == (None, 3)
    accept(phone, table, 2)
    page = agrees(phone, url, table)
    assert page["counted"] == 2 and page["totals"] != counted
    counted = page["totals"]
    # Another phone's different numbers for donne 2: shown to choose.
    late = {**table_post({**second, "points_ns": 30}, "S", key="k-4"), "correct": "2"}
    phone.post(url, {**late, "version": str(version + 1)})
    page = agrees(phone, url, table)
    assert [number for number, _other in page["rivals"]] == [2]
    choose = reverse("tournaments:table_confirm", args=[table.code, 2])
    phone.post(choose, {"seat": "E", "decision": "keep"})
    page = agrees(phone, url, table)
    assert page["rivals"] == [] and page["totals"] == counted
    # The director corrects donne 1 on the sheet.
    edit = reverse("scoring:entry_edit", args=[table.partie_id, 1])
    failed = {**DONNE, "points_ns": 20, "plis_ns": 2, "roi_au_bout": False}
    response = secretary.post(edit, donne_post(failed))
    assert response.status_code == 302
    page = agrees(phone, url, table)
    assert page["totals"] != counted
    # The evening closed, this table left to finish later: its phones say so.
    close(secretary, tournament, {table: "later", other: "excluded"})
    page = agrees(phone, url, table)
    assert page["later"] and "finir sa partie plus tard" in page["text"]
