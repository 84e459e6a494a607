"""The PDF and Excel of a long partie: made once by the task worker, then kept.

A partie's documents are kept until anything changes (``scoring.freshness``). A short
partie's are made by the request that first asks for them (a few ms). A partie of more than
``LONG_PARTIE`` entries would take a page thread up to 1.4 s (500 entries, its Excel), and
every visitor asking at once would make it again: so the request that finds it not kept
queues one task (``make_document``, run by ``manage.py worker`` beside the results emails)
and answers the page "being prepared", which asks again every ``RELOAD_SECONDS``; the first
request after the task has run serves it, and keeps it for the next ones.

The task works for the stamps the request read (``freshness.held``). Its result is recorded,
with them, in django-tasks' table: the database, which the site's processes and the worker
share whatever the cache (without ``REDIS_URL`` the cache is the serving process's memory,
not the worker's). A request reading the same stamps moves it into the cache under ``kept``'s
key and stamps and serves it; once the partie changed, the stamps are new, so the old
document is never served and one is queued for the new state.

One task per document and state: a request queues one, under the partie's row lock (on
SQLite, its write transaction), only when none was tried for that state in the last
``LOST_SECONDS`` (waiting, running, or failed: a task running for longer is taken for lost,
its worker stopped, and a failed one is tried again after as long). The results of the
document's older states are deleted then.
"""

from __future__ import annotations

import base64
import datetime
from collections.abc import Callable

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language, override
from django_tasks import task
from django_tasks_db.compat import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from scoring import documents, freshness
from scoring.models import Partie
from scoring.selectors import parties

#: Entries (donnes or rounds) past which a partie's PDF and Excel are made by the task worker.
LONG_PARTIE = 150
#: Seconds a task of a document may run, or lie failed, before it is queued again.
LOST_SECONDS = 120
#: Seconds between two looks of the page "being prepared" (its ``<meta http-equiv=refresh>``).
RELOAD_SECONDS = 3
#: The documents by extension: their content type and what makes them of a stored partie.
KINDS: dict[str, tuple[str, Callable[[Partie], bytes]]] = {
    "pdf": (documents.PDF, documents.partie_pdf),
    "xlsx": (documents.XLSX, documents.partie_xlsx),
}

#: A kept document: its bytes and its file name.
Document = tuple[bytes, str]


def document_key(pk: int, extension: str) -> str:
    """The name the document ``extension`` of partie ``pk`` is kept under (``freshness``),
    in the current language (the sheet's words)."""
    return f"document:{pk}:{extension}:{get_language()}"


def made(partie: Partie, extension: str) -> Document:
    """The document ``extension`` ("pdf" or "xlsx") of a stored ``partie`` (read by
    ``selectors.parties``), made now, and its file name."""
    return KINDS[extension][1](partie), documents.filename(partie, extension)


def is_long(partie: Partie) -> bool:
    """Whether ``partie`` holds more than ``LONG_PARTIE`` entries (one count query)."""
    return getattr(partie, partie.adapter.entries_relation).count() > LONG_PARTIE


@task()
def make_document(pk: int, extension: str, language: str, document: str, state: str) -> dict:
    """Make the document ``extension`` of partie ``pk`` in ``language``; ``document`` (its
    ``document_key``) and ``state`` (that key with the code and stamps it is made for) name
    it for ``from_worker``. Returns ``{"content": base64 text, "name": file name}``; raises
    ``Partie.DoesNotExist`` for a partie deleted since."""
    with override(language):
        content, name = made(parties().get(pk=pk), extension)
    return {"content": base64.b64encode(content).decode("ascii"), "name": name}


def _tasks(**kwargs: str):
    """The recorded ``make_document`` tasks whose keyword arguments include ``kwargs``."""
    lookups = {f"args_kwargs__kwargs__{name}": value for name, value in kwargs.items()}
    return DBTaskResult.objects.filter(task_path=make_document.module_path, **lookups)


def _tried(state: str):
    """The tasks of ``state`` that count as on their way: waiting, or running or failed in
    the last ``LOST_SECONDS``."""
    since = timezone.now() - datetime.timedelta(seconds=LOST_SECONDS)
    return _tasks(state=state).filter(
        Q(status=TaskResultStatus.READY)
        | Q(status=TaskResultStatus.RUNNING, started_at__gte=since)
        | Q(status=TaskResultStatus.FAILED, finished_at__gte=since)
    )


def from_worker(partie: Partie, extension: str, stamps: tuple[str, ...]) -> Document | None:
    """The document ``extension`` of a long ``partie`` as the worker made it for ``stamps``
    (``freshness.held``'s, read before), or None: then one task makes it (queued now unless
    one is on its way) and the sheet page says it is being prepared (``preparing``)."""
    key = document_key(partie.pk, extension)
    state = ":".join((key, freshness.code(), *stamps))
    done = _tasks(state=state).filter(status=TaskResultStatus.SUCCESSFUL).first()
    if done is not None:
        freshness.keep(f"preparing:{key}", False, stamps)
        return base64.b64decode(done.return_value["content"]), done.return_value["name"]
    if not _tried(state).exists():
        with transaction.atomic():
            Partie.objects.select_for_update().filter(pk=partie.pk).first()
            if not _tried(state).exists():
                _tasks(document=key).exclude(args_kwargs__kwargs__state=state).filter(
                    status__in=[TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED]
                ).delete()
                make_document.enqueue(
                    pk=partie.pk,
                    extension=extension,
                    language=get_language(),
                    document=key,
                    state=state,
                )
    freshness.keep(f"preparing:{key}", True, stamps)
    return None


def preparing(pk: int) -> list[str]:
    """The documents of partie ``pk`` being prepared by the worker for the current stamps, in
    the current language (``["pdf", "xlsx"]``, or fewer): asked for and not served yet. Two
    cache reads."""
    return [
        extension
        for extension in KINDS
        if freshness.held(f"preparing:{document_key(pk, extension)}")[1] is True
    ]
