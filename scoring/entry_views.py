"""The director's entry of any game's donnes and rounds, written once over the catalogue:
the next entry, the correction of one, the deletion of the last. Each page shows the game's
own entry form (``GameAdapter.entry_form``) and stores it through the one lifecycle
(``adapters.entries.record_form``, ``services.entry_record``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from scoring import history, services
from scoring.access import director_required
from scoring.adapters.entries import record_form
from scoring.registry import SheetRefused
from scoring.selectors import parties


@director_required
def entry_edit(request, pk: int, number: int | None = None):
    """Enter the next donne or round (``number`` None: refused once the partie is over) or
    correct entry ``number`` (with its history); the sheet is checked whole again and
    recomputed."""
    partie = get_object_or_404(parties(), pk=pk)
    adapter = partie.adapter
    stored = None
    if refusal := services.hand_entry_refusal(partie):  # its remote table writes it
        messages.error(request, refusal)
        return redirect(partie)
    if number is None and partie.sheet.complete:
        messages.error(
            request,
            adapter.round_text("over"),
        )
        return redirect(partie)
    if number is not None:
        stored = adapter.entry(partie, number)
        if stored is None:
            raise Http404(number)
    form = adapter.entry_form(partie, request.POST or None, stored=stored)
    if request.method == "POST" and form.is_valid():
        try:
            entry = record_form(form, user=request.user)
        except SheetRefused as error:
            form.add_error(None, str(error))
        else:
            done = "recorded" if stored is None else "corrected"
            messages.success(request, adapter.round_text(done, n=entry.number))
            return redirect(partie)
    context = {
        "partie": partie,
        "adapter": adapter,
        "form": form,
        "stored": stored,
        "number": stored.number if stored else len(adapter.stored_entries(partie)) + 1,
        "sides": adapter.sides(partie),
        "history": history.lines(partie, number) if stored else [],
    }
    return render(request, "scoring/entry_form.html", context)


@director_required
@require_POST
def entry_delete_last(request, pk: int):
    """Remove the last donne or round entered (one typed by mistake)."""
    partie = get_object_or_404(parties(), pk=pk)
    if refusal := services.hand_entry_refusal(partie):  # its remote table writes it
        messages.error(request, refusal)
        return redirect(partie)
    last = services.entry_delete_last(partie=partie, user=request.user)
    if last is not None:
        messages.success(request, partie.adapter.round_text("deleted", n=last.number))
    return redirect(partie)
