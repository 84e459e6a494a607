"""Hostile input over real HTTP (issues 15 and 58): the site served as the room gets it (``make
run``'s ASGI server, a fresh database with the demo data), and a bounded number of requests with
mutated values sent to every form, upload and query string, as the director and as a phone;
besides, forms in another charset than UTF-8, NUL and lone surrogates in addresses, codes and
JSON sheets, logins of 256 characters and more, a Rumoli phone's chips on one card without a
total, and the admin's changelists with odd query strings and actions, as the secretary.
Prints the requests, the statuses (by kind of request), and every server error or dropped
connection.

    .venv/bin/python bench/fuzz_http.py [--requests 3000] [--seed 1]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres .venv/bin/python bench/fuzz_http.py

Loopback only; stops by itself after ``--requests`` requests. Exit status 1 when a request
got a 5xx or its connection dropped.
"""

from __future__ import annotations

import argparse
import collections
import json
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
from tests.hostile_values import (  # noqa: E402
    ADMIN_QUERIES,
    ADMIN_SELECTIONS,
    CHARSETS,
    HOSTILE_NUMBERS,
    HOSTILE_VALUES,
    LONE_SURROGATES,
    LONG_LOGINS,
    RUMOLI_CARD_CHIPS,
)

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
    *(
        json.dumps(
            {
                "variant": "club-8",
                "players": {"N": name, "E": "B", "S": "C", "O": "D"},
                "donnes": [],
            }
        )
        for name in [*LONE_SURROGATES, "A\x00"]
    ),
    json.dumps({"game": "rumoli", "players": ["\ud800", "B", "C"], "rounds": []}),
]

#: Addresses and query strings with a NUL or a lone surrogate (as UTF-8 would write it) in a
#: table's code, a filter, a path: ``{}`` is replaced by the hostile text, percent-encoded.
UNREADABLE_PATHS = [
    "/t/AB{}CD/",
    "/t/?code=AB{}",
    "/distance/AB{}/",
    "/distance/AB{}/seat/",
    "/parties/?player={}",
    "/parties/{}/",
    "/jeux/romer/cards/?cards={}",
    "/admin/scoring/partie/?game={}",
    "/admin/tournaments/tournament/?q={}",
]
UNREADABLE_BYTES = ["%00", "%ED%A0%80", "AB%00", "%F0%00"]

#: The admin's changelists (their query strings: ``ADMIN_QUERIES``).
CHANGELISTS = [
    "/admin/scoring/partie/",
    "/admin/scoring/player/",
    "/admin/tournaments/tournament/",
    "/admin/tournaments/season/",
    "/admin/auth/user/",
    "/admin/axes/accessattempt/",
]
#: Their date fields, for ``ADMIN_QUERIES``.
ADMIN_DATES = ["played_on", "date", "start", "created_at", "end"]


def fields_of(page: str) -> list[str]:
    """The names of a page's form fields."""
    names = set(re.findall(r'name="([^"]+)"', page))
    return sorted(names - {"csrfmiddlewaretoken", "next", "language"})


def open_evening(director: Browser, game: str = "roimat", players: int = 8, **rules) -> int:
    """An evening of ``game`` drawn through the director's pages (``players`` registered,
    the game's ``rules`` posted), so that its tables are open; its id."""
    status, _page = director.post(
        "/tournois/new/",
        {
            "name": f"Soirée du fuzz ({game})",
            "date": "2026-11-26",
            "game": game,
            "table_size": "4" if game == "roimat" else "3",
            "variant": "club-8",
            "format": "individual",
            "rounds": "3",
            "ranking": "wins,points",
            "sit_out_rule": "average",
            **rules,
        },
    )
    assert status == 302, f"new tournament answered {status}"
    _status, listing = director.get("/tournois/")
    tournament = max(int(n) for n in re.findall(r'href="/tournois/(\d+)/"', listing))
    for n in range(players):
        director.post(f"/tournois/{tournament}/register/", {"new_name": f"Fuzz {game} {n}"})
    status, _page = director.post(f"/tournois/{tournament}/rounds/start/", {})
    assert status == 302, f"drawing the round answered {status}"
    return tournament


def table_codes(director: Browser, tournament: int) -> list[str]:
    """The codes of the tables of an evening's rounds drawn so far."""
    _status, page = director.get(f"/tournois/{tournament}/")
    codes = []
    for number in sorted(set(re.findall(rf"/tournois/{tournament}/rounds/(\d+)/", page))):
        _status, plan = director.get(f"/tournois/{tournament}/rounds/{number}/")
        codes += re.findall(r'class="code">(\w+)<', plan)
    return codes


def targets(director: Browser) -> list[tuple[str, str, list[str]]]:
    """Every form of the demo site: (who, address, its fields); a Rumoli evening's tables
    as ("rumoli", address, [])."""
    opened = open_evening(director)
    rumoli = open_evening(director, "rumoli", 3, **{"rumoli-stakes": "standard"})
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
        # Only the open evenings' tables enter anything (the demo's are closed: 403).
        if tournament == str(opened):
            found += [("phone", f"/t/{code}/", []) for code in table_codes(director, opened)]
        found.append(("director", f"/tournois/{tournament}/register/", ["new_name", "player"]))
    found += [("rumoli", f"/t/{code}/", []) for code in table_codes(director, rumoli)]
    for path in pages:
        status, page = director.get(path)
        if status == 200:
            found.append(("director", path, fields_of(page)))
    found.append(("director", "/donnes/replay/add/", ["record", "partie"]))
    return found


