"""The pool that computes a server process's pages (``clubsite.pages_pool``): ``at_once`` pages
at a time in the order they came, a long page not holding up the next ones. (The site's stack
built on it, ``clubsite.asgi``, serves the browser tests and ``tests/test_request_limits.py``.)"""

import threading
import time

import pytest

from clubsite.pages_pool import PageExecutor


class Pages:
    """Pages that note how many of them compute at once, each until its ``go`` is set."""

    def __init__(self, count: int):
        self.lock = threading.Lock()
        self.now = self.most = 0
        self.order: list[int] = []
        self.go = [threading.Event() for _n in range(count)]
        self.threads: set[int] = set()

    def page(self, n: int) -> int:
        with self.lock:
            self.now += 1
            self.most = max(self.most, self.now)
            self.order.append(n)
            self.threads.add(threading.get_ident())
        self.go[n].wait(10)
        with self.lock:
            self.now -= 1
        return n * n


@pytest.fixture
def pool():
    pools = []

    def make(*args, **kwargs) -> PageExecutor:
        pools.append(PageExecutor(*args, **kwargs))
        return pools[-1]

    yield make
    for made in pools:
        made.shutdown(cancel_futures=True)


def test_pages_compute_at_once_as_many_as_places_in_the_order_they_came(pool):
    executor = pool(threads=16, at_once=2, long_seconds=30)
    pages = Pages(8)
    futures = [executor.submit(pages.page, n) for n in range(8)]
    time.sleep(0.2)
    assert pages.most == 2 and sorted(pages.order) == [0, 1]  # the rest wait their turn
    for n in range(8):
        pages.go[n].set()
    assert [f.result(5) for f in futures] == [n * n for n in range(8)]
    assert pages.most == 2
    assert pages.order[:2] in ([0, 1], [1, 0]) and pages.order[2:] == list(range(2, 8))


def test_a_thread_that_ends_a_page_takes_the_next_one(pool):
    """A burst of quick pages runs on the threads of its places, not on a thread each."""
    executor = pool(threads=16, at_once=2, long_seconds=30)
    pages = Pages(60)
    for event in pages.go:
        event.set()
    futures = [executor.submit(pages.page, n) for n in range(60)]
    assert [f.result(5) for f in futures] == [n * n for n in range(60)]
    assert len(pages.threads) <= 3  # two places (a third thread may be woken as one frees)


def test_a_long_page_lets_the_next_ones_in(pool):
    executor = pool(threads=4, at_once=1, long_seconds=0.2)
    pages = Pages(3)
    long = executor.submit(pages.page, 0)
    pages.go[1].set()
    quick = executor.submit(pages.page, 1)
    assert quick.result(5) == 1  # while the long page still computes
    assert not long.done()
    pages.go[0].set()
    pages.go[2].set()
    assert long.result(5) == 0 and executor.submit(pages.page, 2).result(5) == 4


def test_the_pool_never_runs_more_threads_than_it_has(pool):
    executor = pool(threads=2, at_once=1, long_seconds=0.1)
    pages = Pages(3)
    futures = [executor.submit(pages.page, n) for n in range(3)]
    time.sleep(0.5)  # both threads hold a long page: the third waits for one of them
    assert pages.most == 2 and not futures[2].done()
    pages.go[0].set()
    pages.go[2].set()
    assert futures[2].result(5) == 4
    pages.go[1].set()
    assert futures[1].result(5) == 1


def test_a_page_s_error_is_its_caller_s_and_the_thread_serves_the_next_one(pool):
    executor = pool(threads=1)

    def broken():
        raise ValueError("broken page")

    with pytest.raises(ValueError, match="broken page"):
        executor.submit(broken).result(5)
    assert executor.submit(lambda: "next").result(5) == "next"


def test_nothing_runs_after_shutdown(pool):
    executor = pool(threads=2)
    executor.shutdown()
    with pytest.raises(RuntimeError):
        executor.submit(lambda: None)
