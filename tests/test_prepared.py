"""The reads and writes of a table entry, compiled once (``scoring.prepared``): the same rows as
the ORM gives, with their related objects and annotations, for whatever values a call is
given; the same rows stored as ``save()`` stores them."""

import datetime
import re
from pathlib import Path
from unittest import mock

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.signals import post_save
from django.db.models.sql.compiler import SQLCompiler, SQLInsertCompiler
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring import prepared
from scoring.models import Donne, EntryVersion, Partie, Seat
from scoring.prepared import CODE_MARKER, KeptCursors, Prepared, PreparedInsert
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
    """``read_partie`` keeps the partie's seats as Django's prefetching does and holds its
    donnes (``Partie.entry_rows``): read without a query afterwards, and a queryset chained
    from the seats still reads this partie's rows only (its filter is built when something
    chains from it)."""
    tournament, table = first_table(secretary)
    client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    others = [t.partie for t in Table.objects.filter(round__tournament=tournament)]
    assert len(others) >= 2 and all(p.seats.count() == 4 for p in others)
    partie = read_partie(Partie.objects.get(pk=table.partie_id))
    with CaptureQueriesContext(connection) as queries:
        seats = [(s.seat, s.player.name) for s in partie.seats.all()]
        donnes = [d.number for d in partie.entry_rows()]
    assert queries.captured_queries == []
    assert seats == [(s.seat, s.player.name) for s in Seat.objects.filter(partie=partie)]
    assert donnes == [1]
    north = partie.seats.filter(seat="N")
    assert [s.partie_id for s in north] == [partie.pk]
    assert partie.seats.count() == 4 and partie.donnes.filter(number=2).count() == 0
    assert partie.seats.exclude(seat="N").count() == 3


def columns(row) -> dict:
    """The row's columns as the database holds them now, but its id."""
    values = type(row).objects.filter(pk=row.pk).values().get()
    del values["id"]
    return values


def donne(partie: Partie, number: int, **values) -> Donne:
    """A new donne of ``partie`` whose every column holds something other than its default."""
    fields = {
        "dealer": "E",
        "trump": "V",
        "trumps": 4,
        "contre_plis": True,
        "surcontre_roi": True,
        "plis_ns": 6,
        "points_ns": 84,
        "roi_au_bout": True,
        "faults_s": 2,
        "annulled": True,
        "confirmed": False,
        "entered_seat": "N",
        "refused_seat": "E",
        "version": 3,
    }
    return Donne(partie=partie, number=number, key=f"key-{number}", **{**fields, **values})


def test_a_prepared_insert_stores_a_row_as_save_does(secretary, sophie):
    """Two donnes alike but for their number and key, and two versions alike (a JSON value
    with an accent), one of each saved by ``save()`` and one by the compiled INSERT: the same
    columns in the database, the dates of the moment, each row an ordinary saved row."""
    _tournament, table = first_table(secretary)
    partie = table.partie
    before = datetime.datetime.now(datetime.UTC)
    saved, inserted = donne(partie, 1), donne(partie, 2)
    saved.save()
    PreparedInsert(Donne).save(inserted)
    assert inserted.pk is not None and inserted.pk != saved.pk
    assert not inserted._state.adding and inserted._state.db == "default"
    made = columns(inserted)
    assert {**made, "number": 1, "key": "key-1", "updated_at": None} == {
        **columns(saved),
        "updated_at": None,
    }
    assert made["updated_at"] == inserted.updated_at and made["updated_at"] >= before
    data = {"donne": 2, "équipe": "N/S", "plis": [6, 3], "fautes": None}
    versions = [
        EntryVersion(
            partie=partie, number=2, version=1, action="enter", data=data, author="é", user=sophie
        )
        for _ in range(2)
    ]
    versions[0].save()
    PreparedInsert(EntryVersion).save(versions[1])
    assert columns(versions[1])["data"] == data
    assert {**columns(versions[1]), "at": None} == {**columns(versions[0]), "at": None}
    assert columns(versions[1])["at"] == versions[1].at >= before


