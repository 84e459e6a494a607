"""The reads of a table entry, compiled once (``scoring.prepared``): the same rows as the ORM
gives, with their related objects and annotations, for whatever values a call is given."""

import datetime
from unittest import mock

import pytest
from django.db import connection, transaction
from django.db.models.sql.compiler import SQLCompiler
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Partie, Seat
from scoring.prepared import CODE_MARKER, Prepared
from scoring.services import read_partie
from tests.test_site_tournaments import DONNE, first_table, table_post
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


def test_a_partie_read_for_an_entry_keeps_its_relations_as_the_orm_does(secretary, client):
    """``read_partie`` keeps the partie's seats and donnes as Django's prefetching does:
    read without a query afterwards, and a queryset chained from them still reads this
    partie's rows only (its filter is built when something chains from it)."""
    tournament, table = first_table(secretary)
    client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    others = [t.partie for t in Table.objects.filter(round__tournament=tournament)]
    assert len(others) >= 2 and all(p.seats.count() == 4 for p in others)
    partie = read_partie(Partie.objects.get(pk=table.partie_id))
    with CaptureQueriesContext(connection) as queries:
        seats = [(s.seat, s.player.name) for s in partie.seats.all()]
        donnes = [d.number for d in partie.donnes.all()]
    assert queries.captured_queries == []
    assert seats == [(s.seat, s.player.name) for s in Seat.objects.filter(partie=partie)]
    assert donnes == [1]
    north = partie.seats.filter(seat="N")
    assert [s.partie_id for s in north] == [partie.pk]
    assert partie.seats.count() == 4 and partie.donnes.filter(number=2).count() == 0
    assert partie.seats.exclude(seat="N").count() == 3
