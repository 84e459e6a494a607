"""``/health/`` (django-health-check, ``clubsite.health``): each part the site needs for an
evening, said well or not, and the email worker's heartbeat written by ``manage.py worker``."""

import datetime
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from tournaments import heartbeat
from tournaments.models import SentMessage, WorkerBeat
from tournaments.tasks import send_results_batch

# The checks run in threads of their own: what they read must be committed.
pytestmark = pytest.mark.django_db(transaction=True)


PARTS = ("Database", "Cache", "ChannelLayer", "EmailWorker", "PendingEmails")


def get(client, path: str, **headers):
    """``client.get`` on a thread of its own: the view is async, and the test client runs it
    with ``async_to_sync``, which refuses a thread with an event loop running (the browser
    tests' Playwright keeps one in the suite's main thread)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(client.get, path, **headers).result()


def health(client):
    """The status and each part's word (``Database``: ``OK`` …), as a monitor reads them."""
    response = get(client, "/health/", HTTP_ACCEPT="application/json")
    parts = {key.split("(")[0]: value for key, value in response.json().items()}
    return response.status_code, parts


def test_every_part_well_is_200(client):
    heartbeat.beat()
    status, parts = health(client)
    assert status == 200
    assert parts == {
        "Database": "OK",
        "Cache": "OK",
        "ChannelLayer": "OK",
        "EmailWorker": "OK",
        "PendingEmails": "OK",
    }
    page = get(client, "/health/")  # a browser's: the site's page
    assert page.status_code == 200 and "ChannelLayer" in page.text


def test_a_worker_never_started_or_silent_is_500_naming_it(client):
    status, parts = health(client)
    assert status == 500 and "never heard from" in parts["EmailWorker"]
    assert parts["Database"] == "OK"
    heartbeat.beat()
    silent = timezone.now() - datetime.timedelta(seconds=heartbeat.SILENT_SECONDS + 5)
    WorkerBeat.objects.update(at=silent)
    status, parts = health(client)
    assert status == 500 and "silent for" in parts["EmailWorker"]


def test_results_emails_waiting_over_an_hour_are_500(client):
    heartbeat.beat()
    send_results_batch.enqueue([])
    status, parts = health(client)
    assert (status, parts) == (200, dict.fromkeys(PARTS, "OK")), str(parts)  # just queued
    DBTaskResult.objects.update(enqueued_at=timezone.now() - datetime.timedelta(hours=2))
    status, parts = health(client)
    assert status == 500 and parts["PendingEmails"].endswith(
        "1 results emails waiting for over an hour"
    )


def test_results_emails_waiting_five_minutes_with_no_live_worker_are_500(client, secretary):
    """The results of an evening wait: while a worker lives, five minutes are no alarm; once
    it is dead (silent), or it left their batch running when it died while another lives,
    the check fails, naming them."""
    from tests.test_results_mail import confirm, evening

    confirm(secretary, evening(4))
    SentMessage.objects.update(queued_at=timezone.now() - datetime.timedelta(minutes=6))
    heartbeat.beat("alive")
    status, parts = health(client)
    assert parts["PendingEmails"] == "OK", parts
    silent = timezone.now() - datetime.timedelta(seconds=heartbeat.SILENT_SECONDS + 5)
    WorkerBeat.objects.update(at=silent)
    status, parts = health(client)
    assert status == 500 and parts["PendingEmails"].endswith(
        "4 results emails waiting for over 5 minutes with no live worker"
    )
    # Another worker lives, but the batch is still held by the dead one.
    DBTaskResult.objects.filter(task_path__endswith=".send_results_batch").update(
        status="RUNNING", worker_ids=["alive"]
    )
    heartbeat.beat("another")
    status, parts = health(client)
    assert status == 500 and "no live worker" in parts["PendingEmails"]
    heartbeat.beat("alive")  # it was only slow
    status, parts = health(client)
    assert parts["PendingEmails"] == "OK", parts


def test_the_worker_beats_while_it_runs():
    before = time.time()
    call_command("worker", "--batch", "--no-startup-delay", "--no-reload", verbosity=0)
    assert heartbeat.last_beat() >= before
