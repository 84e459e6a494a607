"""The pages of a table at a distance: open a table of any game played move by move (its
number of players and rule options), its invitation link and seats, the live table (a
seat's or a spectator's), a simulated player on a seat, and each round's move-by-move replay
(the replay page of every game). One live page for every game (``live-table.js``), with
the game's words and its cards' faces (``game_labels``).

Opening a table needs a club account; whoever has the link (the table's code) may take an
empty seat with a name, or watch; only the player who opened the table gives seats to
simulated players. The seat key is kept in the browser's session.
"""

from __future__ import annotations

from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_ratelimit.exceptions import Ratelimited

from scoring import registry, remote
from scoring.access import by_code
from scoring.forms import RemoteSeatForm
from scoring.links import public_url, qr_svg
from scoring.messages import card_names
from scoring.models import RemoteDonne, RemoteTable
from scoring.option_fields import option_words
from scoring.partie_forms import LiveTableForm
from scoring.prepared import CODE_MARKER, Prepared
from scoring.registry import GameAdapter
from scoring.replays import replay_context

SESSION_KEYS = "remote_keys"


#: The remote table of a code (``by_code``).
REMOTE_TABLE = Prepared(lambda code: RemoteTable.objects.filter(code=code), CODE_MARKER)


def remote_table_of(request, code: str) -> RemoteTable:
    """The table a code opens. Raises ``Http404`` for a wrong code (counted: an address that
    tries too many gets ``Ratelimited`` for its wrong codes; a right one always opens)."""
    return by_code(request, REMOTE_TABLE, code, "remote-code")


