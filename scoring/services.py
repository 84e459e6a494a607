"""Writing parties, donnes and rounds (keyword-only services; views and commands call these).

Every change of a donne or round keeps a version (``EntryVersion``): entered, corrected,
confirmed, refused, annulled, restored, deleted, with who and when.
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager, nullcontext
from typing import Any

from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import registry
from scoring.freshness import touch_parties
from scoring.models import (
    ENTRY_TABLES,
    Entry,
    EntryVersion,
    Partie,
    Player,
    RemoteDonne,
    RemoteTable,
    Seat,
    entry_reads,
)
from scoring.prepared import ID_MARKER, Prepared, PreparedInsert, keep_prefetched
from scoring.registry import EntryAhead, EntryTaken, Rival, SheetRefused
from scoring.results import store_results, write_results
from scoring.signals import partie_changed

#: SQLite has one writer at a time: the entries of one server process queue for it here,
#: where a waiting thread is woken the moment the writer is done, rather than in SQLite's busy
#: handler, which sleeps between its tries (up to 100 ms), past the moment the lock is free.
_SQLITE_WRITER = threading.RLock()
#: Seconds an entry waits for ``_SQLITE_WRITER`` before it goes to SQLite's own wait.
WRITER_WAIT = 20


@contextmanager
def _one_writer() -> Iterator[None]:
    """Hold ``_SQLITE_WRITER`` on SQLite (any other database locks rows: nothing)."""
    if connection.vendor != "sqlite":
        yield
        return
    held = _SQLITE_WRITER.acquire(timeout=WRITER_WAIT)
    try:
        yield
    finally:
        if held:
            _SQLITE_WRITER.release()


@contextmanager
def entry_partie(
    pk: int | None = None, *, read: Callable[[], Partie] | None = None
) -> Iterator[Partie]:
    """One write transaction on partie ``pk``: yields it locked, read once with what an entry
    needs (its seats with their players, its donnes or rounds). Raises
    ``Partie.DoesNotExist``.

    ``read``, instead of ``pk``: reads and locks the partie (``select_for_update``) in the
    transaction, as a caller finds it (a table's phone, by the table's code, in the query
    that checks the table is open), with its evening if it is one's; what it raises leaves
    the block, nothing written.

    Inside the block, the entry services given this partie (``entry_record``,
    ``entry_decide``, ``keep_rival``) take what it holds as the partie's state instead of
    locking and reading it again, keep it as it stands after they write, and store its results
    and send ``partie_changed`` from it, in the same transaction: an accepted entry is one
    write transaction and a handful of queries. Leaving the block by an exception stores
    nothing."""
    with _one_writer(), transaction.atomic():
        # With its evening, if it is one's (read in the same query: whether the partie counts
        # for a season, ``tournaments.league.on_partie_changed``); only its own row locked.
        partie = (
            read()
            if read is not None
            else Partie.objects.select_for_update(of=("self",))
            .select_related("tournament_table__round__tournament", "remote_table")
            .get(pk=pk)
        )
        read_partie(partie)
        partie.entry_block = True
        try:
            yield partie
        finally:
            partie.entry_block = False


@contextmanager
def locked_entries(partie: Partie) -> Iterator[list]:
    """The partie's entry rows (its game's ``entries_relation``: donnes or rounds), in number
    order, for a change made under the partie's lock in one write transaction: the running
    ``entry_partie`` block's, which read them, or one of its own."""
    if _held(partie):
        yield list(partie.entry_rows())
        return
    with transaction.atomic():
        Partie.objects.select_for_update().filter(pk=partie.pk).first()
        yield list(getattr(partie, partie.adapter.entries_relation).order_by("number"))


#: A partie's seats as an entry reads them: with their players, in seat order.
_SEATS = Seat.objects.select_related("player").order_by("seat")
#: The same of one partie (its id), compiled once (``scoring.prepared``).
_PREPARED_SEATS = Prepared(lambda pk: _SEATS.filter(partie_id=pk), ID_MARKER)
#: A partie's (its id) donnes or rounds, by relation, in number order, compiled once.
_PREPARED_ENTRIES = {
    name: Prepared(
        lambda pk, model=model: model.objects.filter(partie_id=pk).order_by("number"), ID_MARKER
    )
    for name, model in ENTRY_TABLES.items()
}


