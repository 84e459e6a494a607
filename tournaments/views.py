"""Tournament pages: list and creation, registration and check-in, rounds and their table
plans, the live ranking, the room screen, and each table's entry page opened by its code."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_POST
from django_ratelimit.core import is_ratelimited
from django_ratelimit.exceptions import Ratelimited

from scoring import registry, services
from scoring.access import DIRECTOR, by_code, director_required, has_role
from scoring.documents import PDF, XLSX
from scoring.exports.tabular import qr_drawing, table_pdf, table_xlsx
from scoring.flights import Flight, Flights
from scoring.freshness import drawn, visitors_page
from scoring.links import public_url, qr_svg
from scoring.models import EntryVersion, Partie, Player
from scoring.prepared import CODE_MARKER, Prepared
from scoring.registry import EntryTaken, SheetRefused
from scoring.selectors import player_parties
from scoring.services import (
    WRITER_WAIT,
    entry_partie,
    read_partie,
    refusal_text,
    table_choose,
    table_decide,
    table_keep_rival,
)
from scoring.tables import PartieTable, configure

from . import live
from .console import progress
from .forms import NoteAnswerForm, PlayerForm, RegistrationForm, TableNoteForm, TournamentForm
from .mail import SendRefused, resend_key_valid, results_plan
from .models import Registration, Round, Season, Table, TableNote, Tournament
from .rankings import ranking_table, standing_rows
from .selectors import next_tables, player_page, season_chart_svg, season_page, with_ratings
from .services import (
    TournamentError,
    close_tournament,
    ranking_notes,
    round_remote,
    round_started,
    start_round,
    swap_seats,
    unfinished_tables,
    with_ranking_data,
)
from .table_page import kept_page, page_of, with_seats
from .tables import SeasonTable, StandingTable, TournamentTable
from .tasks import queue_results, request_sheets


@director_required
def player_create(request):
    """Add a player, then go back where the user came from (``?next=``)."""
    form = PlayerForm(request.POST or None)
    target = request.GET.get("next", "")
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("Player %(name)s added.") % {"name": player.name})
        if url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
            return redirect(target)
        return redirect("scoring:partie_list")
    return render(request, "tournaments/player_form.html", {"form": form})


def tournament_list(request):
    """The tournaments, newest first, 50 a page; ``?saison=<id>``: a season's only (an
    unknown season: none)."""
    tournaments = Tournament.objects.all()
    season = None
    asked = request.GET.get("saison", "")
    if asked:
        known = asked.isdigit() and int(asked) < 2**31  # a database's integer
        season = Season.objects.filter(pk=int(asked)).first() if known else None
        tournaments = tournaments.filter(season=season) if season else tournaments.none()
    table = configure(request, TournamentTable(tournaments), per_page=50)
    return render(request, "tournaments/list.html", {"table": table, "season": season})


@director_required
def tournament_create(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tournament = form.save()
        messages.success(request, _("Tournament created: register the players."))
        return redirect(tournament)
    return render(request, "tournaments/form.html", {"form": form})


def tournament_detail(request, pk: int):
    """Registration and check-in, rounds, and the live ranking (``evening_ranking``). A
    visitor's page is kept drawn until anything changes (``scoring.freshness.drawn``); a
    director's, with its controls, is drawn each time."""
    tournament = get_object_or_404(Tournament, pk=pk)

    def context() -> dict[str, Any]:
        return {
            "tournament": tournament,
            "registrations": tournament.registrations.select_related("player", "partner"),
            "rounds": tournament.rounds_set.prefetch_related("tables"),
            "ranking": evening_ranking(request, tournament),
            "form": RegistrationForm(tournament=tournament),
            **(director_notices(tournament) if has_role(request.user, DIRECTOR) else {}),
        }

    name, body = f"evening-page:{tournament.pk}", "tournaments/_evening_body.html"
    return visitors_page(
        request, name, "tournaments/detail.html", body, context, tournament=tournament
    )


def director_notices(tournament: Tournament) -> dict[str, Any]:
    """What the evening's page tells its director only (a visitor's page, kept drawn, reads
    none of it): the tables' notes awaiting an answer (``open_notes``), and the recipients
    whose results changed after they were sent (``outdated``)."""
    return {
        "open_notes": TableNote.objects.filter(
            table__round__tournament=tournament, answered_at=None
        ).select_related("table__round"),
        "outdated": results_plan(tournament).outdated if tournament.finished else [],
    }


