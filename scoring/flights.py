"""One answer a submission: the copies of one form share what its first copy was told.

A phone that loses its connection while its form is on the way sends it again, with the same
idempotency key; in a room that happens to many tables at once, and each copy used to read
and lock its partie after the first, only to find its key stored. Within one server process:

- a copy that arrives while the first is still being handled waits for it here, then answers
  what the first was told (Go's ``singleflight`` pattern, for the pages' threads);
- a copy that arrives after it, within ``Flights.keep`` seconds, answers that too;

with no query and no lock. Where the first stored nothing (refused, or an error), a copy is
handled on its own. A copy that reaches another process, or comes later, is answered from
the database (``EntryAdapter.table_resent``), as every copy was before.

Idempotency keys that keep each submission's answer are what payment APIs do (the IETF's
draft ``Idempotency-Key`` header); here the database holds the keys, this only its recent
answers.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Flight:
    """One copy of a submission: ``answer`` is what the submission's first copy was told
    once it stored it (a message); None until then, or for good when it stored nothing."""

    answer: str | None = None
    done: threading.Event = field(default_factory=threading.Event)


class Flights:
    """The submissions in flight in this process, by key, and the answers of the last
    ``size`` of them stored, for ``keep`` seconds."""

    def __init__(self, keep: float = 600, size: int = 4096) -> None:
        self.keep, self.size = keep, size
        self._lock = threading.Lock()
        self._flying: dict[Hashable, Flight] = {}
        self._answered: OrderedDict[Hashable, tuple[float, str]] = OrderedDict()

    @contextmanager
    def one(self, key: Hashable, wait: float) -> Iterator[Flight]:
        """The flight of ``key`` for this copy of the submission. The first copy fills in
        its ``answer`` in the block when it stores the submission (an exception leaving the
        block takes it back: its transaction was rolled back). A later copy finds there what
        the first was told, once the first is done (it waits ``wait`` seconds at most), or
        None: then it is handled on its own, its flight its own. A key of None is never
        shared."""
        if key is None:
            yield Flight()
            return
        with self._lock:
            answer = self._recent(key)
            flight = self._flying.get(key) if answer is None else None
            first = answer is None and flight is None
            if first:
                flight = self._flying[key] = Flight()
        if answer is not None:
            yield Flight(answer=answer)
        elif not first:
            flight.done.wait(wait)
            yield Flight(answer=flight.answer)
        else:
            yield from self._first(key, flight)

    def _first(self, key: Hashable, flight: Flight) -> Iterator[Flight]:
        try:
            yield flight
        except BaseException:  # nothing it said was kept (its transaction rolled back)
            flight.answer = None
            raise
        finally:
            with self._lock:
                del self._flying[key]
                if flight.answer is not None:
                    self._answered[key] = (time.monotonic(), flight.answer)
                    while len(self._answered) > self.size:
                        self._answered.popitem(last=False)
            flight.done.set()

    def forget(self) -> None:
        """Forget the answers kept (as a process started anew knows none)."""
        with self._lock:
            self._answered.clear()

    def _recent(self, key: Hashable) -> str | None:
        """The answer kept for ``key`` (under the lock), None when none is, or no longer."""
        kept = self._answered.get(key)
        if kept is None:
            return None
        if time.monotonic() - kept[0] > self.keep:
            del self._answered[key]
            return None
        return kept[1]
