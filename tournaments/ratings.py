"""Keeping the players' ratings: after each finished partie, and rebuilt from scratch."""

from __future__ import annotations

from django.db import transaction

from scoring.freshness import touch, touch_parties
from scoring.models import Partie
from tournaments.engine.rating import Skill, places_of, rate
from tournaments.models import Rating, RatingHistory


def teams_and_places(partie: Partie):
    """(teams of player ids, places) of a finished partie (``GameAdapter.outcome``); None
    while it goes on."""
    outcome = partie.adapter.outcome(partie)
    if outcome is None:
        return None
    teams, scores = outcome
    return teams, places_of(scores)


def on_partie_changed(sender, partie: Partie, counted: bool = True, **kwargs) -> None:
    """``scoring.signals.partie_changed``: rate the partie (sent as it now stands, with its
    seats, donnes and rounds) if it has just finished; not when the entries that count are as
    they were (``counted`` False: its end too), without scoring its sheet again."""
    if counted:
        rate_partie(partie)


def rated_parties():
    return Partie.objects.prefetch_related("seats__player", "donnes", "game_rounds").order_by(
        "played_on", "id"
    )


def rate_partie(partie: Partie) -> bool:
    """Rate a partie that has just finished, once; True when it was rated now."""
    outcome = teams_and_places(partie)
    if outcome is None or RatingHistory.objects.filter(partie=partie).exists():
        return False
    teams, places = outcome
    players = [p for team in teams for p in team]
    # Within the change's own transaction when there is one (an entry from a table's phone):
    # no savepoint, four queries in all.
    with transaction.atomic(savepoint=False):
        current = {
            r.player_id: Skill(r.mu, r.sigma, r.parties)
            for r in Rating.objects.select_for_update().filter(player_id__in=players)
        }
        new = rate(current, teams, places)
        Rating.objects.bulk_create(
            [
                Rating(
                    player_id=player,
                    mu=skill.mu,
                    sigma=skill.sigma,
                    ordinal=skill.ordinal,
                    parties=skill.parties,
                )
                for player, skill in new.items()
            ],
            update_conflicts=True,
            unique_fields=["player"],
            update_fields=["mu", "sigma", "ordinal", "parties"],
        )
        RatingHistory.objects.bulk_create(
            RatingHistory(
                player_id=player, partie=partie, played_on=partie.played_on, ordinal=skill.ordinal
            )
            for player, skill in new.items()
        )
        touch_parties()  # the players' pages show the ratings (a season's reads them live)
    return True


def recompute_ratings() -> int:
    """Rebuild every rating from all finished parties in date order; returns how many parties
    were rated."""
    ratings: dict[int, Skill] = {}
    history = []
    count = 0
    for partie in rated_parties():
        outcome = teams_and_places(partie)
        if outcome is None:
            continue
        new = rate(ratings, *outcome)
        ratings.update(new)
        history += [
            RatingHistory(player_id=p, partie=partie, played_on=partie.played_on, ordinal=s.ordinal)
            for p, s in new.items()
        ]
        count += 1
    with transaction.atomic():
        RatingHistory.objects.all().delete()
        Rating.objects.all().delete()
        RatingHistory.objects.bulk_create(history, batch_size=1000)
        Rating.objects.bulk_create(
            Rating(player_id=p, mu=s.mu, sigma=s.sigma, ordinal=s.ordinal, parties=s.parties)
            for p, s in ratings.items()
        )
        touch()
    return count
