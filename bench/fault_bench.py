"""Faults survived by the room's site (issue 20), served as ``make run`` serves it (gunicorn,
uvicorn workers, ``clubsite/gunicorn.conf.py``) on a fresh database, SQLite then PostgreSQL (a
private cluster this bench starts with Debian's ``initdb``/``pg_ctl`` on a free port of
8150-8199, as the ``postgres`` user when run as root, and removes; never the machine's server):

1. web: the server's worker is killed (SIGKILL) in the middle of 80 simultaneous submissions of
   40 tables (each sent twice, as room_bench does), once 10 have had their answer; each phone
   behaves like ``static/js/entry-form.js``: on a lost connection or a 5xx it sends the same
   entry (same key) again. Figures: dropped first tries, 5xx, donnes stored, lost, doubled;
   the arbiter's new worker.
2. mail: the results of a 160-player evening are queued; the email worker, as ``make run``
   runs it (``manage.py worker`` under ``deploy/keep-running``, the default settings), is
   killed (SIGKILL) in the middle of its first batch; a local SMTP sink (aiosmtpd) counts what
   each address gets: every address once within two minutes, nobody's hand.
   mail-db (PostgreSQL only): the same, the database stopped for 10 s instead.
3. database (PostgreSQL only): the server is stopped for 10 s and started again while phones
   enter and pages are read: statuses meanwhile (the French 503 page), time to recover,
   donnes lost.
4. runaway (SQLite only): a page that allocates without bound and one that never ends
   (``bench/runaway_urls.py``, served only here): each fails alone (500, 503) and the worker,
   the same process, serves the next request meanwhile and after.
5. redis: the production layout (``REDIS_URL``, three server processes) on a Redis server of
   the bench's own (``redis-server`` on a free port, never the machine's), stopped for 10 s
   while the tables' phones read their pages and enter, and visitors read the public pages:
   statuses (no 5xx), ``/health/`` meanwhile and after, donnes lost.
6. slow: 40 clients send a login's body one byte a second and connect again after each
   refusal (the 408 page, ``BODY_SECONDS``), while the tables' pages are read: each under
   0.5 s at p99.

    .venv/bin/python bench/fault_bench.py [--only sqlite|postgresql]

Exit status 1 when a figure is not the expected one (0 lost, 0 doubled, 0 5xx but the 503
pages of the database's absence and of the runaway page, every address once within two
minutes of the fault).
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import datetime
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import (  # noqa: E402
    PYTHON,
    ROOT,
    Browser,
    django_setup,
    free_port,
    fresh_site,
    server_process,
    wait_for,
    worker_pids,
)
from room_bench import draw_evening, entry_form, filled, stored  # noqa: E402

RESEND_SECONDS = 60
PLAYERS = 160


# --- A phone's queue --------------------------------------------------------------------


def queued_post(phone: Browser, path: str, data: dict, log: collections.Counter) -> int:
    """Post like entry-form.js: a lost connection or a 5xx is sent again (same key) after a
    short wait, until another answer comes; every try's outcome is counted in ``log``."""
    deadline = time.monotonic() + RESEND_SECONDS
    wait = 0.2
    while True:
        try:
            status = phone.post(path, data)[0]
        except OSError:
            status = "dropped"
        log[status] += 1
        if (status == "dropped" or status >= 500) and time.monotonic() < deadline:
            time.sleep(wait)
            wait = min(wait * 2, 2)
            continue
        return status


def at_once(calls: list) -> list:
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(index: int, call) -> None:
        barrier.wait()
        results[index] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=RESEND_SECONDS * 2)
    return results


def open_tables(base: str, tables) -> list[tuple[Browser, str, dict]]:
    """Each table's phone opens its page: (phone, path, its filled entry)."""
    phones = []
    for _number, code in tables:
        phone = Browser(base)
        status, page = phone.get(f"/t/{code}/")
        if status != 200:
            raise RuntimeError(f"table page: {status}")
        phones.append((phone, f"/t/{code}/", filled(entry_form(page), "N")))
    return phones


