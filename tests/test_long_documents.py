"""A long partie's PDF and Excel are made once by the task worker and kept (issue #58): the
request answers the page "being prepared" (which asks again by itself) and queues one task;
once the worker has run it, the same address downloads the document, until the partie
changes. ``LONG_PARTIE`` is set low here, so that the club's eight donnes make a long partie."""

import datetime
import threading

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from scoring import document_tasks
from scoring.roimat.notation import parse_sheet
from tests.helpers import donne_post, partie_import
from tests.test_one_truth import SHEET_TOTALS, numbers, pdf_text, xlsx_cells

pytestmark = pytest.mark.django_db(transaction=True)


def run_worker() -> None:
    """What ``manage.py worker`` does in the room, until no task is ready."""
    call_command(
        "db_worker", "--batch", "--no-startup-delay", "--no-reload", "--interval", "0", verbosity=0
    )


def document_tasks_queued(**lookups) -> int:
    """The document tasks recorded (waiting, or done and kept for their result)."""
    tasks = DBTaskResult.objects.filter(task_path__endswith=".make_document", **lookups)
    return tasks.count()


@pytest.fixture
def made(monkeypatch) -> list[str]:
    """The documents made, wherever (a request or the worker), by extension; parties of more
    than two entries are long."""
    monkeypatch.setattr(document_tasks, "LONG_PARTIE", 2)
    calls: list[str] = []
    for extension, (content_type, make) in list(document_tasks.KINDS.items()):

        def counted(partie, make=make, extension=extension):
            calls.append(extension)
            return make(partie)

        monkeypatch.setitem(document_tasks.KINDS, extension, (content_type, counted))
    return calls


@pytest.fixture
def long_partie(club8_sheet):
    """The club's partie, its first seven donnes (-402 / 154; the eighth is -302 / 54)."""
    return partie_import(sheet=parse_sheet({**club8_sheet, "donnes": club8_sheet["donnes"][:7]}))


def preparing(response) -> bool:
    """The answer is the page "being prepared", asking again by itself."""
    return response.status_code == 202 and b'http-equiv="refresh"' in response.content


def test_a_long_partie_pdf_is_made_by_the_worker_once_then_downloaded(client, long_partie, made):
    url = reverse("scoring:partie_pdf", args=[long_partie.pk])
    first = client.get(url)
    assert preparing(first) and made == [] and document_tasks_queued() == 1
    page = client.get(long_partie.get_absolute_url()).content.decode()
    assert f'class="button preparing" href="{url}"' in page
    assert page.count("button preparing") == 1  # the Excel was not asked for

    run_worker()
    assert made == ["pdf"]
    download = client.get(url)
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert numbers(SHEET_TOTALS, pdf_text(download.content)) == (-402, 154)
    again = client.get(url)
    assert again.content == download.content and made == ["pdf"]
    assert "button preparing" not in client.get(long_partie.get_absolute_url()).content.decode()


def test_two_requests_queue_one_task(client, long_partie, made):
    url = reverse("scoring:partie_xlsx", args=[long_partie.pk])
    assert preparing(client.get(url)) and preparing(client.get(url))
    assert document_tasks_queued() == 1 and made == []
    run_worker()
    download = client.get(url)
    cells = " ".join(xlsx_cells(download.content))
    assert numbers(SHEET_TOTALS, cells) == (-402, 154) and made == ["xlsx"]


def test_six_visitors_at_once_queue_one_task_and_make_nothing(long_partie, made):
    url = reverse("scoring:partie_pdf", args=[long_partie.pk])
    barrier = threading.Barrier(6)
    answers = []

    def visit() -> None:
        try:
            barrier.wait()
            answers.append(preparing(Client().get(url)))
        finally:
            connection.close()

    threads = [threading.Thread(target=visit) for _visitor in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [True] * 6 and made == [] and document_tasks_queued() == 1


def test_a_change_to_the_partie_makes_the_kept_document_stale(
    client, secretary, long_partie, made, club8_sheet
):
    url = reverse("scoring:partie_pdf", args=[long_partie.pk])
    client.get(url)
    run_worker()
    assert numbers(SHEET_TOTALS, pdf_text(client.get(url).content)) == (-402, 154)

    entry = reverse("scoring:entry_create", args=[long_partie.pk])
    assert secretary.post(entry, donne_post(club8_sheet["donnes"][7])).status_code == 302
    assert preparing(client.get(url)) and document_tasks_queued(status="READY") == 1
    assert document_tasks_queued() == 1  # the stale document's result is deleted
    run_worker()
    assert numbers(SHEET_TOTALS, pdf_text(client.get(url).content)) == (-302, 54)
    assert made == ["pdf", "pdf"]


def test_a_change_while_the_worker_makes_it_is_not_served_stale(
    client, secretary, long_partie, made, club8_sheet
):
    url = reverse("scoring:partie_pdf", args=[long_partie.pk])
    client.get(url)  # queued for the seven donnes
    entry = reverse("scoring:entry_create", args=[long_partie.pk])
    secretary.post(entry, donne_post(club8_sheet["donnes"][7]))
    run_worker()  # made for the state asked: served to nobody
    assert preparing(client.get(url))
    run_worker()
    assert numbers(SHEET_TOTALS, pdf_text(client.get(url).content)) == (-302, 54)


def test_a_short_partie_is_downloaded_at_once(client, long_partie, made, monkeypatch):
    monkeypatch.setattr(document_tasks, "LONG_PARTIE", 7)
    download = client.get(reverse("scoring:partie_pdf", args=[long_partie.pk]))
    assert download.status_code == 200 and made == ["pdf"] and document_tasks_queued() == 0


def test_a_document_whose_worker_died_is_queued_again(client, long_partie, made):
    """A task left running (its worker killed) for longer than ``LOST_SECONDS`` is taken for
    lost: the next look of the page queues the document again, and the worker makes it."""
    url = reverse("scoring:partie_pdf", args=[long_partie.pk])
    client.get(url)
    lost = timezone.now() - datetime.timedelta(seconds=document_tasks.LOST_SECONDS + 1)
    DBTaskResult.objects.update(status="RUNNING", started_at=lost)
    assert preparing(client.get(url)) and document_tasks_queued(status="READY") == 1
    run_worker()
    assert numbers(SHEET_TOTALS, pdf_text(client.get(url).content)) == (-402, 154)