def test_a_prepared_insert_is_compiled_once_per_connection(secretary):
    _tournament, table = first_table(secretary)
    inserts = PreparedInsert(Donne)
    with mock.patch.object(
        SQLInsertCompiler, "as_sql", autospec=True, side_effect=SQLInsertCompiler.as_sql
    ) as compiled:
        rows = [donne(table.partie, number) for number in (1, 2, 3)]
        for row in rows:
            inserts.save(row)
    assert compiled.call_count == 1
    assert [d.number for d in table.partie.donnes.all()] == [1, 2, 3]


def test_a_prepared_insert_leaves_to_save_what_only_save_does(secretary):
    """An update (a row with an id: the moment a version was written stays as it was), and a
    model with ``post_save`` receivers (whose signal only ``save()`` sends), go through
    ``save()``; the database's refusals are raised."""
    _tournament, table = first_table(secretary)
    donnes = PreparedInsert(Donne)
    row = donne(table.partie, 1)
    donnes.save(row)
    row.points_ns = 100
    donnes.save(row)
    assert Donne.objects.get().points_ns == 100
    versions = PreparedInsert(EntryVersion)
    version = EntryVersion(partie=table.partie, number=1, version=1, action="enter", data={})
    versions.save(version)
    written = EntryVersion.objects.get(pk=version.pk).at
    version.author = "table 1"
    versions.save(version)
    assert EntryVersion.objects.get(pk=version.pk).at == written == version.at
    assert EntryVersion.objects.get(pk=version.pk).author == "table 1"
    heard = []

    def receiver(sender, instance, created, **kwargs):
        heard.append((instance.number, created))

    post_save.connect(receiver, sender=Donne)
    try:
        donnes.save(donne(table.partie, 2))
    finally:
        post_save.disconnect(receiver, sender=Donne)
    assert heard == [(2, True)]
    with pytest.raises(IntegrityError), transaction.atomic():
        donnes.save(donne(table.partie, 2))  # the number taken
    assert Donne.objects.count() == 2


on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"
)