def donnes_figures(tables) -> tuple[int, int, int]:
    """(stored, lost, doubled) of donne 1 at each table."""
    numbers = stored()
    firsts = [numbers.get(number, []).count(1) for number, _code in tables]
    return sum(firsts), sum(1 for n in firsts if n == 0), sum(n - 1 for n in firsts if n > 1)


def fives(log: collections.Counter, allowed: tuple[int, ...] = ()) -> int:
    return sum(n for s, n in log.items() if isinstance(s, int) and s >= 500 and s not in allowed)


def listing(log: collections.Counter) -> str:
    return ", ".join(f"{s}: {n}" for s, n in sorted(log.items(), key=str))


# --- 1. The web worker killed in the burst ----------------------------------------------

#: Answers the phones have had when the web worker is killed: the burst is under way.
KILL_AFTER = 10


def kill_after(log: collections.Counter, answers: int, pid: int) -> None:
    """Kill ``pid`` once ``answers`` requests of ``log`` got an answer."""
    deadline = time.monotonic() + RESEND_SECONDS
    while sum(n for s, n in list(log.items()) if s != "dropped") < answers:
        if time.monotonic() > deadline:
            return
        time.sleep(0.002)
    os.kill(pid, signal.SIGKILL)


def web_worker_killed(database: str | None) -> bool:
    with fresh_site(database, demo=False) as env:
        django_setup(env)
        tables = draw_evening()
        with server_process(env, workers=1) as (server, base):
            phones = open_tables(base, tables)
            (before,) = worker_pids(server)
            log: collections.Counter = collections.Counter()
            calls = [
                (lambda p=p, path=path, d=d: queued_post(p, path, d, log))
                for p, path, d in phones
                for _twice in range(2)
            ]
            killer = threading.Thread(target=kill_after, args=(log, KILL_AFTER, before))
            started = time.monotonic()
            killer.start()
            finals = collections.Counter(at_once(calls))
            killer.join()
            seconds = time.monotonic() - started
            after = worker_pids(server)
            status, _page = Browser(base).get("/")
        total, lost, doubled = donnes_figures(tables)
    print(
        f"  web worker {before} killed (SIGKILL) when {KILL_AFTER} of {len(calls)} submissions"
        " sent at once had their answer"
    )
    print(f"    tries: {listing(log)}; last answers: {listing(finals)}; {seconds:.1f} s")
    print(f"    new worker {after} (home page {status}); 5xx: {fives(log)}")
    print(f"    donnes stored {total} of {len(tables)}; lost: {lost}; doubled: {doubled}")
    return (
        log["dropped"] > 0
        and not lost
        and not doubled
        and not fives(log)
        and after != [before]
        and status == 200
    )


# --- 2. The email worker killed in a batch ----------------------------------------------


class Sink:
    """aiosmtpd handler, a little slow like a real server: what each address received, by
    ``Message-ID`` (a message a worker sent again after its death has the same one)."""

    def __init__(self) -> None:
        self.received: dict[str, list[str]] = collections.defaultdict(list)

    async def handle_DATA(self, server, session, envelope):
        import asyncio
        from email.parser import BytesHeaderParser

        await asyncio.sleep(0.03)
        message_id = BytesHeaderParser().parsebytes(envelope.content)["Message-ID"]
        for address in envelope.rcpt_tos:
            self.received[address].append(message_id)
        return "250 OK"

    def count(self) -> int:
        return sum(len(ids) for ids in self.received.values())


def closed_evening(players: int):
    from scoring.models import Player
    from tournaments.models import Registration, Tournament
    from tournaments.services import close_tournament, play_round_simulated, start_round

    tournament = Tournament.objects.create(
        name="Soirée du courrier", date=datetime.date(2026, 11, 26), format="individual", rounds=1
    )
    for i in range(players):
        player = Player.objects.create(name=f"Courrier {i:03}", email=f"joueur{i}@example.org")
        Registration.objects.create(tournament=tournament, player=player, checked_in=True)
    play_round_simulated(start_round(tournament=tournament), seed=7)
    close_tournament(tournament=tournament, decisions={})
    return tournament


