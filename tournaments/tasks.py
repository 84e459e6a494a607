"""The results emails' background task (django-tasks, run by ``manage.py worker``), and
the queueing of the messages it sends.

:func:`queue_results` (an evening's results, confirmed by the director) and
:func:`request_sheets` (a player's own sheets) record the messages (``SentMessage``) and queue
them. :func:`send_results_batch` sends recorded messages (``SentMessage``) over one SMTP connection.
Each message is claimed before it is sent (queued or failed → sending), so that two workers, or a
retry and a late first run, never send it twice; it is recorded as sent right after the server
took it. When the server cannot be reached or drops the connection, the messages left are
recorded as failed with the error and the batch is queued again later (``RETRY_DELAYS``), until
``MAX_ATTEMPTS``; an address the server refuses is not tried again.

A worker may die in the middle of a batch (killed, the laptop shut, its database gone): its task
stays "running" in django-tasks' table and its messages queued, one perhaps "sending". So each
batch is queued with a watch (:func:`watch_results_batch`), which looks at it every
``WATCH_SECONDS`` from its time to run while it waits or runs: the batch is taken up when the
worker running it (``manage.py worker``, whose heartbeat says it lives: ``tournaments.heartbeat``)
has been silent for ``heartbeat.SILENT_SECONDS`` — so within a minute of its last heartbeat,
once a worker runs the watch —, or when the task has made no progress for
``RESULTS_STALE_SECONDS`` (no message of it claimed since it started: a worker stuck, or one
without a heartbeat, django-tasks' plain ``db_worker``), or ended in an error. Then the task is
recorded as failed, a message of it still "sending" from before the silence as failed (one
attempt spent), and the messages still to send are queued in a new batch. Claims keep it safe
when the batch was only slow: a message is sent by whoever claims it first, once.
``EMAIL_TIMEOUT`` keeps one message's sending well under ``RESULTS_STALE_SECONDS``.
"""

from __future__ import annotations

import datetime
import logging
import smtplib
from dataclasses import dataclass, field

from django.conf import settings
from django.core.mail import get_connection
from django.db import transaction
from django.db.models import F, Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tasks import task
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from scoring.models import Player
from tournaments import heartbeat
from tournaments.mail import (
    BATCH_SIZE,
    MAX_ATTEMPTS,
    REQUEST_INTERVAL,
    AddressRefused,
    Renderer,
    SendRefused,
    results_plan,
    smtp_address,
)
from tournaments.models import SentMessage, Tournament

logger = logging.getLogger(__name__)

Status = SentMessage.Status

#: Seconds before the next try of a batch, after its first, second … failed attempt.
RETRY_DELAYS = [60, 5 * 60, 15 * 60, 60 * 60]
#: Seconds between two looks of a batch's watch while the batch waits or runs.
WATCH_SECONDS = 15


def enqueue_batches(message_ids: list[int], run_after: datetime.datetime | None = None) -> None:
    """Queue the sending of recorded messages, ``BATCH_SIZE`` to a task (at ``run_after``, or
    now), each batch with its watch."""
    for start in range(0, len(message_ids), BATCH_SIZE):
        batch = message_ids[start : start + BATCH_SIZE]
        sending = send_results_batch.using(run_after=run_after).enqueue(batch)
        watch_later(batch, str(sending.id), run_after or timezone.now())


def watch_later(message_ids: list[int], task_id: str, since: datetime.datetime) -> None:
    """Queue the watch of the batch ``message_ids`` (task ``task_id``), ``WATCH_SECONDS``
    after ``since``."""
    watch_at = since + datetime.timedelta(seconds=WATCH_SECONDS)
    watch_results_batch.using(run_after=watch_at).enqueue(message_ids, task_id)


def stale_after() -> datetime.timedelta:
    """How long a batch's task may go without progress before it counts as dead."""
    return datetime.timedelta(seconds=settings.RESULTS_STALE_SECONDS)


@dataclass
class QueueReport:
    """What one confirmation queued, skipped (already served or on its way), and left out."""

    queued: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    no_address: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)


