"""The email workers' heartbeats: while ``manage.py worker`` runs, it writes the time in the
database (``WorkerBeat``, one row a worker id) every ``HEARTBEAT_SECONDS``. ``/health/``
(``clubsite.health``) reads them, so that a worker that died or was never started is seen
before the evening's results emails wait; and the results batches' watch
(``tournaments.tasks``) reads the beats of the worker running a batch, so that a batch whose
worker died is taken up ``SILENT_SECONDS`` after its last beat."""

from __future__ import annotations

import datetime
import threading

from django.db import close_old_connections
from django.utils import timezone

from tournaments.models import WorkerBeat

#: Seconds between two heartbeats of a running worker.
HEARTBEAT_SECONDS = 10
#: A worker not heard from for this long is taken for dead (two heartbeats lost, and some).
SILENT_SECONDS = 3 * HEARTBEAT_SECONDS
#: The beats of workers silent for this long are forgotten.
FORGOTTEN_AFTER = datetime.timedelta(days=1)


def beat(worker: str = "") -> None:
    """Note that the worker ``worker`` (its id) is alive now; forget the long-silent ones."""
    now = timezone.now()
    WorkerBeat.objects.update_or_create(worker=worker, defaults={"at": now})
    WorkerBeat.objects.filter(at__lt=now - FORGOTTEN_AFTER).delete()


def last_beat() -> float | None:
    """When a worker, any, was last heard from (seconds since the epoch), None if never."""
    at = WorkerBeat.objects.order_by("-at").values_list("at", flat=True).first()
    return at.timestamp() if at is not None else None


def heard_from(worker: str) -> datetime.datetime | None:
    """When the worker ``worker`` was last heard from; None if never (a worker without a
    heartbeat, such as django-tasks' plain ``db_worker``, or forgotten)."""
    return WorkerBeat.objects.filter(worker=worker).values_list("at", flat=True).first()


def silent(worker: str, now: datetime.datetime) -> bool:
    """Whether ``worker`` beat once and has been silent for over ``SILENT_SECONDS`` at
    ``now``: it is dead."""
    heard = heard_from(worker)
    return heard is not None and (now - heard).total_seconds() > SILENT_SECONDS


def start(stop: threading.Event, worker: str = "", every: float = HEARTBEAT_SECONDS):
    """Beat now for ``worker`` (raising the database's error if it cannot be written), then
    start a daemon thread that beats every ``every`` seconds until ``stop`` is set; a beat the
    database refuses (its server away a moment) is tried again at the next. Returns the
    thread."""
    beat(worker)

    def run() -> None:
        while not stop.wait(every):
            try:
                beat(worker)
            except Exception:  # noqa: BLE001, S110 - the next beat tries again; the worker goes on
                pass
            finally:
                close_old_connections()

    thread = threading.Thread(target=run, name="worker-heartbeat", daemon=True)
    thread.start()
    return thread