def by_link(view):
    """Decorate a page opened by a table's link: an address over the limit of wrong codes
    gets a page saying so (429)."""

    @wraps(view)
    def guarded(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except Ratelimited:
            message = _("Too many wrong codes: wait a minute, then type it again.")
            return render(request, "scoring/remote_refused.html", {"message": message}, status=429)

    return guarded


def seat_key(request, table: RemoteTable) -> str | None:
    """The key of the seat this browser took at the table, if it still plays it."""
    key = request.session.get(SESSION_KEYS, {}).get(table.code)
    return key if key and remote.seat_of_key(table, key) else None


@login_required
def live_create(request, game: str):
    """Open a table at a distance of a game played move by move (404 for any other) with its
    number of players and rule options, then go to its page (the invitation link)."""
    adapter = registry.REGISTRY.get(game)
    if adapter is None or not adapter.playable:
        raise Http404(game)
    form = LiveTableForm(request.POST or None, adapter=adapter)
    if request.method == "POST" and form.is_valid():
        table = remote.table_create(
            game=adapter.key,
            options=form.options(),
            players=form.cleaned_data["players"],
            created_by=request.user,
            abandon_seconds=form.cleaned_data["abandon_seconds"],
        )
        return redirect(table)
    return render(request, "scoring/live_create.html", {"form": form, "game": adapter})


@by_link
def remote_table(request, code: str):
    """The table: its invitation (link, copy, share, QR code) and seats while one is empty or
    abandoned, the live table for a seat's player or a spectator, the rounds played. The
    seats and the table are drawn by the page's script from one ``state``
    (docs/remote-protocol.md), the same page for every game."""
    table = remote_table_of(request, code)
    key = seat_key(request, table)
    seat = remote.seat_of_key(table, key)
    link = public_url(request, table.get_absolute_url())
    context = {
        "table": table,
        "game": table.adapter,
        "seat_form": RemoteSeatForm(
            initial={"name": player_name(request.user)}, seats=remote.seat_names(table)
        ),
        "rules": option_words(table.adapter, table.options),
        "link": link,
        "qr": qr_svg(link, scale=5),  # scanned from another phone's screen
        "live": {
            "socket": f"/ws/distance/{table.code}/",
            "key": key,
            "creator": request.user.is_authenticated and table.created_by_id == request.user.pk,
            "heartbeat": remote.heartbeat_seconds(table),
            "labels": game_labels(table.adapter, remote.seat_names(table)),
            # The page draws the table at once from this state; the WebSocket then keeps it.
            "state": remote.table_views(table)[seat or "spectator"],
        },
    }
    return render(request, "scoring/live_table.html", context)


def player_name(user) -> str:
    """The name a club account plays under: the player's name it holds (first and last
    name), else nothing: an account's username (``directeur``) is no one's name at a table."""
    return user.get_full_name() if user.is_authenticated else ""


def page_labels() -> dict[str, str]:
    """The words every live page's script shows (``remote-page.js``, the turn and the end of
    the partie), in the user's language."""
    return {
        "yourTurn": _("Your turn"),
        "waiting": _("Waiting for %(seat)s"),
        "robot": _("simulated"),
        "away": _("away"),
        "empty": _("empty seat"),
        "you": _("you"),
        "online": _("online"),
        "unsent": _("Waiting to be sent"),
        "noTable": _("This table does not exist."),
        "abandoned": _(
            "%(name)s is offline. Give the seat to a simulated player, so that the game goes on?"
        ),
        "copied": _("Link copied."),
        "copyFailed": _("Copy the link by hand: it is selected."),
        "over": _("The partie is over."),
        "spectator": _("You are watching: no hand is shown."),
        "reconnecting": _("Connection lost: reconnecting…"),
        "total": _("Total"),
        "close": _("OK"),
    }


@require_POST
@by_link
def remote_seat(request, code: str):
    """Take an empty seat with a name; the browser keeps the seat's key."""
    table = remote_table_of(request, code)
    form = RemoteSeatForm(request.POST, seats=remote.seat_names(table))
    if not form.is_valid():
        messages.error(request, _("Choose a seat and give your name."))
        return redirect(table)
    try:
        place = remote.seat_take(
            table=table,
            seat=form.cleaned_data["seat"],
            name=form.cleaned_data["name"],
            user=request.user,
        )
    except remote.RemoteError as error:
        messages.error(request, str(error))
        return redirect(table)
    keys = dict(request.session.get(SESSION_KEYS, {}))
    keys[table.code] = place.key
    request.session[SESSION_KEYS] = keys
    remote.announce(table)
    return redirect(table)


@login_required
@require_POST
@by_link
def remote_robot(request, code: str):
    """The table's creator gives an empty or abandoned seat to a simulated player."""
    table = remote_table_of(request, code)
    if table.created_by_id != request.user.pk:
        raise PermissionDenied("not the table's creator")
    seat = request.POST.get("seat", "")
    if seat not in remote.seat_names(table):
        messages.error(request, _("Choose a seat."))
        return redirect(table)
    try:
        remote.seat_robot(table=table, seat=seat, user=request.user)
    except remote.RemoteError as error:
        messages.error(request, str(error))
    remote.announce(table)
    return redirect(table)


@by_link
def remote_donne(request, code: str, number: int):
    """A round played at the table, replayed move by move from its record (the page of
    ``scoring.views.game_replay``, without its form)."""
    table = remote_table_of(request, code)
    donne = RemoteDonne.objects.filter(table=table, number=number, record__isnull=False).first()
    if donne is None:
        raise Http404("no such donne over at this table")
    context = {"game": table.adapter, "back": table.get_absolute_url()}
    context |= replay_context(table.adapter, donne.record)
    return render(request, "scoring/game_replay.html", context)


def game_labels(adapter: GameAdapter, seats: list[str]) -> dict[str, Any]:
    """The words the live page of a game shows, in the user's language: its moves and the
    codes of its facts in words (its play state's ``move_words``, ``secret_words`` and
    ``token_words``), its cards' faces (``card_faces``) and its ``seats`` (their names, as
    the table's order gives them) in words."""
    state = adapter.state
    assert state is not None
    return {
        **page_labels(),
        **{seat: adapter.live_seat_words(seat) for seat in seats},
        "invite": _("Come and play at my table"),
        "voidDeal": _("nothing on the sheet"),
        "hand": _("Your hand"),
        "moves": _("Your moves"),
        "history": _("Played so far"),
        "trick": _("On the table"),
        "roundOver": _("End of %(round)s"),
        "roundScores": _("points scored: %(scores)s"),
        "roundTotals": _("totals: %(totals)s"),
        "onSheet": _("Points scored"),
        "wonBy": _("Won by %(names)s."),
        "draw": _("A draw: no winner."),
        "playerWord": _("Player"),
        "play": _("Play"),
        "moveWords": {word: _(text) for word, text in state.move_words.items()},
        # Another seat's move the rules keep secret until the round shows it (its text
        # without its rest): an estimate written down.
        "hiddenMoves": {word: _(text) for word, text in state.secret_words.items()},
        "tokens": {word: _(text) for word, text in state.token_words.items()},
        "frenchPack": state.french_pack,
        "signedTotals": adapter.signed_totals,
        "faces": state.card_faces,
        # Every card in words, named once for every page (the replay's too).
        "cardNames": card_names(state),
        "choiceWords": {word: _(text) for word, text in state.choice_words.items()},
        "legend": [[code, _(text)] for code, text in state.card_legend],
        "legendTitle": _("The cards"),
        "cardChoice": _("%(card)s: what do you do with it?"),
        "faceDown": _("face down"),
        "lastTrick": _("Last trick"),
        "winner": _("won the trick"),
        "sendTo": _("%(card)s: who plays after you?"),
        "changeCard": _("Choose another card"),
        "facts": {
            "manche": _("Manche"),
            # A Differenzler tour's number: the game's own word for its round.
            "round": str(adapter.entry_name),
            "coup": _("Coup"),
            "contract": _("Contract"),
            "trump": _("Trump"),
            "dealer": _("Dealer"),
            "leader": _("Leads"),
            "announcer": _("Announcer"),
            "contres": _("Contres"),
            "choice": _("Dead hand"),
            "board": _("Board"),
            "pile": _("Draw pile"),
            "discard": _("Discard pile"),
            "hand_sizes": _("Cards"),
            "side": _("Team"),
            "teams": _("Team"),
            "plis": _("Plis"),
            "points": _("Points"),
            "estimates": _("Estimate"),
            "collected": _("Chips collected"),
            "penalty": _("Penalty"),
            "bids": _("Bid"),
            "sale": _("Sale"),
        },
    }
