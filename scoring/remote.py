"""Games at a distance: the remote tables in the database, around the plain-Python table of
each game (``scoring.play.live.LiveTable``, which the game's adapter gives: ``live_game``)
(keyword-only services; the pages and the WebSocket consumer call these). Nothing here names
a game.

A table is opened with its game, rules and number of players; its seats are taken by people
through the invitation link (a club account or a guest's name) or given to simulated players
by whoever opened it. Play starts when no seat is empty: the partie is made (its players by
seat; a simulated seat is the hidden player "Automate N" …) and the first round dealt. Every
move is made under a lock on the table's row, checked by the engine, stored as a
``RemoteMove`` (the state is rebuilt from them), and the views of the seats and of the
spectators are returned for the caller to send. A round over is written on the partie's sheet
by the game's adapter (``live_record``) with its record kept on its ``RemoteDonne``. A table
of a club evening plays the partie of that evening's table, so its players are ranked like any
other.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from redis import RedisError

from scoring import registry
from scoring.models import (
    Partie,
    Player,
    RemoteDonne,
    RemoteMove,
    RemoteSeat,
    RemoteTable,
    Seat,
    counted_prefix,
    site_abandon_seconds,
)
from scoring.play.live import Dealt, Ended, LiveTable, Moved, MoveRefused
from scoring.services import remote_table_of, written_by_table

logger = logging.getLogger(__name__)

#: The refusals of ``scoring.play.live`` in the user's language.
REFUSAL_MESSAGES = {
    "stale": gettext_lazy("The table moved on before this move arrived: it is not played."),
    "not_seated": gettext_lazy("Spectators do not play."),
    "not_your_turn": gettext_lazy("It is not your turn."),
    "bad_move": gettext_lazy("This is not a move."),
    "not_in_hand": gettext_lazy("You do not hold this card."),
    "illegal_card": gettext_lazy("The rules do not allow it now."),
    "needs_choice": gettext_lazy("Say who plays next after your Dame or Tour."),
    "over": gettext_lazy("The partie is over."),
}


def robot_name(seat: str) -> str:
    """The name of the hidden player standing for a simulated player at ``seat``."""
    return f"Automate {seat}"


def group_name(table_id: int) -> str:
    """The channel-layer group of a table's pages (``scoring.consumers``)."""
    return f"remote-{table_id}"


#: The errors of a channel layer whose server is away (Redis stopped or unreachable).
LAYER_AWAY = (RedisError, OSError)
#: The close code of a page whose channel layer is away (RFC 6455, "try again later"): the page
#: says it is reconnecting, and does.
TRY_AGAIN = 1013


def announce(table: RemoteTable) -> None:
    """Send the table's new views to all its pages (after a change made by a page of the
    site, not by a WebSocket message). The layer away, the change stands and is logged: each
    page gets its state when it connects again (``LAYER_AWAY``)."""
    layer = get_channel_layer()
    if layer is not None:
        message = {"type": "table.state", "views": table_views(table)}
        try:
            async_to_sync(layer.group_send)(group_name(table.pk), message)
        except LAYER_AWAY as error:
            logger.warning("Remote table %s not announced: %s", table.pk, type(error).__name__)


class RemoteError(Exception):
    """A seat or table action that cannot be done now; the message says why, for the page."""


def abandon_delay(table: RemoteTable | None = None) -> timedelta:
    """How long a seat stays without its player before the table's creator may give it to a
    simulated player: the table's ``abandon_seconds`` (without a table, the site's
    ``REMOTE_ABANDON_SECONDS``, 20 by default)."""
    return timedelta(seconds=table.abandon_seconds if table is not None else site_abandon_seconds())


def heartbeat_seconds(table: RemoteTable | None = None) -> float:
    """Seconds between two heartbeats of a page of ``table``: ``REMOTE_HEARTBEAT_SECONDS`` (2
    by default), or a quarter of the abandon delay when that is shorter, so that a seat whose
    pages went silent is shown away well within the abandon delay."""
    every = float(getattr(settings, "REMOTE_HEARTBEAT_SECONDS", 2))
    return min(every, abandon_delay(table).total_seconds() / 4)


def silence_seconds(table: RemoteTable | None = None) -> float:
    """Seconds of silence after which a connection is taken for dead, on both ends: two
    heartbeats (4 s by default). The page then opens a new one; the server closes it
    (``scoring.consumers``) and the seat is away."""
    return 2 * heartbeat_seconds(table)