def evening_ranking(request, tournament: Tournament) -> str:
    """The evening's ranking as its page shows it (what it leaves out, its table sorted as
    the query string asks), drawn and kept until anything changes (``scoring.freshness``):
    computing and drawing it cost most of the page."""

    def context() -> dict[str, Any]:
        ranked = with_ranking_data(Tournament.objects).get(pk=tournament.pk)
        table = StandingTable(standing_rows(ranked))
        configure(request, table)
        return {"tournament": ranked, "standings": table, "notes": ranking_notes(ranked)}

    name = f"evening-ranking:{tournament.pk}"
    return drawn(request, name, "tournaments/_ranking.html", context)


@director_required
@require_POST
def registration_add(request, pk: int):
    tournament = get_object_or_404(Tournament, pk=pk)
    form = RegistrationForm(request.POST, tournament=tournament)
    if form.is_valid():
        registration = form.save()
        messages.success(request, _("%(name)s registered.") % {"name": registration.player})
    else:
        for error in form.errors.values():
            messages.error(request, " ".join(error))
    return redirect(tournament)


@director_required
@require_POST
def registration_toggle(request, pk: int, registration: int):
    """Mark a registered player present or absent."""
    entry = get_object_or_404(Registration, pk=registration, tournament_id=pk)
    if entry.tournament.finished:
        messages.error(request, _("The tournament is closed."))
        return redirect(entry.tournament)
    entry.checked_in = not entry.checked_in
    entry.save(update_fields=["checked_in"])
    return redirect(entry.tournament)


