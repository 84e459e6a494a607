"""The reads of a table entry, compiled once (``scoring.prepared``): the same rows as the ORM
gives, with their related objects and annotations, for whatever values a call is given."""

import datetime
from unittest import mock

import pytest
from django.db import connection, transaction
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext

from scoring.prepared import CODE_MARKER, Prepared
from tests.test_site_tournaments import first_table
from tournaments.models import Round, Table
from tournaments.views import LOCKED_TABLE, OPEN_TABLE

pytestmark = pytest.mark.django_db


def seen(table: Table) -> dict:
    """What the entry reads of a table found by its code."""
    return {
        "table": (table.pk, table.number, table.code, table.round_id, table.partie_id),
        "round": (table.round.number, table.round.tournament_id),
        "tournament": (table.round.tournament.name, table.round.tournament.finished),
        "date": table.round.tournament.date,
        "partie": (table.partie.pk, table.partie.game, table.partie.options),
        "superseded": table.round_superseded,
        "open": table.is_open,
    }


def test_a_prepared_read_gives_the_orm_s_rows_with_their_relations(secretary):
    tournament, _table = first_table(secretary)
    tables = list(Table.objects.filter(round__tournament=tournament))
    assert len(tables) >= 2
    for table in tables:
        orm = Table.objects.with_openness().select_related("partie").get(code=table.code)
        with transaction.atomic():
            (found,) = LOCKED_TABLE(table.code)
            with CaptureQueriesContext(connection) as queries:
                read = seen(found)
        assert read == seen(orm)
        assert queries.captured_queries == []  # round, tournament and partie came with it
        assert read["superseded"] is False and read["open"] is True
        assert isinstance(read["date"], datetime.date)  # the database's converters applied


def test_a_prepared_read_reads_the_database_as_it_stands_now(secretary):
    tournament, table = first_table(secretary)
    assert OPEN_TABLE(table.code)[0].is_open
    Round.objects.create(tournament=tournament, number=2)  # a later round drawn
    (found,) = OPEN_TABLE(table.code)
    assert found.round_superseded is True and not found.is_open
    assert OPEN_TABLE("NOSUCHCODE") == []


def test_a_prepared_read_is_compiled_once_per_connection(secretary):
    _tournament, table = first_table(secretary)
    prepared = Prepared(lambda code: Table.objects.filter(code=code), CODE_MARKER)
    with mock.patch.object(
        SQLCompiler, "as_sql", autospec=True, side_effect=SQLCompiler.as_sql
    ) as compiled:
        first = prepared(table.code)
        again = prepared(table.code)
        other = prepared("NOSUCHCODE")
    assert compiled.call_count == 1
    assert [t.pk for t in first] == [t.pk for t in again] == [table.pk] and other == []


def test_a_marker_missing_from_the_query_is_an_error():
    prepared = Prepared(lambda code: Table.objects.filter(code="ABC"), CODE_MARKER)
    with pytest.raises(ValueError, match="marker"):
        prepared("ABC")
