"""A room of forty tables entering at once over real HTTP (issue 10): the site served as
``make run`` serves it (ASGI, gunicorn with uvicorn workers: one process, or ``--workers`` with
``REDIS_URL``) on a fresh database, a Roimat evening of 160 players drawn by the
project's services (40 tables), then

- 80 simultaneous submissions from the 40 tables: each table's phone opens its page
  ``/t/<code>/`` (CSRF cookie and token, the form's ``key`` and ``expected``, the proposed
  dealer), fills in a donne and posts it with ``action=enter`` as a browser does — twice at once,
  as a phone resends after a dropped connection;
- 5 simultaneous replays of one submission (same key) of table 1's next donne, once the other
  team has accepted its first;

and prints the requests, the statuses, the 5xx, the donnes stored, lost and duplicated, and the
timing. Expected: 0 lost, 0 duplicated, 0 5xx; the 5 replays store one donne.

In the same run, a bare Django site (``bench/bare``: ``startproject``'s middleware, one view
that inserts one row and redirects) on the same server stack and database settings gets the
same burst: 40 browsers open its form, then post it twice each, 80 at once. The bench prints
both bursts' time, submissions per second, median and p99 latency (nearest rank: with 80
requests, the slowest), the server's CPU time per submission, and the project's ratio to bare
Django (issue 25's goals: at least 0.5×, p99 under 0.5 s; printed, not part of the exit
status).

Both servers stay up side by side, and each site's burst comes in turn, ``--runs`` times (3),
each of the project's on an evening of its own: the ratio of a burst to the bare burst just
after it, and the range and median of those over the runs (one burst's figure moves with the
moment of a shared machine by up to 1.5x).

Then the same submissions in-process, the figure that the other work of a shared machine moves
least: the 48 tables of a second evening each post their donne twice through Django's request
handler (its test ``Client``: the middleware and the view, no HTTP server), one after another,
in rounds of 16 (each form encoded as a browser sends it), each followed by as many posts of
the bare site's form made the same way in a process on its own settings (a process holds one
site's settings) and the same database. It prints each site's CPU time (of the thread that
posts) per submission, its best and median round, and the median of the rounds' ratios, bare
Django's to the project's.

    .venv/bin/python bench/room_bench.py [--runs 3]
    REDIS_URL=redis://127.0.0.1:6379/0 .venv/bin/python bench/room_bench.py [--workers 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/room_bench.py

SQLite file by default, a scratch PostgreSQL database on the server of ``DATABASE_URL`` (made and
dropped). Loopback only, a bounded number of requests; stops by itself. Exit status 1 when a
figure is not the expected one.
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import math
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import (  # noqa: E402
    PYTHON,
    ROOT,
    Browser,
    bare_site,
    django_setup,
    fresh_site,
    read_proc,
    serve,
    serve_bare,
    server_line,
)

TABLES = 40
#: What each table enters (the dealer is the one the page proposes).
DONNE = {"trump": "R", "plis_ns": "6", "points_ns": "84", "roi_au_bout": "on"}
REPLAYS = 5
#: The in-process submissions are timed in this many rounds of each site's, in turn.
IN_PROCESS_ROUNDS = 5
#: The tables of the in-process evening: 16 submissions a round, and a round to warm up.
IN_PROCESS_TABLES = 8 * (IN_PROCESS_ROUNDS + 1)
#: The in-process posts are encoded as a phone's browser sends a form (the test Client's
#: default, multipart, costs the server about half a millisecond more to read).
FORM = "application/x-www-form-urlencoded"


class FormReader(HTMLParser):
    """The fields of a page's entry form (the one with ``action=enter``) as a browser would
    send them untouched: hidden and text values, checked boxes and radios, selected options."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, str]] = []
        self.current: dict[str, str] | None = None
        self.select: str | None = None
        self.first_option: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.current = {}
        elif self.current is None:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.current[a["name"]] = a.get("value", "on")
            elif kind not in ("submit", "button"):
                self.current[a["name"]] = a.get("value", "")
        elif tag == "select":
            self.select, self.first_option = a.get("name"), None
        elif tag == "option" and self.select:
            if self.first_option is None:
                self.first_option = a.get("value", "")
                self.current.setdefault(self.select, self.first_option)
            if "selected" in a:
                self.current[self.select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "form" and self.current is not None:
            self.forms.append(self.current)
            self.current = None


def entry_form(page: str) -> dict[str, str]:
    reader = FormReader()
    reader.feed(page)
    found = [f for f in reader.forms if f.get("action") == "enter"]
    if not found:
        raise RuntimeError("no entry form on the table's page")
    return found[0]


def at_once(calls: list, seconds: list[float] | None = None) -> list:
    """Run every call at the same moment, one thread each; their results (or the exception).
    ``seconds``, if given, receives each call's time from the common start to its answer."""
    barrier = threading.Barrier(len(calls))
    results: list = [None] * len(calls)
    if seconds is not None:
        seconds[:] = [0.0] * len(calls)

    def run(index: int, call) -> None:
        barrier.wait()
        begin = time.monotonic()
        try:
            results[index] = call()
        except Exception as error:  # a dropped connection is a figure, not a crash
            results[index] = error
        if seconds is not None:
            seconds[index] = time.monotonic() - begin

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def draw_evening(
    name: str = "Soirée du banc", players: int = TABLES * 4, named: str = "Banc", by: str = "number"
) -> list[tuple[int, str]]:
    """A Roimat evening ``name`` of ``players`` new players (``named`` and a number; 160 by
    default), its first round drawn: (the table's ``by``, its number or its partie's id, and
    its code) of each table."""
    from django.db import connections

    from scoring.models import Player
    from tournaments.models import Registration, Tournament
    from tournaments.services import start_round

    tournament = Tournament.objects.create(
        name=name, date=datetime.date(2026, 11, 26), format="individual", rounds=3
    )
    entrants = Player.objects.bulk_create(Player(name=f"{named} {n:03}") for n in range(players))
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, checked_in=True) for p in entrants
    )
    round_ = start_round(tournament=tournament)
    tables = [(getattr(t, by), t.code) for t in round_.tables.order_by("number")]
    connections.close_all()
    return tables


