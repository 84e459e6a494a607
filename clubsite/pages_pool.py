"""The threads that compute a server process's pages (``clubsite.asgi``): ``PAGE_THREADS`` of
them, ``PAGES_AT_ONCE`` computing at a time.

The threads of a process share one interpreter lock. When a room's phones all send at once,
sixteen threads each holding a page passed the lock to one another at every database round
trip, and a table's submission cost the process a third more CPU than the same submissions
sent one after another; two threads served the room bench's burst a tenth faster
(``docs/performance.md``). But a pool of two threads is held up by two long pages (the time
limit of ``clubsite.limits`` stops a runaway one after ``REQUEST_SECONDS``), where sixteen
keep the room served.

:class:`PageExecutor` has both: ``at_once`` pages compute at a time, in the order they came,
and the thread that ends one takes the next at once, without waking another; a page still
computing after ``long_seconds`` no longer counts, and another thread of the pool takes the
next page meanwhile.
"""

from __future__ import annotations

import collections
import threading
import time
from concurrent.futures import Executor, Future

#: Seconds after which a page still computing lets the next one in (an ordinary page takes a
#: few milliseconds, a score sheet's PDF a few tens).
LONG_PAGE_SECONDS = 0.5


class PageExecutor(Executor):
    """A pool of up to ``threads`` threads (started as needed) running what is submitted in
    the order it came, ``at_once`` at a time (0, or ``threads`` or more: as many as threads);
    a call running for longer than ``long_seconds`` no longer counts among them. Each thread
    keeps what Django keeps per thread (its database connection) from one page to the next.

    ``submit`` raises ``RuntimeError`` after ``shutdown``."""

    def __init__(self, threads: int, at_once: int = 0, long_seconds: float = LONG_PAGE_SECONDS):
        self.threads = max(1, threads)
        self.at_once = at_once if 0 < at_once < self.threads else self.threads
        self.long_seconds = long_seconds
        self._changed = threading.Condition()
        self._queue: collections.deque = collections.deque()
        #: When the call of each thread running one began (``time.monotonic()``).
        self._began: dict[int, float] = {}
        self._workers: set[threading.Thread] = set()
        #: Threads waiting for a call, and those woken or started to take one.
        self._idle = 0
        self._coming = 0
        self._stopping = False

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        with self._changed:
            if self._stopping:
                raise RuntimeError("cannot run a page after shutdown")
            self._queue.append((future, fn, args, kwargs))
            self._call_in()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._changed:
            self._stopping = True
            while cancel_futures and self._queue:
                self._queue.popleft()[0].cancel()
            self._changed.notify_all()
            self._idle = 0  # every waiting thread woken, to end
            workers = list(self._workers)
        if wait:
            for worker in workers:
                worker.join()

    def _free(self, now: float) -> tuple[int, float | None]:
        """The places free now, and when a place held now turns long (None: none is held
        by a call shorter than ``long_seconds``). Under the lock."""
        short = [t for t in self._began.values() if now - t < self.long_seconds]
        return self.at_once - len(short), (min(short) + self.long_seconds - now) if short else None

    def _call_in(self) -> None:
        """Wake or start a thread for each call waiting that a free place can take and no
        thread is coming for; and while calls wait with every place held, keep one thread
        waiting for the first place to turn long. Under the lock."""
        free, turns_long = self._free(time.monotonic())
        while min(free, len(self._queue)) > self._coming:
            if not self._send_one():
                return
        if self._queue and free <= 0 and turns_long is not None and not self._idle + self._coming:
            self._send_one()

    def _send_one(self) -> bool:
        """Wake a waiting thread, else start one (False: the pool has all its threads busy).
        Under the lock."""
        if self._idle:
            self._idle -= 1
            self._changed.notify()
        elif len(self._workers) < self.threads:
            worker = threading.Thread(target=self._work, name="page", daemon=True)
            self._workers.add(worker)
            worker.start()
        else:
            return False
        self._coming += 1
        return True

    def _take(self, me: int, coming: bool):
        """The next call for thread ``me``, once a place is free (None: the pool stops),
        its place taken. ``coming``: the thread was woken or started for one. Under the
        lock."""
        while True:
            if self._stopping and not self._queue:
                return None
            now = time.monotonic()
            free, turns_long = self._free(now)
            if self._queue and free > 0:
                self._coming -= coming
                self._began[me] = now
                call = self._queue.popleft()
                self._call_in()  # more places free than this one: the others' threads
                return call
            if coming:
                self._coming -= 1
                coming = False
            self._idle += 1
            # Until a thread is sent here, or a place held now turns long (calls wait).
            coming = self._changed.wait(turns_long if self._queue else None)
            if not coming:
                self._idle -= 1

    def _work(self) -> None:
        me = threading.current_thread().ident
        try:
            with self._changed:
                call = self._take(me, coming=True)
            while call is not None:
                future, fn, args, kwargs = call
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(fn(*args, **kwargs))
                    except BaseException as error:  # the caller's, as ThreadPoolExecutor's
                        future.set_exception(error)
                with self._changed:  # its place given up and the next call taken at once
                    del self._began[me]
                    call = self._take(me, coming=False)
        finally:
            with self._changed:
                self._began.pop(me, None)
                self._workers.discard(threading.current_thread())
                self._call_in()
