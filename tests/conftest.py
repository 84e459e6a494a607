"""Shared fixtures: the worked examples of ROIMAT.md §11 and the club's named characters.

The club: Annie (North), Bernard (East), Claire (South), Denis (West) play; Sophie is the
secretary, Damien the tournament director, Victor a club account with no role; a visitor
has none.
"""

import json
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def load(name: str):
    """A JSON file of ``tests/data`` (copies of ``shared/rules/examples``)."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture
def club8_sheet():
    return load("club8-partie.json")


@pytest.fixture
def club8_expected():
    return load("club8-partie.expected.json")


@pytest.fixture
def players(db):
    from scoring.models import Player

    return {
        seat: Player.objects.create(name=name, email=f"{name.lower()}@example.org")
        for seat, name in zip("NESO", ["Annie", "Bernard", "Claire", "Denis"], strict=True)
    }


@pytest.fixture
def sophie(db, django_user_model):
    """The club's secretary (group ``secretary``: every role; staff, for the admin)."""
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("sophie", password="marque-2026", is_staff=True)
    user.groups.add(Group.objects.get(name="secretary"))
    return user


@pytest.fixture
def damien(db, django_user_model):
    """The tournament director (group ``director``)."""
    from django.contrib.auth.models import Group

    user = django_user_model.objects.create_user("damien", password="directeur-2026")
    user.groups.add(Group.objects.get(name="director"))
    return user


@pytest.fixture
def victor(db, django_user_model):
    """A club account with no role (a member who may only read)."""
    return django_user_model.objects.create_user("victor", password="lecteur-2026")


@pytest.fixture
def secretary(client, sophie):
    """A browser logged in with the club account."""
    client.force_login(sophie)
    return client


@pytest.fixture(autouse=True)
def no_answers_kept():
    """Each test starts with no table submission's answer kept in memory (``FLIGHTS``), as a
    server process that has just started."""
    from tournaments.views import FLIGHTS

    FLIGHTS.forget()


@pytest.fixture(autouse=True)
def fresh_cache(request, django_db_blocker):
    """Each test with a database starts with empty rate limits (the cache table outlives a
    flushed database)."""
    uses_db = {"db", "transactional_db"} & set(request.fixturenames)
    if uses_db or request.node.get_closest_marker("django_db"):
        from django.core.cache import cache

        with django_db_blocker.unblock():
            cache.clear()


def free_port() -> int:
    """A loopback port nobody listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def own_redis():
    """A Redis server of the test's own on a free port (never the machine's, which others
    use): ``(port, stop, start)``."""
    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server")
    port = free_port()
    server: list[subprocess.Popen] = []

    def start() -> None:
        server.append(
            subprocess.Popen(
                ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
                stdout=subprocess.DEVNULL,
            )
        )
        for _try in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return
            time.sleep(0.05)

    def stop() -> None:
        server[-1].terminate()
        server[-1].wait()

    start()
    yield port, stop, start
    stop()
