"""What one entry from a table's phone costs the database: an accepted donne or round, and its
confirmation, each at most 10 queries in one write transaction, however long the partie; and
the table's page the phone loads after it, four queries.

The phones of a whole room submit at once into one database (SQLite: one writer at a time),
so every query and every write transaction of an entry is paid by the room. The queries are
counted with Django's own query log; the write transactions by watching where the connection
begins one (any backend), so that the test reads the same on SQLite and PostgreSQL."""

from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from django.db import DEFAULT_DB_ALIAS, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.adapters.roimat.adapter import rules_of
from scoring.models import Donne, GameRound, Partie, PlayerResult
from scoring.roimat.notation import donne_to_dict
from scoring.roimat.record import entry_of_record
from scoring.roimat.simulate import simulate_partie
from tests.helpers import donne_post
from tests.test_site_tournaments import DONNE, first_table, table_post
from tournaments.models import Rating, RatingHistory
from tournaments.views import FLIGHTS

# The test's own transaction would hide the view's (its blocks become savepoints).
pytestmark = pytest.mark.django_db(transaction=True)

MAX_QUERIES = 10
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


@dataclass
class Cost:
    """The statements a request ran and the write transactions they made."""

    queries: list[str] = field(default_factory=list)
    write_transactions: set[int] = field(default_factory=set)


@contextmanager
def cost_of_request():
    """Count the queries, and the transactions holding a write: a write in an atomic block
    belongs to the transaction that block began (where autocommit was turned off), a write
    outside one is its own."""
    cost = Cost()
    began = [0]
    database = connections[DEFAULT_DB_ALIAS]
    set_autocommit = database.set_autocommit

    def spy(autocommit, *args, **kwargs):
        if not autocommit:
            began[0] += 1
        return set_autocommit(autocommit, *args, **kwargs)

    def watch(execute, sql, params, many, context):
        if sql.lstrip().upper().startswith(WRITES):
            alone = -len(cost.write_transactions) - 1  # a transaction of its own
            cost.write_transactions.add(began[0] if database.in_atomic_block else alone)
        return execute(sql, params, many, context)

    database.set_autocommit = spy
    try:
        with CaptureQueriesContext(database) as log, database.execute_wrapper(watch):
            yield cost
    finally:
        del database.set_autocommit
    cost.queries = [q["sql"] for q in log.captured_queries]


def assert_cheap(cost: Cost) -> None:
    assert len(cost.queries) <= MAX_QUERIES, "\n".join(cost.queries)
    assert len(cost.write_transactions) == 1, "\n".join(cost.queries)


RESULT_FIELDS = ("player_id", "team", "points", "against", "outcome", "counted", "finished")


def stored_results(partie: int) -> list[tuple]:
    """The players' results stored for the partie."""
    rows = PlayerResult.objects.filter(partie=partie).order_by("player_id")
    return [tuple(getattr(r, f) for f in RESULT_FIELDS) for r in rows]


def sheet_results(partie: int) -> list[tuple]:
    """The players' results of the partie's sheet, computed from what is stored now."""
    fresh = Partie.objects.prefetch_related("seats__player", "donnes", "game_rounds").get(pk=partie)
    rows = sorted(fresh.adapter.results(fresh), key=lambda r: r.player_id)
    return [tuple(getattr(r, f) for f in RESULT_FIELDS) for r in rows]


def enter(phone: Client, table, post: dict) -> Cost:
    url = reverse("tournaments:table_entry", args=[table.code])
    with cost_of_request() as cost:
        response = phone.post(url, post)
    assert response.status_code == 302 and response["Location"] == url
    return cost


def confirm(phone: Client, table, number: int, seat: str) -> Cost:
    url = reverse("tournaments:table_confirm", args=[table.code, number])
    with cost_of_request() as cost:
        response = phone.post(url, {"seat": seat, "decision": "accept"})
    assert response.status_code == 302
    return cost


def roimat_donnes(phone: Client, table, count: int) -> list[Cost]:
    """Enter and confirm ``count`` donnes from the phone; the cost of each request."""
    return [cost for number in range(1, count + 1) for cost in roimat_donne(phone, table, number)]


def roimat_donne(phone: Client, table, number: int) -> list[Cost]:
    """Enter and confirm donne ``number`` from the phone (its dealer by rotation), the
    partie holding the ones before; the cost of each request."""
    donne = {**DONNE, "dealer": "NESO"[(number - 1) % 4]}
    entered = enter(phone, table, table_post(donne, "N", key=f"k-{number}", expected=number))
    # Pending, the donne counts in no total: the stored results are still the sheet's.
    assert stored_results(table.partie_id) == sheet_results(table.partie_id)
    return [entered, confirm(phone, table, number, "E")]