def beat_seconds(table: RemoteTable | None = None) -> float:
    """Seconds between two heartbeats of a page that mark its seat heard from in the
    database and compare the table with the page's state (``scoring.consumers``): every
    other heartbeat (4 s by default), so that a room's pages do not write at each one."""
    return 2 * heartbeat_seconds(table)


def presence_window(table: RemoteTable | None = None) -> timedelta:
    """How long a seat's person counts as present after his page was last marked heard from
    (every ``beat_seconds``, give or take a heartbeat): five heartbeats (10 s by default).
    A page that closes, or whose connection its server finds dead (``silence_seconds``),
    makes the seat away at once; the window matters only when a server dies with its
    connections."""
    return timedelta(seconds=5 * heartbeat_seconds(table))


def presence(place: RemoteSeat, now=None) -> str:
    """The one rule of a seat's presence: ``"present"`` (a person's page heard from within
    ``presence_window()`` and not closed since), ``"away"`` (a person, not present),
    ``"abandoned"`` (a person not heard from for ``abandon_delay()``: the creator may give
    the seat to a simulated player), or ``"none"`` for an empty or simulated seat. A crashed
    server or a dropped socket leaves nothing wrong: silence alone makes a seat away."""
    if place.kind != RemoteSeat.Kind.HUMAN:
        return "none"
    now = now or timezone.now()
    delay = abandon_delay(place.table)
    silent = now - place.seen_at if place.seen_at else delay
    if silent >= delay:
        return "abandoned"
    if place.closed or silent >= presence_window(place.table):
        return "away"
    return "present"


def table_create(
    *,
    game: str = "roimat",
    options: dict[str, Any] | None = None,
    players: int = 4,
    created_by=None,
    partie: Partie | None = None,
    abandon_seconds: int | None = None,
) -> RemoteTable:
    """Open a remote table of ``game`` with its empty seats: ``players`` of them (as the
    game's adapter names them: ``live_seats``) and its rule ``options`` (a partie's). With
    ``partie`` (a club evening's table), the table plays that partie: its game and rules,
    and its players' names on the seats; ``abandon_seconds``: the table's ``abandon_delay``
    (the site's without it). Raises ``RemoteError`` for options the game refuses
    or a number of players it does not seat."""
    adapter = registry.get(partie.game if partie is not None else game)
    problems = adapter.option_problems(partie.options if partie is not None else options or {})
    low, high = adapter.table_sizes
    if problems or (partie is None and not low <= players <= high):
        raise RemoteError(problems[0] if problems else _("This game is not played by so many."))
    with transaction.atomic():
        names: dict[str, str] = {}
        if partie is not None:
            game, options = partie.game, partie.options
            names = {s.seat: s.player.name for s in partie.seats.all()}
            players = len(names)
        table = RemoteTable.objects.create(
            game=game,
            options=dict(options or {}),
            partie=partie,
            created_by=created_by,
            abandon_seconds=abandon_seconds or site_abandon_seconds(),
        )
        RemoteSeat.objects.bulk_create(
            RemoteSeat(table=table, seat=seat, name=names.get(seat, ""), fixed=seat in names)
            for seat in table.adapter.live_seats(players)
        )
    return table


def _locked(table: RemoteTable) -> RemoteTable:
    return RemoteTable.objects.select_for_update().get(pk=table.pk)


def seat_take(*, table: RemoteTable, seat: str, name: str, user=None) -> RemoteSeat:
    """Seat a person: ``name`` (a guest's, or the club account's; ignored at an evening's
    table, where the seat is the drawn player's). Raises ``RemoteError`` when the seat is
    taken or the name already sits at the table. Play starts once no seat is empty."""
    name = " ".join(name.split())[:80]
    with transaction.atomic():
        table = _locked(table)
        place = table.seats.get(seat=seat)
        if place.kind != RemoteSeat.Kind.EMPTY:
            raise RemoteError(_("This seat is taken."))
        if place.fixed:
            name = place.name
        if not name:
            raise RemoteError(_("Give your name."))
        if table.seats.exclude(pk=place.pk).filter(name__iexact=name).exists():
            raise RemoteError(_("%(name)s already sits at this table.") % {"name": name})
        place.kind, place.name = RemoteSeat.Kind.HUMAN, name
        place.user = user if user is not None and user.is_authenticated else None
        place.seen_at, place.closed = timezone.now(), False
        place.save()
        _start_if_full(table)
    return place


