"""Roimat's rules leave their columns for the options, as every game's (issue 22, step 4): a
database made before (a finished partie, a club evening's partie of an official tournament, a
remote partie and its table, a partie of another game) comes over with the same rules and the
same sheets, and the migration goes back as well."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [
    ("scoring", "0007_remote_tables_of_every_game"),
    ("tournaments", "0006_closing_moves_to_partie"),
]
AFTER = [
    ("scoring", "0008_roimat_rules_in_options"),
    ("tournaments", "0007_roimat_rules_in_game_options"),
]


def latest() -> list[tuple[str, str]]:
    """The suite's schema: every app's last migration, whatever their number."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def migrate(targets):
    """The schema migrated to ``targets`` (``(app, migration)`` pairs): its historical apps."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def old_club():
    """A club's database as the previous version made it: its rows, by id."""
    apps = migrate(BEFORE)
    Partie = apps.get_model("scoring", "Partie")
    RemoteTable = apps.get_model("scoring", "RemoteTable")
    Tournament = apps.get_model("tournaments", "Tournament")
    Donne = apps.get_model("scoring", "Donne")
    evening = Tournament.objects.create(
        name="Jeudi", date=datetime.date(2026, 11, 26), variant="official-1000", rounding=True
    )
    roi_evening = Tournament.objects.create(
        name="Roi", date=datetime.date(2026, 11, 27), game="roi", game_options={"colour": "C"}
    )
    club = Partie.objects.create(variant="club-8", fault_counting="team")
    Donne.objects.create(
        partie=club, number=1, dealer="N", trump="R", plis_ns=6, points_ns=84, roi_au_bout=True
    )
    official = Partie.objects.create(variant="official-1000", rounding=True, target=500)
    remote_partie = Partie.objects.create(variant="official-1000", target=2000)
    table = RemoteTable.objects.create(
        code="ABCDEFGHJK", partie=remote_partie, variant="official-1000", target=2000
    )
    roi = Partie.objects.create(game="roi", options={"colour": "C"})
    yield {
        "evening": evening.pk,
        "roi_evening": roi_evening.pk,
        "club": club.pk,
        "official": official.pk,
        "remote_partie": remote_partie.pk,
        "table": table.pk,
        "roi": roi.pk,
    }
    migrate(latest())  # the suite's schema, for the tests after this one


def test_an_old_club_database_comes_over_with_the_same_rules(old_club):
    apps = migrate(AFTER)
    Partie = apps.get_model("scoring", "Partie")
    options = {p.pk: p.options for p in Partie.objects.all()}
    assert options[old_club["club"]] == {
        "variant": "club-8",
        "rounding": False,
        "fault_counting": "team",
        "target": 1000,
    }
    assert options[old_club["official"]] == {
        "variant": "official-1000",
        "rounding": True,
        "fault_counting": "player",
        "target": 500,
    }
    assert options[old_club["remote_partie"]]["target"] == 2000
    assert options[old_club["roi"]] == {"colour": "C"}  # another game's: untouched
    table = apps.get_model("scoring", "RemoteTable").objects.get(pk=old_club["table"])
    assert table.options["variant"] == "official-1000" and table.options["target"] == 2000
    Tournament = apps.get_model("tournaments", "Tournament")
    evening = Tournament.objects.get(pk=old_club["evening"])
    assert evening.game_options == {"variant": "official-1000", "rounding": True}
    assert Tournament.objects.get(pk=old_club["roi_evening"]).game_options == {"colour": "C"}
    # The sheet of the migrated partie is computed as before, under its rules.
    from scoring.adapters.roimat.adapter import rules_of
    from scoring.models import Partie as Current

    club = Current.objects.get(pk=old_club["club"])
    assert rules_of(club).fault_counting == "team" and club.sheet.total_ns == 100
    assert rules_of(Current.objects.get(pk=old_club["official"])).plays_to_target


def test_the_migration_goes_back_to_the_columns(old_club):
    migrate(AFTER)
    apps = migrate(BEFORE)
    Partie = apps.get_model("scoring", "Partie")
    official = Partie.objects.get(pk=old_club["official"])
    assert (official.variant, official.rounding, official.target) == ("official-1000", True, 500)
    assert official.options == {}
    assert Partie.objects.get(pk=old_club["roi"]).options == {"colour": "C"}
    evening = apps.get_model("tournaments", "Tournament").objects.get(pk=old_club["evening"])
    assert (evening.variant, evening.rounding, evening.game_options) == ("official-1000", True, {})
