"""Backups that restore (django-dbbackup), as a club's administrator runs them: on a database
of its own (a SQLite file, or a scratch database on the PostgreSQL server of
``DATABASE_URL``: ``.ci/run`` runs both), holding a closed evening, a league season and a
partie played at a distance, ``manage.py dbbackup --compress`` writes a file; the database is
emptied (``flush``) and ``manage.py dbrestore --uncompress`` puts the file back: every row of
every table, every entry's versions and every sheet are found equal."""

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The club's database as the site holds it: the demo data (parties, a closed evening, a
#: league season) and a partie played to its end at a remote table by simulated players.
FILL = """
from django.contrib.auth import get_user_model
from django.core.management import call_command
from scoring import remote
call_command("demo_data", verbosity=0)
host = get_user_model().objects.get(username="directeur")
table = remote.table_create(options={"variant": "club-8"}, created_by=host)
for seat in "NESO":
    remote.seat_robot(table=table, seat=seat, user=host)
"""

#: Every row of every model, by table, in primary-key order, and each partie's sheet, as JSON.
SNAPSHOT = """
import json
from django.apps import apps
from scoring.models import Partie
rows = {
    model._meta.db_table: list(model._default_manager.order_by("pk").values())
    for model in apps.get_models()
}
sheets = {partie.pk: repr(partie.sheet) for partie in Partie.objects.order_by("pk")}
print(json.dumps({"rows": rows, "sheets": sheets}, default=str, sort_keys=True))
"""


def manage(env: dict[str, str], *args: str) -> str:
    """A management command of the site on the backup's database; its output."""
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture
def club_database(tmp_path):
    """The environment of an empty database of its own, migrated: a SQLite file, or a scratch
    database on the PostgreSQL server the suite runs on (dropped afterwards)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE"))}
    env["DJANGO_DEBUG"] = "true"
    server = os.environ.get("DATABASE_URL")
    if not server:
        env["SQLITE_NAME"] = str(tmp_path / "club.sqlite3")
        manage(env, "migrate", "--noinput")
        yield env
        return
    import psycopg

    url = urlparse(server)
    name = f"club_backup_{os.getpid()}"
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    env["DATABASE_URL"] = url._replace(path=f"/{name}").geturl()
    try:
        manage(env, "migrate", "--noinput")
        yield env
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_backup_restores_every_row_version_and_sheet(club_database, tmp_path):
    env = club_database
    manage(env, "shell", "-v", "0", "-c", FILL)
    before = json.loads(manage(env, "shell", "-v", "0", "-c", SNAPSHOT))
    rows = before["rows"]
    assert any(t["finished"] for t in rows["tournaments_tournament"])  # a closed evening
    assert rows["tournaments_season"] and rows["scoring_remotetable"]  # a season, a remote table
    assert len(rows["scoring_remotemove"]) > 200 and len(rows["scoring_entryversion"]) > 50

    backup = tmp_path / "club.gz"
    manage(env, "dbbackup", "--compress", "--noinput", "--output-path", str(backup))
    assert backup.stat().st_size > 10_000

    manage(env, "flush", "--noinput")
    emptied = json.loads(manage(env, "shell", "-v", "0", "-c", SNAPSHOT))
    assert not emptied["sheets"] and not emptied["rows"]["scoring_remotemove"]

    manage(env, "dbrestore", "--uncompress", "--noinput", "--input-path", str(backup))
    assert json.loads(manage(env, "shell", "-v", "0", "-c", SNAPSHOT)) == before