def read_partie(partie: Partie) -> Partie:
    """``partie`` (read) as an entry and a table's page read it: its seats with their players
    (kept as prefetched: ``partie.seats.all()`` reads no more) and its donnes or rounds in
    number order, each knowing its partie, held in ``partie.held_entries``
    (``Partie.entry_rows``): two queries, compiled once (``scoring.prepared``). Nothing is
    locked; ``entry_partie`` reads its partie so in its transaction."""
    keep_prefetched(partie, "seats", _SEATS, _PREPARED_SEATS(partie.pk))
    rows = _PREPARED_ENTRIES[partie.adapter.entries_relation](partie.pk)
    for row in rows:
        row.partie = partie
    partie.held_entries = rows
    return partie


#: The INSERT of each kind of row an entry adds (its donne or round, its versions), compiled
#: once (``scoring.prepared``), by model.
_INSERTS: dict[type, PreparedInsert] = {}


def _saved(row: Any) -> None:
    """Save ``row`` (an entry's or a version's), a new one through its compiled INSERT."""
    model = type(row)
    inserts = _INSERTS.get(model)
    if inserts is None:
        inserts = _INSERTS[model] = PreparedInsert(model)
    inserts.save(row)


def _rivalled_lines(pk: int) -> QuerySet:
    """The history of partie ``pk``'s entries that another phone typed differently (a
    ``RIVAL`` line, open or closed), in the history's order: what ``table_rivals`` reads,
    nothing of the entries that never had a rival, however long the partie."""
    rival = EntryVersion.objects.filter(
        partie_id=OuterRef("partie_id"),
        number=OuterRef("number"),
        action=EntryVersion.Action.RIVAL,
    )
    return EntryVersion.objects.filter(partie_id=pk).filter(Exists(rival)).order_by("number", "id")


#: The same, compiled once (``scoring.prepared``).
_RIVALLED_LINES = Prepared(_rivalled_lines, ID_MARKER)


def _held(partie: Partie) -> bool:
    """Whether ``partie`` is read by a running ``entry_partie`` block (its state is current)."""
    return partie.entry_block


def _now_holds(partie: Partie, entry: Entry) -> None:
    """Make the held partie's loaded entries (its game's ``entries_relation``) hold
    ``entry`` as just saved, in number order, and forget what was computed from the state
    before (its sheet and counts): what is computed from ``partie`` next is the partie as it
    now stands, without reading it again. A partie not held (``_held``) is left as it is."""
    if not _held(partie):
        return
    rows = [row for row in partie.entry_rows() if row.pk != entry.pk] + [entry]
    partie.held_entries = sorted(rows, key=lambda row: row.number)
    for computed in ("sheet", "counts"):
        partie.__dict__.pop(computed, None)


def _player(player: Player | str) -> Player:
    """``player``, or the player of that name, added if not yet known."""
    if isinstance(player, Player):
        return player
    return Player.objects.get_or_create(name=player)[0]


def partie_store(
    game: str,
    *,
    options: Mapping[str, Any],
    seats: Mapping[str, Player | str],
    values: Sequence[Any] = (),
    place: str = "",
    table: str = "",
    date: datetime.date | None = None,
    created_by=None,
) -> Partie:
    """Store a partie of ``game`` with its rule ``options``, its ``seats`` (seat → a saved
    ``Player``, or a name: the player of that name, added if not yet known) and its entries:
    the game's ``values`` in the order played, each stored as the game's row
    (``GameAdapter.entry_row``) with its first version. One transaction; the caller has
    checked the values with the game's rules, nothing here checks them again."""
    adapter = registry.get(game)
    model = ENTRY_TABLES[adapter.entries_relation]
    with transaction.atomic():
        partie = Partie(
            game=game, options=dict(options), place=place, table=table, created_by=created_by
        )
        if date is not None:
            partie.played_on = date
        partie.save()
        Seat.objects.bulk_create(
            Seat(partie=partie, seat=seat, player=_player(player)) for seat, player in seats.items()
        )
        rows = [adapter.entry_row(partie, value, n) for n, value in enumerate(values, start=1)]
        for row in rows:
            row.entered_by = created_by
        for row in model.objects.bulk_create(rows):
            keep_version(row, EntryVersion.Action.ENTER, user=created_by)
    after_change(partie)
    return partie


