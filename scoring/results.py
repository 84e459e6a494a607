"""Each player's result in a partie, stored whenever its donnes or rounds change (computed by
the game's adapter, ``GameAdapter.results``)."""

from __future__ import annotations

from django.db import transaction

from scoring import totals
from scoring.freshness import touch, touch_parties
from scoring.models import Partie, PlayerResult, entry_reads

PREFETCH = ("seats__player", *entry_reads())


def store_results(partie: Partie) -> None:
    """Compute and store the partie's results again (after any change to it).

    The partie is locked while its results are read and replaced, so that two phones saving
    at once leave the results of the last state, never a duplicate."""
    with transaction.atomic():
        Partie.objects.select_for_update().filter(pk=partie.pk).first()
        write_results(Partie.objects.prefetch_related(*PREFETCH).get(pk=partie.pk))


def write_results(partie: Partie) -> None:
    """Replace the stored results of ``partie``, read as it now stands (with its seats and
    entries), by those its sheet gives; the players' pages then compute their figures again
    (a season's, if the partie counts for one, when ``tournaments`` hears of the change:
    ``signals.partie_changed``); its players' totals follow (``totals.record``, for a
    game whose results carry figures). In the caller's transaction."""
    old = totals.deleted_results(partie)
    new = PlayerResult.objects.bulk_create(partie.adapter.results(partie))
    if partie.adapter.totals:
        totals.record(partie.game, old, totals.rows_of(new))
    touch_parties()


def store_all_results() -> int:
    """Recompute every partie's results; returns the number of parties."""
    count = 0
    for partie in Partie.objects.prefetch_related(*PREFETCH):
        with transaction.atomic():
            write_results(partie)
        count += 1
    totals.forget_all()
    touch()
    return count
