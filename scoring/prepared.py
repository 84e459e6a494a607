"""Querysets and inserts whose SQL Django compiles once, for the few reads and writes that every
table entry makes.

Django compiles a queryset's SQL again each time it runs it. For the reads of a table entry
(the table found open with its partie, its seats, its donnes) compiling costs several times
what the database does: about 0.5 ms for the table's query with its three joins and its
subquery, 0.25 ms for the donnes' 26 columns, against 0.05 ms to run either
(``bench/room_bench.py``). No maintained library keeps Django's compiled SQL (the one found,
django-prepared-queries, is no longer kept up), so :class:`Prepared` does it for those
reads: Django builds the queryset and compiles it, once per database connection; each call
runs that SQL with its own values and builds the model instances as Django's own iterable
does (``django.db.models.query.ModelIterable``: ``select_related`` objects and annotations
included), so the rows are the ORM's in every way that the callers read them.

An entry's two new rows (the donne or round, and its version) are written the same way
(:class:`PreparedInsert`): ``Model.save()`` compiled Django's INSERT again for each row and
went through its saving machinery, about 0.4 ms of the server's CPU a row on PostgreSQL where
the compiled statement takes 0.16 ms; a table's first submission takes about a twentieth less
(``bench/room_bench.py``'s submissions in-process, the two ways in turn).

On PostgreSQL these statements are also prepared (:func:`statement_cursor`): Django sends
each query as text with its values written in, which PostgreSQL parses and plans anew every
time, and planning was most of what it spent on an entry's reads (the table's locked read
planned in 0.22 ms, run in 0.06 ms). Prepared once per connection, PostgreSQL's CPU for a
table's first submission went from 1.36 ms to 0.59 ms, the server's from 3.32 to 3.19 ms;
each connection keeping its cursor for each statement, the server's went from 3.01 to about
2.9 ms (in-process, the two ways in turn, ``docs/performance.md``).
"""

from __future__ import annotations

import contextlib
import sys
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.postgresql.base import ServerBindingCursor
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.models.signals import post_save, pre_save
from django.db.models.sql import InsertQuery

#: The value that stands for an id in a ``Prepared`` query (no row has a negative id).
ID_MARKER = -1_234_567_891
#: The value that stands for a code (a table's: ``scoring.access.by_code``).
CODE_MARKER = "#prepared-code#"


@contextlib.contextmanager
def statement_cursor(connection, sql: str) -> Iterator[Any]:
    """A cursor of ``connection`` (Django's wrapper: its query log, its errors) to run the
    compiled statement ``sql`` (the same ``str`` each call: ``sys.intern``).

    On PostgreSQL, where the connection allows prepared statements (psycopg's
    ``prepare_threshold`` set: ``DB_PREPARED_STATEMENTS``), the connection's own cursor for
    that statement (``KEPT``), which sends the values apart from the SQL and prepares the
    statement the first time the connection runs it: PostgreSQL then plans it once per
    connection, where planning was most of what it spent on an entry's reads; and psycopg,
    given the same statement again, keeps how it reads its rows (its loaders, a date's time
    zone), which it built anew for each new cursor. Else Django's own cursor, closed after."""
    if connection.vendor == "postgresql":
        connection.close_if_health_check_failed()
        connection.ensure_connection()
        if connection.connection.prepare_threshold is not None:
            # As ``connection.cursor()`` makes and wraps its own (Django's ``_cursor``: its
            # errors, its query log); the wrapper turns the database's errors into Django's.
            with connection.wrap_database_errors:
                cursor = connection._prepare_cursor(KEPT.cursor(connection.connection, sql))
            yield cursor
            return
    with connection.cursor() as cursor:
        yield cursor


class KeptCursors:
    """The cursors of each open PostgreSQL connection (psycopg's), one per compiled statement:
    a connection is one thread's at a time (Django's pool lends it to one request), so its
    cursors are too. A connection closed (by the pool, or Django at the end of a request
    without the pool) is forgotten, with its cursors, when a new one comes: what is kept is
    bounded by the connections open at once."""

    def __init__(self):
        #: Each psycopg connection's cursors, by statement.
        self.connections: dict[Any, dict[str, PreparingCursor]] = {}

    def cursor(self, raw, sql: str) -> PreparingCursor:
        """The cursor of the psycopg connection ``raw`` for the statement ``sql``."""
        kept = self.connections.get(raw)
        if kept is None:
            for other in list(self.connections):
                if other.closed:
                    self.connections.pop(other, None)
            kept = self.connections[raw] = {}
        cursor = kept.get(sql)
        if cursor is None or cursor.closed:
            cursor = kept[sql] = PreparingCursor(raw)
        return cursor


