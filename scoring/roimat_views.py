"""Roimat's pages: the Table de marque, a new partie, a donne entered, corrected, annulled or
deleted, and a sound donne record added to a partie (from the replay page of every game,
``views.game_replay``).

Reading needs no account; writing needs a club account.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.core.exceptions import FieldDoesNotExist
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import services
from scoring.access import director_required
from scoring.exports.chart import chart_svg
from scoring.forms import (
    RecordForm,
)
from scoring.freshness import kept, visitors_page
from scoring.messages import problem_message
from scoring.models import Donne, Partie
from scoring.play.layout import SheetLayout
from scoring.registry import SheetRefused
from scoring.replay import replay_game
from scoring.roimat.partie import InvalidSheet
from scoring.roimat.record import entry_of_record
from scoring.roimat.state import RoimatState
from scoring.selectors import parties, with_sheet_reads


def roimat_partie(pk: int) -> Partie:
    """The Roimat partie ``pk`` with what its pages read; 404 for another game's."""
    return get_object_or_404(parties(), pk=pk, game="roimat")


def roimat_detail(request, read: Partie):
    """The Table de marque page: every column of the paper sheet, the result and the chart.
    A visitor's page is kept drawn until anything changes (``scoring.freshness.drawn``); a
    director's, with its controls, is drawn each time."""

    def context() -> dict[str, Any]:
        partie = with_sheet_reads(read)
        sheet = partie.sheet
        layout = partie.adapter.layout(partie)
        return {
            "partie": partie,
            "sheet": sheet,
            "layout": layout,
            "chart": kept_chart(partie, sheet.counted, layout),
            "can_add": not sheet.complete and sheet.refused is None,
            "refused": refused_words(partie, sheet.refused),
        }

    name, body = f"partie-page:{read.pk}", "scoring/_partie_body.html"
    return visitors_page(request, name, "scoring/partie_detail.html", body, context, partie=read)


def kept_chart(partie: Partie, counted: int, layout: SheetLayout) -> str:
    """The partie's cumul chart (SVG; "" before a donne counts, ``counted``), kept until
    anything changes (``scoring.freshness``): drawing it costs more than the rest of the
    page."""
    if not counted or layout.chart is None:
        return ""
    return kept(f"partie-chart:{partie.pk}:{get_language()}", lambda: chart_svg(layout.chart))


def refused_words(partie: Partie, error: InvalidSheet | None) -> dict[str, str] | None:
    """A stored donne the rules refuse (``compute_stored``), as the sheet page names it: the
    donne, the field in words and the problem, and the page correcting it; None when every
    donne counts."""
    if error is None or error.donne is None:
        return None
    message = problem_message(error.problem).rstrip(".")
    field = error.problem.field
    if field != "donne":
        message = f"{field_label(field)} — {message}"
    return {
        "name": _("Donne %(number)s") % {"number": error.donne},
        "message": message,
        "edit": reverse("scoring:donne_edit", args=[partie.pk, error.donne]),
        "action": _("Correct this donne"),
    }


def field_label(field: str) -> str:
    """A donne's field in words (its label on the form), or its key when it has none."""
    try:
        return str(Donne._meta.get_field(field).verbose_name)
    except FieldDoesNotExist:
        return field


@director_required
@require_POST
def donne_annul(request, pk: int, number: int):
    """Annul a donne, or count it again (§5: an annulled donne scores nothing)."""
    partie = roimat_partie(pk)
    donne = get_object_or_404(Donne, partie=partie, number=number)
    entry = replace(donne.to_entry(), annulled=not donne.annulled)
    try:
        donne = services.entry_record(partie=partie, value=entry, number=number, user=request.user)
    except SheetRefused as error:
        messages.error(request, str(error))
        return redirect(partie)
    if donne.annulled:
        messages.success(request, _("Donne %(n)s annulled.") % {"n": number})
    else:
        messages.success(request, _("Donne %(n)s counts again.") % {"n": number})
    return redirect(partie)


@director_required
@require_POST
def donne_add_record(request):
    """Add a sound donne record (replayed to its end by the rules, ``replay_game``) to a
    partie in progress, as its next donne (the replay page offers it:
    ``RoimatAdapter.record_target``)."""
    form = RecordForm({"text": request.POST.get("record", "")})
    number = request.POST.get("partie", "")
    partie = roimat_partie(int(number) if number.isdecimal() and len(number) < 10 else 0)
    replay = replay_game(RoimatState, form.cleaned_data["record"]) if form.is_valid() else None
    if replay is None or not (replay.sound and replay.over):
        messages.error(request, _("Only a sound record can be added to a partie."))
        return redirect("scoring:game_replay", "roimat")
    try:
        entry = entry_of_record(form.cleaned_data["record"])
        donne = services.entry_record(partie=partie, value=entry, user=request.user)
    except SheetRefused as error:
        messages.error(request, str(error))
        return redirect(partie)
    messages.success(request, _("Donne %(n)s recorded.") % {"n": donne.number})
    return redirect(partie)
