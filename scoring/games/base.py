"""The interface every game of the club implements, and the sheet computed from it.

A game is played by 3 to 7 individual players (``seats``), over rounds (manches, tours)
listed by ``rounds(options)``. For each round, each player's ``Entry`` holds whole numbers
named by the round's ``fields``. ``check`` lists the problems of a round's entries (each
naming the player and the field), ``score`` gives each player's points for the round.
``compute`` adds up a whole sheet.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Entry = Mapping[str, int]


@dataclass(frozen=True)
class FieldSpec:
    """One number entered per player in a round: ``key``, French ``label``, bounds."""

    key: str
    label: str
    minimum: int = 0
    maximum: int = 999


@dataclass(frozen=True)
class RoundSpec:
    """A round: its ``key``, French ``name``, and the fields each player enters."""

    key: str
    name: str
    fields: tuple[FieldSpec, ...]


@dataclass(frozen=True)
class GameProblem:
    """A refused entry: ``player`` (index, or None for the round as a whole), ``field``, a
    stable ``code`` and its ``params``; ``message`` in English."""

    player: int | None
    field: str
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        return MESSAGES[self.code].format(**self.params)

    def __str__(self) -> str:
        who = f"player {self.player + 1}, " if self.player is not None else ""
        return f"{who}{self.field}: {self.message}"


class InvalidGameSheet(ValueError):
    """A round is refused: ``round`` (1-based; 0 for the sheet's own fields) and its
    ``problem``."""

    def __init__(self, number: int, problem: GameProblem):
        self.round, self.problem = number, problem
        super().__init__(f"round {number}, {problem}" if number else str(problem))


MESSAGES = {
    "missing": "missing",
    "unknown": "not known here",
    "range": "must be between {minimum} and {maximum}, not {value}",
    "sum": "the players' {label} add up to {total}, not {expected}",
    "players": "this game is played by {minimum} to {maximum} players, not {value}",
    "after_end": "the game was already over",
    "bad_card": "{value!r} is not a card (a colour 1 to 5 and a value 0, 3, 5, 10 or 20)",
    "one_dealer": "one player deals, not {count}",
    "stake": "the stake is {expected} chips, not {value}",
    "sale_not_dealer": "only the dealer receives the price of the dead hand",
    "irregular_collects": "a player who committed an irregularity collects nothing",
    "board": "{collected} chips collected, but the board held {available}",
    "two_winners": "only one player goes out first and wins the coup",
}


class Game(ABC):
    """A game of the club: see the module docstring. Subclasses set the attributes below."""

    key: str
    name: str
    seats: tuple[int, int]  # fewest and most players
    higher_wins: bool = True

    @abstractmethod
    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        """The rounds of a game, in order (for a game played to a target: the first ones;
        ``round_spec`` gives any)."""

    def round_spec(self, number: int, players: int, options: Mapping[str, Any]) -> RoundSpec:
        """Round ``number`` (1-based)."""
        return self.rounds(players, options)[number - 1]

    def is_over(
        self, totals: Sequence[int], played: int, players: int, options: Mapping[str, Any]
    ) -> bool:
        """Whether the game is over after ``played`` rounds with these totals."""
        return played >= len(self.rounds(players, options))

    @abstractmethod
    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        """Each player's points for a round whose entries are sound."""

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """The problems of a round's entries: missing or out-of-range fields (subclasses add
        what the totals must satisfy, given the ``previous`` rounds when they matter)."""
        problems = []
        for player, entry in enumerate(entries):
            for spec_field in spec.fields:
                value = entry.get(spec_field.key)
                if value is None or isinstance(value, bool) or not isinstance(value, int):
                    problems.append(GameProblem(player, spec_field.key, "missing"))
                elif not spec_field.minimum <= value <= spec_field.maximum:
                    params = {"minimum": spec_field.minimum, "maximum": spec_field.maximum,
                              "value": value}  # fmt: skip
                    problems.append(GameProblem(player, spec_field.key, "range", params))
        return problems


@dataclass(frozen=True)
class GameSheet:
    """A computed sheet: per round each player's points and cumul, the totals, whether the
    game is over and the winners (indices; several on a tie)."""

    scores: tuple[tuple[int, ...], ...]
    cumuls: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]


def compute(
    game: Game,
    players: int,
    rounds: Sequence[Sequence[Entry]],
    options: Mapping[str, Any] | None = None,
) -> GameSheet:
    """Check and add up a sheet of ``players`` players; raises ``InvalidGameSheet`` at the
    first refused round (or one played after the end), or for a player count the game does
    not allow."""
    low, high = game.seats
    if not low <= players <= high:
        params = {"minimum": low, "maximum": high, "value": players}
        raise InvalidGameSheet(0, GameProblem(None, "players", "players", params))
    options = options or {}
    scores, cumuls, totals = [], [], [0] * players
    finished = False
    for number, entries in enumerate(rounds, start=1):
        if finished:
            raise InvalidGameSheet(number, GameProblem(None, "round", "after_end"))
        if len(entries) != players:
            params = {"minimum": players, "maximum": players, "value": len(entries)}
            raise InvalidGameSheet(number, GameProblem(None, "players", "players", params))
        spec = game.round_spec(number, players, options)
        problems = game.check(spec, entries, rounds[: number - 1], options)
        if problems:
            raise InvalidGameSheet(number, problems[0])
        points = game.score(spec, entries)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        scores.append(tuple(points))
        cumuls.append(tuple(totals))
        finished = game.is_over(totals, number, players, options)
    best = (max if game.higher_wins else min)(totals) if finished else None
    winners = tuple(i for i, t in enumerate(totals) if t == best) if finished else ()
    return GameSheet(tuple(scores), tuple(cumuls), tuple(totals), finished, winners)