def seat_robot(*, table: RemoteTable, seat: str, user) -> RemoteSeat:
    """Give a seat to a simulated player, on the table creator's word: an empty seat, or a
    person's seat whose pages have all been closed for ``abandon_delay()``. The person stays
    the seat's player on the sheet. Raises ``RemoteError`` otherwise."""
    with transaction.atomic():
        table = _locked(table)
        if user is None or table.created_by_id != user.pk:
            raise RemoteError(_("Only the player who opened the table may do this."))
        place = table.seats.get(seat=seat)
        if place.kind == RemoteSeat.Kind.ROBOT:
            return place
        if place.kind == RemoteSeat.Kind.HUMAN and presence(place) != "abandoned":
            raise RemoteError(_("This player is still at the table, or left only a moment ago."))
        if place.kind == RemoteSeat.Kind.EMPTY and not place.fixed:
            place.name = robot_name(seat)
        place.kind = RemoteSeat.Kind.ROBOT
        place.save()
        game = _start_if_full(table)
        if game is None and table.partie_id is not None:
            game = _take(table)
            game.play_robots(robots(table))
            _store(table, game)
    return place


def robots(table: RemoteTable) -> set[str]:
    """The seat letters played by the engine."""
    return {s.seat for s in table.seats.all() if s.kind == RemoteSeat.Kind.ROBOT}


def _start_if_full(table: RemoteTable) -> LiveTable | None:
    """Under the table's lock: when no seat is empty and nothing was dealt, make the partie
    (unless the table has one) and deal the first round; the simulated players play."""
    seats = list(table.seats.all())
    if any(s.kind == RemoteSeat.Kind.EMPTY for s in seats) or table.donnes.exists():
        return None
    if table.partie is None:
        players = {}
        for place in seats:
            players[place.seat] = Player.objects.get_or_create(
                name=place.name, defaults={"hidden": place.kind == RemoteSeat.Kind.ROBOT}
            )[0]
        partie = Partie.objects.create(
            game=table.game,
            options=table.options,
            table=_("remote %(code)s") % {"code": table.code},
            created_by=table.created_by,
        )
        Seat.objects.bulk_create(Seat(partie=partie, seat=s, player=p) for s, p in players.items())
        table.partie = partie
        table.save(update_fields=["partie"])
    game = table.adapter.live_game(table)
    game.start()
    game.play_robots(robots(table))
    _store(table, game)
    return game


class Recent(OrderedDict):
    """A dict that keeps the ``size`` items stored last (``d[key] = value``), dropping the
    oldest stored beyond them: a cache that a long-running process does not grow forever."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size

    def __setitem__(self, key: Any, value: Any) -> None:
        super().__setitem__(key, value)
        self.move_to_end(key)
        while len(self) > self.size:
            try:
                self.popitem(last=False)
            except KeyError:  # another thread emptied it meanwhile
                break


#: Tables in memory in a process at most: the room's tables in play (a table dropped is
#: rebuilt from what it stored, at its next move).
CACHED_TABLES = 256
#: Tables as last stored by this process, by id (the last ``CACHED_TABLES`` stored): a move is
#: made on the cached table when its ``seq`` is still the one in the database (no other
#: process moved meanwhile).
_CACHE: Recent = Recent(CACHED_TABLES)


def load(table: RemoteTable) -> LiveTable:
    """The table's game rebuilt from what it stored (``live_game`` of its game's adapter),
    or this process's copy when it is up to date."""
    cached = _CACHE.get(table.pk)
    if cached is not None and cached.seq == table.seq:
        return cached
    game = table.adapter.live_game(table)
    _CACHE[table.pk] = game
    return game


def _take(table: RemoteTable) -> LiveTable:
    """Under the table's lock: the table's game (``load``), taken out of this process's
    copies while it is changed, so that no other thread reads a move half made; ``_store``
    puts it back."""
    game = load(table)
    _CACHE.pop(table.pk, None)
    return game


