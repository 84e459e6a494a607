"""Römer (seed ``romer-regle.txt``): each player's team (chariot) scores at the end of a manche.

A team is the player's trump card then up to 6 more, in order: each card has a colour and a
point value, III, V, X or XX (3, 5, 10, 20), or 0 for a César. A card of the trump's colour
(the team's first card) scores its value × its position (1 to 7); the others their value.
The game ends when a player reaches 500 points (option ``target``); the highest total wins.

The seed does not give the deck's full composition (which values each colour holds), so there
is no simulation of Römer: a club that supplies the composition as data could add one.
Players: 2 to 6 (15 cards each from 105, with a draw pile left) — the seed does not say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import Entry, FieldSpec, Game, GameProblem, RoundSpec

COLOURS = 5
VALUES = (0, 3, 5, 10, 20)  # César, III, V, X, XX
TEAM = 7
DEFAULT_TARGET = 500


class Romer(Game):
    """Römer: see the module docstring. A player's entry is ``{"cards": [[colour, value],
    …]}``, colours 1–5, in the order of the team (trump first)."""

    key = "romer"
    name = "Römer"
    seats = (2, 6)

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        return [self.round_spec(1, players, options)]

    def round_spec(self, number: int, players: int, options: Mapping[str, Any]) -> RoundSpec:
        return RoundSpec(f"manche-{number}", f"Manche {number}",
                         (FieldSpec("cards", "équipe (chariot)", 0, TEAM),))  # fmt: skip

    def is_over(self, totals, played, players, options) -> bool:
        return max(totals) >= int(options.get("target", DEFAULT_TARGET))

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """At most 7 cards a team, each a colour 1–5 and a value 0, 3, 5, 10 or 20."""
        problems = []
        for player, entry in enumerate(entries):
            cards = entry.get("cards")
            if not isinstance(cards, list):
                problems.append(GameProblem(player, "cards", "missing"))
                continue
            if len(cards) > TEAM:
                params = {"minimum": 0, "maximum": TEAM, "value": len(cards)}
                problems.append(GameProblem(player, "cards", "range", params))
            for position, card in enumerate(cards, start=1):
                if not (
                    isinstance(card, list | tuple)
                    and len(card) == 2
                    and card[0] in range(1, COLOURS + 1)
                    and card[1] in VALUES
                ):
                    problems.append(GameProblem(player, f"card {position}", "bad_card",
                                                {"value": card}))  # fmt: skip
        return problems

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        return [team_points(entry["cards"]) for entry in entries]


def team_points(cards: Sequence[Sequence[int]]) -> int:
    """A team's points: trump-coloured cards × their position, the others their value."""
    if not cards:
        return 0
    trump = cards[0][0]
    return sum(value * (position if colour == trump else 1)
               for position, (colour, value) in enumerate(cards, start=1))  # fmt: skip


ROMER = Romer()