def queue_results(
    *, tournament: Tournament, again: bool = False, outdated: bool = False
) -> QueueReport:
    """Record and queue the results messages of a closed ``tournament``: one per address of
    :func:`results_plan` not yet served (with ``again``, also those already sent; never one
    still on its way). With ``outdated``, only the addresses whose results changed since they
    were sent (``Recipient.outdated``), each message saying which one it replaces. Raises
    ``SendRefused`` while the evening is open."""
    report = QueueReport()
    with transaction.atomic():
        # One confirmation at a time per evening (two clicks at once queue once).
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        if not tournament.finished:
            raise SendRefused(
                _("Close the tournament first: results are sent only once it is closed.")
            )
        plan = results_plan(tournament)
        report.no_address = plan.no_address
        report.refused = [f"{r.label} <{r.address}>" for r in plan.refused]
        created = []
        for recipient in plan.sendable:
            if outdated and not recipient.outdated:
                continue
            on_its_way = recipient.served and recipient.last.status != Status.SENT
            if on_its_way or (recipient.served and not (again or outdated)):
                report.skipped.append(recipient.label)
                continue
            created.append(
                SentMessage.objects.create(
                    tournament=tournament,
                    player=recipient.player,
                    to=recipient.address,
                    everything=recipient.everything,
                    replaces=recipient.last.queued_at if recipient.outdated else None,
                )
            )
            report.queued.append(recipient.label)
        enqueue_batches([m.pk for m in created])
    return report


def request_sheets(*, tournament: Tournament, player: Player) -> SentMessage:
    """Queue a player's own sheets of a closed evening and the ranking, to his address, at
    most once per ``REQUEST_INTERVAL``; raises ``SendRefused`` saying why not."""
    if not tournament.finished:
        raise SendRefused(_("This evening is not closed yet: its results are not sent."))
    if not player.email:
        raise SendRefused(_("%(name)s has no email address.") % {"name": player})
    try:
        smtp_address(player.email)
    except AddressRefused as error:
        raise SendRefused(
            _("The address of %(name)s cannot be used: %(why)s.") % {"name": player, "why": error}
        ) from error
    with transaction.atomic():
        # One request at a time per player (two taps at once queue once).
        Player.objects.select_for_update().get(pk=player.pk)
        since = timezone.now() - REQUEST_INTERVAL
        if SentMessage.objects.filter(
            player=player, reason=SentMessage.Reason.REQUEST, queued_at__gte=since
        ).exists():
            raise SendRefused(
                _("Sheets were already sent to %(name)s less than an hour ago: try again later.")
                % {"name": player}
            )
        message = SentMessage.objects.create(
            tournament=tournament, player=player, to=player.email, reason=SentMessage.Reason.REQUEST
        )
        enqueue_batches([message.pk])
    return message


class WorkerLost(RuntimeError):
    """The worker running a batch stopped before the end (recorded on its task)."""


def retry_delay(attempts: int) -> datetime.timedelta:
    """How long a batch waits after a message's ``attempts``-th failed attempt."""
    return datetime.timedelta(seconds=RETRY_DELAYS[min(attempts, len(RETRY_DELAYS)) - 1])


def fail(message: SentMessage, error: BaseException, *, final: bool = False) -> None:
    """Record a failed attempt (``final``: never try this one again)."""
    text = f"{type(error).__name__}: {error}"[:300]
    changes = {"status": Status.FAILED, "error": text}
    if final:
        changes["attempts"] = MAX_ATTEMPTS
    SentMessage.objects.filter(pk=message.pk).update(**changes)
    logger.warning("Results email to %s failed: %s", message.to, text)


def claim(message: SentMessage) -> bool:
    """Take a message for sending (one attempt more); False when it is no longer to send."""
    return bool(
        SentMessage.objects.filter(
            pk=message.pk, status__in=[Status.QUEUED, Status.FAILED], attempts__lt=MAX_ATTEMPTS
        ).update(status=Status.SENDING, attempts=F("attempts") + 1, claimed_at=timezone.now())
    )