def _store(table: RemoteTable, game: LiveTable) -> None:
    """Under the table's lock: store what the game did (deals, moves, rounds over: on the
    partie's sheet, each with its record) and the new ``seq``."""
    events, game.events = game.events, []
    try:
        RemoteMove.objects.bulk_create(
            RemoteMove(table=table, seq=e.seq, number=e.number, seat=e.seat, text=e.text)
            for e in events
            if isinstance(e, Moved)
        )
        for event in events:
            if isinstance(event, Dealt):
                RemoteDonne.objects.create(
                    table=table, number=event.number, dealer=event.dealer, hands=event.hands
                )
            elif isinstance(event, Ended):
                sheet_number = None
                if event.entry is not None:
                    sheet_number = table.adapter.live_record(
                        table.partie,
                        event.entry,
                        record=event.record,
                        key=f"remote-{table.pk}-{event.number}",
                        author=_("remote table"),
                    )
                RemoteDonne.objects.filter(table=table, number=event.number).update(
                    record=event.record, sheet_number=sheet_number
                )
        table.seq = game.seq
        table.save(update_fields=["seq"])
    except BaseException:
        _CACHE.pop(table.pk, None)
        raise
    _CACHE[table.pk] = game


@dataclass(frozen=True)
class Played:
    """What a move message did: ``refused`` (a code of ``REFUSAL_MESSAGES``) or None, the
    views to send (``views_of``), and whether the move was one its seat had made already
    (``again``: sent twice, after a reconnection; nothing changed, nothing refused)."""

    refused: str | None
    views: dict[str, Any]
    again: bool = False


def move_play(*, table_id: int, key: str | None, seq: object, move: object) -> Played:
    """Make the move of a protocol message for the seat whose key is ``key`` (None or
    unknown: a spectator), numbered ``seq``; the simulated players then play. Under the
    table's lock: one move at a time, whatever the servers. The move the seat made at
    ``seq`` sent again is not refused (``Played.again``): a page may send its move once more
    after a reconnection."""
    with transaction.atomic():
        table = RemoteTable.objects.select_for_update().get(pk=table_id)
        seat = table.seats.filter(key=key, kind=RemoteSeat.Kind.HUMAN).first() if key else None
        game = _take(table)
        try:
            if not isinstance(seq, int) or isinstance(seq, bool):
                raise MoveRefused("stale")
            game.play(seat.seat if seat else None, seq, move)
        except MoveRefused as refused:  # nothing changed: the copy is as good as before
            _CACHE[table.pk] = game
            if _made_already(table, seat, seq, move):
                return Played(None, views_of(table, game), again=True)
            return Played(refused.code, views_of(table, game))
        game.play_robots(robots(table))
        _store(table, game)
        return Played(None, views_of(table, game))


def _made_already(table: RemoteTable, seat: RemoteSeat | None, seq: object, move: object) -> bool:
    """Whether a move refused is one the seat made already at ``seq`` (the same text): a page
    that sends its move again after a reconnection, not knowing whether it arrived, is
    answered with the state, not refused."""
    if seat is None or not isinstance(seq, int) or isinstance(seq, bool) or seq >= table.seq:
        return False
    made = table.moves.filter(seq=seq + 1).values_list("seat", "text").first()
    return made == (seat.seat, move)


def seat_names(table: RemoteTable) -> list[str]:
    """The table's seats, in order (N, E, S, O at Roimat; 1 … n at the other games)."""
    return list(table.seats.order_by("id").values_list("seat", flat=True))


def seat_of_key(table: RemoteTable, key: str | None) -> str | None:
    """The seat letter a key plays at this table (None: a spectator)."""
    if not key:
        return None
    place = table.seats.filter(key=key, kind=RemoteSeat.Kind.HUMAN).first()
    return place.seat if place else None


def seat_heard(*, table_id: int, key: str | None, closed: bool = False) -> bool:
    """A page of the seat whose key is ``key`` was heard from (it joined, sent its heartbeat
    or a move: ``closed`` False) or was closed (``closed`` True): its ``seen_at`` is now.
    Returns whether ``key`` is a person's seat at the table."""
    if not key:
        return False
    seats = RemoteSeat.objects.filter(table_id=table_id, key=key, kind=RemoteSeat.Kind.HUMAN)
    return seats.update(seen_at=timezone.now(), closed=closed) > 0


