"""Shared fixtures: the worked examples of ROIMAT.md §11 and the club's named characters.

The club: Annie (North), Bernard (East), Claire (South), Denis (West) play; Sophie is the
secretary with a club account; a visitor has none.
"""

import json
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
    return django_user_model.objects.create_user("sophie", password="marque-2026")


@pytest.fixture
def secretary(client, sophie):
    """A browser logged in with the club account."""
    client.force_login(sophie)
    return client