@task()
def send_results_batch(message_ids: list[int]) -> dict[str, int]:
    """Send the recorded messages ``message_ids`` still to send, over one SMTP connection;
    queue the ones that failed again later. Returns the counts."""
    to_send = list(
        SentMessage.objects.filter(
            pk__in=message_ids, status__in=[Status.QUEUED, Status.FAILED], attempts__lt=MAX_ATTEMPTS
        )
        .select_related("tournament")
        .order_by("pk")
    )
    counts = {"sent": 0, "failed": 0}
    if not to_send:
        return counts
    renderer = Renderer()
    connection = get_connection()
    try:
        connection.open()
    except (OSError, smtplib.SMTPException) as error:
        for message in to_send:
            if claim(message):
                fail(message, error)
                counts["failed"] += 1
        retry_later(message_ids)
        return counts
    try:
        for message in to_send:
            if not claim(message):
                continue
            try:
                email = renderer.message(message)
            except AddressRefused as error:
                fail(message, error, final=True)
                counts["failed"] += 1
                continue
            except Exception as error:  # a sheet that cannot be rendered: tried again later
                logger.exception("Results email to %s could not be built", message.to)
                fail(message, error)
                counts["failed"] += 1
                continue
            try:
                connection.send_messages([email])
            except smtplib.SMTPRecipientsRefused as error:
                fail(message, error, final=True)
                counts["failed"] += 1
            except (OSError, smtplib.SMTPException) as error:
                # The connection is lost: this one and the rest wait for the next try.
                fail(message, error)
                counts["failed"] += 1
                break
            else:
                SentMessage.objects.filter(pk=message.pk).update(
                    status=Status.SENT,
                    sent_at=timezone.now(),
                    error="",
                    subject=email.subject[:200],
                    attachments=len(email.attachments),
                )
                counts["sent"] += 1
    finally:
        try:
            connection.close()
        except (OSError, smtplib.SMTPException):
            pass
    retry_later(message_ids)
    return counts


def retry_later(message_ids: list[int]) -> None:
    """Queue again, after a delay, the messages of a batch that are still to send."""
    left = SentMessage.objects.filter(
        pk__in=message_ids, status__in=[Status.QUEUED, Status.FAILED], attempts__lt=MAX_ATTEMPTS
    )
    ids = list(left.order_by("pk").values_list("pk", flat=True))
    if not ids:
        return
    attempts = max(left.values_list("attempts", flat=True))
    enqueue_batches(ids, run_after=timezone.now() + retry_delay(max(attempts, 1)))


def worker_lost(sending: DBTaskResult, messages, now: datetime.datetime):
    """Why the running task ``sending`` of the batch ``messages`` counts as lost at ``now``
    (a sentence), with the time before which a message of it still "sending" was claimed by
    the lost worker; None while its worker lives and it makes progress."""
    worker = sending.worker_ids[-1] if sending.worker_ids else ""
    if heartbeat.silent(worker, now):
        silence = datetime.timedelta(seconds=heartbeat.SILENT_SECONDS - heartbeat.HEARTBEAT_SECONDS)
        return f"its worker {worker} silent since {heartbeat.heard_from(worker):%H:%M:%S}", (
            now - silence
        )
    claimed = messages.aggregate(last=Max("claimed_at"))["last"]
    progress = max(filter(None, [sending.started_at, claimed]), default=now)
    if now - progress >= stale_after():
        return f"no progress since {progress:%Y-%m-%d %H:%M:%S}", now - stale_after()
    return None


@task()
def watch_results_batch(message_ids: list[int], task_id: str) -> dict[str, int]:
    """Take up the batch ``message_ids`` of the task ``task_id`` if its worker died: see the
    module's docstring. Watches again later while the task waits or runs. Returns the
    messages queued again (``requeued``) and those found left "sending" (``lost``)."""
    counts = {"requeued": 0, "lost": 0}
    messages = SentMessage.objects.filter(pk__in=message_ids)
    if not messages.filter(status__in=[Status.QUEUED, Status.SENDING]).exists():
        return counts
    now = timezone.now()
    claimed_before = now - stale_after()
    sending = DBTaskResult.objects.filter(pk=task_id).first()
    if sending is not None and sending.status == TaskResultStatus.SUCCESSFUL:
        return counts  # it queued what it left itself, for later (retry_later)
    if sending is not None and sending.status == TaskResultStatus.READY:
        watch_later(message_ids, task_id, max(now, sending.run_after or now))
        return counts
    if sending is not None and sending.status == TaskResultStatus.RUNNING:
        lost = worker_lost(sending, messages, now)
        if lost is None:
            watch_later(message_ids, task_id, now)
            return counts
        why, claimed_before = lost
        sending.set_failed(WorkerLost(why))
    elif sending is not None:
        claimed_before = now  # it ended in an error: nothing of it is still being sent
    gone = WorkerLost("the worker stopped while sending it")
    counts["lost"] = messages.filter(status=Status.SENDING, claimed_at__lt=claimed_before).update(
        status=Status.FAILED, error=f"{type(gone).__name__}: {gone}"
    )
    ids = list(
        messages.filter(
            Q(status=Status.QUEUED) | Q(status=Status.FAILED, attempts__lt=MAX_ATTEMPTS)
        ).values_list("pk", flat=True)
    )
    logger.warning(
        "Results batch %s lost its worker: %d message(s) queued again", task_id, len(ids)
    )
    enqueue_batches(ids)
    counts["requeued"] = len(ids)
    return counts
