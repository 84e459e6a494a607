"""Each player's result in a partie, stored whenever its donnes or rounds change."""

from __future__ import annotations

from django.db import transaction

from scoring.games import GAMES
from scoring.models import Partie, PlayerResult


def results_of(partie: Partie) -> list[PlayerResult]:
    """The partie's results, one per player (none before its first donne or round)."""
    if partie.is_roimat:
        sheet = partie.sheet
        if not sheet.counted:
            return []
        seats = {s.seat: s.player_id for s in partie.seats.all()}
        return [
            PlayerResult(partie=partie, player_id=seats[seat], team=team,
                         points=sheet.total(team), against=sheet.total(other),
                         counted=sheet.counted, finished=sheet.finished)
            for team, other, pair in (("ns", "oe", "NS"), ("oe", "ns", "OE"))
            for seat in pair if seat in seats
        ]  # fmt: skip
    sheet = partie.game_sheet
    if not sheet.scores:
        return []
    sign = 1 if GAMES[partie.game].higher_wins else -1
    totals = [sign * t for t in sheet.totals]
    rows = []
    for index, player in enumerate(partie.players_in_order):
        others = totals[:index] + totals[index + 1 :]
        outcome = (1.0 if index in sheet.winners else 0.0) if sheet.finished else None
        rows.append(
            PlayerResult(
                partie=partie,
                player_id=player.pk,
                points=totals[index],
                against=max(others),
                outcome=outcome,
                counted=len(sheet.scores),
                finished=sheet.finished,
            )
        )
    return rows  # fmt: skip


def store_results(partie: Partie) -> None:
    """Compute and store the partie's results again (after any change to it).

    The partie is locked while its results are read and replaced, so that two phones saving
    at once leave the results of the last state, never a duplicate."""
    with transaction.atomic():
        Partie.objects.select_for_update().filter(pk=partie.pk).first()
        fresh = Partie.objects.prefetch_related("seats__player", "donnes", "game_rounds").get(
            pk=partie.pk
        )
        PlayerResult.objects.filter(partie=fresh).delete()
        PlayerResult.objects.bulk_create(results_of(fresh))


def store_all_results() -> int:
    """Recompute every partie's results; returns the number of parties."""
    count = 0
    for partie in Partie.objects.prefetch_related("seats__player", "donnes", "game_rounds"):
        with transaction.atomic():
            PlayerResult.objects.filter(partie=partie).delete()
            PlayerResult.objects.bulk_create(results_of(partie))
        count += 1
    return count
