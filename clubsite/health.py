"""``/health/``: what a club's site needs to serve an evening, each part checked by
django-health-check (``HealthCheckView``): the database, the cache (Redis in production: also
the rate limits'), the channel layer of the remote tables, the email worker's heartbeat and the
results emails waiting (five minutes with no live worker, or due for an hour). 200 when all are
well, 500 with the part that is not (HTML, or JSON with ``?format=json`` or ``Accept:
application/json``): the compose file's health check and a host's monitor read it."""

from __future__ import annotations

import dataclasses
import datetime
import time

from channels.layers import get_channel_layer
from django.db import connection
from django.utils import timezone
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult
from health_check.base import HealthCheck
from health_check.checks import Cache, Database
from health_check.exceptions import ServiceUnavailable
from health_check.views import HealthCheckView

from tournaments import heartbeat
from tournaments.models import SentMessage

#: Tasks due for longer than this mean the worker does not keep up (or is stuck).
PENDING_LIMIT = datetime.timedelta(hours=1)
#: Results emails waiting longer than this with no live worker to send them fail the check.
UNSERVED_LIMIT = datetime.timedelta(minutes=5)


@dataclasses.dataclass
class ChannelLayer(HealthCheck):
    """A message sent to a new channel of the remote tables' layer comes back."""

    async def run(self) -> None:
        layer = get_channel_layer()
        if layer is None:
            raise ServiceUnavailable("no channel layer")
        try:
            channel = await layer.new_channel()
            await layer.send(channel, {"type": "health.check"})
            message = await layer.receive(channel)
        except Exception as error:  # noqa: BLE001 - the layer's server away: said, not raised
            raise ServiceUnavailable(f"channel layer: {type(error).__name__}") from error
        if message.get("type") != "health.check":
            raise ServiceUnavailable("channel layer: another message came back")


def own_connection(check):
    """Run a check that reads the database on the thread the view gives it, then give that
    thread's connection back (to the pool with PostgreSQL: a check's thread is no request's,
    which Django would close)."""

    def run(self) -> None:
        try:
            check(self)
        finally:
            connection.close()

    return run


@dataclasses.dataclass
class EmailWorker(HealthCheck):
    """The email worker (``manage.py worker``) was heard from within
    ``heartbeat.SILENT_SECONDS``."""

    @own_connection
    def run(self) -> None:
        last = heartbeat.last_beat()
        if last is None:
            raise ServiceUnavailable("email worker: never heard from (manage.py worker)")
        silent = time.time() - last
        if silent > heartbeat.SILENT_SECONDS:
            raise ServiceUnavailable(f"email worker: silent for {silent:.0f} s")


@dataclasses.dataclass
class PendingEmails(HealthCheck):
    """No results email has waited longer than ``UNSERVED_LIMIT`` with no live worker to
    send it (none heard from within ``heartbeat.SILENT_SECONDS``, or its batch held by a
    worker silent since), and no task has been due longer than ``PENDING_LIMIT``."""

    @own_connection
    def run(self) -> None:
        now = timezone.now()
        waiting = SentMessage.objects.filter(
            status__in=[SentMessage.Status.QUEUED, SentMessage.Status.SENDING],
            queued_at__lt=now - UNSERVED_LIMIT,
        ).count()
        if waiting and not served_by_a_live_worker(now):
            raise ServiceUnavailable(
                f"{waiting} results emails waiting for over 5 minutes with no live worker"
            )
        late = DBTaskResult.objects.ready().filter(enqueued_at__lt=now - PENDING_LIMIT)
        count = late.count()
        if count:
            raise ServiceUnavailable(f"{count} results emails waiting for over an hour")


def served_by_a_live_worker(now: datetime.datetime) -> bool:
    """Whether a worker was heard from within ``heartbeat.SILENT_SECONDS`` and no task is
    left running by a worker silent since (a batch that worker held)."""
    last = heartbeat.last_beat()
    if last is None or now.timestamp() - last > heartbeat.SILENT_SECONDS:
        return False
    running = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING)
    held_by = {ids[-1] for ids in running.values_list("worker_ids", flat=True) if ids}
    return not any(heartbeat.silent(worker, now) for worker in held_by)


CHECKS = (Database, Cache, ChannelLayer, EmailWorker, PendingEmails)


def health_view():
    """The ``/health/`` view (``CHECKS``)."""
    return HealthCheckView.as_view(checks=CHECKS)
