"""Production settings from the environment, and the embedded database under load."""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.models import Partie
from scoring.roimat.notation import SheetInput
from scoring.roimat.rules import RuleSet
from scoring.services import partie_create
from tests.helpers import donne_post

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "a-production-secret-with-enough-length-and-variety-0123456789-xyz",
    "DJANGO_ALLOWED_HOSTS": "roimat.example.org",
    "DATABASE_URL": "postgres://club@db.example.org:5432/roimat",
    "EMAIL_HOST": "smtp.example.org",
}


def manage(*args, **env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE"))}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**clean, **env},
    )


def test_check_deploy_is_clean_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_without_secret_key_fails_loudly():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_SECRET_KEY"}
    result = manage("check", **env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_bad_boolean_setting_names_the_variable():
    result = manage("check", DJANGO_DEBUG="maybe")
    assert result.returncode != 0 and "DJANGO_DEBUG" in result.stderr


@pytest.mark.django_db(transaction=True)
def test_a_room_of_phones_entering_at_once_loses_nothing(django_user_model):
    """40 phones at 20 tables, two per table, submit a donne at the same moment."""
    user = django_user_model.objects.create_user("table", password="x")
    parties = []
    for table in range(20):
        players = {seat: f"T{table}{seat}" for seat in "NESO"}
        from tournaments.models import Player

        seated = {s: Player.objects.create(name=n) for s, n in players.items()}
        sheet = SheetInput(rules=RuleSet("club-8"), players=players, donnes=())
        parties.append(partie_create(sheet=sheet, players=seated))
    donne = {"dealer": "N", "trump": "R", "plis_ns": 5, "points_ns": 70, "roi_au_bout": True}
    clients = []
    for partie in parties:
        for _phone in range(2):
            client = Client()
            client.force_login(user)
            clients.append((client, partie))
    barrier = threading.Barrier(len(clients))
    statuses = []

    def submit(client, partie):
        try:
            barrier.wait()
            url = reverse("scoring:donne_create", args=[partie.pk])
            statuses.append(client.post(url, donne_post(donne)).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=pair) for pair in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [302] * len(clients)
    for partie in Partie.objects.all():
        assert list(partie.donnes.values_list("number", flat=True)) == [1, 2]