def entry_record(
    *,
    partie: Partie,
    value: Any,
    number: int | None = None,
    user=None,
    author: str = "",
    key: str = "",
    expected: int | None = None,
    version: int | None = None,
    confirmed: bool = True,
    seat: str = "",
    action: str = "",
    chooser: str = "",
) -> Entry:
    """Add an entry (a donne, a round) to the partie (``number`` None) or correct entry
    ``number``; keep the version. ``value`` is the entry as the game's engine reads it
    (``GameAdapter.entry_value``); the returned row is the game's (``entries_relation``).

    The partie is locked while its whole sheet is checked again with the new value
    (``GameAdapter.check_entries``), so that two phones cannot both take the same number nor
    add an entry after the end.
    - ``key``: the form's idempotency key; an entry already stored with it is returned as is
      (a resubmission after a dropped connection stores one entry);
    - ``expected``: the number the new entry had on the phone; a lower number means another
      phone entered that entry first: ``EntryTaken``; a higher one, that an earlier entry
      was never recorded: ``EntryAhead``;
    - ``version``: the version a correction was made from; a newer one (or an entry deleted
      meanwhile): ``EntryTaken``;
    - ``confirmed`` False leaves the entry (new or corrected) pending until the other side
      confirms it; ``seat`` is the seat of the player who typed the numbers, a new entry's
      or a correction's (the other side of his then checks it; blank: a correction keeps
      the entry's). A refused entry, corrected, is pending again.
    - ``action``: the version a correction keeps (``EntryVersion.Action``), where it is not
      the game's ``change_action`` (the table taking another phone's numbers: ``TAKE``, the
      version's seat then the ``chooser``'s, the entry's the typist's).
    Raises ``SheetRefused`` (nothing saved) when the sheet would be refused, or a new entry
    would pass ``registry.MAX_ENTRIES``, each message naming the entry by its game's
    ``entry_name``. A partie of an ``entry_partie`` block is
    taken as it is held (locked, read in the block).
    """
    adapter = partie.adapter
    with locked_entries(partie) as rows:
        done = stored_with_key(rows, key)
        if done is not None:
            return done
        values = [adapter.entry_value(row) for row in rows]
        what = {"entry": adapter.entry_name, "n": expected if number is None else number}
        if number is None:
            old = None
            number = (rows[-1].number if rows else 0) + 1
            if expected is not None and expected < number:
                raise EntryTaken(adapter.round_text("entered_elsewhere", n=what["n"]))
            if expected is not None and expected > number:
                raise EntryAhead(adapter.round_text("never_recorded", n=number, expected=expected))
            if number > registry.MAX_ENTRIES:
                raise SheetRefused(
                    _(
                        "%(entry)s %(n)s: a partie holds %(max)s at most. The director can "
                        "close it as it stands and start another."
                    )
                    % {**what, "n": number, "max": registry.MAX_ENTRIES}
                )
            values.append(value)
        else:
            index = next((i for i, row in enumerate(rows) if row.number == number), None)
            if index is None or (version is not None and version != rows[index].version):
                raise EntryTaken(adapter.round_text("changed_meanwhile", n=what["n"]))
            old = rows[index]
            values[index] = value
        adapter.check_entries(partie, values)
        entry = adapter.entry_row(partie, value, number)
        entry.entered_by = user
        if old is None:
            entry.key, entry.confirmed, entry.entered_seat = key, confirmed, seat
            action = EntryVersion.Action.ENTER
        else:
            entry.pk, entry.key, entry.version = old.pk, old.key, old.version + 1
            # A refused entry, corrected, is pending again; ``confirmed`` False makes any
            # correction pending (another phone's numbers taken: the other side checks them).
            entry.confirmed = old.confirmed and confirmed
            entry.entered_seat = seat or old.entered_seat
            entry.confirmed_seat = old.confirmed_seat if entry.confirmed else ""
            action = action or adapter.change_action(old, value)
        _saved(entry)
        keep_version(entry, action, author, user, seat=chooser or seat)
        _now_holds(partie, entry)
    # A new entry left pending comes after every entry that counts: no total changes.
    after_change(partie, results=old is not None or entry.confirmed)
    return entry


