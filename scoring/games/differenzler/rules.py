"""Differenzler (Jass, seed ``differenzler-jass-regle.txt``): 4 players, 36 cards.

Each round, each player announces his estimate, then plays; his difference is
|estimate − points taken|. The points of a round add up to 157 (152 in the cards, 5 for the
last pli). The number of rounds is the club's (option ``rounds``, default 4); the lowest total
difference wins. Who leads the first pli is the club's (option ``leader``: the seed is
silent; by default the player at the dealer's right, ``LEADERS``).

Points must be what cards can make: no card is worth 1, so no player takes 1 point, nor 156
(the others would hold 1), and the four players' points must come from one deal of the cards
(``deal_possible``). When entered, each player's ``last`` (1 for the player who won the last
trick and its 5 points) and the round's trump colour (``trump``: ``T``, ``K``, ``C`` or ``P``,
the same in every entry) are recorded and checked.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import (
    Entry,
    EntryAsked,
    FieldSpec,
    Game,
    GameProblem,
    OptionSpec,
    RoundSpec,
    gettext_noop,
)
from .messages import problem

ROUND_POINTS = 157
LAST_PLI = 5
CARD_POINTS = ROUND_POINTS - LAST_PLI
DEFAULT_ROUNDS = 4
MAX_ROUNDS = 30  # the most rounds a partie may be set to
COLOURS = "TKCP"
#: Who writes the first estimate and leads the first pli, seen from the dealer (the seed is
#: silent; play goes counter-clockwise, §4.4): option ``leader``, by default the player at
#: the dealer's right, then the offset of his seat (seats numbered clockwise).
LEADERS = {"dealer_right": -1, "dealer": 0, "dealer_left": 1}
#: The cards worth points, whatever the trump: the trump's Buur 20, Nell 14, As 11, Dix 10,
#: Roi 4, Dame 3; each other colour's As 11, Dix 10, Roi 4, Dame 3, Valet 2.
VALUED = (20, 14, 11, 10, 4, 3, *(v for _colour in range(3) for v in (11, 10, 4, 3, 2)))


def _subset_sums(values: Sequence[int]) -> frozenset[int]:
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return frozenset(sums)


#: The card points a player can take; his points add the last pli's 5 when he won it.
CARD_SUMS = _subset_sums(VALUED)
POSSIBLE_POINTS = CARD_SUMS | {s + LAST_PLI for s in CARD_SUMS}


@functools.lru_cache(maxsize=4096)
def _fits(index: int, remaining: tuple[int, ...]) -> bool:
    if index == len(VALUED):
        return not any(remaining)
    value, tried = VALUED[index], set()
    for player, left in enumerate(remaining):
        if left >= value and left not in tried:
            tried.add(left)
            rest = list(remaining)
            rest[player] -= value
            if _fits(index + 1, tuple(sorted(rest))):
                return True
    return False


def deal_possible(card_points: Sequence[int]) -> bool:
    """Whether the valued cards can be shared so that each player takes ``card_points``
    (the tricks' zero cards always make up whole tricks of 4)."""
    if sum(card_points) != CARD_POINTS or min(card_points) < 0:
        return False
    return _fits(0, tuple(sorted(card_points)))


def complete_points(points: Sequence[int | None]) -> list[int]:
    """Three players' points entered, the fourth's is what remains of 157.

    Raises ``ValueError`` unless exactly one is missing and the others leave 0 to 157.
    """
    missing = [i for i, p in enumerate(points) if p is None]
    if len(missing) != 1:
        raise ValueError("exactly one player's points may be left out")
    rest = ROUND_POINTS - sum(p for p in points if p is not None)
    if not 0 <= rest <= ROUND_POINTS:
        raise ValueError(f"the others already hold {ROUND_POINTS - rest} points")
    return [rest if p is None else p for p in points]


class Differenzler(Game):
    """The Differenzler: see the module docstring."""

    key = "differenzler"
    name = "Differenzler"
    seats = (4, 4)
    higher_wins = False
    round_word = "Tour"
    entry_asked = EntryAsked(
        hint=gettext_noop(
            "Leave one player's points blank: they are what remains of 157. Who won the last "
            "trick and the trump may be noted: they are then checked."
        ),
        one_player=("last", gettext_noop("Last trick (5 points) won by")),
        round_choice=(
            "trump",
            gettext_noop("Trump"),
            (
                ("T", gettext_noop("clubs")),
                ("K", gettext_noop("diamonds")),
                ("C", gettext_noop("hearts")),
                ("P", gettext_noop("spades")),
            ),
        ),
        complete=(
            "points",
            complete_points,
            gettext_noop("Enter the points of three players at least; they add up to 157."),
        ),
    )
    option_specs = {
        "rounds": OptionSpec("whole", DEFAULT_ROUNDS, 1, MAX_ROUNDS, label=gettext_noop("Rounds")),
        "leader": OptionSpec.of_choices(
            "dealer_right",
            {
                "dealer_right": gettext_noop("the player at the dealer's right"),
                "dealer": gettext_noop("the dealer"),
                "dealer_left": gettext_noop("the player at the dealer's left"),
            },
            gettext_noop("First to estimate and lead"),
        ),
    }

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        fields = (
            FieldSpec("estimate", "annonce", 0, ROUND_POINTS),
            FieldSpec("points", "points", 0, ROUND_POINTS),
        )
        optional = (FieldSpec("last", "dernier pli", 0, 1),)
        rule = "|annonce − points| par joueur; le plus petit total gagne"
        count = self.option(options, "rounds")
        return [
            RoundSpec(f"tour-{n}", f"{self.round_word} {n}", fields, optional, rule)
            for n in range(1, count + 1)
        ]

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """Estimates and points in range, the points add up to 157 and can be taken with the
        cards; the last trick and the trump, when entered, agree with them."""
        plain = [
            {k: v for k, v in e.items() if k != "trump"} if isinstance(e, Mapping) else e
            for e in entries
        ]
        problems = super().check(spec, plain, previous, options)
        problems += trump_problems(entries)
        if problems:
            return problems
        points = [entry["points"] for entry in entries]
        total = sum(points)
        if total != ROUND_POINTS:
            params = {"label": "points", "total": total, "expected": ROUND_POINTS}
            return [problem(None, "points", "sum", params)]
        for player, value in enumerate(points):
            if value not in POSSIBLE_POINTS:
                problems.append(problem(player, "points", "no_such_points", {"value": value}))
        if problems:
            return problems
        if all("last" in entry for entry in entries):
            lasts = [entry["last"] for entry in entries]
            if sum(lasts) != 1:
                return [problem(None, "last", "last_trick", {"count": sum(lasts)})]
            winner = lasts.index(1)
            if points[winner] < LAST_PLI:
                return [problem(winner, "points", "last_points", {"value": points[winner]})]
            cards = [p - LAST_PLI * last for p, last in zip(points, lasts, strict=True)]
            for player, value in enumerate(cards):
                if value not in CARD_SUMS:
                    params = {"value": points[player]}
                    problems.append(problem(player, "points", "no_such_points", params))
            possible = not problems and deal_possible(cards)
        else:
            possible = any(
                deal_possible([p - LAST_PLI * (i == w) for i, p in enumerate(points)])
                for w in range(len(points))
                if points[w] >= LAST_PLI
            )
        if not problems and not possible:
            problems.append(problem(None, "points", "no_such_deal"))
        return problems

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        return [abs(entry["estimate"] - entry["points"]) for entry in entries]

    def round_words(self, entries: Sequence[Entry]) -> list[str]:
        """Each player's estimate and points, of which his difference is the score."""
        return [f"annonce {e['estimate']}, points {e['points']}" for e in entries]


def trump_problems(entries: Sequence[Entry]) -> list[GameProblem]:
    """The trump, when entered: a colour, the same in every player's entry."""
    given = [
        (i, e["trump"]) for i, e in enumerate(entries) if isinstance(e, Mapping) and "trump" in e
    ]
    if not given:
        return []
    for player, value in given:
        if value not in tuple(COLOURS):
            return [problem(player, "trump", "bad_colour", {"value": value})]
    if len(given) != len(entries) or len({value for _p, value in given}) > 1:
        return [problem(None, "trump", "trump_differs")]
    return []


DIFFERENZLER = Differenzler()
