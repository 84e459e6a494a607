"""Simulating many donnes or parties on every core, streamed in a fixed order (issue 13).

The donnes of a run are played in chunks of ``CHUNK``: chunk k is ``simulate_donnes`` from the
seed ``chunk_seed(seed, k)``, written as record lines. Processes play chunks as they come and
the chunks are yielded in their order, at most a few ahead, so the records are the same for
any number of processes and memory does not grow with the number of donnes. Parties are
seeded one by one (``seed + number``), as ``roimat_simulate --parties`` always did.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult
from typing import Any, TypeVar

from .record import to_text
from .rules import RuleSet
from .simulate import simulate_donnes, simulate_partie

CHUNK = 1000  # donnes per chunk: about 60 ms of work and 1.8 MB of records
AHEAD = 2  # chunks waiting per process, at most

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class DonneRun:
    """``count`` donnes from ``seed``, as ``simulate_donnes`` takes them."""

    count: int
    seed: int
    variant: str = "club-8"
    players: str = "random"
    fault_rate: float = 0.0
    gather: bool = False
    chunk: int = CHUNK  # donnes per chunk

    @property
    def chunks(self) -> int:
        """How many chunks the run is played in."""
        return -(-self.count // self.chunk)


def chunk_seed(seed: int, index: int) -> int:
    """The seed of chunk ``index`` of a run seeded ``seed`` (64 bits of a SHA-256)."""
    digest = hashlib.sha256(f"roimat/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def chunk_text(run: DonneRun, index: int) -> bytes:
    """The record lines of chunk ``index`` of ``run``, in UTF-8."""
    count = min(run.chunk, run.count - index * run.chunk)
    states = simulate_donnes(
        count, chunk_seed(run.seed, index), run.variant, run.players, run.fault_rate, run.gather
    )
    return "".join([to_text(state) + "\n" for state in states]).encode()


def _chunk_file(task: tuple[DonneRun, int, str]) -> str:
    """Write chunk ``index`` of ``run`` to a file of ``folder``; its path."""
    run, index, folder = task
    path = os.path.join(folder, f"{index}.jsonl")
    with open(path, "wb") as out:
        out.write(chunk_text(run, index))
    return path


def record_chunks(run: DonneRun, jobs: int = 1) -> Iterator[bytes]:
    """The record lines of ``run`` in UTF-8, chunk by chunk in order, played by ``jobs``
    processes (in this one when ``jobs`` is 1); the same bytes for every ``jobs``.

    This process is one of the ``jobs``: it hands chunks to ``jobs - 1`` workers, a few ahead,
    and plays the next chunk itself whenever the one due is not ready, so ``jobs`` processes
    share ``jobs`` cores. Workers hand their chunks over in files of a temporary folder, read
    back and removed one by one (through the pool's pipe, reading them cost 7 % of their
    work)."""
    if jobs <= 1:
        yield from (chunk_text(run, index) for index in range(run.chunks))
        return
    workers, chunks = jobs - 1, run.chunks
    with (
        tempfile.TemporaryDirectory(prefix="roimat-") as folder,
        pool_context().Pool(workers) as pool,
    ):
        given: dict[int, AsyncResult[str]] = {}  # chunks the workers play
        mine: dict[int, bytes] = {}  # chunks played here, waiting for their turn
        assigned = 0  # chunks given out or played so far
        for index in range(chunks):
            while True:
                while assigned < chunks and len(given) < AHEAD * workers:  # keep them busy
                    given[assigned] = pool.apply_async(_chunk_file, ((run, assigned, folder),))
                    assigned += 1
                if (
                    index not in given
                    or given[index].ready()
                    or assigned == chunks
                    or len(mine) >= AHEAD * jobs
                ):
                    break
                mine[assigned] = chunk_text(run, assigned)
                assigned += 1
            if index in mine:
                yield mine.pop(index)
                continue
            path = given.pop(index).get()
            with open(path, "rb") as chunk:
                data = chunk.read()
            os.unlink(path)
            yield data


def _partie(task: tuple[RuleSet, int, str, float]) -> list[dict[str, Any]]:
    rules, seed, players, fault_rate = task
    return simulate_partie(rules, seed, players, fault_rate)


def partie_records(
    rules: RuleSet, seed: int, parties: int, players: str, fault_rate: float, jobs: int = 1
) -> Iterator[list[dict[str, Any]]]:
    """The records of ``parties`` parties seeded ``seed``, ``seed + 1`` …, in order."""
    tasks = ((rules, seed + number, players, fault_rate) for number in range(parties))
    return ordered(_partie, tasks, jobs)


def pool_context() -> multiprocessing.context.BaseContext:
    """How the worker processes start: ``forkserver`` (a clean process forks them), never a
    plain ``fork`` of this one, whose other threads (a web server's, a browser driver's) may
    hold a lock at the moment of the fork and leave the child waiting for ever."""
    return multiprocessing.get_context("forkserver")


def ordered(function: Callable[[T], R], tasks: Iterable[T], jobs: int) -> Iterator[R]:
    """``map(function, tasks)`` on ``jobs`` processes, in order, with at most ``AHEAD``
    results per process waiting to be read."""
    if jobs <= 1:
        yield from map(function, tasks)
        return
    with pool_context().Pool(jobs) as pool:
        window: deque[AsyncResult[R]] = deque()
        for task in tasks:
            window.append(pool.apply_async(function, (task,)))
            if len(window) >= AHEAD * jobs:
                yield window.popleft().get()
        while window:
            yield window.popleft().get()