def stored_with_key(rows: Iterable[Entry], key: str) -> Entry | None:
    """The entry of ``rows`` (a partie's donnes or rounds) that holds the idempotency ``key``
    a phone sent with its form, None when none does: a submission stored already, sent again
    after a dropped connection. An empty key is none (a form without one)."""
    return next((row for row in rows if row.key == key), None) if key else None


#: What ``partie_changed``'s receivers read of the partie it sends.
CHANGED_PREFETCH = (
    Prefetch("seats", queryset=Seat.objects.select_related("player")),
    *entry_reads(),
)


def after_change(partie: Partie, *, results: bool = True) -> None:
    """Store the players' results again, then tell the apps built on the sheets
    (``signals.partie_changed``, with the partie as it now stands: the ratings of a finished
    partie).

    A partie held by an ``entry_partie`` block is current: its results are computed from it
    and stored in the block's transaction, and it is what the signal sends. Another is read
    again (``results.store_results``, then for the signal). ``results`` False: the change
    left the entries that count as they were (a new entry pending, after them: the results
    read the counted entries only, ``Partie.sheet``), so the stored results stand; the pages
    that show the partie's sheet are made stale all the same (``touch_parties``)."""
    held = _held(partie)
    if not results:
        touch_parties()
    elif held:
        write_results(partie)
    else:
        store_results(partie)
    if held:
        current = partie
    else:
        current = Partie.objects.prefetch_related(*CHANGED_PREFETCH).get(pk=partie.pk)
    partie_changed.send(sender=Partie, partie=current, counted=results)


def entry_data(entry: Entry) -> dict:
    """What a donne or round holds, as JSON, as its game writes it (``value_data``: a donne's
    §10 form). Reads the entry's partie unless the row holds it already, as the rows the
    entry services read with their partie do."""
    adapter = entry.partie.adapter
    return adapter.value_data(adapter.entry_value(entry))


def keep_version(
    entry: Entry,
    action: str,
    author: str = "",
    user=None,
    reason: str = "",
    data=None,
    seat: str = "",
) -> None:
    """Record the donne or round as it now stands (or ``data``, a rival's), with who did what
    (``author``, and at a table his ``seat``) and, for a refusal, why
    (``EntryVersion.Reason``, or blank)."""
    _saved(
        EntryVersion(
            partie_id=entry.partie_id,
            number=entry.number,
            version=entry.version,
            action=action,
            reason=reason,
            data=entry_data(entry) if data is None else data,
            author=author or (user.get_username() if user else ""),
            seat=seat,
            user=user,
        )
    )


def keep_rival(*, entry: Entry, data: dict, author: str = "", seat: str = "") -> bool:
    """A second phone entered ``entry`` (a stored donne or round) with ``data`` (as
    ``entry_data`` gives it), typed by the player at ``seat``: when the numbers differ, keep
    them beside the entry as a ``RIVAL`` version (not applied) for the table to choose; True
    if kept. The same numbers again keep nothing (the same entry typed twice)."""
    if data == entry_data(entry):
        return False
    keep_version(entry, EntryVersion.Action.RIVAL, author, data=data, seat=seat)
    touch_parties()  # its history is on the sheet's page
    return True


