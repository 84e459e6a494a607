"""Römer (seed ``romer-regle.txt``): each player's team (chariot) scores at the end of a manche.

A team is the player's trump card then up to 6 more, in order: each card has a colour and a
point value, III, V, X or XX (3, 5, 10, 20), or 0 for a César. A card of the trump's colour
(the team's first card) scores its value × its position (1 to 7); the others their value
(``team_points``, the one place the total is computed). The game ends when a player reaches
the target, 500 points or a higher whole number the players agree on (option ``target``); the
highest total wins.

The deck is 21 cards in each of 5 colours, 7 of them Césars and 14 valued: the teams of a
manche together hold at most that of each colour. The manche ends at once when a team
reaches seven cards, so at most one team has seven.

Where the seed leaves the play open, the rule options say it (``option_specs``; a manche is
played move by move in ``state``):

- ``values``: which point value each combat value carries (``cards.LAYOUTS``): ``inverse``
  by default (combat 1–2 XX, 3–4 X, 5–6 V, 7 III), or ``direct`` (the reverse);
- ``outcut_loses``: in a pli trumped by several players, whether a trumper beaten by a
  higher trump loses his last team card like any player who did not follow the colour led:
  yes by default (the seed's words: he did not play the colour), or no.

Players: 2 to 6 (15 cards each from 105, with a draw pile left) — the seed does not say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import (
    CardDeck,
    Entry,
    EntryAsked,
    FieldSpec,
    Game,
    GameProblem,
    OptionSpec,
    RoundSpec,
    gettext_noop,
)
from .cards import DEFAULT_LAYOUT, LAYOUTS, sheet_faces
from .messages import SHEET_LEGEND, TOKEN_WORDS, problem

COLOURS = 5
VALUES = (0, 3, 5, 10, 20)  # César, III, V, X, XX
CESAR = 0
CARDS_PER_COLOUR = 21
CESARS_PER_COLOUR = 7
VALUED_PER_COLOUR = CARDS_PER_COLOUR - CESARS_PER_COLOUR
TEAM = 7
DEFAULT_TARGET = 500


def team_points(cards: Sequence[Sequence[int]]) -> int:
    """A team's points: trump-coloured cards × their position, the others their value.

    >>> team_points([[1, 5], [2, 10], [1, 20]])  # 5 × 1 + 10 + 20 × 3
    75
    """
    if not cards:
        return 0
    trump = cards[0][0]
    return sum(
        value * (position if colour == trump else 1)
        for position, (colour, value) in enumerate(cards, start=1)
    )


def sheet_deck(options: Mapping[str, Any]) -> CardDeck:
    """The cards a team is tapped from on the entry form: each ``[colour, value]`` once, with
    the copies the deck holds and the face drawn (``cards.sheet_faces``, in the layout of
    rule option ``values``; the default's for a value it does not know), the colours' names
    and the legend."""
    layout = options.get("values", DEFAULT_LAYOUT)
    if layout not in LAYOUTS:
        layout = DEFAULT_LAYOUT
    return CardDeck(sheet_faces(layout), TOKEN_WORDS, SHEET_LEGEND)


def is_card(card: Any) -> bool:
    """Whether ``card`` is ``[colour, value]``: a colour 1–5 and a value of ``VALUES``."""
    return (
        isinstance(card, list | tuple)
        and len(card) == 2
        and not any(isinstance(x, bool) for x in card)
        and card[0] in range(1, COLOURS + 1)
        and card[1] in VALUES
    )


class Romer(Game):
    """Römer: see the module docstring. A player's entry is ``{"cards": [[colour, value],
    …]}``, colours 1–5, in the order of the team (trump first)."""

    key = "romer"
    name = "Römer"
    seats = (2, 6)
    option_specs = {
        "target": OptionSpec(
            "whole", DEFAULT_TARGET, DEFAULT_TARGET, 1_000_000, label=gettext_noop("Points to win")
        ),
        "values": OptionSpec.of_choices(
            DEFAULT_LAYOUT,
            {
                "inverse": gettext_noop("the weaker in combat, the more points (1–2: XX … 7: III)"),
                "direct": gettext_noop(
                    "the stronger in combat, the more points (7–6: XX … 1: III)"
                ),
            },
            gettext_noop("Card values"),
        ),
        "outcut_loses": OptionSpec(
            "flag", True, label=gettext_noop("A trumper beaten by a higher trump loses a team card")
        ),
    }
    entry_asked = EntryAsked(
        hint=gettext_noop(
            "A team: colour:value for each card, the trump first (colours 1 to 5; values 0 for "
            "a César, 3, 5, 10, 20), e.g. 1:20 1:5 2:10."
        ),
        card_fields=("cards",),
        card_total=team_points,
        card_deck=sheet_deck,
    )

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        return [self.round_spec(1, players, options)]

    def round_spec(self, number: int, players: int, options: Mapping[str, Any]) -> RoundSpec:
        rule = "atout : valeur × position; autres cartes : leur valeur; César : 0"
        fields = (FieldSpec("cards", "équipe (chariot)", 0, TEAM),)
        return RoundSpec(f"manche-{number}", f"Manche {number}", fields, rule=rule)

    def is_over(
        self, totals: Sequence[int], played: int, players: int, options: Mapping[str, Any]
    ) -> bool:
        target: int = self.option(options, "target")
        return max(totals) >= target

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """At most 7 cards a team, each a colour 1–5 and a value 0, 3, 5, 10 or 20; the
        teams together within the deck's colours; at most one team of seven."""
        problems = []
        teams = []
        for player, entry in enumerate(entries):
            if not isinstance(entry, Mapping):
                problems.append(problem(player, "entry", "not_entry", {"value": entry}))
                continue
            problems += [problem(player, str(k), "unknown") for k in entry if k != "cards"]
            cards = entry.get("cards")
            if not isinstance(cards, list):
                problems.append(problem(player, "cards", "missing"))
                continue
            if len(cards) > TEAM:
                params = {"minimum": 0, "maximum": TEAM, "value": len(cards)}
                problems.append(problem(player, "cards", "range", params))
            for position, card in enumerate(cards, start=1):
                if not is_card(card):
                    params = {"value": card}
                    problems.append(problem(player, f"card {position}", "bad_card", params))
            teams.append(cards)
        if problems:
            return problems
        held = Counter((colour, value == CESAR) for cards in teams for colour, value in cards)
        for (colour, cesar), count in sorted(held.items()):
            available = CESARS_PER_COLOUR if cesar else VALUED_PER_COLOUR
            if count > available:
                code = "deck_cesars" if cesar else "deck_valued"
                params = {"colour": colour, "count": count, "available": available}
                problems.append(problem(None, "cards", code, params))
        if sum(len(cards) == TEAM for cards in teams) > 1:
            problems.append(problem(None, "cards", "two_sevens"))
        return problems

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        return [team_points(entry["cards"]) for entry in entries]


ROMER = Romer()
