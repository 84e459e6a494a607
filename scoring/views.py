"""Pages of every game's sheets: the list, a partie's page (its adapter's), the documents, the
import and the email. Roimat's own pages are in ``roimat_views``, the other games' in
``game_views``.

Reading needs no account; importing and emailing need a club account.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scoring import documents
from scoring.access import director_required
from scoring.filters import PartieFilter
from scoring.forms import (
    EmailSheetForm,
    SheetImportForm,
)
from scoring.mail import send_sheet
from scoring.selectors import parties
from scoring.tables import PartieTable, configure


def partie_list(request):
    """All parties, newest first, filtered by player, dates and rules."""
    filterset = PartieFilter(request.GET, queryset=parties())
    table = PartieTable(filterset.qs.distinct())
    configure(request, table, per_page=25)
    return render(request, "scoring/partie_list.html", {"filter": filterset, "table": table})


def partie_detail(request, pk: int):
    """A partie's sheet page, whatever its game (its adapter's page)."""
    partie = get_object_or_404(parties(), pk=pk)
    return partie.adapter.detail(request, partie)


def partie_pdf(request, pk: int):
    """The sheet as PDF (A4 landscape)."""
    partie = get_object_or_404(parties(), pk=pk)
    return _download(documents.partie_pdf(partie), documents.PDF, documents.filename(partie, "pdf"))


def partie_xlsx(request, pk: int):
    """The sheet as an Excel workbook with live formulas."""
    partie = get_object_or_404(parties(), pk=pk)
    return _download(
        documents.partie_xlsx(partie), documents.XLSX, documents.filename(partie, "xlsx")
    )


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
        partie = form.adapter.import_sheet(form.sheet, created_by=request.user)
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
