"""Pages of the other games (Roi, Römer, Rumoli, Differenzler): a new partie, its sheet with
the entry of each round, and corrections."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from scoring import services
from scoring.game_forms import GamePartieForm, GameRoundForm
from scoring.games import GAMES
from scoring.games.base import InvalidGameSheet
from scoring.games.notation import GameSheetInput
from scoring.messages import game_sheet_error_message
from scoring.models import Partie


def game_or_404(key: str):
    if key not in GAMES:
        raise Http404(key)
    return GAMES[key]


@login_required
def game_partie_create(request, game: str):
    """Start a partie of another game: players in seat order and the game's options."""
    spec = game_or_404(game)
    form = GamePartieForm(request.POST or None, game=game)
    if request.method == "POST" and form.is_valid():
        sheet = GameSheetInput(
            game=game,
            players=tuple(p.name for p in form.players()),
            rounds=(),
            options=form.options(),
            date=form.cleaned_data["played_on"],
            place=form.cleaned_data["place"],
            table=form.cleaned_data["table"],
        )
        try:
            partie = services.game_partie_create(sheet=sheet, created_by=request.user)
        except InvalidGameSheet as error:
            form.add_error(None, game_sheet_error_message(error))
        else:
            messages.success(request, _("Partie created. Enter the first round."))
            return redirect(partie)
    return render(request, "scoring/game_partie_form.html", {"form": form, "game": spec})


def game_partie_detail(request, partie: Partie):
    """The sheet of another game: each round's points and cumuls, totals, winners, and the
    entry of the next round."""
    sheet = partie.game_sheet
    spec = GAMES[partie.game]
    names = [str(p) for p in partie.players_in_order]
    rows = [
        {"number": n, "name": spec.round_spec(n, len(names), partie.options).name,
         "cells": list(zip(scores, cumuls, strict=True))}
        for n, (scores, cumuls) in enumerate(zip(sheet.scores, sheet.cumuls, strict=True), 1)
    ]  # fmt: skip
    form = None
    if request.user.is_authenticated and not sheet.finished:
        form = GameRoundForm(partie=partie, number=len(rows) + 1)
    return render(request, "scoring/game_detail.html", {
        "partie": partie, "game": spec, "sheet": sheet, "names": names, "rows": rows,
        "winners": [names[w] for w in sheet.winners], "form": form,
    })  # fmt: skip


@login_required
def game_round_edit(request, pk: int, number: int | None = None):
    """Enter the next round (``number`` None) or correct round ``number``."""
    partie = get_object_or_404(Partie.objects.prefetch_related("seats__player", "game_rounds"),
                               pk=pk)  # fmt: skip
    if partie.is_roimat:
        raise Http404("a Roimat partie has donnes")
    rounds = list(partie.game_rounds.all())
    target = number or len(rounds) + 1
    initial = {}
    if number is not None:
        if not 1 <= number <= len(rounds):
            raise Http404(number)
        spec = GAMES[partie.game].round_spec(number, len(partie.players_in_order), partie.options)
        for index, entry in enumerate(rounds[number - 1].entries):
            for field in spec.fields:
                value = entry.get(field.key)
                if partie.game == "romer":
                    value = " ".join(f"{c}:{v}" for c, v in value or [])
                initial[f"p{index}_{field.key}"] = value
    form = GameRoundForm(request.POST or None, partie=partie, number=target, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.game_round_record(partie=partie, entries=form.cleaned_data["entries"],
                                       number=number, user=request.user)  # fmt: skip
        except InvalidGameSheet as error:
            form.add_error(
                None, game_sheet_error_message(error, [str(p) for p in partie.players_in_order])
            )
        else:
            messages.success(request, _("Round %(n)s recorded.") % {"n": target})
            return redirect(partie)
    return render(request, "scoring/game_round_form.html",
                  {"partie": partie, "form": form, "number": target})  # fmt: skip
