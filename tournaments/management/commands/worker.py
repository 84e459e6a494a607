"""``manage.py worker``: the background worker of the results emails, django-tasks-db's
``db_worker`` (same options) with a heartbeat (``tournaments.heartbeat``) that ``/health/``
reads."""

from __future__ import annotations

import threading

from django_tasks_db.management.commands.db_worker import Command as DBWorker

from tournaments import heartbeat


class Command(DBWorker):
    help = "Run the background tasks (the results emails), with a heartbeat for /health/."

    def handle(self, *args, **options):
        stop = threading.Event()
        heartbeat.start(stop)
        try:
            return super().handle(*args, **options)
        finally:
            stop.set()
