"""The email worker's heartbeat: while ``manage.py worker`` runs, it writes the time in the
database (``WorkerBeat``, one row) every ``HEARTBEAT_SECONDS``; ``/health/``
(``clubsite.health``) reads it, so that a worker that died or was never started is seen
before the evening's results emails wait."""

from __future__ import annotations

import threading

from django.db import close_old_connections
from django.utils import timezone

from tournaments.models import WorkerBeat

#: Seconds between two heartbeats of a running worker.
HEARTBEAT_SECONDS = 30
#: A worker not heard from for this long is taken for dead (two heartbeats lost, and some).
SILENT_SECONDS = 3 * HEARTBEAT_SECONDS


def beat() -> None:
    """Note that the worker is alive now."""
    WorkerBeat.objects.update_or_create(pk=1, defaults={"at": timezone.now()})


def last_beat() -> float | None:
    """When the worker was last heard from (seconds since the epoch), None if never."""
    at = WorkerBeat.objects.filter(pk=1).values_list("at", flat=True).first()
    return at.timestamp() if at is not None else None


def start(stop: threading.Event, every: float = HEARTBEAT_SECONDS) -> threading.Thread:
    """Beat now, then start a daemon thread that beats every ``every`` seconds until ``stop``
    is set; a beat the cache refuses (its server away a moment) is tried again at the next."""
    beat()

    def run() -> None:
        while not stop.wait(every):
            try:
                beat()
            except Exception:  # noqa: BLE001, S110 - the next beat tries again; the worker goes on
                pass
            finally:
                close_old_connections()

    thread = threading.Thread(target=run, name="worker-heartbeat", daemon=True)
    thread.start()
    return thread
