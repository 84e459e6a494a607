"""Reads of the score sheets for the pages (the writes are in ``services``)."""

from __future__ import annotations

from django.db.models import Prefetch, QuerySet

from scoring import registry
from scoring.models import Partie, Seat


def parties() -> QuerySet[Partie]:
    """Parties with what their sheets and list lines need, in a fixed number of queries."""
    return Partie.objects.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player")),
        "donnes",
        "game_rounds",
    )


def open_roimat_parties(variant: str, limit: int = 50) -> list[Partie]:
    """The latest Roimat parties of ``variant`` still in progress (a donne record may be
    added to one of them)."""
    recent = parties().filter(game="roimat", variant=variant)[:limit]
    return [partie for partie in recent if not partie.sheet.finished]


def player_parties(player_id: int) -> list[Partie]:
    """A player's parties of every game, newest first."""
    return list(parties().filter(seats__player_id=player_id).order_by("-played_on", "-id"))


def game_figures(player, parties_: list[Partie]) -> list[dict]:
    """Each game's figures for a player's page (``GameAdapter.player_figures``): its
    ``name``, the ``template`` to include and that template's context."""
    figures = []
    for adapter in registry.REGISTRY.values():
        of_game = [p for p in parties_ if p.game == adapter.key]
        found = adapter.player_figures(player, of_game) if of_game else None
        if found is not None:
            figures.append({"name": adapter.name, **found})
    return figures