def open_rival(entry: Entry, versions=None) -> EntryVersion | None:
    """The other phone's version awaiting the table's choice: the last line of the entry's
    history for its current version when it is a ``RIVAL`` (any change of the entry, or the
    table's ``KEEP``, closes it). ``versions``: lines of the partie's history already read,
    those of this entry's number among them (``table_rivals`` reads only the entries that had
    a rival); else the entry's own are read."""
    if versions is None:
        versions = entry.versions
    lines = [v for v in versions if v.number == entry.number and v.version == entry.version]
    last = lines[-1] if lines else None
    return last if last is not None and last.action == EntryVersion.Action.RIVAL else None


def refusal(entry: Entry, versions=None) -> EntryVersion | None:
    """The version that refused ``entry`` (its author and reason), while it is refused."""
    if not entry.refused:
        return None
    if versions is None:
        versions = entry.versions
    refusals = [
        v for v in versions if v.number == entry.number and v.action == EntryVersion.Action.REFUSE
    ]
    return refusals[-1] if refusals else None


def rival_keep(*, entry: Entry, author: str = "", seat: str = "") -> None:
    """The player at ``seat`` keeps the stored entry over the other phone's version
    (``KEEP``)."""
    keep_version(entry, EntryVersion.Action.KEEP, author, seat=seat)
    touch_parties()  # its history is on the sheet's page


def entry_decide(
    *, entry: Entry, seat: str, accept: bool, author: str = "", reason: str = ""
) -> Entry:
    """The other side's decision on a pending donne or round: ``accept`` confirms it (it
    counts from now on), else it is refused (``reason``: an ``EntryVersion.Reason``, or
    blank) and goes back to the side that entered it, to be corrected (then pending again).
    ``seat`` is the deciding player's, whom the adapter has checked to be of the other side.
    A decision on an entry no longer pending changes nothing (a second phone's tap). An
    entry of a partie held by ``entry_partie`` is taken as it is held."""
    # An entry of a held partie was read with it (its ``partie`` is the held one, no query).
    held = type(entry).partie.is_cached(entry) and _held(entry.partie)
    partie = entry.partie if held else None
    with nullcontext() if held else transaction.atomic():
        if not held:
            entry = type(entry).objects.select_for_update().get(pk=entry.pk)
        if entry.confirmed or (entry.refused_seat and not accept):
            return entry
        if accept:
            entry.confirmed, entry.confirmed_seat, entry.refused_seat = True, seat, ""
            action = EntryVersion.Action.CONFIRM
        else:
            entry.refused_seat = seat
            action = EntryVersion.Action.REFUSE
        entry.version += 1
        entry.save(update_fields=["confirmed", "confirmed_seat", "refused_seat", "version"])
        keep_version(entry, action, author, reason="" if accept else reason, seat=seat)
        if held:
            _now_holds(partie, entry)
    after_change(partie or entry.partie)
    return entry


# -- the table's decisions, over the game's adapter (``Partie.adapter``) -----------------------


def already_decided(partie: Partie, number: int, said: str) -> str:
    """``said`` (why a phone's decision or choice on entry ``number`` changes nothing), and
    who last decided, chose or changed it, when and how: "… Accepted by table 1 · Claire
    (E) at 21:14." (one query)."""
    last = (
        EntryVersion.objects.filter(partie_id=partie.pk, number=number)
        .exclude(action=EntryVersion.Action.RIVAL)
        .order_by("-id")
        .first()
    )
    if last is None:
        return said
    when = timezone.localtime(last.at)
    how = _("%(action)s by %(who)s at %(time)s.") % {
        "action": capfirst(last.get_action_display()),
        "who": last.author or "–",
        "time": f"{when:%H:%M}",
    }
    return f"{said} {how}"


#: What a table's phone is told of a decision or a choice sent without « I am ».
NAME_YOURSELF = gettext_lazy("Say who you are: tap your name under « I am ».")