def stored(name: str = "Soirée du banc") -> dict[int, list[int]]:
    """The numbers of the donnes stored at each table of the evening ``name``."""
    from django.db import connections

    from scoring.models import Donne

    numbers: dict[int, list[int]] = collections.defaultdict(list)
    for table, number in Donne.objects.filter(
        partie__tournament_table__round__tournament__name=name
    ).values_list("partie__tournament_table__number", "number"):
        numbers[table].append(number)
    connections.close_all()
    return numbers


def filled(form: dict[str, str], seat: str) -> dict[str, str]:
    return {**form, **DONNE, "entered_seat": seat, "action": "enter"}


def submit(phone: Browser, path: str, data: dict[str, str]):
    return lambda: phone.post(path, data)[0]


def server_cpu(base: str) -> float:
    """CPU seconds (user and system) its worker processes have used, of the server serving
    ``base`` (Linux): a figure the other programs of a busy machine barely move."""
    port = f"127.0.0.1:{urllib.parse.urlsplit(base).port}".encode()
    processes = [p for p in Path("/proc").iterdir() if p.name.isdigit()]
    masters = {p.name for p in processes if port in read_proc(p / "cmdline")}
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for process in processes:
        stat = read_proc(process / "stat").decode()
        fields = stat[stat.rfind(")") + 2 :].split() if stat else []
        if fields and fields[1] in masters:  # a worker: its parent is the arbiter
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def bench(base: str, tables: list[tuple[int, str]]) -> dict:
    figures: dict = {"statuses": collections.Counter(), "requests": 0, "dropped": 0}

    def count(results: list) -> None:
        for result in results:
            figures["requests"] += 1
            if isinstance(result, Exception):
                figures["dropped"] += 1
                figures["statuses"]["dropped"] += 1
            else:
                figures["statuses"][result] += 1

    # Each table's phone opens its page (the GETs, at once too).
    phones = {number: Browser(base) for number, _code in tables}
    started = time.monotonic()
    pages = at_once([(lambda p=phones[n], c=c: p.get(f"/t/{c}/")) for n, c in tables])
    count([r if isinstance(r, Exception) else r[0] for r in pages])
    figures["open_seconds"] = time.monotonic() - started
    calls = []
    for (number, code), page in zip(tables, pages, strict=True):
        if isinstance(page, Exception) or page[0] != 200:
            continue
        data = filled(entry_form(page[1]), "N")
        calls += [submit(phones[number], f"/t/{code}/", data)] * 2  # sent, and resent
    cpu, started = server_cpu(base), time.monotonic()
    results = at_once(calls, figures.setdefault("latencies", []))
    figures["submit_seconds"] = time.monotonic() - started
    figures["submit_cpu"] = server_cpu(base) - cpu
    figures["submissions"] = len(calls)
    count(results)
    figures["submit_statuses"] = collections.Counter(
        "dropped" if isinstance(r, Exception) else r for r in results
    )
    # The other team at table 1 accepts donne 1; the phone enters donne 2, replayed 5 times.
    number, code = tables[0]
    phone = phones[number]
    status, page = phone.get(f"/t/{code}/")
    count([status])
    token = entry_form(page).get("csrfmiddlewaretoken", "")
    status, _page = phone.post(
        f"/t/{code}/confirm/1/", {"csrfmiddlewaretoken": token, "seat": "E", "decision": "accept"}
    )
    count([status])
    status, page = phone.get(f"/t/{code}/")
    count([status])
    data = filled(entry_form(page), "N")
    started = time.monotonic()
    replays = at_once([submit(phone, f"/t/{code}/", data)] * REPLAYS)
    figures["replay_seconds"] = time.monotonic() - started
    figures["replay_statuses"] = collections.Counter(
        "dropped" if isinstance(r, Exception) else r for r in replays
    )
    count(replays)
    return figures