class PreparingCursor(ServerBindingCursor):
    """Django's PostgreSQL cursor that sends the values apart from the SQL (psycopg's
    server-side binding), each statement prepared the first time its connection runs it."""

    def execute(self, query, params=None, *, prepare=None, binary=None):
        return super().execute(query, params, prepare=True, binary=binary)


#: The cursors kept for the compiled statements, of every connection of this process.
KEPT = KeptCursors()


class Prepared:
    """A queryset compiled once per database connection, run with new values.

    ``build(*markers)`` returns the queryset (a ``QuerySet`` of model instances, not
    ``values()``); ``markers`` are values, one for each argument of a call, that the
    compiled query's parameters hold exactly once each (an unlikely id, an unlikely code),
    so that a call's values take their places. ``Prepared(build, *markers)(*values)`` is the
    list that ``list(build(*values))`` would give, in one query and without compiling it.

    A call's values must be what the database is sent for them (an ``int`` for an id, a
    ``str`` for a text), as the queryset would have prepared them. Raises ``ValueError``
    (at the first call) when a marker is not among the compiled parameters exactly once.
    """

    def __init__(self, build: Callable[..., QuerySet], *markers: Any, using: str = ""):
        self.build = build
        self.markers = markers
        self.using = using or DEFAULT_DB_ALIAS
        #: Each connection's compiled query (a connection is a thread's: Django's own
        #: compiler and converters are kept with the connection that compiled them).
        self.compiled: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def __call__(self, *values: Any) -> list[Model]:
        connection = connections[self.using]
        compiled = self.compiled.get(connection)
        if compiled is None:
            compiled = self.compiled[connection] = _Compiled(self.build(*self.markers), self)
        return compiled.run(connection, values)


class _Compiled:
    """One connection's compiled query of a ``Prepared``: its SQL and parameters (the
    markers' places), and what Django's model iterable reads of its compiler."""

    def __init__(self, queryset: QuerySet, prepared: Prepared):
        compiler = queryset.query.get_compiler(using=prepared.using)
        sql, params = compiler.as_sql()
        self.sql = sys.intern(sql)  # one object for every thread's (``statement_cursor``)
        self.params = list(params)
        self.places = []
        for marker in prepared.markers:
            if self.params.count(marker) != 1:
                raise ValueError(f"the marker {marker!r} is not once in the query's parameters")
            self.places.append(self.params.index(marker))
        select, info = compiler.select, compiler.klass_info
        self.model = info["model"]
        first, last = info["select_fields"][0], info["select_fields"][-1] + 1
        self.fields = slice(first, last)
        self.names = [column[0].target.attname for column in select[self.fields]]
        self.populators = get_related_populators(info, select, prepared.using)
        self.annotations = dict(compiler.annotation_col_map or {})
        self.compiler = compiler
        self.converters = compiler.get_converters([s[0] for s in select[: compiler.col_count]])
        self.using = prepared.using

    def run(self, connection, values: tuple) -> list[Model]:
        params = list(self.params)
        for place, value in zip(self.places, values, strict=True):
            params[place] = value
        with statement_cursor(connection, self.sql) as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        if self.converters:
            rows = self.compiler.apply_converters(rows, self.converters)
        return [self.instance(row) for row in rows]

    def instance(self, row) -> Model:
        """The model instance of a row, as ``ModelIterable`` builds it."""
        obj = self.model.from_db(self.using, self.names, row[self.fields])
        for populator in self.populators:
            populator.populate(row, obj)
        for name, position in self.annotations.items():
            setattr(obj, name, row[position])
        return obj


