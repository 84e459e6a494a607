"""Roimat's own actions: a donne annulled or counted again (§5), and a sound donne record
added to a partie (from the replay page of every game, ``views.game_replay``). Its sheet
page, entry forms and documents are every game's.

They need a club account.
"""

from __future__ import annotations

from dataclasses import replace

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring import services
from scoring.access import director_required
from scoring.forms import (
    RecordForm,
)
from scoring.models import Donne, Partie
from scoring.registry import SheetRefused
from scoring.replay import replay_game
from scoring.roimat.record import entry_of_record
from scoring.roimat.state import RoimatState
from scoring.selectors import parties


def roimat_partie(pk: int) -> Partie:
    """The Roimat partie ``pk`` with what its pages read; 404 for another game's."""
    return get_object_or_404(parties(), pk=pk, game="roimat")


@director_required
@require_POST
def donne_annul(request, pk: int, number: int):
    """Annul a donne, or count it again (§5: an annulled donne scores nothing)."""
    partie = roimat_partie(pk)
    if refusal := services.hand_entry_refusal(partie):  # its remote table writes it
        messages.error(request, refusal)
        return redirect(partie)
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
    if refusal := services.hand_entry_refusal(partie):  # its remote table writes it
        messages.error(request, refusal)
        return redirect(partie)
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
