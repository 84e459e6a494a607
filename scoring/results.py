"""Each player's result in a partie, stored whenever its donnes or rounds change (computed by
the game's adapter, ``GameAdapter.results``)."""

from __future__ import annotations

from django.db import transaction

from scoring.models import Partie, PlayerResult

PREFETCH = ("seats__player", "donnes", "game_rounds")


def store_results(partie: Partie) -> None:
    """Compute and store the partie's results again (after any change to it).

    The partie is locked while its results are read and replaced, so that two phones saving
    at once leave the results of the last state, never a duplicate."""
    with transaction.atomic():
        Partie.objects.select_for_update().filter(pk=partie.pk).first()
        fresh = Partie.objects.prefetch_related(*PREFETCH).get(pk=partie.pk)
        PlayerResult.objects.filter(partie=fresh).delete()
        PlayerResult.objects.bulk_create(fresh.adapter.results(fresh))


def store_all_results() -> int:
    """Recompute every partie's results; returns the number of parties."""
    count = 0
    for partie in Partie.objects.prefetch_related(*PREFETCH):
        with transaction.atomic():
            PlayerResult.objects.filter(partie=partie).delete()
            PlayerResult.objects.bulk_create(partie.adapter.results(partie))
        count += 1
    return count
