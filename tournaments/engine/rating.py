"""Players' skill ratings across parties, with openskill's Plackett–Luce model (a maintained
library made for teams and multiplayer games), plain Python.

A partie is teams of players (Roimat: N/S against O/E; the other games: one player a team)
and each team's place (0 the best; equal places for a draw). A rating is (mu, sigma); the
``ordinal`` mu − 3·sigma is what the pages show and rank by.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True)
class Skill:
    """A player's rating: ``mu`` and ``sigma`` (openskill's units) after ``parties``."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    parties: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating shown: mu − 3·sigma, one decimal."""
        return round(self.mu - 3 * self.sigma, 1)


def rate(
    ratings: dict[Hashable, Skill], teams: Sequence[Sequence[Hashable]], places: Sequence[int]
) -> dict[Hashable, Skill]:
    """The new ratings of the players of one partie (the others unchanged are not returned).

    ``teams``: player ids per team; ``places``: each team's place, 0 the best."""
    current = [
        [
            MODEL.rating(mu=ratings.get(p, Skill()).mu, sigma=ratings.get(p, Skill()).sigma)
            for p in team
        ]
        for team in teams
    ]
    updated = MODEL.rate(current, ranks=list(places))
    return {
        player: Skill(new.mu, new.sigma, ratings.get(player, Skill()).parties + 1)
        for team, new_team in zip(teams, updated, strict=True)
        for player, new in zip(team, new_team, strict=True)
    }


def places_of(totals: Sequence[float], higher_wins: bool = True) -> list[int]:
    """Places (0 the best, equal totals equal places) from the teams' totals."""
    order = sorted(set(totals), reverse=higher_wins)
    return [order.index(t) for t in totals]