def table_beat(table_id: int) -> tuple[int, dict[str, dict[str, Any]]]:
    """The table's move number (``seq``) and the ``seats`` of its ``state`` as they stand
    (``seats_view``), for each heartbeat: one query."""
    places = list(RemoteSeat.objects.filter(table_id=table_id).select_related("table"))
    return (places[0].table.seq if places else 0), seats_view(RemoteTable(pk=table_id), places)


def table_views(table: RemoteTable) -> dict[str, Any]:
    """The views of the table as it stands (``views_of``), read afresh from the database."""
    table = RemoteTable.objects.get(pk=table.pk)
    return views_of(table, load(table))


def seats_view(
    table: RemoteTable, places: list[RemoteSeat] | None = None
) -> dict[str, dict[str, Any]]:
    """Each seat letter: the name, ``kind`` (``empty``, ``human``, ``robot``), whether its
    person is present (``connected``) and whether the seat may be given to a simulated player
    for being abandoned (``abandoned``), by ``presence``; ``places``: the table's seats, when
    already read."""
    now = timezone.now()
    view = {}
    for place in table.seats.all() if places is None else places:
        state = presence(place, now)
        view[place.seat] = {
            "name": place.name,
            "kind": place.kind,
            "connected": state == "present",
            "abandoned": state == "abandoned",
        }
    return view


def round_title(game: LiveTable, number: int, noun: Any) -> str:
    """Round ``number`` of the table as its sheet names it ("Donne 3", "Coup 2"), its number
    first, after the game's word for a round (``noun``: ``GameAdapter.entry_name``), when
    the name has none (a Roi manche's contract: "Manche 7 — Atout trèfle")."""
    name = game.sheet.round_name(number)
    if str(number) in name:
        return name
    return f"{noun} {number} — {name}"


def replays_view(table: RemoteTable, game: LiveTable) -> list[dict[str, Any]]:
    """The rounds over at the table, in order: each one's ``number``, its ``name``
    (``round_title``), whether it put nothing on the sheet (``void``: a void Roimat deal) and
    the ``url`` of its move-by-move replay."""
    donnes = table.donnes.filter(record__isnull=False).order_by("number")
    return [
        {
            "number": number,
            "name": round_title(game, number, table.adapter.entry_name),
            "void": sheet_number is None,
            "url": reverse("scoring:remote_donne", args=[table.code, number]),
        }
        for number, sheet_number in donnes.values_list("number", "sheet_number")
    ]


def sheet_results(partie: Partie) -> list[Any]:
    """The partie's entries that count on its sheet (``models.counted_prefix``), as its
    game's engine reads them (``GameAdapter.entry_value``): what the sheet page totals."""
    adapter = partie.adapter
    return [adapter.entry_value(row) for row in counted_prefix(adapter.stored_entries(partie))]


def on_partie_changed(sender, partie: Partie, **kwargs: Any) -> None:
    """``scoring.signals.partie_changed``: a partie played at a distance whose sheet changed
    after its table's end (a correction, through the entries' history) is sent to every
    page of its table, with the sheet's totals (``views_of``), once the change is
    committed. While the table plays, it sends its own states."""
    # Not written by its table: none (no query for an entry at a table, which reads it with
    # its partie), or one whose rounds are dealt and all over.
    table = remote_table_of(partie)
    if table is not None and not written_by_table(partie):
        transaction.on_commit(lambda: announce(table))


def views_of(table: RemoteTable, game: LiveTable) -> dict[str, Any]:
    """The protocol's ``state`` message for each seat and for spectators (key
    ``"spectator"``): ``LiveTable.view`` with the seats, the partie and its sheet's address,
    the round's ``title`` (``round_title``, once one is dealt), the rounds over (``replays``)
    and ``you``."""
    seats = seats_view(table)
    common = {
        "type": "state",
        "seats": seats,
        "partie": table.partie_id,
        "sheet_url": reverse("scoring:partie_detail", args=[table.partie_id])
        if table.partie_id
        else None,
        "replays": replays_view(table, game),
    }
    if game.number:
        common["title"] = round_title(game, game.number, table.adapter.entry_name)
    if game.finished and table.partie_id:
        game = game.with_results(sheet_results(table.partie))
    views = {seat: {**common, **game.view(seat), "you": seat} for seat in seats}
    views["spectator"] = {**common, **game.view(None), "you": None}
    return views
