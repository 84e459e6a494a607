"""A new partie of any game, and the points of the cards typed in a Römer team's field."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render

from scoring import registry
from scoring.access import director_required
from scoring.adapters.tabular import TabularAdapter
from scoring.game_forms import GamePartieForm, parse_team
from scoring.games.base import InvalidGameSheet
from scoring.messages import game_sheet_error_message


def adapter_or_404(key: str) -> TabularAdapter:
    """The adapter of a game of individual players' counts; 404 for any other key."""
    adapter = registry.REGISTRY.get(key)
    if not isinstance(adapter, TabularAdapter):
        raise Http404(key)
    return adapter


@director_required
def game_partie_create(request, game: str):
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
            form.add_error(None, game_sheet_error_message(error))
        else:
            messages.success(request, str(adapter.created_text))
            return redirect(adapter.start_url(partie))
    return render(request, "scoring/game_partie_form.html", {"form": form, "game": adapter})


def card_total(request, game: str):
    """The points of the cards typed in a card field (``?cards=1:20 1:5``), as the engine
    counts them, for the entry form to show as they are typed: ``{"total": 75}``, or
    ``{"error": …}`` naming the card that cannot be read."""
    adapter = adapter_or_404(game)
    if adapter.card_total is None:
        raise Http404(game)
    try:
        cards = parse_team(request.GET.get("cards", "")[:500])
    except ValidationError as error:
        return JsonResponse({"error": " ".join(error.messages)})
    return JsonResponse({"total": adapter.card_total(cards)})
