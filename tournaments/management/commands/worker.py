"""``manage.py worker``: the background worker of the results emails, django-tasks-db's
``db_worker`` (same options) with a heartbeat (``tournaments.heartbeat``) that ``/health/``
and the results batches' watch read, under a supervisor loop: a worker whose database goes
away (its server stopped, a pool's connection not given in time: ``DatabaseError`` out of
``db_worker``'s loop), or that fails otherwise, is logged and started again, under a new
worker id, after ``RESTART_DELAYS`` (1 s, then 2, 4 and 8, then every 10 s while it fails at
once), rather than exiting. A task it was running when the database went is taken up by the
batch's watch once the old id is silent. Ctrl-C or SIGTERM stops it (after the task it is
running, as ``db_worker`` does). Killed outright, the process is started again by whatever
started it: ``make run``'s loop, the compose file's restart policy."""

from __future__ import annotations

import logging
import threading
import time

from django.db import connections
from django.utils.crypto import get_random_string
from django_tasks_db.management.commands.db_worker import Command as DBWorker

from tournaments import heartbeat

logger = logging.getLogger(__name__)

#: Seconds before the worker's loop is started again after its first, second … failure in a
#: row; a loop that ran for ``STEADY_SECONDS`` starts the count again.
RESTART_DELAYS = [1, 2, 4, 8, 10]
STEADY_SECONDS = 60


class Command(DBWorker):
    help = (
        "Run the background tasks (the results emails, a long partie's documents), with a "
        "heartbeat for /health/, started again when its database goes away."
    )

    def handle(self, *args, **options):
        first_id = options["worker_id"]
        failures = 0
        while True:
            worker_id = first_id if failures == 0 else get_random_string(32)
            started = time.monotonic()
            try:
                return self.run_once({**options, "worker_id": worker_id})
            except Exception:
                if time.monotonic() - started > STEADY_SECONDS:
                    failures = 0
                delay = RESTART_DELAYS[min(failures, len(RESTART_DELAYS) - 1)]
                failures += 1
                logger.exception("Email worker %s stopped; started again in %s s", worker_id, delay)
                connections.close_all()
                time.sleep(delay)

    def run_once(self, options) -> None:
        """``db_worker`` as its command runs it, with a heartbeat for its id, until it returns
        (``--batch``, ``--max-tasks``, a signal) or raises."""
        stop = threading.Event()
        try:
            heartbeat.start(stop, options["worker_id"])
            super().handle(**options)
        finally:
            stop.set()