@director_required
@require_POST
def round_start(request, pk: int):
    """Draw the next round: tables, seats and parties."""
    tournament = get_object_or_404(Tournament, pk=pk)
    try:
        round_ = start_round(tournament=tournament, created_by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
        return redirect(tournament)
    # The phones of the tables that finished show their players' next tables.
    live.push_evening(tournament)
    messages.success(request, _("Round %(n)s drawn.") % {"n": round_.number})
    return redirect("tournaments:round", pk=pk, number=round_.number)


def table_rows(request, round_: Round, codes: bool = False) -> list[dict]:
    """Each table of a round: its seats and progress; with ``codes`` (the director's pages
    only), its entry address and QR code."""
    states = {state.table.pk: state for state in progress(round_)}
    rows = []
    for table in round_.tables.select_related("partie").prefetch_related(
        "partie__seats__player", "partie__donnes", "partie__game_rounds", "notes"
    ):
        partie = table.partie
        row = {
            "table": table,
            "seats": [(s, partie.players_by_seat.get(s)) for s in partie.adapter.seats(partie)],
            "progress": states[table.pk],
            "notes": table.notes.all() if codes else [],
        }
        if codes:
            url = public_url(request, reverse("tournaments:table_entry", args=[table.code]))
            row.update(code=table.code, url=url, qr=qr_svg(url))
            row["remote"] = getattr(partie, "remote_table", None)
        rows.append(row)
    return rows


def round_detail(request, pk: int, number: int):
    """The table plan of a round (printable) with each table's progress; the director's
    console adds the tables' codes and QR codes, which nobody else sees."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    rows = table_rows(request, round_, codes=has_role(request.user, DIRECTOR))
    return render(
        request,
        "tournaments/round.html",
        {
            "round": round_,
            "tournament": round_.tournament,
            "rows": rows,
            "sit_out": round_.sit_out.all(),
            "players": [p for row in rows for _s, p in row["seats"]],
            "started": round_started(round_, [row["table"] for row in rows]),
            "playable": registry.get(round_.tournament.game).playable,
        },
    )


@director_required
@require_POST
def round_remote_open(request, pk: int, number: int):
    """Open a remote table for each table of the round (its players then play at a
    distance, by the links shown on the round's page)."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    try:
        opened, on_paper = round_remote(round_=round_, created_by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            ngettext(
                "%(n)s table at a distance opened.", "%(n)s tables at a distance opened.", opened
            )
            % {"n": opened},
        )
        if on_paper:
            numbers = ", ".join(str(t.number) for t in on_paper)
            messages.warning(
                request,
                _("Already begun on paper, so not played at a distance: table %(tables)s.")
                % {"tables": numbers},
            )
    return redirect("tournaments:round", pk=pk, number=number)


@director_required
@require_POST
def round_swap(request, pk: int, number: int):
    """Swap two players' seats before the round starts (no donne or round entered yet)."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    try:
        swap_seats(
            round_=round_, first=request.POST.get("first"), second=request.POST.get("second")
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Players swapped."))
    return redirect("tournaments:round", pk=pk, number=number)


@director_required
def tournament_close(request, pk: int):
    """Close the tournament: no more rounds, no more entries at the tables. When a table has
    not finished its partie, the page asks the director what to do with each: finish it
    later, count it as played so far, or not count it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    unfinished = unfinished_tables(tournament)
    error = None
    decisions = {t.pk: request.POST.get(f"closing_{t.pk}", "") for t in unfinished}
    if request.method == "POST" and not tournament.finished:
        try:
            close_tournament(tournament=tournament, decisions=decisions, unfinished=unfinished)
        except TournamentError as refused:
            error = str(refused) if any(decisions.values()) else None
        else:
            live.push_evening(tournament)
            messages.success(request, _("Tournament closed."))
            return redirect(tournament)
    rows = [  # each table with the director's choice so far, kept when the page comes back
        (
            t,
            t.partie.adapter.players_text(t.partie),
            t.partie.adapter.score_text(t.partie),
            decisions[t.pk],
        )
        for t in unfinished
    ]
    return render(
        request,
        "tournaments/close.html",
        {
            "tournament": tournament,
            "unfinished": rows,
            "error": error,
            "choices": [c for c in Table.Closing.choices if c[0]],
        },
    )


def room_screen(request, pk: int):
    """The live ranking and the round in progress, large, refreshing itself."""
    tournament = get_object_or_404(with_ranking_data(Tournament.objects), pk=pk)
    current = tournament.rounds_set.order_by("-number").first()
    return render(
        request,
        "tournaments/screen.html",
        {
            "tournament": tournament,
            "rows": standing_rows(tournament)[:24],
            "round": current,
            "tables": table_rows(request, current) if current else [],
        },
    )


def _table_of_code(code: str):
    """The table of ``code`` with what ``Table.is_open`` reads (``with_openness``) and
    whether it sent the director a note (``has_notes``: its page reads them only then); no
    order (a code is unique)."""
    notes = TableNote.objects.filter(table=OuterRef("pk"))
    return (
        Table.objects.with_openness().annotate(has_notes=Exists(notes)).filter(code=code).order_by()
    )


#: The table of a code, compiled once (``scoring.prepared``): its joins and subquery cost ten
#: times more to compile than to run.
OPEN_TABLE = Prepared(_table_of_code, CODE_MARKER)


def _table_and_partie_of_code(code: str):
    """``_table_of_code`` with the table's partie and its remote table if it has one (an
    evening's table may be played at a distance: ``services.written_by_table``), in the same
    query."""
    return _table_of_code(code).select_related("partie__remote_table")


#: The same with its partie (a table's page, ``table_entry``).
TABLE_AND_PARTIE = Prepared(_table_and_partie_of_code, CODE_MARKER)
#: The same, the partie's row only locked (``table_partie``).
LOCKED_TABLE = Prepared(
    lambda code: _table_and_partie_of_code(code).select_for_update(of=("partie",)),
    CODE_MARKER,
)


#: The tables' submissions in flight in this process (``table_entry``).
FLIGHTS = Flights()


class TableClosed(Exception):
    """A table's code used after its round or its tournament closed (``table``: that
    table)."""

    def __init__(self, table: Table | None = None) -> None:
        super().__init__()
        self.table = table


def table_of(request, code: str) -> Table:
    """The table a code opens, while its round is open.

    Raises ``Http404`` for a wrong code (counted against this address), ``Ratelimited`` for
    a wrong code once this address has tried too many (a right code always opens:
    ``by_code``), ``TableClosed`` after the round or the tournament closed.
    """
    return _open(by_code(request, OPEN_TABLE, code, "table-code"))


def table_and_partie(request, code: str) -> Table:
    """``table_of``, its partie read in the same query (``table.partie``), nothing locked."""
    return _open(by_code(request, TABLE_AND_PARTIE, code, "table-code"))


def table_partie(request, code: str) -> Partie:
    """The partie of the table a code opens, read and locked for an entry or a decision in
    ``entry_partie``'s transaction (its ``read``), in the query that finds the table and
    checks it is open (``table_of``, whose errors it raises): the table is found open in the
    transaction that writes, and a partie with its evening is one query. The partie's table
    is ``partie.tournament_table``."""
    return _open(by_code(request, LOCKED_TABLE, code, "table-code")).partie


def _open(table: Table) -> Table:
    """``table``, if its phone may enter (``Table.is_open``); else raises ``TableClosed``."""
    if not table.is_open:
        raise TableClosed(table)
    return table


def table_refusal(request, error: Exception) -> HttpResponse:
    """The page a phone sees when its code does not open a table: too many wrong codes (429),
    or a round that is closed (403). A closed table's page still shows the table as it
    ended: its totals, its partie's status (the director's decision at the close), its
    sheet, and where its players sit in the next round once it is drawn."""
    if isinstance(error, Ratelimited):
        message = _("Too many wrong codes: wait a minute, then type it again.")
        return render(request, "tournaments/table_closed.html", {"message": message}, status=429)
    context: dict[str, Any] = {
        "message": _("This round is closed: its tables no longer enter anything.")
    }
    table = getattr(error, "table", None)
    if table is not None:
        partie = read_partie(table.partie)
        context |= {
            "table": table,
            "partie": partie,
            "sides": partie.adapter.sides(partie),
            "status": partie.adapter.status_text(partie),
            "next_tables": next_tables(table),
        }
    return render(request, "tournaments/table_closed.html", context, status=403)


def table_entry(request, code: str):
    """A table's entry page, opened by its code without an account, for its round only.

    A player enters the next donne or round with the game's form (its adapter's); where the
    game asks for it, a player of the other team confirms a pending donne with a tap on the
    same phone. When another phone got there first, the page moves on to the next entry with
    a message saying so (the phone's form is never stuck on a number already taken).

    An entry is read, checked and stored in one write transaction (``entry_partie``): the
    partie is read once, locked, with what the form and the sheet need, by the table's code in
    the query that finds the table open (``table_partie``). A submission sent again is told
    what its first copy was (``FLIGHTS``, else ``EntryAdapter.table_resent``), nothing
    stored.
    """
    if request.POST.get("action") == "enter":
        key, code = request.POST.get("key", ""), code.upper()[:12]
        # A copy of a submission this process is handling or has just stored (sent again
        # after a dropped connection: half of a room's burst): told what the first copy was,
        # without a query (``scoring.flights``).
        with FLIGHTS.one((code, key) if key else None, WRITER_WAIT) as flight:
            if flight.answer is not None:
                messages.success(request, flight.answer)
                return redirect("tournaments:table_entry", code=code)
            try:
                with entry_partie(read=lambda: table_partie(request, code)) as partie:
                    table = partie.tournament_table
                    # A copy this process does not know of: answered from the entry that holds
                    # its key as the first time, without building and checking the form.
                    resent = partie.adapter.table_resent(partie, key)
                    if resent is not None:
                        messages.success(request, resent)
                        flight.answer = resent
                        return redirect("tournaments:table_entry", code=table.code)
                    form = partie.adapter.table_form(partie, request.POST)
                    if form is None:
                        return _after_the_end(request, table, partie)
                    if form.is_valid():
                        entered = _table_record(request, table, partie, form, flight)
                        if entered is not None:
                            return entered
            except (Ratelimited, TableClosed) as error:
                return table_refusal(request, error)
            except SheetRefused as error:  # a correction of an entry no longer there
                messages.error(request, str(error))
                return redirect("tournaments:table_entry", code=code)
        # The form refused, drawn again with its problems: the page of the partie as the
        # block read it.
        page = page_of(partie)
        fixing = form.stored
        refused_by = refusal_text(partie, fixing) if fixing and fixing.pk else ""
    else:
        try:
            table = table_and_partie(request, code)
        except (Ratelimited, TableClosed) as error:
            return table_refusal(request, error)
        partie = table.partie
        # Kept since the partie's last change: none of its entries read (``table_page``).
        page = kept_page(partie)
        with_seats(partie)
        form = None
        if not page.over:
            form = partie.adapter.entry_form(
                partie,
                None,
                stored=page.correcting,
                ask_seat=True,
                count=page.count,
                initial=page.initial,
            )
        refused_by = page.refused_by
    adapter = partie.adapter
    notes = list(table.notes.all()) if table.has_notes else []
    return render(
        request,
        "tournaments/table_entry.html",
        {
            "table": table,
            "partie": partie,
            "adapter": adapter,
            "form": form,
            "refused_by": refused_by,
            "rivals": page.rivals,
            "reasons": [(r, EntryVersion.Reason(r).label) for r in adapter.refusal_reasons],
            "winners": page.winners if form is None else None,
            "left_for_later": partie.closing == Table.Closing.LATER,
            "sides": page.sides,
            "counted": page.counted,
            "left_out": page.left_out,
            "counted_next": page.count + 1,
            "pending": page.pending,
            "notes": notes,
            "report": TableNoteForm(partie=partie, numbers=page.numbers),
            "stamp": live.stamp(table, partie, page.entries, page.rivals, notes),
        },
    )


def _after_the_end(request, table: Table, partie: Partie) -> HttpResponse:
    """A new entry posted once the partie is over (a phone's queue sent late): stored
    nowhere, and the phone is told so, with the number it sent."""
    number = request.POST.get("expected", "")[:6]
    messages.error(request, partie.adapter.round_text("too_late", n=number))
    return redirect("tournaments:table_entry", code=table.code)


def _table_record(
    request, table: Table, partie: Partie, form, flight: Flight
) -> HttpResponse | None:
    """Store the table's valid ``form`` (inside ``entry_partie``): the redirect to the
    table's page once stored or taken by another phone, None when the sheet refuses it (the
    form then says why). What the table is told of an entry stored is its submission's
    ``flight``'s answer, for its copies in flight."""
    adapter = partie.adapter
    refusal = services.hand_entry_refusal(partie)  # a table played at a distance writes it
    if refusal:
        form.add_error(None, refusal)
        return None
    author = f"{_('table')} {table.number}"
    live.push([partie.pk])  # stored or kept beside: the table's other phones show it
    try:
        done = adapter.table_record(form, author=author)
    except EntryTaken as taken:
        note = str(taken)
        seat = form.cleaned_data.get("entered_seat", "")
        name = partie.players_by_seat.get(seat, "")
        if table_keep_rival(form=form, author=f"{author} · {name} ({seat})" if name else author):
            number = form.number or form.cleaned_data.get("expected")
            twice = "changed_by_phone" if form.number else "entered_twice"
            note = adapter.round_text(twice, n=number)
        messages.warning(request, note)
    except SheetRefused as error:
        form.add_error(None, str(error))
        return None
    else:
        messages.success(request, done)
        flight.answer = done
    return redirect("tournaments:table_entry", code=table.code)


def table_go(request):
    """The code a player typed on the home page (``?code=``): to that table's page. A wrong
    code goes back to the home page saying so, and counts against the address as a wrong code
    typed in the table's address does."""
    code = "".join(request.GET.get("code", "").split()).upper()[:12]
    if not code:
        return redirect("home")
    try:
        table = table_of(request, code)
    except (Ratelimited, TableClosed) as error:
        return table_refusal(request, error)
    except Http404:
        wrong = _("No table has the code %(code)s: check it on the table's plan.")
        messages.error(request, wrong % {"code": code})
        return redirect("home")
    return redirect("tournaments:table_entry", code=table.code)


@cache_control(no_cache=True)
def table_worker(request):
    """The service worker of the table's phone app. Served under ``/t/`` rather than from the
    static files, so that its scope covers the tables' pages; always checked for a new
    version (``no-cache``)."""
    return render(request, "tournaments/table_worker.js", content_type="text/javascript")


def table_manifest(request, code: str):
    """The web app manifest of a table's page: the phone can install it on its home screen,
    and it opens on this table."""
    try:
        table = table_of(request, code)
    except (Ratelimited, TableClosed) as error:
        return table_refusal(request, error)
    start = reverse("tournaments:table_entry", args=[table.code])
    name = _("Table %(n)s") % {"n": table.number}
    manifest = {
        "name": f"{name} · {table.round.tournament.name}",
        "short_name": name,
        "lang": request.LANGUAGE_CODE,
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#24352b",
        "icons": [
            {"src": static(f"icons/table-{n}.png"), "sizes": f"{n}x{n}", "type": "image/png"}
            for n in (192, 512)
        ],
    }
    return JsonResponse(
        manifest,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


@require_POST
def table_report(request, code: str):
    """« Signaler un problème »: a table's phone sends the director a note about one of its
    donnes or rounds; the director reads it on the round's page and answers there. Refused,
    with a message naming the field, when it is empty or too long, or when the table already
    has ``TableNote.OPEN_AT_MOST`` notes unanswered."""
    try:
        table = table_and_partie(request, code)
    except (Ratelimited, TableClosed) as error:
        return table_refusal(request, error)
    form = TableNoteForm(request.POST, partie=read_partie(table.partie))
    if table.notes.filter(answered_at=None).count() >= TableNote.OPEN_AT_MOST:
        messages.error(request, _("The director has not answered your last notes yet."))
    elif not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        label = form.fields[field].label if field in form.fields else ""
        messages.error(request, _("%(label)s: %(value)s") % {"label": label, "value": errors[0]})
    else:
        TableNote.objects.create(table=table, **form.cleaned_data)
        live.push([table.partie_id])
        messages.success(request, _("Sent: the director reads it and answers on this page."))
    return redirect("tournaments:table_entry", code=table.code)


@director_required
@require_POST
def note_answer(request, pk: int, note: int):
    """The director answers a table's note (then shown on the table's phones)."""
    found = get_object_or_404(TableNote.objects.select_related("table__round"), pk=note)
    round_ = found.table.round
    if round_.tournament_id != pk:
        raise Http404(note)
    form = NoteAnswerForm(request.POST)
    if form.is_valid():
        found.answer, found.answered_by = form.cleaned_data["answer"].strip(), request.user
        found.answered_at = timezone.now()
        found.save(update_fields=["answer", "answered_by", "answered_at"])
        live.push([found.table.partie_id])
        messages.success(request, _("Answer sent to table %(n)s.") % {"n": found.table.number})
    else:
        messages.error(request, _("Answer: write something to send."))
    return redirect("tournaments:round", pk=pk, number=round_.number)


@require_POST
def table_confirm(request, code: str, number: int):
    """A player of the other side accepts (``decision=accept``) or refuses pending entry
    ``number``, naming himself (``seat``); a refused entry goes back to be corrected."""
    decision = request.POST.get("decision", "accept")
    accept = decision != "refuse"
    try:
        # One write transaction, the table found open in it.
        with entry_partie(read=lambda: table_partie(request, code)) as partie:
            table = partie.tournament_table
            author = f"{_('table')} {table.number}"
            what = {"entry": partie.adapter.entry_name, "n": number}
            live.push([partie.pk])
            if decision in ("keep", "take"):
                table_choose(
                    partie=partie,
                    number=number,
                    take=decision == "take",
                    seat=request.POST.get("seat", ""),
                    author=author,
                )
            else:
                table_decide(
                    partie=partie,
                    number=number,
                    seat=request.POST.get("seat", ""),
                    accept=accept,
                    author=author,
                    reason=request.POST.get("reason", ""),
                )
    except (Ratelimited, TableClosed) as error:
        return table_refusal(request, error)
    except SheetRefused as error:
        messages.error(request, str(error))
    else:
        if decision == "take":
            messages.success(
                request,
                partie.adapter.round_text("now_holds", n=what["n"]),
            )
        elif decision == "keep":
            messages.success(request, _("%(entry)s %(n)s keeps the numbers first entered.") % what)
        elif accept:
            messages.success(request, partie.adapter.round_text("accepted", n=what["n"]))
        else:
            messages.warning(request, partie.adapter.round_text("refused", n=what["n"]))
    return redirect("tournaments:table_entry", code=table.code)


def ranking_export(request, pk: int, kind: str):
    """The ranking as PDF or Excel."""
    tournament = get_object_or_404(with_ranking_data(Tournament.objects), pk=pk)
    title, heading, headers, rows = ranking_table(tournament)
    return _export(kind, title, heading, headers, rows, f"classement-{tournament.pk}")


@director_required
def round_plan_export(request, pk: int, number: int):
    """The table plan of a round as PDF with the tables' codes and QR codes, to print and lay
    on the tables (the director's)."""
    round_ = get_object_or_404(Round, tournament_id=pk, number=number)
    headers = [_("Table"), "N", "E", "S", "O", _("Code"), _("QR code")]
    rows = [
        [
            row["table"].number,
            *[str(p) for _s, p in row["seats"]],
            row["code"],
            qr_drawing(row["url"]),
        ]
        for row in table_rows(request, round_, codes=True)
    ]
    title = f"{round_.tournament.name} — {_('Round')} {number}"
    sit_out = ", ".join(str(p) for p in round_.sit_out.all())
    heading = [_("Each table enters its donnes at its own address (code or QR code).")]
    if sit_out:
        heading.append(f"{_('Sitting out:')} {sit_out}")
    return _export("pdf", title, heading, headers, rows, f"plan-{pk}-{number}")


def _export(kind, title, heading, headers, rows, name) -> HttpResponse:
    if kind == "xlsx":
        content, type_ = table_xlsx(title, headers, rows, heading=heading), XLSX
    else:
        content, type_ = table_pdf(title, heading, headers, rows, decimal=number_format), PDF
    response = HttpResponse(content, content_type=type_)
    response["Content-Disposition"] = f'attachment; filename="{name}.{kind}"'
    return response


def season_list(request):
    """The league's seasons."""
    return render(request, "tournaments/seasons.html", {"seasons": Season.objects.all()})


def season_detail(request, pk: int):
    """The season's standings: rank, movement since the last evening, evenings, value; the
    chart of the leaders comes from ``season_chart``. Its figures are kept in the cache until
    anything changes (``season_page``), and so is their table drawn for each sorting and page:
    drawing 50 rows with django-tables2 cost more than the rest of the page."""
    season = get_object_or_404(Season, pk=pk)
    page = season_page(season)

    def table() -> dict[str, Any]:
        table = SeasonTable(with_ratings(page["rows"]))  # kept drawn until a rating changes
        configure(request, table, per_page=50)
        return {"table": table}

    return render(
        request,
        "tournaments/season.html",
        {
            "season": season,
            "rows": page["rows"],
            "table": drawn(request, f"season-table:{season.pk}", "_scroll_table.html", table),
            "evenings": page["evenings"],
            "left_out": page["left_out"],
            "evenings_list": page["evenings_list"],
        },
    )


def season_chart(request, pk: int):
    """The five leaders' league value over the season, as an SVG picture (kept in the cache
    until anything changes)."""
    season = get_object_or_404(Season, pk=pk)
    return HttpResponse(season_chart_svg(season), content_type="image/svg+xml")


SEASON_COLUMNS = ("rank", "name", "evenings", "value", "points", "wins", "average")


def season_export(request, pk: int, kind: str):
    """The season's standings as PDF or Excel (from its kept figures: ``season_page``)."""
    season = get_object_or_404(Season, pk=pk)
    page = season_page(season)
    headers = [SeasonTable.base_columns[c].verbose_name for c in SEASON_COLUMNS]
    rows = [[row[c] for c in SEASON_COLUMNS] for row in page["rows"]]
    evenings = page["evenings"]
    count = ngettext("%(n)s evening", "%(n)s evenings", evenings) % {"n": evenings}
    heading = [f"{season.get_kind_display()} · {count}", *page["left_out"].notes]
    return _export(
        kind, f"{_('League')} — {season}", heading, headers, rows, f"championnat-{season.pk}"
    )


def player_detail(request, pk: int):
    """A player's page: rating and its history, Roimat figures, partners and opponents,
    evenings and parties. A hidden page is shown to club accounts only. Its figures over all
    his parties are kept in the cache until anything changes (``player_page``); his parties
    are listed 20 a page, newest first, each page read and scored on its own as the parties
    list's (``scoring.views.partie_list``), and kept drawn."""
    player = get_object_or_404(Player.objects.select_related("rating"), pk=pk)
    director = has_role(request.user, DIRECTOR)
    if player.hidden and not director:
        raise Http404("hidden")
    page = player_page(player)

    def table() -> dict[str, Any]:  # the parties' table, kept drawn as ``season_detail``'s
        table = PartieTable(player_parties(player.pk))
        configure(request, table, per_page=20)
        return {"table": table}

    table = drawn(request, f"player-table:{player.pk}", "_scroll_table.html", table)
    return render(
        request,
        "tournaments/player.html",
        {
            "player": player,
            "figures": page["figures"],
            "figures_drawn": page["drawn"],  # safe HTML, as render_to_string gives it
            "table": table,
            "rating": getattr(player, "rating", None),  # read with him: None unrated
            "chart": page["chart"],
            "left_out": page["left_out"],
            "evenings_drawn": page["evenings_director" if director else "evenings_drawn"],
            "director": director,
        },
    )


@director_required
def results_send(request, pk: int):
    """After an evening: the page that lists who gets what (each player his sheets and the
    ranking, the club everything) and who has no address; the director's confirmation
    (``confirm``, and ``again`` for those already served) queues the emails."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if request.method == "POST" and request.POST.get("confirm"):
        try:
            report = queue_results(
                tournament=tournament,
                again=bool(request.POST.get("again")),
                outdated=bool(request.POST.get("outdated")),
            )
        except SendRefused as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                ngettext(
                    "Queued for %(count)s recipient: it is sent in the background.",
                    "Queued for %(count)s recipients: they are sent in the background.",
                    len(report.queued),
                )
                % {"count": len(report.queued)},
            )
            if report.skipped:
                messages.info(
                    request,
                    _("Already sent or on its way, not again: %(names)s.")
                    % {"names": ", ".join(report.skipped)},
                )
        return redirect("tournaments:send", pk=tournament.pk)
    if request.method == "POST":  # the button of the evening's page: confirm first
        return redirect("tournaments:send", pk=tournament.pk)
    return render(
        request,
        "tournaments/results_confirm.html",
        {
            "tournament": tournament,
            "plan": results_plan(tournament),
        },
    )


def player_resend(request, pk: int, tournament: int):
    """A player's sheets of a closed evening sent again to his own address, by the director
    (the button of the player's page) or from the signed link of the player's results email
    (``?cle=``: ``resend_key_valid``, ``RESEND_LINK_DAYS``), which opens a page to confirm
    (a GET sends nothing: a mail reader may open links of its own) and is limited to
    ``RESEND_RATE`` per address. Once an hour per player either way (``request_sheets``).
    Without a valid key, anyone but the director gets a page saying why (403)."""
    player = get_object_or_404(Player, pk=pk)
    evening = get_object_or_404(Tournament, pk=tournament, registrations__player=player)
    director = has_role(request.user, DIRECTOR)
    key = (request.POST if request.method == "POST" else request.GET).get("cle", "")
    page = {"player": player, "evening": evening, "key": key}
    if not director and not resend_key_valid(key, player_id=player.pk, tournament_id=evening.pk):
        return resend_page(request, page, refused=resend_refusal(), status=403)
    if request.method != "POST":
        return resend_page(request, page)
    if not director and is_ratelimited(
        request, group="resend", key="ip", rate=settings.RESEND_RATE, increment=True
    ):
        refused = _("Too many sheets asked from this address: try again in an hour.")
        return resend_page(request, page, refused=refused, status=429)
    try:
        request_sheets(tournament=evening, player=player)
    except SendRefused as error:
        outcome, refused = "", str(error)
    else:
        outcome = _("Sheets of %(name)s queued: they arrive in a few minutes.") % {"name": player}
        refused = ""
    if director:
        messages.add_message(
            request, messages.ERROR if refused else messages.SUCCESS, refused or outcome
        )
        return redirect("tournaments:player", pk=player.pk)
    return resend_page(request, page, refused=refused, done=outcome)


def resend_refusal() -> str:
    """Why a link to receive one's sheets again does not open (altered, or too old)."""
    return ngettext(
        "This link is not valid, or it is more than %(days)s day old: ask the club's "
        "director to send your sheets again.",
        "This link is not valid, or it is more than %(days)s days old: ask the club's "
        "director to send your sheets again.",
        settings.RESEND_LINK_DAYS,
    ) % {"days": settings.RESEND_LINK_DAYS}


def resend_page(request, page: dict, *, refused: str = "", done: str = "", status: int = 200):
    """The page of a link to receive one's sheets again: the button that confirms, or what
    came of it (``done``), or why not (``refused``)."""
    context = {**page, "refused": refused, "done": done}
    return render(request, "tournaments/resend.html", context, status=status)