def bare_burst(base: str, browsers: int) -> dict:
    """``browsers`` browsers open the bare form at once, then each posts it twice, all at
    once (as the project's burst); the figures of the posts."""
    phones = [Browser(base) for _n in range(browsers)]
    at_once([(lambda p=phone: p.get("/post/")) for phone in phones])
    calls = []
    for number, phone in enumerate(phones, start=1):
        calls += [submit(phone, "/post/", {"number": str(number), "text": "donne"})] * 2
    latencies: list[float] = []
    cpu, started = server_cpu(base), time.monotonic()
    results = at_once(calls, latencies)
    return {
        "submissions": len(calls),
        "submit_seconds": time.monotonic() - started,
        "submit_cpu": server_cpu(base) - cpu,
        "latencies": latencies,
        "submit_statuses": collections.Counter(
            "dropped" if isinstance(r, Exception) else r for r in results
        ),
    }


def timed(posts: list) -> tuple[float, collections.Counter]:
    """This thread's CPU seconds per call of ``posts`` (calls returning a status), called one
    after another, and their statuses."""
    statuses: collections.Counter = collections.Counter()
    began = time.thread_time()
    for post in posts:
        statuses[post()] += 1
    return (time.thread_time() - began) / len(posts), statuses


def project_posts(tables: list[tuple[int, str]]) -> list:
    """Each table's phone (a test ``Client`` with its cookies) opens its page: the calls that
    post its donne twice (sent and resent, as in the burst), table by table."""
    from django.test import Client

    posts = []
    for _number, code in tables:
        phone = Client(enforce_csrf_checks=True)
        path = f"/t/{code}/"
        page = phone.get(path)
        data = filled(entry_form(page.content.decode()), "N")
        data["csrfmiddlewaretoken"] = phone.cookies["csrftoken"].value
        body = urllib.parse.urlencode(data)
        posts += [lambda p=phone, u=path, d=body: p.post(u, d, FORM).status_code] * 2
    return posts


