"""A partie played at a distance and corrected on its sheet after its end (#53): the phones
still on its live page are sent the table again, with the sheet's totals, its end-of-partie
box's scores and its Table de marque, the same as the sheet page's."""

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from scoring import remote, services
from scoring.models import Partie
from tests.helpers import donne_post
from tests.test_remote_ws import page, run, state

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def finished(transactional_db, django_user_model):
    """A club-8 Roimat table played to its end by four simulated players, and its director."""
    owner = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=owner)
    for seat in "NESO":
        remote.seat_robot(table=table, seat=seat, user=owner)
    table.refresh_from_db()
    assert not services.written_by_table(table.partie)
    director = django_user_model.objects.create_user("dir", password="x-2026-dir")
    director.is_superuser = True
    director.save()
    client = Client()
    client.force_login(director)
    return table, client


def sheet_totals(partie) -> dict[str, int]:
    """Each seat's total as the sheet page shows it (its team's)."""
    sheet = Partie.objects.get(pk=partie.pk).sheet
    return {seat: sheet.total("ns" if seat in "NS" else "oe") for seat in "NESO"}


def test_a_correction_after_the_end_reaches_the_live_page_with_the_sheets_totals(finished):
    table, client = finished
    partie = table.partie
    before = sheet_totals(partie)
    last = partie.donnes.order_by("number").last()
    entry = services.entry_data(last)
    entry["faults"] = [*entry.get("faults", []), "N"]  # a faute de jeu noted after the end

    def correct():
        url = reverse("scoring:entry_edit", args=[partie.pk, last.number])
        response = client.post(url, donne_post(entry))
        assert response.status_code == 302, response.content.decode()[:2000]

    async def scenario():
        comm, first = await page(table.code)
        assert first["finished"] and first["totals"] == before
        await database_sync_to_async(correct)()
        pushed = await state(comm, timeout=5)
        await comm.disconnect()
        return first, pushed

    first, pushed = run(scenario())
    after = sheet_totals(partie)
    assert after != before  # the faute changed the sheet
    assert pushed["totals"] == after and pushed["finished"]
    # the end-of-partie box: the last donne's own points as the sheet now gives them
    scores = pushed["ended"]["scores"]
    assert scores is not None and scores != first["ended"]["scores"]
    # the Table de marque drawn beside the play ends with the sheet's totals
    foot = pushed["sheet"]["foot"]
    assert [int(foot[2]), int(foot[4])] == [after["N"], after["E"]]
    # a page opened now gets the same
    assert remote.table_views(table)["spectator"]["totals"] == after
