"""Hostile input over real HTTP (issue 15): the site served as the room gets it (``make
run``'s ASGI server, a fresh database with the demo data), and a bounded number of requests with
mutated values sent to every form, upload and query string, as the director and as a phone.
Prints the requests, the statuses, and every server error or dropped connection.

    .venv/bin/python bench/fuzz_http.py [--requests 3000] [--seed 1]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/fuzz_http.py

Loopback only; stops by itself after ``--requests`` requests. Exit status 1 when a request
got a 5xx or its connection dropped.
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_server import Browser, live_server, server_line, worker_peaks  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.hostile_values import HOSTILE_NUMBERS, HOSTILE_VALUES  # noqa: E402

#: A sound donne as the entry form posts it: the rest of a donne form, so that a hostile
#: number in one field reaches the rules' checks (a refusal of other fields stops before).
SOUND_DONNE = {
    "dealer": "N",
    "trump": "R",
    "plis_ns": "6",
    "points_ns": "84",
    "roi_au_bout": "on",
    "entered_seat": "N",
    **{f"faults_{seat}": "0" for seat in "neso"},
}

#: JSON documents for the import and the record check.
DOCUMENTS = [
    "[" * 100_000 + "]" * 100_000,
    '{"game": "roi"} trailing',
    "1" * 5000,
    '{"variant": "club-8", "players": {"N": "A", "E": "A", "S": "B", "O": "C"}, "donnes": []}',
    '{"game": "roi", "players": ["A", "B", "C", "D"], "rounds": [[{"plis": ' + "9" * 400 + "}]]}",
    '{"variant": "official-1000", "target": 0, '
    '"players": {"N": "A", "E": "B", "S": "C", "O": "D"}, "donnes": []}',
    '{"deal": {"N": "x"}}',
    '["\\u0000"]',
    "{}",
    "null",
]


def fields_of(page: str) -> list[str]:
    """The names of a page's form fields."""
    names = set(re.findall(r'name="([^"]+)"', page))
    return sorted(names - {"csrfmiddlewaretoken", "next", "language"})


def open_evening(director: Browser) -> int:
    """An evening drawn through the director's pages, so that its tables are open; its id."""
    status, _page = director.post(
        "/tournois/new/",
        {
            "name": "Soirée du fuzz",
            "date": "2026-11-26",
            "game": "roimat",
            "table_size": "4",
            "variant": "club-8",
            "format": "individual",
            "rounds": "3",
            "ranking": "wins,points",
            "sit_out_rule": "average",
        },
    )
    assert status == 302, f"new tournament answered {status}"
    _status, listing = director.get("/tournois/")
    tournament = max(int(n) for n in re.findall(r'href="/tournois/(\d+)/"', listing))
    for n in range(8):
        director.post(f"/tournois/{tournament}/register/", {"new_name": f"Fuzz {n}"})
    status, _page = director.post(f"/tournois/{tournament}/rounds/start/", {})
    assert status == 302, f"drawing the round answered {status}"
    return tournament


def targets(director: Browser) -> list[tuple[str, str, list[str]]]:
    """Every form of the demo site: (who, address, its fields)."""
    opened = open_evening(director)
    status, listing = director.get("/parties/")
    parties = sorted(set(re.findall(r'href="/parties/(\d+)/"', listing)))
    status, evenings = director.get("/tournois/")
    tournaments = sorted(set(re.findall(r'href="/tournois/(\d+)/"', evenings)))
    found = []
    pages = [
        "/parties/new/",
        "/parties/import/",
        "/donnes/replay/",
        "/tournois/new/",
        "/players/new/",
        "/jeux/roi/new/",
        "/jeux/romer/new/",
        "/jeux/rumoli/new/",
        "/jeux/differenzler/new/",
    ]
    pages += [f"/parties/{p}/donnes/new/" for p in parties[:3]]
    pages += [f"/parties/{p}/rounds/new/" for p in parties[:20]]
    pages += [f"/parties/{p}/email/" for p in parties[:1]]
    for tournament in tournaments:
        status, page = director.get(f"/tournois/{tournament}/")
        for number in sorted(set(re.findall(rf"/tournois/{tournament}/rounds/(\d+)/", page))):
            status, plan = director.get(f"/tournois/{tournament}/rounds/{number}/")
            codes = re.findall(r'class="code">(\w+)<', plan)
            # Only the open evening's tables enter anything (the demo's are closed: 403).
            found += [("phone", f"/t/{code}/", []) for code in codes if tournament == str(opened)]
        found.append(("director", f"/tournois/{tournament}/register/", ["new_name", "player"]))
    for path in pages:
        status, page = director.get(path)
        if status == 200:
            found.append(("director", path, fields_of(page)))
    found.append(("director", "/donnes/replay/add/", ["record", "partie"]))
    return found


