"""Pages of every game's sheets: a new partie (its players and the game's rule options), the
list, a partie's sheet page (the same for every game, drawn from its layout), the documents,
the import and the email; the points of the cards typed in a card field (Römer's teams). A
game's own actions are in its package (Roimat's: ``scoring.adapters.roimat.views``).

Any game played move by move has its replay page: one round's record replayed move by move.

Reading needs no account; importing and emailing need a club account.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import document_tasks, documents, history, registry, services
from scoring.access import DIRECTOR, director_required, has_role
from scoring.exports.chart import chart_svg
from scoring.filters import PartieFilter
from scoring.forms import (
    EmailSheetForm,
    GameRecordForm,
    SheetImportForm,
    parse_team,
)
from scoring.freshness import MISSING, drawn, held, keep, kept, visitors_page
from scoring.games.base import InvalidGameSheet
from scoring.mail import send_sheet
from scoring.messages import game_sheet_error_message
from scoring.models import Partie
from scoring.option_fields import option_words
from scoring.partie_forms import GamePartieForm
from scoring.play.layout import SheetLayout
from scoring.replays import replay_context
from scoring.selectors import parties, with_sheet_reads
from scoring.tables import PartieTable, configure


def partie_list(request):
    """All parties, newest first, filtered by player, dates and rules: a page costs the same
    whatever the number of parties (its 25 read by the index of dates and scored, a count
    without DISTINCT). The filter and the table, drawn for the page's query string, are kept
    until anything changes (``scoring.freshness``): their drawing costs most of the page."""

    def context() -> dict[str, Any]:
        filterset = PartieFilter(request.GET, queryset=parties())
        # No DISTINCT: a player has one seat a partie (``one_seat_per_player``), so the filter
        # by player lists each partie once, and the newest 25 are read without sorting them.
        table = PartieTable(filterset.qs)
        configure(request, table, per_page=25)
        return {"filter": filterset, "table": table}

    listed = drawn(request, "parties-list", "scoring/_partie_list.html", context)
    return render(request, "scoring/partie_list.html", {"listed": listed})


def partie_detail(request, pk: int):
    """A partie's sheet page, the same for every game: its heading and rules, each side's
    total and the result, the sheet drawn from the game's layout (its phone-first columns
    first, where it has more), the chart, its documents (a long partie's said "being
    prepared" while the task worker makes them: ``document_tasks.preparing``), and a
    director's controls (the next entry, a correction, the last entry deleted; none while
    a remote table writes the partie: ``services.written_by_table``). A visitor's
    page is kept drawn until anything changes (``scoring.freshness.drawn``, for what is being
    prepared); a director's, with its controls, is drawn each time."""
    read = get_object_or_404(Partie, pk=pk)  # one query: a visitor's page is drawn before
    preparing = document_tasks.preparing(read.pk)  # its documents' links say so

    def context() -> dict[str, Any]:
        partie = with_sheet_reads(read)
        adapter, sheet = partie.adapter, partie.sheet
        layout = adapter.layout(partie)
        director = has_role(request.user, DIRECTOR)
        # Played at a distance: the table alone writes it until it is over.
        table_writes = services.hand_entry_refusal(partie) if director else ""
        return {
            "partie": partie,
            "adapter": adapter,
            "sheet": sheet,
            "layout": layout,
            "phone": layout.phone(),
            "sides": adapter.sides(partie),
            "rules": option_words(adapter, partie.options),
            "chart": kept_chart(partie, adapter.counted(partie), layout),
            "can_add": not sheet.complete and sheet.refused is None,
            "table_writes": table_writes,
            "by_hand": director and not table_writes,  # the director's entries and corrections
            "refused": adapter.refused_words(partie),
            "history": history.lines(partie),
            "preparing": preparing,
        }

    name = f"partie-page:{read.pk}:{'-'.join(preparing)}"
    body = "scoring/_partie_body.html"
    return visitors_page(request, name, "scoring/partie_detail.html", body, context, partie=read)


def kept_chart(partie: Partie, counted: int, layout: SheetLayout) -> str:
    """The partie's cumul chart (SVG; "" before an entry counts, ``counted``, or for a
    layout without one), kept until anything changes (``scoring.freshness``): drawing it
    costs more than the rest of the page."""
    if not counted or layout.chart is None:
        return ""
    return kept(f"partie-chart:{partie.pk}:{get_language()}", lambda: chart_svg(layout.chart))


def partie_pdf(request, pk: int):
    """The sheet as PDF (A4 landscape)."""
    return _kept_document(request, pk, "pdf")


def partie_xlsx(request, pk: int):
    """The sheet as an Excel workbook with live formulas."""
    return _kept_document(request, pk, "xlsx")


