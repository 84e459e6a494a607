"""The results emails' background task (django-tasks, run by ``manage.py db_worker``).

:func:`send_results_batch` sends recorded messages (``SentMessage``) over one SMTP connection.
Each message is claimed before it is sent (queued or failed → sending), so that two workers, or a
retry and a late first run, never send it twice; it is recorded as sent right after the server
took it. When the server cannot be reached or drops the connection, the messages left are
recorded as failed with the error and the batch is queued again later (``RETRY_DELAYS``), until
``MAX_ATTEMPTS``; an address the server refuses is not tried again.
"""

from __future__ import annotations

import datetime
import logging
import smtplib

from django.core.mail import get_connection
from django.db.models import F
from django.utils import timezone
from django_tasks import task

from tournaments.mail import BATCH_SIZE, MAX_ATTEMPTS, AddressRefused, Renderer
from tournaments.models import SentMessage

logger = logging.getLogger(__name__)

Status = SentMessage.Status

#: Seconds before the next try of a batch, after its first, second … failed attempt.
RETRY_DELAYS = [60, 5 * 60, 15 * 60, 60 * 60]


def enqueue_batches(message_ids: list[int]) -> None:
    """Queue the sending of recorded messages, ``BATCH_SIZE`` to a task."""
    for start in range(0, len(message_ids), BATCH_SIZE):
        send_results_batch.enqueue(message_ids[start : start + BATCH_SIZE])


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
        ).update(status=Status.SENDING, attempts=F("attempts") + 1)
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
    run_after = timezone.now() + retry_delay(max(attempts, 1))
    send_results_batch.using(run_after=run_after).enqueue(ids)
