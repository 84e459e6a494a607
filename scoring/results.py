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


#: Parties ``store_all_results`` reads, scores and stores at a time: its memory is that of
#: one chunk, whatever the club's history.
CHUNK = 500


def store_all_results(chunk_size: int | None = None) -> int:
    """Recompute every partie's results; returns the number of parties.

    The parties are read in chunks of ``chunk_size`` (``CHUNK`` by default) in id order,
    with their seats and entries, each chunk in a transaction of its own: its parties
    locked, their results deleted and the new ones written in one batch (``bulk_create``).
    Every player's totals are then dropped, to be computed again from the new results
    (``totals.forget_all``), rather than changed partie by partie. Memory stays that of a
    chunk, time linear in the parties."""
    size = chunk_size or CHUNK
    count, last = 0, 0
    while True:
        with transaction.atomic():
            chunk = list(
                Partie.objects.select_for_update()
                .filter(pk__gt=last)
                .order_by("pk")
                .prefetch_related(*PREFETCH)[:size]
            )
            if not chunk:
                break
            PlayerResult.objects.filter(partie__in=[p.pk for p in chunk]).delete()
            PlayerResult.objects.bulk_create(
                [result for partie in chunk for result in partie.adapter.results(partie)]
            )
        last = chunk[-1].pk
        count += len(chunk)
    totals.forget_all()
    touch_parties()
    touch()
    return count