#: A sound Rumoli coup of three players as the table's phone posts it: the second player
#: collected 12 chips (three cards) and went out.
RUMOLI_COUP = {
    "round_dealer": "1",
    "p0_collected": "0",
    "p1_collected": "12",
    "p2_collected": "0",
    "p0_cards_left": "3",
    "p1_cards_left": "0",
    "p2_cards_left": "5",
}


def post_in_charset(client: Browser, path: str, data: dict, charset: str) -> tuple[int, str]:
    """``data`` posted to ``path`` as a form encoded in ``charset`` and saying so."""
    fields = {"csrfmiddlewaretoken": client.token(), **data}
    body = urllib.parse.urlencode(fields, encoding=charset, errors="replace").encode("ascii")
    request = urllib.request.Request(client.base + path, data=body, method="POST")
    request.add_header("Content-Type", f"application/x-www-form-urlencoded; charset={charset}")
    request.add_header("Referer", client.base + path)
    return client.send(request)


def issue_58_request(rng: random.Random, forms: list) -> tuple[str, str, str, dict]:
    """One of the requests of issue 58: (kind, method, address, data)."""
    kind = rng.choice(["charset", "unreadable", "login", "admin", "action", "rumoli"])
    if kind == "charset":
        _who, path, fields = rng.choice(forms)
        return kind, "CHARSET", path, {f: rng.choice(HOSTILE_VALUES[:20]) for f in fields[:5]}
    if kind == "unreadable":
        path = rng.choice(UNREADABLE_PATHS).format(rng.choice(UNREADABLE_BYTES))
        return kind, "GET", path, {}
    if kind == "login":
        path = rng.choice(["/accounts/login/", "/admin/login/"])
        return kind, "POST", path, {"username": rng.choice(LONG_LOGINS), "password": "x"}
    if kind == "admin":
        query = rng.choice(ADMIN_QUERIES).format(pk="id", date=rng.choice(ADMIN_DATES))
        return kind, "GET", rng.choice(CHANGELISTS) + "?" + query, {}
    if kind == "action":
        selected = rng.choice(ADMIN_SELECTIONS)
        data = {"action": "delete_selected", "_selected_action": selected, "index": "0"}
        return kind, "POST", rng.choice(CHANGELISTS), data
    tables = [path for who, path, _fields in forms if who == "rumoli"]
    card = rng.choice(["ac", "rt", "dk", "vp"])
    data = {"action": "enter", "entered_seat": "1", **RUMOLI_COUP}
    data[f"p{rng.randrange(3)}_collected_{card}"] = rng.choice(RUMOLI_CARD_CHIPS)
    return kind, "POST", rng.choice(tables), data


def fuzz(base: str, count: int, seed: int) -> int:
    """Send ``count`` hostile requests; print the figures; the number of failures."""
    rng = random.Random(seed)
    director, phone, secretary, visitor = (Browser(base) for _ in range(4))
    for client, name in ((director, "directeur"), (secretary, "secretaire")):
        client.get("/accounts/login/")
        status, _page = client.post("/accounts/login/", {"username": name, "password": "roimat"})
        assert status == 302, f"login answered {status}"
    forms = targets(director)
    for who, path, _fields in forms:
        if who in ("phone", "rumoli"):
            phone.get(path)  # its CSRF cookie
    visitor.get("/accounts/login/")
    statuses: collections.Counter = collections.Counter()
    by_kind: collections.Counter = collections.Counter()
    failures = []
    slowest: tuple[float, str, str, str] = (0.0, "", "", "")
    started = time.monotonic()
    for number in range(count):
        who, path, fields = rng.choice(forms)
        client = phone if who in ("phone", "rumoli") else director
        kind = "form"
        if rng.random() < 0.3:
            kind, *request = issue_58_request(rng, forms)
            client = {"admin": secretary, "action": secretary, "login": visitor}.get(kind, phone)
            if kind == "charset" and path.startswith("/t/"):
                client = phone
            elif kind == "charset":
                client = director
        elif rng.random() < 0.15:
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
            if method == "CHARSET":
                status, _body = post_in_charset(client, target, data, rng.choice(CHARSETS))
            elif method == "GET":
                status, _body = client.get(target, data)
            else:
                status, _body = client.post(target, data)
        except (OSError, urllib.error.URLError) as error:
            status = "dropped"
            failures.append((number, method, target, repr(error)[:120]))
        else:
            if status >= 500:
                failures.append((number, method, target, str(sorted(data))[:120]))
        statuses[status] += 1
        by_kind[kind, status] += 1
        answer = time.monotonic() - sent
        if answer > slowest[0]:
            slowest = (answer, method, target, str(data)[:120])
    seconds = time.monotonic() - started
    print(f"{count} requests to {len(forms)} forms in {seconds:.1f} s ({count / seconds:.0f}/s)")
    print("statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(statuses.items(), key=str)))
    for kind in sorted({k for k, _s in by_kind}):
        counts = sorted((s, n) for (k, s), n in by_kind.items() if k == kind)
        print(f"  {kind}: " + ", ".join(f"{s}: {n}" for s, n in sorted(counts, key=str)))
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