class PreparedInsert:
    """The INSERT of a new row of ``model``, compiled by Django once per database connection.

    ``PreparedInsert(model).save(obj)`` stores ``obj`` as ``obj.save()`` does: each column's
    value taken by its field as Django's compiler takes it (``pre_save``, then
    ``get_db_prep_save``: ``auto_now`` dates, JSON), in the statement Django compiled for the
    model, its id (and any column the database returns) set on ``obj``, which is then a
    saved row of that database. A row that ``save()`` would not simply insert is given to
    ``save()``: one with an id already (an update), a value that is an expression, or a model
    with ``pre_save``/``post_save`` receivers (whose signals only ``save()`` sends). The
    related rows ``obj`` points to must be saved already (their ids set), as the entry
    services' are. Raises what ``save()`` raises (``IntegrityError``...); ``ValueError`` (at
    the first call) for a model with parents (multi-table inheritance), which this does not
    write."""

    def __init__(self, model: type[Model], using: str = ""):
        if model._meta.parents:
            raise ValueError(f"{model.__name__} has parents: save() writes it")
        self.model = model
        self.using = using or DEFAULT_DB_ALIAS
        meta = model._meta
        #: The columns that ``save()`` writes of a new row whose id the database gives.
        self.fields = [f for f in meta.local_concrete_fields if f is not meta.auto_field]
        self.returning = meta.db_returning_fields
        self.compiled: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def save(self, obj: Model) -> None:
        """Store ``obj`` (a ``model`` instance) as ``obj.save()`` does (see the class)."""
        model = self.model
        if obj.pk is not None or pre_save.has_listeners(model) or post_save.has_listeners(model):
            obj.save(using=self.using)
            return
        values = [field.pre_save(obj, True) for field in self.fields]
        if any(hasattr(value, "resolve_expression") for value in values):
            obj.save(using=self.using)
            return
        connection = connections[self.using]
        compiled = self.compiled.get(connection)
        if compiled is None:
            compiled = self.compiled[connection] = _CompiledInsert(self, connection)
        compiled.run(connection, obj, values)


class _CompiledInsert:
    """One connection's compiled INSERT of a ``PreparedInsert``: its SQL, with a parameter for
    each column in the order of ``fields``, and how the columns it returns are read."""

    def __init__(self, prepared: PreparedInsert, connection):
        query = InsertQuery(prepared.model)
        query.insert_values(prepared.fields, [prepared.model()])
        compiler = query.get_compiler(connection=connection)
        compiler.returning_fields = prepared.returning
        [(sql, params)] = compiler.as_sql()
        self.sql = sys.intern(sql)  # one object for every thread's (``statement_cursor``)
        self.returning_params = tuple(compiler.returning_params)
        if len(params) != len(prepared.fields) + len(self.returning_params):
            raise ValueError(f"{prepared.model.__name__}'s INSERT is not one value a column")
        self.returns = bool(
            prepared.returning and connection.features.can_return_columns_from_insert
        )
        table = prepared.model._meta.db_table
        self.compiler = compiler
        self.converters = compiler.get_converters([f.get_col(table) for f in prepared.returning])
        self.prepared = prepared

    def run(self, connection, obj: Model, values: list) -> None:
        prepared = self.prepared
        params = [
            field.get_db_prep_save(value, connection=connection)
            for field, value in zip(prepared.fields, values, strict=True)
        ]
        meta = prepared.model._meta
        with statement_cursor(connection, self.sql) as cursor:
            cursor.execute(self.sql, [*params, *self.returning_params])
            if self.returns:
                row = connection.ops.fetch_returned_insert_columns(cursor, self.returning_params)
            elif prepared.returning:
                row = (connection.ops.last_insert_id(cursor, meta.db_table, meta.pk.column),)
            else:
                row = ()
        if self.converters and row:
            [row] = self.compiler.apply_converters([row], self.converters)
        for field, value in zip(prepared.returning, row, strict=False):
            setattr(obj, field.attname, value)
        obj._state.adding = False
        obj._state.db = prepared.using


def keep_prefetched(instance: Model, name: str, queryset: QuerySet, rows: list[Model]) -> None:
    """Keep ``rows`` (read by a ``Prepared`` query) as ``instance``'s reverse relation ``name``
    (``"seats"``) prefetched, as ``prefetch_related_objects`` keeps it: ``instance.seats.all()``
    then reads no more, and each row knows ``instance``. ``queryset`` is the relation's
    queryset before its filter on ``instance`` (its ordering, its ``select_related``); the
    filter is built only if something chains from it, as Django's related managers defer it
    (building it cost a tenth of an entry's reads).

    As ``Prepared`` and ``PreparedInsert``, this writes what only Django's own prefetching
    writes (the private names that ``tests/test_prepared.py`` lists, so that a Django that
    renames them fails there, loudly)."""
    field = instance._meta.get_field(name).field.name  # the rows' foreign key to ``instance``
    kept = queryset._chain()
    kept._defer_next_filter = True
    kept = kept.filter(**{field: instance})
    for row in rows:
        setattr(row, field, instance)
    kept._result_cache, kept._prefetch_done = rows, True
    instance.__dict__.setdefault("_prefetched_objects_cache", {})[name] = kept
