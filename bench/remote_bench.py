"""Load of the games at a distance: many remote tables played at once over WebSockets against
the ASGI server, each seat a simulated player in this script choosing a random legal move from
the state it is sent (docs/remote-protocol.md).

Prints the moves made per second and, for every move, the time until each other seat of its
table received the new state: median, 99th percentile and worst, in ms.

    .venv/bin/python bench/remote_bench.py                   # 50 Roimat tables, one donne each
    .venv/bin/python bench/remote_bench.py --tables 10 --rounds 2
    .venv/bin/python bench/remote_bench.py --game differenzler   # any game played move by move
    .venv/bin/python bench/remote_bench.py --game rumoli --players 7
    REDIS_URL=redis://127.0.0.1:6379/0 .venv/bin/python bench/remote_bench.py --workers 3
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/remote_bench.py

Without ``REDIS_URL`` one server process serves (the in-memory channel layer); with it,
``--workers`` processes share the Redis channel layer. The database is a scratch one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live_server import django_setup, fresh_site, room_workers, serve  # noqa: E402


def make_tables(
    count: int, game: str, players: int, robots: int
) -> list[tuple[str, dict[str, str]]]:
    """``count`` tables of ``game`` (its default rules: Roimat's club-8): the last ``robots``
    seats of each given to simulated players, the others taken by this script's players:
    (code, key by seat taken)."""
    from django.contrib.auth import get_user_model

    from scoring import remote

    host, _ = get_user_model().objects.get_or_create(username="bench-host")
    tables = []
    for number in range(count):
        table = remote.table_create(game=game, players=players, created_by=host)
        seats = remote.seat_names(table)
        people = seats[: len(seats) - robots]
        keys = {
            seat: remote.seat_take(table=table, seat=seat, name=f"Bench {number} {seat}").key
            for seat in people
        }
        for seat in seats[len(people) :]:
            remote.seat_robot(table=table, seat=seat, user=host)
        tables.append((table.code, keys))
    return tables


def stored_moves() -> tuple[int, bool]:
    """The moves stored at every table, and whether each table's are numbered 1 … its
    ``seq`` with none missing or doubled."""
    from scoring.models import RemoteTable

    stored, whole = 0, True
    for table in RemoteTable.objects.all():
        numbers = list(table.moves.order_by("seq").values_list("seq", flat=True))
        stored += len(numbers)
        whole = whole and numbers == list(range(1, table.seq + 1))
    return stored, whole


def to_move(view: dict) -> str:
    """The seat to move in a state."""
    return view["to_move"]


def random_move(view: dict, rng: random.Random) -> str:
    """A legal move of the state, at random: its text."""
    return rng.choice(view["legal"])


#: Seconds a table may wait for a state before the bench calls it stuck (a lost message).
STALL_SECONDS = 30
#: Seconds between two heartbeats of a seat's connection, as the page sends them (the site's
#: ``REMOTE_HEARTBEAT_SECONDS``).
HEARTBEAT_SECONDS = 2


class Stuck(Exception):
    """A table whose seats did not all receive a state within ``STALL_SECONDS``."""


def all_at(states: dict[str, dict], seats: int, seq: int) -> bool:
    """Whether every seat has received the state numbered ``seq`` (or a later one)."""
    return len(states) == seats and all(view["seq"] >= seq for view in states.values())


async def play_table(
    url: str, keys: dict[str, str], donnes: int, rng: random.Random, delays: list[float]
) -> int:
    """Play ``donnes`` rounds at one table with a connection a seat, recording in ``delays``
    how long each move took to reach each other seat; returns the moves made. Raises
    ``Stuck`` when a state does not reach every seat within ``STALL_SECONDS``."""
    # The table's page is the site's own: the socket's Origin is the site's address.
    origin = "http://" + url.split("/")[2]
    sockets = {seat: await websockets.connect(url, origin=origin) for seat in keys}
    states: dict[str, dict] = {}
    sent: dict[int, tuple[str, float]] = {}  # new seq: (mover, when sent)
    changed = asyncio.Condition()

    async def listen(seat: str) -> None:
        async for text in sockets[seat]:
            message = json.loads(text)
            if message.get("type") != "state":
                continue
            seq, before = message["seq"], states.get(seat, {"seq": 0})["seq"]
            for number in range(before + 1, seq + 1):  # a person's move, then robots'
                if number in sent and sent[number][0] != seat:
                    delays.append(time.perf_counter() - sent[number][1])
            async with changed:
                states[seat] = message
                changed.notify_all()

    async def beat(seat: str) -> None:
        """The page's heartbeat: the server closes a connection silent for two of them."""
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            await sockets[seat].send(json.dumps({"type": "ping"}))

    listeners = [asyncio.create_task(listen(seat)) for seat in keys]
    for seat, ws in sockets.items():
        await ws.send(json.dumps({"type": "join", "key": keys[seat]}))
    listeners += [asyncio.create_task(beat(seat)) for seat in keys]
    moves, seq = 0, 0
    try:
        while True:
            async with changed:
                try:
                    await asyncio.wait_for(
                        changed.wait_for(partial(all_at, states, len(keys), seq)), STALL_SECONDS
                    )
                except TimeoutError:
                    got = {seat: view["seq"] for seat, view in states.items()}
                    raise Stuck(f"{url}: waiting for state {seq}, the seats have {got}") from None
            view = states[next(iter(keys))]
            if view["finished"] or view["number"] > donnes:
                return moves
            seq = view["seq"]  # the simulated players may have moved since
            mover = to_move(view)
            sent[seq + 1] = (mover, time.perf_counter())
            move = random_move(states[mover], rng)
            await sockets[mover].send(json.dumps({"type": "move", "seq": seq, "move": move}))
            moves, seq = moves + 1, seq + 1
    finally:
        for task in listeners:
            task.cancel()
        for ws in sockets.values():
            await ws.close()


async def run(
    base: str, tables: list, donnes: int, seed: int
) -> tuple[int, float, list[float], list[str]]:
    """Play every table at once: the moves made, the seconds taken, the delays of each
    delivery (seconds) and what each stuck table was waiting for."""
    delays: list[float] = []
    rng = random.Random(seed)
    started = time.perf_counter()
    counts = await asyncio.gather(
        *(
            play_table(
                f"{base}/ws/distance/{code}/", keys, donnes, random.Random(rng.random()), delays
            )
            for code, keys in tables
        ),
        return_exceptions=True,
    )
    for result in counts:
        if isinstance(result, BaseException) and not isinstance(result, Stuck):
            raise result
    stuck = [str(result) for result in counts if isinstance(result, Stuck)]
    moves = sum(result for result in counts if isinstance(result, int))
    return moves, time.perf_counter() - started, delays, stuck


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--game", default="roimat", help="the game's key (roimat, roi …)")
    parser.add_argument("--players", type=int, default=4, help="seats at each table")
    parser.add_argument(
        "--robots", type=int, default=0, help="seats of each table given to simulated players"
    )
    parser.add_argument(
        "--rounds", "--donnes", dest="donnes", type=int, default=1, help="rounds at each table"
    )
    parser.add_argument("--workers", type=int, default=3, help="server processes with REDIS_URL")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    redis = os.environ.get("REDIS_URL", "")
    workers = room_workers(args.workers)
    with fresh_site(os.environ.get("DATABASE_URL"), demo=False) as env:
        django_setup(env)
        tables = make_tables(args.tables, args.game, args.players, args.robots)
        with serve(env, args.workers) as base:
            moves, seconds, delays, stuck = asyncio.run(
                run(base.replace("http://", "ws://"), tables, args.donnes, args.seed)
            )
        stored, whole = stored_moves()
    delays.sort()
    layer = f"Redis, {workers} processes" if redis else "in memory, 1 process"
    print(
        f"{args.game}: {args.tables} tables of {args.players} ({args.robots} simulated), "
        f"{args.donnes} round(s) each, channel layer {layer}"
    )
    print(f"{moves} moves sent in {seconds:.1f} s: {moves / seconds:.0f} moves/s")
    numbered = "each table's numbered without a gap" if whole else "SOME LOST OR DOUBLED"
    print(f"{stored} moves stored (the simulated players' included), {numbered}")
    for waiting in stuck:
        print(f"STUCK (no state for {STALL_SECONDS} s): {waiting}")
    good = whole and moves > 0 and not stuck
    if delays:
        p99 = delays[min(len(delays) - 1, int(len(delays) * 0.99))]
        print(
            f"a move reaching the other seats ({len(delays)} deliveries): "
            f"median {statistics.median(delays) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
            f"worst {delays[-1] * 1000:.0f} ms"
        )
    print("OK" if good else "NOT AS EXPECTED")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