def table_decide(
    *, partie: Partie, number: int, seat: str, accept: bool, author: str = "", reason: str = ""
) -> None:
    """The player at ``seat`` accepts or refuses pending entry ``number`` (``reason``: one of
    the adapter's ``refusal_reasons``, or blank; another is ignored); raises ``SheetRefused``
    when there is no such pending entry or he may not decide it."""
    adapter = partie.adapter
    entry = adapter.entry(partie, number)
    if entry is None or entry.confirmed or entry.refused:
        raise SheetRefused(
            already_decided(partie, number, _("This entry no longer awaits a decision."))
        )
    if seat not in partie.players_by_seat:
        raise SheetRefused(NAME_YOURSELF)
    if not adapter.may_decide(partie, entry.entered_seat, seat):
        raise SheetRefused(_("A player of the other side accepts or refuses the entry."))
    name = adapter.seat_name(partie, seat)
    reason = reason if reason in adapter.refusal_reasons else ""
    entry_decide(entry=entry, seat=seat, accept=accept, author=f"{author} · {name}", reason=reason)


def refusal_text(partie: Partie, entry: Entry) -> str:
    """Who refused ``entry`` and why, for the table correcting it (blank when it is not
    refused): "Refused by Marc (E): plis."."""
    refused = refusal(entry)
    if refused is None:
        return ""
    name = partie.players_by_seat.get(entry.refused_seat, entry.refused_seat)
    text = _("Refused by %(name)s (%(seat)s).") % {"name": name, "seat": entry.refused_seat}
    if refused.reason:
        reason = EntryVersion.Reason(refused.reason).label
        text = _("Refused by %(name)s (%(seat)s): %(reason)s.") % {
            "name": name,
            "seat": entry.refused_seat,
            "reason": reason,
        }
    return text


def table_keep_rival(*, form, author: str) -> bool:
    """The table's valid ``form`` (the adapter's ``table_form``) that lost a race: a new
    entry that another phone stored under its number first, or a correction of an entry
    changed meanwhile. Keep its numbers, typed by the form's seat, beside the stored ones
    when they differ (True), for the table to choose: nothing a phone typed is dropped."""
    adapter = form.partie.adapter
    number = form.number or form.cleaned_data.get("expected")
    entry = adapter.entry(form.partie, number) if number else None
    if entry is None:
        return False
    seat = form.cleaned_data.get("entered_seat", "")
    return keep_rival(entry=entry, data=adapter.form_data(form), author=author, seat=seat)


def table_rivals(partie: Partie) -> list[Rival]:
    """The stored entries that another phone typed differently, awaiting the choice (one
    query: ``_rivalled_lines``)."""
    adapter = partie.adapter
    versions = _RIVALLED_LINES(partie.pk)
    seats = [(seat, adapter.seat_name(partie, seat)) for seat in adapter.seats(partie)]
    found = []
    for entry in adapter.stored_entries(partie):
        rival = open_rival(entry, versions)
        if rival is not None:
            found.append(
                Rival(
                    number=entry.number,
                    stored=adapter.entry_words(partie, entry),
                    other=adapter.entry_words(partie, entry, rival.data),
                    entered_by=rival.author,
                    stored_by=typed_by(partie, entry),
                    accepted=entry.confirmed,
                    choices=seats,
                )
            )
    return found


def typed_by(partie: Partie, entry: Entry) -> str:
    """Who typed the numbers ``entry`` holds, as a table's pages name him
    (``GameAdapter.seat_name``: "Annie (N)"); blank for the director's."""
    seat = entry.entered_seat
    return partie.adapter.seat_name(partie, seat) if seat else ""


def table_choose(*, partie: Partie, number: int, take: bool, seat: str, author: str = "") -> None:
    """The choice of the player at ``seat`` (who names himself, as for accepting) between
    stored entry ``number`` and another phone's version: ``take`` the other's numbers, else
    keep the stored ones (``KEEP``). Taken numbers are the other phone's player's: they are
    pending (an accepted entry too: it counts again once checked), for the side that did not
    type them to accept or refuse, whoever chose (``TAKE``, by the chooser). Raises
    ``SheetRefused`` when ``seat`` is none of the table's, when there is nothing to choose
    any more (the entry changed since, or a second phone's tap), or when the sheet refuses
    the other numbers."""
    adapter = partie.adapter
    if seat not in partie.players_by_seat:
        raise SheetRefused(NAME_YOURSELF)
    entry = adapter.entry(partie, number)
    rival = open_rival(entry) if entry is not None else None
    if rival is None:
        raise SheetRefused(
            already_decided(partie, number, _("This entry no longer awaits a choice."))
        )
    who = f"{author} · {adapter.seat_name(partie, seat)}"
    if not take:
        rival_keep(entry=entry, author=who, seat=seat)
        return
    entry_record(
        partie=partie,
        value=adapter.data_value(rival.data, entry.number),
        number=entry.number,
        version=entry.version,
        author=who,
        confirmed=False,
        seat=rival.seat,
        action=EntryVersion.Action.TAKE,
        chooser=seat,
    )