def fuzz(base: str, count: int, seed: int) -> int:
    """Send ``count`` hostile requests; print the figures; the number of failures."""
    rng = random.Random(seed)
    director, phone = Browser(base), Browser(base)
    director.get("/accounts/login/")
    status, _page = director.post(
        "/accounts/login/", {"username": "directeur", "password": "roimat"}
    )
    assert status == 302, f"login answered {status}"
    forms = targets(director)
    for who, path, _fields in forms:
        if who == "phone":
            phone.get(path)  # its CSRF cookie
    statuses: collections.Counter = collections.Counter()
    failures = []
    slowest: tuple[float, str, str, str] = (0.0, "", "", "")
    started = time.monotonic()
    for number in range(count):
        who, path, fields = rng.choice(forms)
        client = phone if who == "phone" else director
        if rng.random() < 0.15:
            query = {
                rng.choice(
                    ["player", "date_from", "page", "per_page", "sort", "variant"]
                ): rng.choice(HOSTILE_VALUES)
            }
            request = ("GET", "/parties/", query)
        elif path in ("/parties/import/", "/donnes/replay/"):
            request = ("POST", path, {"text": rng.choice(DOCUMENTS)})
        elif path.startswith("/t/") or path.endswith("/donnes/new/"):
            field = rng.choice(sorted(SOUND_DONNE))
            data = {"action": "enter", **SOUND_DONNE, field: rng.choice(HOSTILE_NUMBERS)}
            request = ("POST", path, data)
        else:
            chosen = rng.sample(fields, k=rng.randint(0, len(fields))) if fields else []
            values = rng.choice([HOSTILE_VALUES, HOSTILE_NUMBERS])
            data = {"action": "enter", **{f: rng.choice(values) for f in chosen}}
            request = ("POST", path, data)
        method, target, data = request
        sent = time.monotonic()
        try:
            status, _body = (
                client.get(target, data) if method == "GET" else client.post(target, data)
            )
        except (OSError, urllib.error.URLError) as error:
            status = "dropped"
            failures.append((number, method, target, repr(error)[:120]))
        else:
            if status >= 500:
                failures.append((number, method, target, str(sorted(data))[:120]))
        statuses[status] += 1
        answer = time.monotonic() - sent
        if answer > slowest[0]:
            slowest = (answer, method, target, str(data)[:120])
    seconds = time.monotonic() - started
    print(f"{count} requests to {len(forms)} forms in {seconds:.1f} s ({count / seconds:.0f}/s)")
    print("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items(), key=str)))
    print(f"slowest answer: {slowest[0] * 1000:.0f} ms, {slowest[1]} {slowest[2]} {slowest[3]}")
    peaks = worker_peaks(base)
    print(
        "peak memory of the server's workers (VmHWM): "
        + (", ".join(f"{kb / 1024:.0f} MB" for kb in sorted(peaks.values())) or "unknown")
    )
    print(f"server errors and dropped connections: {len(failures)}")
    for failure in failures[:20]:
        print("  ", *failure)
    return len(failures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=3, help="processes with REDIS_URL")
    options = parser.parse_args()
    database = os.environ.get("DATABASE_URL") or None
    print(server_line(database, options.workers))
    with live_server(database, workers=options.workers) as base:
        failures = fuzz(base, options.requests, options.seed)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