def prepared_statements() -> list[str]:
    """The SQL of the statements this connection has prepared on PostgreSQL."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


@on_postgresql
def test_on_postgresql_the_compiled_statements_are_planned_once_per_connection(secretary):
    """A compiled read and insert are prepared the first time the connection runs them and
    reused after, whatever the values; the rows are the ORM's, and Django's query log still
    sees each query."""
    _tournament, table = first_table(secretary)
    prepared = Prepared(lambda code: Table.objects.filter(code=code).order_by("-pk"), CODE_MARKER)
    with CaptureQueriesContext(connection) as queries:
        first = prepared(table.code)
        again = prepared(table.code)
        other = prepared("NOSUCHCODE")
    (read,) = [s for s in prepared_statements() if 'ORDER BY "tournaments_table"."id" DESC' in s]
    assert "$1" in read  # the value sent apart from the SQL
    assert [t.pk for t in first] == [t.pk for t in again] == [table.pk] and other == []
    assert len(queries.captured_queries) == 3
    inserts = PreparedInsert(Donne)
    for number in (1, 2, 3):
        inserts.save(donne(table.partie, number, points_ns=80 + number))
    assert sum('INSERT INTO "scoring_donne"' in s for s in prepared_statements()) == 1
    assert [(d.number, d.points_ns) for d in table.partie.donnes.all()] == [
        (1, 81),
        (2, 82),
        (3, 83),
    ]


@on_postgresql
def test_on_postgresql_without_prepared_statements_nothing_is_prepared(secretary, monkeypatch):
    """Behind a pooler that does not keep prepared statements (``DB_PREPARED_STATEMENTS=0``:
    psycopg's ``prepare_threshold`` left None), the compiled statements run as Django's own."""
    _tournament, table = first_table(secretary)
    connection.ensure_connection()
    monkeypatch.setattr(connection.connection, "prepare_threshold", None)
    newest = Prepared(lambda code: Table.objects.filter(code=code).order_by("-number"), CODE_MARKER)
    before = prepared_statements()
    assert [t.pk for t in newest(table.code)] == [table.pk]
    PreparedInsert(Donne).save(donne(table.partie, 1))
    assert prepared_statements() == before
    assert [d.number for d in table.partie.donnes.all()] == [1]


@on_postgresql
def test_on_postgresql_a_refused_row_leaves_the_kept_cursor_usable(secretary):
    """The connection's cursor of a statement is kept from one call to the next: a row the
    database refuses (its transaction rolled back) leaves the next row to be stored by it."""
    _tournament, table = first_table(secretary)
    donnes = PreparedInsert(Donne)
    donnes.save(donne(table.partie, 1))
    with pytest.raises(IntegrityError), transaction.atomic():
        donnes.save(donne(table.partie, 1))  # the number taken
    donnes.save(donne(table.partie, 2))
    assert [d.number for d in table.partie.donnes.all()] == [1, 2]


@on_postgresql
def test_the_cursors_kept_are_those_of_the_connections_open():
    """A connection's cursor of a statement is the same object each time, one per statement;
    a closed connection's cursors are dropped when a new connection comes, so what is kept
    stays bounded however many connections a process opens and closes."""
    import psycopg

    # Connections of the test database as Django opens its own (its parameters), outside its
    # pool, allowing prepared statements.
    conninfo = {**connection.get_connection_params(), "prepare_threshold": 5}
    kept = KeptCursors()
    first = psycopg.connect(**conninfo)
    try:
        one = kept.cursor(first, "SELECT 1")
        assert kept.cursor(first, "SELECT 1") is one
        assert kept.cursor(first, "SELECT 2") is not one
    finally:
        first.close()
    for _ in range(3):
        with psycopg.connect(**conninfo) as later:
            kept.cursor(later, "SELECT 1").execute("SELECT 1")
    assert len(kept.connections) == 1 and len(next(iter(kept.connections.values()))) == 1


#: Every name of Django's own machinery that ``scoring.prepared`` reads or writes, which
#: Django may rename in any release (the project is not pinned to one): the private names
#: (a leading underscore), then the internal ones (the compiler's, the SQL query's), each
#: with an object of this Django that must still have it.
PRIVATE = {
    "_chain": lambda: Seat.objects.all(),
    "_defer_next_filter": lambda: Seat.objects.all(),
    "_result_cache": lambda: Seat.objects.all(),
    "_prefetch_done": lambda: Seat.objects.all(),
    "_prefetched_objects_cache": lambda: prefetched_partie(),
    "_state": lambda: Seat(),
    "_prepare_cursor": lambda: connection,
}
INTERNAL = {
    "klass_info": lambda: compiled(),
    "select": lambda: compiled(),
    "annotation_col_map": lambda: compiled(),
    "col_count": lambda: compiled(),
    "get_converters": lambda: compiled(),
    "apply_converters": lambda: compiled(),
    "returning_fields": lambda: SQLInsertCompiler,
    "returning_params": lambda: SQLInsertCompiler,
    "insert_values": lambda: prepared.InsertQuery,
    "get_related_populators": lambda: prepared,
    "ServerBindingCursor": lambda: prepared,
    "fetch_returned_insert_columns": lambda: connection.ops,
}


def prefetched_partie() -> dict:
    partie = Partie.objects.create(game="roi")
    return next(iter(Partie.objects.prefetch_related("seats").filter(pk=partie.pk))).__dict__


def compiled() -> SQLCompiler:
    compiler = Seat.objects.select_related("player").query.get_compiler(using="default")
    compiler.as_sql()
    return compiler


def test_every_private_name_of_django_it_touches_is_listed_and_still_there():
    """``scoring.prepared`` is the one module that touches Django's private machinery (the
    speed of a table entry: ``bench/room_bench.py``). Each name it uses is listed here and
    checked on this Django, so that an upgrade that renames one fails here, loudly, rather
    than in a room; a name added to the module without being listed fails too."""
    source = Path(prepared.__file__).read_text()
    used = set(re.findall(r'[."](_[a-z][a-z_]*)\b', source)) - {"_meta"}
    assert used == set(PRIVATE)
    for name, where in {**PRIVATE, **INTERNAL}.items():
        found = where()
        if isinstance(found, dict):
            assert name in found, name
        elif name in ("_defer_next_filter", "_result_cache", "_prefetch_done", "_state"):
            assert name in vars(found), name
        else:
            assert hasattr(found, name), name
        assert name in source, name