def bare_rounds() -> None:
    """The child of ``in_process``, on the bare site's settings: for each line it reads (a
    number n), n browsers open the bare form, then each posts it twice; prints ``timed`` of
    the posts as a line of JSON."""
    from django.test import Client

    for line in sys.stdin:
        posts = []
        for number in range(int(line) // 2):
            phone = Client(enforce_csrf_checks=True)
            phone.get("/post/")
            token = phone.cookies["csrftoken"].value
            data = {"csrfmiddlewaretoken": token, "number": str(number), "text": "donne"}
            body = urllib.parse.urlencode(data)
            posts += [lambda p=phone, d=body: p.post("/post/", d, FORM).status_code] * 2
        seconds, statuses = timed(posts)
        print(json.dumps([seconds, statuses]), flush=True)


def in_process(env: dict[str, str], tables: list[tuple[int, str]]) -> dict:
    """The tables' submissions (``project_posts``) in this process, in ``IN_PROCESS_ROUNDS``
    rounds, each followed by a round of as many of the bare site's in a process on its
    settings and the same database (``bare_rounds``), so that the two sites' rounds meet the
    same moments of a shared machine; a first round of each is not counted (it loads what a
    process loads once). Each one's CPU seconds a submission, by round, and the statuses."""
    posts = project_posts(tables)
    size = len(posts) // (IN_PROCESS_ROUNDS + 1)
    figures: dict = {"project": [], "bare": [], "statuses": collections.Counter(), "size": size}
    child = subprocess.Popen(
        [PYTHON, __file__, "--bare-in-process"],
        env=bare_site(env),
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        for start in range(0, size * (IN_PROCESS_ROUNDS + 1), size):
            seconds, statuses = timed(posts[start : start + size])
            child.stdin.write(f"{size}\n")
            child.stdin.flush()
            bare_seconds, bare_statuses = json.loads(child.stdout.readline())
            if start:
                figures["project"].append(seconds)
                figures["bare"].append(bare_seconds)
            figures["statuses"].update(statuses)
            figures["statuses"].update({int(k): n for k, n in bare_statuses.items()})
    finally:
        child.stdin.close()
        child.wait(timeout=60)
    return figures


def cpu_lines(figures: dict) -> list[str]:
    """The in-process figures: each site's CPU time a submission (its best round and the
    median round) and the ratio, round by round, of bare Django's to the project's."""
    lines = []
    for label, name in (
        ("bare Django POST+INSERT:", "bare"),
        ("the project's table entry:", "project"),
    ):
        rounds = figures[name]
        lines.append(
            f"{label:<28} CPU {min(rounds) * 1000:.2f} ms a submission (best round; median "
            f"{statistics.median(rounds) * 1000:.2f} ms)"
        )
    ratios = [b / p for b, p in zip(figures["bare"], figures["project"], strict=True)]
    lines.append(
        f"the project's CPU a submission: {statistics.median(ratios):.2f}x bare Django's "
        f"(median of the rounds' ratios; {min(ratios):.2f}x-{max(ratios):.2f}x)"
    )
    return lines


def nearest_rank(values: list[float], percent: float) -> float:
    """The ``percent`` percentile of ``values`` by nearest rank (99 of 80 values: the
    largest)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)]


def burst_line(label: str, figures: dict) -> str:
    n, seconds, latencies = figures["submissions"], figures["submit_seconds"], figures["latencies"]
    return (
        f"{label:<28} {n} at once in {seconds:.2f} s ({n / seconds:.0f}/s); "
        f"p50 {nearest_rank(latencies, 50):.3f} s, p99 {nearest_rank(latencies, 99):.3f} s; "
        f"server CPU {figures['submit_cpu'] / n * 1000:.1f} ms a submission; "
        f"{listing(figures['submit_statuses'])}"
    )


def listing(counts: collections.Counter) -> str:
    return ", ".join(f"{status}: {n}" for status, n in sorted(counts.items(), key=str))


def run_report(tables: list[tuple[int, str]], figures: dict, bare: dict, numbers: dict) -> bool:
    """Print one burst's figures (the project's and bare Django's, and what was stored);
    whether every donne was stored once, with no 5xx and no dropped connection."""
    first = {number: [n for n in numbers.get(number, []) if n == 1] for number, _c in tables}
    lost = sum(1 for found in first.values() if not found)
    duplicated = sum(len(found) - 1 for found in first.values() if len(found) > 1)
    replayed = numbers.get(tables[0][0], []).count(2)
    fives = sum(n for s, n in figures["statuses"].items() if isinstance(s, int) and s >= 500)
    total = sum(len(v) for v in numbers.values())
    print(
        f"requests: {figures['requests']} (40 pages, {figures['submissions']} submissions, "
        f"the confirmation, {REPLAYS} replays)"
    )
    print(f"statuses: {listing(figures['statuses'])}")
    print(f"submissions: {listing(figures['submit_statuses'])}")
    print(f"5xx: {fives}; dropped connections: {figures['dropped']}")
    print(f"donnes stored: {total} (expected {TABLES + 1}); lost: {lost}; duplicated: {duplicated}")
    print(
        f"{REPLAYS} replays of one submission: {dict(figures['replay_statuses'])}, "
        f"donnes stored: {replayed}"
    )
    print(
        f"time: 40 pages at once {figures['open_seconds']:.2f} s; "
        f"{figures['submissions']} submissions at once {figures['submit_seconds']:.2f} s; "
        f"{REPLAYS} replays {figures['replay_seconds']:.2f} s"
    )
    print(burst_line("bare Django POST+INSERT:", bare))
    print(burst_line("the project's table entry:", figures))
    ratio = bare["submit_seconds"] / figures["submit_seconds"]
    p99 = nearest_rank(figures["latencies"], 99)
    print(
        f"the project's burst: {ratio:.2f}x bare Django's (goal: at least 0.5x; by server CPU "
        f"{bare['submit_cpu'] / figures['submit_cpu']:.2f}x), p99 {p99:.3f} s "
        "(goal: under 0.5 s)"
    )
    return not lost and not duplicated and not fives and not figures["dropped"] and replayed == 1


def runs_line(runs: list[tuple[dict, dict]]) -> str:
    """The bursts' ratios to bare Django's and the project's p99, over the runs: their range
    and median (one run's figure moves with the moment of a shared machine)."""
    ratios = [bare["submit_seconds"] / figures["submit_seconds"] for figures, bare in runs]
    p99s = [nearest_rank(figures["latencies"], 99) for figures, _bare in runs]
    return (
        f"over {len(runs)} bursts of each site in turn: the project's {min(ratios):.2f}x-"
        f"{max(ratios):.2f}x bare Django's (median {statistics.median(ratios):.2f}x; goal: at "
        f"least 0.5x), p99 {min(p99s):.3f}-{max(p99s):.3f} s (median "
        f"{statistics.median(p99s):.3f} s; goal: under 0.5 s)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=3, help="processes with REDIS_URL")
    parser.add_argument(
        "--runs", type=int, default=3, help="bursts of each site, in turn, each on its evening"
    )
    parser.add_argument("--bare-in-process", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.bare_in_process:  # the child of ``in_process``, on the bare site's settings
        import django

        sys.path.insert(0, str(ROOT))
        django.setup()
        bare_rounds()
        return 0
    if options.runs < 1:
        parser.error("--runs: at least 1")
    server_url = os.environ.get("DATABASE_URL") or None
    print(f"{server_line(server_url, options.workers)}; {TABLES} tables")
    names = [f"Soirée du banc {run}" for run in range(1, options.runs + 1)]
    with fresh_site(server_url, demo=False) as env:
        django_setup(env)
        evenings = [draw_evening(name, named=f"Banc {n}") for n, name in enumerate(names, 1)]
        runs = []
        with serve(env, options.workers) as base, serve_bare(env, options.workers) as bare:
            for tables in evenings:  # each site's burst in turn, at the same moments
                runs.append((bench(base, tables), bare_burst(bare, TABLES)))
        numbers = [stored(name) for name in names]
        evening = draw_evening("Soirée en process", IN_PROCESS_TABLES * 4, "Process")
        handled = in_process(env, evening)
    good = True
    for run, (tables, (figures, bare_figures), found) in enumerate(
        zip(evenings, runs, numbers, strict=True), start=1
    ):
        print(f"-- burst {run} of {options.runs}")
        good = run_report(tables, figures, bare_figures, found) and good
    print(runs_line(runs))
    print(
        f"in-process (Django's test Client, no HTTP server), {IN_PROCESS_ROUNDS} rounds of "
        f"{handled['size']} submissions one after another, each site's in turn: "
        f"{listing(handled['statuses'])}"
    )
    for line in cpu_lines(handled):
        print(line)
    good = good and set(handled["statuses"]) == {302}
    print("OK" if good else "NOT AS EXPECTED")
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