#: The email worker as ``make run`` runs it: ``manage.py worker`` under ``deploy/keep-running``,
#: which starts it again when it exits or is killed.
EMAIL_WORKER = [
    str(ROOT / "deploy" / "keep-running"),
    PYTHON,
    "manage.py",
    "worker",
    "--no-reload",
    "--interval",
    "0.5",
    "--verbosity",
    "0",
]
#: Every address must be served within this many seconds of the fault, with nobody's hand.
SERVED_WITHIN = 120


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` now (Linux)."""
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def quietly(query, default):
    """``query()``, or ``default`` while the database is away (the bench's own connection)."""
    from django.db import DatabaseError, connections

    try:
        return query()
    except DatabaseError:
        connections.close_all()
        return default


def results_emails_under(fault_name: str, fault, database: str | None) -> bool:
    """The results of a ``PLAYERS``-player evening queued and sent by the email worker as
    ``make run`` runs it, ``fault(worker_pid)`` done once 60 messages went (the worker killed,
    its database stopped …), with the default settings (``RESULTS_STALE_SECONDS`` 600): every
    address served once within ``SERVED_WITHIN`` seconds of the fault, nobody's hand."""
    from aiosmtpd.controller import Controller

    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    smtp = {
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(port),
        "EMAIL_USE_TLS": "false",
        "CLUB_EMAIL": "",
        "DJANGO_LOG_LEVEL": "CRITICAL",  # the worker's tracebacks of the fault, not printed
    }
    try:
        with fresh_site(database, demo=False) as env:
            env.update(smtp)
            django_setup(env)
            from django.db import connections
            from django_tasks_db.models import DBTaskResult

            from tournaments.mail import results_plan
            from tournaments.models import SentMessage, WorkerBeat
            from tournaments.tasks import queue_results

            tournament = closed_evening(PLAYERS)
            queue_results(tournament=tournament)
            connections.close_all()
            loop = subprocess.Popen(EMAIL_WORKER, cwd=ROOT, env=env, stderr=subprocess.DEVNULL)
            try:
                deadline = time.monotonic() + 120
                while sink.count() < 60 and time.monotonic() < deadline:
                    time.sleep(0.01)
                (first,) = children(loop.pid)
                started = time.monotonic()
                fault(first)
                at_fault = sink.count()

                def done() -> bool:
                    return len(sink.received) == PLAYERS and not (
                        SentMessage.objects.exclude(status="sent").exists()
                    )

                while time.monotonic() - started < SERVED_WITHIN + 30:
                    if quietly(done, False):
                        break
                    time.sleep(0.5)
                seconds = time.monotonic() - started
                after = children(loop.pid)
            finally:
                loop.terminate()
                loop.wait(timeout=30)
            tally = results_plan(tournament).tally
            still_running = DBTaskResult.objects.filter(
                status="RUNNING", task_path__endswith=".send_results_batch"
            ).count()
            ids = WorkerBeat.objects.count()
            connections.close_all()
    finally:
        controller.stop()
    missing = PLAYERS - len(sink.received)
    twice = sum(1 for ids_ in sink.received.values() if len(set(ids_)) > 1)
    again = sum(1 for ids_ in sink.received.values() if len(ids_) > len(set(ids_)))
    print(f"  {fault_name} after {at_fault} of {PLAYERS} messages")
    print(
        f"    worker process {first} before, {after} after; worker ids heard from: {ids};"
        f" task still running: {still_running}"
    )
    print(
        f"    all served {seconds:.1f} s after the fault; addresses served: {len(sink.received)};"
        f" missing: {missing}; two messages: {twice};"
        f" the same message delivered again (same Message-ID): {again}"
    )
    print(f"    director's page: {tally}")
    return (
        not missing
        and not twice
        and not still_running
        and tally["sent"] == PLAYERS
        and seconds < SERVED_WITHIN
    )


def email_worker_killed(database: str | None) -> bool:
    return results_emails_under(
        "email worker killed (SIGKILL)",
        lambda pid: os.kill(pid, signal.SIGKILL),
        database,
    )


def email_database_stopped(cluster: PrivateCluster) -> bool:
    def stop_for_ten_seconds(_pid: int) -> None:
        cluster.stop()
        time.sleep(10)
        cluster.start()

    return results_emails_under("PostgreSQL stopped 10 s", stop_for_ten_seconds, cluster.url)


# --- 3. PostgreSQL stopped for 10 s ------------------------------------------------------


def database_stopped(cluster: PrivateCluster) -> bool:
    with fresh_site(cluster.url, demo=False) as env:
        env["DJANGO_LOG_LEVEL"] = "CRITICAL"  # not a traceback in the log per 503 of the stop
        django_setup(env)
        tables = draw_evening()
        with server_process(env, workers=1) as (server, base):
            phones = open_tables(base, tables)
            reader = Browser(base)
            reads: collections.Counter = collections.Counter()
            french = {"ok": 0, "not": 0}
            down_at: list[float] = []
            up_at: list[float] = []
            first_200_after: list[float] = []
            stop = threading.Event()

            def read_pages() -> None:
                while not stop.is_set():
                    try:
                        status, page = reader.get("/")
                    except OSError:
                        status, page = "dropped", ""
                    reads[status] += 1
                    if status == 503:
                        french["ok" if "Site momentanément indisponible" in page else "not"] += 1
                    if status == 200 and up_at and not first_200_after:
                        first_200_after.append(time.monotonic() - up_at[0])
                    time.sleep(0.2)

            thread = threading.Thread(target=read_pages)
            thread.start()
            log: collections.Counter = collections.Counter()
            half = len(phones) // 2
            # Half the tables enter before the stop (confirmed), half while it is down.
            at_once([(lambda p=p: queued_post(p[0], p[1], p[2], log)) for p in phones[:half]])
            confirmed, _lost, _doubled = donnes_figures(tables[:half])
            cluster.stop()
            down_at.append(time.monotonic())
            during = threading.Thread(
                target=at_once,
                args=([(lambda p=p: queued_post(p[0], p[1], p[2], log)) for p in phones[half:]],),
            )
            during.start()
            time.sleep(10)
            cluster.start()
            up_at.append(time.monotonic())
            during.join()
            time.sleep(1)
            stop.set()
            thread.join()
        total, lost, doubled = donnes_figures(tables)
    recovered = first_200_after[0] if first_200_after else float("nan")
    print(f"  PostgreSQL stopped 10 s: {confirmed} donnes confirmed before, {half} entered during")
    print(f"    home page reads: {listing(reads)} (503 in French: {french['ok']})")
    print(f"    entries' tries: {listing(log)}; first page after restart in {recovered:.1f} s")
    print(f"    donnes stored {total} of {len(tables)}; lost: {lost}; doubled: {doubled}")
    return (
        not lost
        and not doubled
        and reads[503] > 0
        and not french["not"]
        and not fives(reads, (503,))
        and not fives(log, (503,))
        and recovered < 10
    )


# --- 5. Redis away for 10 s ---------------------------------------------------------------


class OwnRedis:
    """A Redis server of this bench's own on a free port (never the machine's, which others
    use), without persistence: started, stopped, started again on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.server: subprocess.Popen | None = None

    def start(self) -> None:
        self.server = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        for _try in range(200):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=30)
            self.server = None


def public_pages() -> list[str]:
    """What visitors read during the evening: the home page, the evenings, the evening being
    played, the players' pages of its first tables (kept pages: ``scoring.freshness``)."""
    from django.urls import reverse

    from scoring.models import Player
    from tournaments.models import Tournament

    evening = Tournament.objects.get(name="Soirée du banc")
    players = Player.objects.order_by("pk").values_list("pk", flat=True)[:8]
    return [
        "/",
        reverse("tournaments:list"),
        reverse("tournaments:detail", args=[evening.pk]),
        *(reverse("tournaments:player", args=[pk]) for pk in players),
    ]


def redis_away(database: str | None) -> bool:
    """The production layout (``REDIS_URL``: three server processes, the cache, the rate
    limits and the channel layer in Redis) under the room's traffic while its Redis server is
    stopped for 10 s: the tables' pages and entries, the public pages; no 5xx, no entry
    lost."""
    redis = OwnRedis()
    redis.start()
    os.environ["REDIS_URL"] = redis.url
    try:
        with fresh_site(database, demo=False) as env:
            env["DJANGO_LOG_LEVEL"] = "CRITICAL"
            django_setup(env)
            tables = draw_evening()
            pages = public_pages()
            with server_process(env, workers=3) as (_server, base):
                phones = open_tables(base, tables)
                reads: collections.Counter = collections.Counter()
                table_reads: collections.Counter = collections.Counter()
                health: dict[str, tuple] = {}
                stop = threading.Event()

                def read(log: collections.Counter, browser: Browser, path: str) -> None:
                    try:
                        status = browser.get(path)[0]
                    except OSError:
                        status = "dropped"
                    log[status] += 1

                def visitors() -> None:
                    visitor = Browser(base)
                    while not stop.is_set():
                        for path in pages:
                            read(reads, visitor, path)
                        time.sleep(0.05)

                def tables_reading() -> None:
                    while not stop.is_set():
                        for phone, path, _data in phones:
                            read(table_reads, phone, path)
                            if stop.is_set():
                                break

                def health_now(when: str) -> None:
                    """/health/'s status and the parts it says are not well."""
                    try:
                        status, page = Browser(base).get("/health/?format=json")
                        parts = json.loads(page)
                    except (OSError, ValueError):
                        status, parts = "dropped", {}
                    bad = [name.split("(")[0] for name, word in parts.items() if word != "OK"]
                    health[when] = (status, bad)

                readers = [threading.Thread(target=visitors) for _two in range(2)]
                readers.append(threading.Thread(target=tables_reading))
                for thread in readers:
                    thread.start()
                log: collections.Counter = collections.Counter()
                half = len(phones) // 2
                at_once([(lambda p=p: queued_post(p[0], p[1], p[2], log)) for p in phones[:half]])
                redis.stop()
                stopped_at = time.monotonic()
                during = threading.Thread(
                    target=at_once,
                    args=(
                        [(lambda p=p: queued_post(p[0], p[1], p[2], log)) for p in phones[half:]],
                    ),
                )
                during.start()
                time.sleep(3)
                health_now("during")
                time.sleep(max(0.0, 10 - (time.monotonic() - stopped_at)))
                redis.start()
                during.join()
                time.sleep(3)
                health_now("after")
                stop.set()
                for thread in readers:
                    thread.join()
            total, lost, doubled = donnes_figures(tables)
    finally:
        redis.stop()
        del os.environ["REDIS_URL"]
    print(f"  Redis stopped 10 s; 3 server processes; {half} tables entered during the stop")
    print(f"    public pages read: {listing(reads)}; table pages read: {listing(table_reads)}")
    print(f"    entries' tries: {listing(log)}")
    print(f"    /health/ during: {health['during']}; after: {health['after']}")
    print(f"    donnes stored {total} of {len(tables)}; lost: {lost}; doubled: {doubled}")
    return (
        not lost
        and not doubled
        and not fives(reads)
        and not fives(table_reads)
        and not fives(log)
        and not reads["dropped"]
        and {"Cache", "ChannelLayer"} <= set(health["during"][1])
        and not {"Cache", "ChannelLayer"} & set(health["after"][1])  # no email worker here
    )


def cluster_port(first: int = 8150, last: int = 8199) -> int:
    """A free loopback port for the private cluster: in this bench's range (8150-8199) when one
    is free, else any."""
    for port in range(first, last + 1):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    return free_port()


class PrivateCluster:
    """A PostgreSQL cluster of this bench's own (never the machine's server, which others
    use): initdb in a temporary folder, served on a free loopback port."""

    def __init__(self, folder: str | None = None, port: int | None = None) -> None:
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
        if not versions:
            raise RuntimeError("no /usr/lib/postgresql/*/bin/pg_ctl: apt-get install postgresql")
        self.bin = Path(versions[-1]).parent
        self.folder = Path(folder or tempfile.mkdtemp(prefix="roimat-pg-"))
        self.data = self.folder / "data"
        self.port = port or cluster_port()
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/postgres"
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user and folder is None:
            shutil.chown(self.folder, "postgres")

    def run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, stdout=subprocess.DEVNULL)

    def create(self) -> None:
        self.run(
            str(self.bin / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "--auth=trust",
            "-E",
            "UTF8",
        )
        self.start()

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        self.run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.folder / "log"),
            "-o",
            options,
            "-w",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


# --- 4. Runaway pages ------------------------------------------------------------------


def runaway_pages() -> bool:
    with fresh_site(None, demo=False) as env:
        env.update(
            DJANGO_SETTINGS_MODULE="runaway_settings",
            PYTHONPATH=str(Path(__file__).resolve().parent),
            REQUEST_SECONDS="8",
            WORKER_MEMORY_MB="2048",  # reached in a second (the room's 4,096 takes longer)
        )
        with server_process(env, workers=1) as (server, base):
            wait_for(base, server)
            (pid,) = worker_pids(server)
            answers = {}

            def get(name: str, path: str) -> None:
                started = time.monotonic()
                try:
                    status, page = Browser(base).get(path)
                except OSError:
                    status, page = "dropped", ""
                french = "Erreur du serveur" in page or "momentanément indisponible" in page
                answers[name] = (status, time.monotonic() - started, french)

            runaways = [
                threading.Thread(target=get, args=("memory", "/runaway/memory/")),
                threading.Thread(target=get, args=("time", "/runaway/time/")),
            ]
            for thread in runaways:
                thread.start()
            time.sleep(0.5)
            get("home meanwhile", "/")
            for thread in runaways:
                thread.join()
            get("home after", "/")
            after = worker_pids(server)
    for name, (status, seconds, french) in answers.items():
        print(f"  {name}: {status} in {seconds:.1f} s" + (" (French page)" if french else ""))
    print(f"  worker {pid} before, {after} after")
    return (
        answers["memory"][0] == 500
        and answers["time"][0] == 503
        and answers["home meanwhile"][0] == 200
        and answers["home after"][0] == 200
        and after == [pid]
    )


# --- 6. Slow clients ------------------------------------------------------------------

#: Clients sending a login's body one byte a second, each connecting again once refused.
SLOW_CLIENTS = 40
#: Seconds the slow clients hold on while the tables' pages are read; the body's limit.
SLOW_SECONDS, SLOW_BODY_SECONDS = 25, 8


def slow_client(port: int, stop: threading.Event, answers: collections.Counter) -> None:
    """POST ``/accounts/login/`` declaring 200,000 bytes (with a CSRF cookie, so that the
    page reads the form for its token) and send them one a second; on any
    answer (the 408 page) or a closed connection, connect again; until ``stop``."""
    head = (
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 200000\r\n"
        b"Cookie: csrftoken=" + b"a" * 32 + b"\r\n\r\n"  # Django reads the form for its token
    )
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
                conn.sendall(head)
                conn.settimeout(1)  # a byte a second, as long as no answer comes
                while not stop.is_set():
                    conn.sendall(b"a")
                    try:
                        answer = conn.recv(64)
                    except TimeoutError:
                        continue
                    answers[answer.split(b" ")[1].decode() if answer else "closed"] += 1
                    break
        except OSError:
            answers["dropped"] += 1
            time.sleep(0.2)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def slow_clients(database: str | None) -> bool:
    """The room's tables read their pages while ``SLOW_CLIENTS`` clients send bodies one byte
    a second: the bodies are read by the server's event loop (``clubsite.bodies``), not by
    the page threads, so a table's page stays under 0.5 s at p99."""
    with fresh_site(database, demo=False) as env:
        django_setup(env)
        tables = draw_evening()
        env["BODY_SECONDS"] = str(SLOW_BODY_SECONDS)
        with server_process(env, workers=1) as (server, base):
            port = int(base.rsplit(":", 1)[1])
            stop, answers = threading.Event(), collections.Counter()
            clients = [
                threading.Thread(target=slow_client, args=(port, stop, answers))
                for _n in range(SLOW_CLIENTS)
            ]
            for client in clients:
                client.start()
            time.sleep(2)  # every slow client is sending
            times, statuses = [], collections.Counter()
            deadline = time.monotonic() + SLOW_SECONDS
            phone = Browser(base)
            codes = [code for _number, code in tables]
            while time.monotonic() < deadline:
                for code in codes:
                    started = time.monotonic()
                    if started > deadline:
                        break
                    try:
                        status = phone.get(f"/t/{code}/")[0]
                    except OSError:
                        status = "dropped"
                    times.append(time.monotonic() - started)
                    statuses[status] += 1
                    time.sleep(0.05)
            stop.set()
            for client in clients:
                client.join(timeout=10)
    p99 = percentile(times, 0.99)
    print(
        f"  {SLOW_CLIENTS} clients sending a body a byte a second (limit {SLOW_BODY_SECONDS} s),"
        f" connecting again when refused: {listing(answers)}"
    )
    print(
        f"    tables' pages meanwhile: {listing(statuses)}; median "
        f"{percentile(times, 0.5) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms"
    )
    return set(statuses) == {200} and p99 < 0.5 and answers["408"] > 0


def scenario(name: str, cluster: PrivateCluster | None) -> bool:
    """Run one scenario in a process of its own (each on a fresh site, Django set up once)."""
    command = [PYTHON, __file__, "--scenario", name]
    if cluster is not None:
        command += ["--cluster", f"{cluster.folder}:{cluster.port}"]
    return subprocess.run(command).returncode == 0


SCENARIOS = {
    "web": lambda cluster: web_worker_killed(cluster and cluster.url),
    "mail": lambda cluster: email_worker_killed(cluster and cluster.url),
    "mail-db": email_database_stopped,
    "stopped": database_stopped,
    "runaway": lambda cluster: runaway_pages(),
    "redis": lambda cluster: redis_away(cluster and cluster.url),
    "slow": lambda cluster: slow_clients(cluster and cluster.url),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["sqlite", "postgresql"])
    parser.add_argument("--scenario", choices=list(SCENARIOS), help=argparse.SUPPRESS)
    parser.add_argument("--cluster", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.scenario:
        cluster = None
        if options.cluster:
            folder, port = options.cluster.rsplit(":", 1)
            cluster = PrivateCluster(folder, int(port))
        return 0 if SCENARIOS[options.scenario](cluster) else 1
    results = {}
    if options.only != "postgresql":
        print("SQLite; ASGI (gunicorn, uvicorn workers, clubsite/gunicorn.conf.py), 1 process")
        for name in ["web", "mail", "runaway", "redis", "slow"]:
            results[f"sqlite {name}"] = scenario(name, None)
    if options.only != "sqlite":
        cluster = PrivateCluster()
        try:
            cluster.create()
            print(f"PostgreSQL (private cluster, port {cluster.port}); same server")
            for name in ["web", "mail", "mail-db", "stopped", "redis", "slow"]:
                results[f"postgresql {name}"] = scenario(name, cluster)
        finally:
            cluster.remove()
    bad = [name for name, good in results.items() if not good]
    print("OK" if not bad else f"NOT AS EXPECTED: {', '.join(bad)}")
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