def test_a_roimat_donne_and_its_confirmation_are_cheap_however_long_the_partie(secretary):
    _tournament, table = first_table(secretary)
    phone = Client()  # a phone: no account, the table's code only
    costs = roimat_donnes(phone, table, 5)
    for cost in costs:
        assert_cheap(cost)
    # As many with 5 donnes as with 2: each entry, each confirmation.
    assert len(costs[-2].queries) == len(costs[2].queries)
    assert len(costs[-1].queries) == len(costs[3].queries)
    donnes = list(Donne.objects.filter(partie=table.partie_id))
    assert [d.number for d in donnes] == [1, 2, 3, 4, 5]
    assert all(d.confirmed and d.confirmed_seat == "E" for d in donnes)
    assert stored_results(table.partie_id) == sheet_results(table.partie_id)


def test_another_games_round_and_its_confirmation_are_cheap(secretary):
    _tournament, table = first_table(secretary, game="differenzler")
    phone = Client()
    points = [60, 40, 57, 0]
    for number in (1, 2):
        post = {"action": "enter", "entered_seat": "1", "key": f"k-{number}"}
        post["expected"] = str(number)
        for player, made in enumerate(points):
            post[f"p{player}_estimate"] = "50"
            post[f"p{player}_points"] = str(made)
        assert_cheap(enter(phone, table, post))
        assert_cheap(confirm(phone, table, number, "2"))
    rounds = GameRound.objects.filter(partie=table.partie_id)
    assert [(r.number, r.confirmed) for r in rounds] == [(1, True), (2, True)]
    assert len(stored_results(table.partie_id)) == 4
    assert stored_results(table.partie_id) == sheet_results(table.partie_id)


@pytest.mark.parametrize("process", ["the same", "another"])
def test_a_resubmitted_donne_costs_no_write(secretary, process):
    """The phone sends its queued donne again after a dropped connection: the server process
    that stored it answers from memory, without a query; another process (or the same after
    a restart) finds the stored one by its key; nothing is written."""
    _tournament, table = first_table(secretary)
    phone = Client()
    post = table_post(DONNE, "N", key="k-1", expected=1)
    enter(phone, table, post)
    if process == "another":
        FLIGHTS.forget()
    cost = enter(phone, table, post)
    assert cost.write_transactions == set()
    assert (len(cost.queries) == 0) == (process == "the same")
    assert len(cost.queries) <= MAX_QUERIES
    assert Donne.objects.filter(partie=table.partie_id).count() == 1


def test_the_confirmation_that_ends_a_partie_rates_it_in_the_same_transaction(secretary):
    """The last donne accepted: the partie's results and its players' ratings are stored with
    it, in its one write transaction (a few more queries, once a partie)."""
    _tournament, table = first_table(secretary)
    partie = table.partie
    entries = [entry_of_record(r) for r in simulate_partie(rules_of(partie), 3, "heuristic")]
    Donne.objects.bulk_create(
        Donne.from_entry(e, partie=partie, number=n) for n, e in enumerate(entries[:-1], start=1)
    )
    last, number = entries[-1], len(entries)
    post = {**donne_post(donne_to_dict(last)), "action": "enter", "entered_seat": "N"}
    post |= {"key": "k-last", "expected": str(number)}
    post |= {f"faults_{seat.lower()}": str(last.faults.count(seat)) for seat in "NESO"}
    phone = Client()
    assert_cheap(enter(phone, table, post))
    cost = confirm(phone, table, number, "E")
    assert len(cost.write_transactions) == 1
    assert len(cost.queries) <= MAX_QUERIES + 4  # the ratings: read, stored, their history
    assert RatingHistory.objects.filter(partie=partie).count() == 4
    assert Rating.objects.count() == 4
    assert stored_results(partie.pk) == sheet_results(partie.pk)


def test_a_tables_page_reads_as_much_however_long_the_partie(secretary):
    """The page each phone loads after each entry: the same few queries after one donne as
    after five (the table with its partie, its versions, seats and donnes), and no write."""
    _tournament, table = first_table(secretary)
    phone = Client()
    url = reverse("tournaments:table_entry", args=[table.code])
    counts = []
    for number in range(1, 6):
        roimat_donne(phone, table, number)
        with cost_of_request() as cost:
            page = phone.get(url)
        assert page.status_code == 200 and f"Donne {number + 1}" in page.text
        assert not cost.write_transactions, "\n".join(cost.queries)
        counts.append(len(cost.queries))
    assert counts == [4] * 5, counts