def _kept_document(request, pk: int, extension: str) -> HttpResponse:
    """The download of partie ``pk``'s document ``extension`` ("pdf" or "xlsx"), kept until
    anything changes (``scoring.freshness``): making a PDF or a workbook costs most of its
    request. A long partie's is made by the task worker (``scoring.document_tasks``): until
    it is, the answer is the page "being prepared" (202), which asks again by itself."""
    key = document_tasks.document_key(pk, extension)
    stamps, document = held(key)
    if document is MISSING:
        partie = get_object_or_404(parties(), pk=pk)
        if not document_tasks.is_long(partie):
            document = document_tasks.made(partie, extension)
        else:
            document = document_tasks.from_worker(partie, extension, stamps)
            if document is None:
                return _preparing(request, partie)
        keep(key, document, stamps)
    content, name = document
    return _download(content, document_tasks.KINDS[extension][0], name)


def _preparing(request, partie: Partie) -> HttpResponse:
    """The page saying a document of ``partie`` is being prepared, reloaded every
    ``document_tasks.RELOAD_SECONDS`` (202: the request is taken, its answer comes later)."""
    context = {"partie": partie, "reload": document_tasks.RELOAD_SECONDS}
    response = render(request, "scoring/document_preparing.html", context, status=202)
    add_never_cache_headers(response)
    return response


def partie_json(request, pk: int):
    """The partie as the §10 JSON score sheet, importable back."""
    partie = get_object_or_404(parties(), pk=pk)
    return _download(
        documents.partie_json(partie).encode(), documents.JSON, documents.filename(partie, "json")
    )


def _download(content: bytes, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@director_required
def partie_import(request):
    """Store a partie from a §10 JSON score sheet (file or pasted text)."""
    form = SheetImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                partie = form.adapter.import_sheet(form.sheet, created_by=request.user)
                services.entries_waiting(partie=partie, waiting=form.waiting)
        except registry.SheetRefused as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Partie imported."))
            return redirect(partie)
    return render(request, "scoring/partie_import.html", {"form": form})


@director_required
def partie_email(request, pk: int):
    """Send the sheet, PDF and Excel attached, to the players and/or the club."""
    partie = get_object_or_404(parties(), pk=pk)
    form = EmailSheetForm(request.POST or None, partie=partie)
    if request.method == "POST" and form.is_valid():
        recipients = form.cleaned_data["recipients"]
        send_sheet(partie=partie, recipients=recipients)
        messages.success(request, _("Sheet sent to %(to)s.") % {"to": ", ".join(recipients)})
        return redirect(partie)
    return render(request, "scoring/partie_email.html", {"partie": partie, "form": form})


def game_replay(request, game: str):
    """Paste or upload one round's record of ``game`` (a game played move by move: 404 for
    any other): each seat's hand as dealt, every move in order, the result the sheet gets,
    or the first move the rules refuse, named with its place and rule. Nothing is stored; a
    director may add a sound round to a partie in progress where the game offers it
    (``GameAdapter.record_target``)."""
    adapter = registry.REGISTRY.get(game)
    if adapter is None or adapter.state is None:
        raise Http404(game)
    form = GameRecordForm(request.POST or None, request.FILES or None, adapter=adapter)
    context = {"form": form, "game": adapter}
    if request.method == "POST" and form.is_valid():
        record = form.cleaned_data["record"]
        context |= replay_context(adapter, record)
        target = adapter.record_target(record) if has_role(request.user, DIRECTOR) else None
        replay = context["replay"]
        if replay.sound and replay.over and target is not None:
            context["add_url"], context["parties"] = target
            context["raw"] = form.cleaned_data["raw"]
    return render(request, "scoring/game_replay.html", context)


@director_required
def partie_create(request, game: str):
    """Start a partie of any game: players in seat order and the game's options."""
    adapter = registry.REGISTRY.get(game)
    if adapter is None:
        raise Http404(game)
    form = GamePartieForm(request.POST or None, adapter=adapter)
    if request.method == "POST" and form.is_valid():
        try:
            partie = adapter.new_partie(
                players=form.players(),
                options=form.options(),
                date=form.cleaned_data["played_on"],
                place=form.cleaned_data["place"],
                table=form.cleaned_data["table"],
                created_by=request.user,
            )
        except InvalidGameSheet as error:
            form.add_error(None, game_sheet_error_message(error, noun=adapter.entry_name))
        else:
            messages.success(request, str(adapter.created_text))
            return redirect(adapter.start_url(partie))
    return render(request, "scoring/game_partie_form.html", {"form": form, "game": adapter})


def card_total(request, game: str):
    """The points of the cards typed in a card field (``?cards=1:20 1:5``), as the engine
    counts them, for the entry form to show as they are typed: ``{"total": 75}``, or
    ``{"error": …}`` naming the card that cannot be read."""
    adapter = registry.REGISTRY.get(game)
    if getattr(adapter, "card_total", None) is None:
        raise Http404(game)
    try:
        cards = parse_team(request.GET.get("cards", "")[:500])
    except ValidationError as error:
        return JsonResponse({"error": " ".join(error.messages)})
    return JsonResponse({"total": adapter.card_total(cards)})