def entries_waiting(*, partie: Partie, waiting: Sequence[Mapping[str, Any]]) -> None:
    """Mark the entries of ``waiting`` (each a ``number`` with its ``status``, "pending" or
    "refused", and the seats ``entered_by`` and ``refused_by``, as ``history.waiting``
    writes them) as not counting yet: an imported sheet's entries that were waiting when it
    was written. Raises ``SheetRefused`` naming the number when the partie has no such
    entry; the caller's transaction then stores nothing."""
    if not waiting:
        return
    with locked_entries(partie) as rows:
        by_number = {row.number: row for row in rows}
        for item in waiting:
            row = by_number.get(item["number"])
            if row is None:
                raise SheetRefused(
                    _("waiting: the sheet has no entry %(n)s.") % {"n": item["number"]}
                )
            refused = item["status"] == "refused"
            row.confirmed, row.confirmed_seat = False, ""
            row.entered_seat = item.get("entered_by", "")
            row.refused_seat = (item.get("refused_by") or "?") if refused else ""
            row.save(update_fields=["confirmed", "confirmed_seat", "entered_seat", "refused_seat"])
    after_change(partie)


def remote_table_of(partie: Partie) -> RemoteTable | None:
    """The remote table that fills ``partie`` (``RemoteTable.partie``), None for none: read
    once (one query, none where the partie was read with ``select_related("remote_table")``,
    as a table's entry reads it), then kept on the partie by Django's reverse one-to-one
    cache."""
    try:
        return partie.remote_table
    except RemoteTable.DoesNotExist:
        return None


def written_by_table(partie: Partie) -> bool:
    """Whether the partie is being played at a remote table (``scoring.remote``), which alone
    writes its sheet while it plays: no entry, correction, annulment or deletion is made by
    hand meanwhile (the live page and the sheet would no longer agree). The table plays from
    its opening (its seats being taken) until its last round is over and none is dealt after
    it: then a correction is made as on any sheet, and kept in its history, even one that
    leaves the partie unfinished. A partie of no remote table: no query (``remote_table_of``);
    else one."""
    table = remote_table_of(partie)
    if table is None:
        return False
    dealt = RemoteDonne.objects.filter(table=OuterRef("pk"))
    return (
        RemoteTable.objects.filter(pk=table.pk)
        .filter(~Exists(dealt) | Exists(dealt.filter(record__isnull=True)))
        .exists()
    )


def hand_entry_refusal(partie: Partie) -> str:
    """Why no entry, correction, annulment or deletion is made by hand on ``partie`` now,
    in the user's language: its remote table writes it (``written_by_table``); "" when one
    may be made."""
    if not written_by_table(partie):
        return ""
    return _(
        "This partie is being played at a distance: its table writes every %(entry)s until "
        "the partie is over. Corrections can be made once it is over."
    ) % {"entry": str(partie.adapter.entry_name).lower()}


def entry_delete_last(*, partie: Partie, user=None) -> Entry | None:
    """Remove the partie's last entry (a donne or round typed by mistake), keeping its history
    with a ``delete`` version; None when the partie has none."""
    with locked_entries(partie) as rows:
        if not rows:
            return None
        last = rows[-1]
        last.version += 1
        keep_version(last, EntryVersion.Action.DELETE, user=user)
        last.delete()
    after_change(partie)
    return last
