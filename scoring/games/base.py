"""The interface every game of the club implements, and the sheet computed from it.

A game is played by 3 to 7 individual players (``seats``), over rounds (manches, tours)
listed by ``rounds(options)``. For each round, each player's ``Entry`` holds whole numbers
named by the round's ``fields`` (and, when entered, its ``optional`` fields). ``check`` lists
the problems of a round's entries (each naming the player and the field), ``score`` gives each
player's points for the round. ``compute`` checks the rule options (``option_specs``) and adds
up a whole sheet.

Problems are codes with English texts (``MESSAGES``, and a game's own in its package); the
site translates the texts.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.play.options import OptionSpec as OptionSpec  # every game's rule options
from scoring.play.state import gettext_noop as gettext_noop  # the games mark their texts

#: A player's entry for a round: whole numbers by field key (a Römer team: a list of cards).
Entry = Mapping[str, Any]


@dataclass(frozen=True)
class FieldSpec:
    """One number entered per player in a round: ``key``, French ``label``, bounds; ``blank``
    when an entry form may leave it blank, the game then filling it in as the rules say
    (``Game.filled``): what is seldom other than the rules' value (Rumoli's stake, sale,
    penalties)."""

    key: str
    label: str
    minimum: int = 0
    maximum: int = 999
    blank: bool = False


@dataclass(frozen=True)
class RoundSpec:
    """A round: its ``key``, French ``name`` (a Roi manche's contract), the fields each player
    enters, the ``optional`` fields checked when they are entered (older sheets and the entry
    form may leave them out), and a French line saying how the round scores (``rule``)."""

    key: str
    name: str
    fields: tuple[FieldSpec, ...]
    optional: tuple[FieldSpec, ...] = ()
    rule: str = ""


@dataclass(frozen=True)
class CardDeck:
    """The cards a card field's team is tapped from on the entry form (Römer's sheet).

    - ``cards``: each card the sheet can hold, once, in the order drawn: a mapping with
      ``card`` (the sheet's ``[colour, value]``), ``copies`` (how many the deck holds: the
      teams of a round together hold at most that many), and the face the live page draws
      (``symbol``, large; ``rank``, small; ``tint``, its colour's; ``name``, in a text);
    - ``tints``: each tint's name (an English msgid, which the site translates);
    - ``legend``: (a sample ``[colour, value]`` or None, English msgid) pairs saying how to
      read the cards drawn.
    """

    cards: tuple[Mapping[str, Any], ...]
    tints: Mapping[str, str]
    legend: tuple[tuple[tuple[int, int] | None, str], ...] = ()


@dataclass(frozen=True)
class EntryAsked:
    """How the entry form asks a round beyond each player's numbers: what the game declares
    for the site (all optional). Texts are English msgids marked with ``gettext_noop``, which
    the site translates.

    - ``hint``: a line under the entry form;
    - ``card_fields``: fields typed as cards ``colour:value`` (Römer's teams), whose points are
      ``card_total(cards)`` (Römer's ``team_points``: the rule stays the engine's alone);
    - ``one_player``: (key, label) of a field that is 1 for one player and 0 for the others,
      noted once by naming the player: required when it is one of the round's fields
      (Rumoli's dealer, proposed by rotation), optional otherwise (Differenzler's last trick);
    - ``round_choice``: (key, label, choices as (value, label)) of a value of the round as a
      whole, noted once and written in every player's entry (Differenzler's trump);
    - ``complete``: (field, function, refusal) when one player's value may be left blank and
      computed from the others' by ``function`` (a list of numbers or None to a list of
      numbers; it raises ``ValueError``, and the form shows ``refusal``): Differenzler's
      points, what remains of 157;
    - ``card_deck``: the cards a card field's team is tapped from, given the rule options
      (``CardDeck``), where the form offers them to tap.
    """

    hint: str = ""
    card_fields: tuple[str, ...] = ()
    card_total: Callable[[Sequence[Sequence[int]]], int] | None = None
    card_deck: Callable[[Mapping[str, Any]], CardDeck] | None = None
    one_player: tuple[str, str] | None = None
    round_choice: tuple[str, str, tuple[tuple[str, str], ...]] | None = None
    complete: tuple[str, Callable[[Sequence[int | None]], list[int]], str] | None = None


def option_problems(
    specs: Mapping[str, OptionSpec], options: Mapping[str, Any]
) -> list[GameProblem]:
    """The problems of rule ``options`` given ``specs`` (``OptionSpec`` by key): each unknown
    key, and each value of the wrong kind or out of range."""
    problems = []
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            problems.append(GameProblem(None, f"options.{key}", "unknown"))
        elif (wrong := spec.problem(value)) is not None:
            problems.append(GameProblem(None, f"options.{key}", *wrong))
    return problems


@dataclass(frozen=True)
class GameProblem:
    """A refused entry: ``player`` (index, or None for the round as a whole), ``field``, a
    stable ``code`` and its ``params``; ``text``, the English text with ``%(name)s``
    parameters (by default ``MESSAGES[code]``: a game's own problems are made by its
    ``problem_maker``), which the site translates; ``message`` in English."""

    player: int | None
    field: str
    code: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    text: str = dataclasses.field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", MESSAGES[self.code])

    @property
    def message(self) -> str:
        """The problem in English."""
        return self.text % self.params

    def __str__(self) -> str:
        who = f"player {self.player + 1}, " if self.player is not None else ""
        return f"{who}{self.field}: {self.message}"


class InvalidGameSheet(ValueError):
    """A round is refused: ``round`` (1-based; 0 for the sheet's own fields) and its
    ``problem``."""

    def __init__(self, number: int, problem: GameProblem):
        self.round, self.problem = number, problem
        super().__init__(f"round {number}, {problem}" if number else str(problem))


#: The problems any game may raise, by code: English texts with ``%(name)s`` parameters. A
#: game's own problems are in its package (``<game>/messages.py``, made by ``problem_maker``).
MESSAGES = {
    "missing": gettext_noop("missing"),
    "unknown": gettext_noop("not known here"),
    "not_whole": gettext_noop("must be a whole number, not %(value)r"),
    "choice": gettext_noop("must be one of %(choices)s, not %(value)r"),
    "not_flag": gettext_noop("must be true or false, not %(value)r"),
    "not_entry": gettext_noop("each player's entry is a set of named numbers, not %(value)r"),
    "range": gettext_noop("must be between %(minimum)s and %(maximum)s, not %(value)s"),
    "sum": gettext_noop("the players' %(label)s add up to %(total)s, not %(expected)s"),
    "players": gettext_noop(
        "this game is played by %(minimum)s to %(maximum)s players, not %(value)s"
    ),
    "after_end": gettext_noop("the game was already over"),
}


def problem_maker(messages: Mapping[str, str]) -> Callable[..., GameProblem]:
    """``problem(player, field, code, params=None)``: a ``GameProblem`` whose English text is
    ``messages[code]`` (a game's own problems) or, for a code any game raises, ``MESSAGES[code]``;
    raises ``KeyError`` for a code of neither."""
    texts = {**MESSAGES, **messages}

    def problem(
        player: int | None, field: str, code: str, params: dict[str, Any] | None = None
    ) -> GameProblem:
        return GameProblem(player, field, code, params or {}, texts[code])

    return problem


class Game(ABC):
    """A game of the club: see the module docstring. Subclasses set the attributes below."""

    key: str
    name: str
    seats: tuple[int, int]  # fewest and most players
    higher_wins: bool = True
    #: The rule options a sheet may give (``options``), by key; any other key is refused.
    option_specs: Mapping[str, OptionSpec] = {}
    #: Entry fields' names of before, by old name: read as today's (``renamed``).
    aliases: Mapping[str, str] = {}
    #: How the site's entry form asks a round beyond each player's numbers.
    entry_asked: EntryAsked = EntryAsked()
    #: What the sheet calls a round, in French as on the paper sheet: its first column's
    #: title (a Roi or Römer manche, a Rumoli coup, a Differenzler tour).
    round_word: str = "Manche"

    def renamed(self, entry: Any) -> Any:
        """An entry with the names of before (``aliases``) read as today's; anything else, or
        an entry giving both names of one field, unchanged (the checks then refuse the old
        name as unknown)."""
        if not isinstance(entry, Mapping) or not any(old in entry for old in self.aliases):
            return entry
        if any(old in entry and new in entry for old, new in self.aliases.items()):
            return entry
        return {self.aliases.get(key, key): value for key, value in entry.items()}

    def option(self, options: Mapping[str, Any], key: str) -> Any:
        """The value of option ``key``: the sheet's, or the default."""
        return options.get(key, self.option_specs[key].default)

    def option_problems(self, options: Mapping[str, Any]) -> list[GameProblem]:
        """Unknown option keys, and values of the wrong kind or out of range."""
        return option_problems(self.option_specs, options)

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

    def round_words(self, entries: Sequence[Entry]) -> list[str] | None:
        """What the sheet page writes under each player's points of a round, before his
        cumul, where his points alone do not say what he wrote (French, as the sheet's
        words); None: the cumul alone."""
        return None

    def filled(self, spec: RoundSpec, entry: Entry, options: Mapping[str, Any]) -> dict[str, Any]:
        """A player's entry whose ``blank`` fields left out (or None) are filled in as the rules
        say: 0 (nothing sold, no penalty) unless a game says otherwise. The entry is then
        checked as any other: filling in never makes a wrong entry right."""
        filled = dict(entry)
        for field in spec.fields:
            if field.blank and filled.get(field.key) is None:
                filled[field.key] = 0
        return filled

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """The problems of a round's entries: unknown keys, missing or out-of-range fields,
        optional fields out of range (subclasses add what the totals must satisfy, given the
        ``previous`` rounds when they matter)."""
        problems = []
        known = {f.key for f in spec.fields} | {f.key for f in spec.optional}
        for player, entry in enumerate(entries):
            if not isinstance(entry, Mapping):
                problems.append(GameProblem(player, "entry", "not_entry", {"value": entry}))
                continue
            problems += [GameProblem(player, str(k), "unknown") for k in entry if k not in known]
            for spec_field in spec.fields:
                problems += field_problems(player, spec_field, entry.get(spec_field.key))
            for spec_field in spec.optional:
                if spec_field.key in entry:
                    problems += field_problems(player, spec_field, entry[spec_field.key])
        return problems


def field_problems(player: int, spec: FieldSpec, value: Any) -> list[GameProblem]:
    """A whole number within the field's bounds, or the problem."""
    if value is None:
        return [GameProblem(player, spec.key, "missing")]
    if isinstance(value, bool) or not isinstance(value, int):
        return [GameProblem(player, spec.key, "not_whole", {"value": value})]
    if not spec.minimum <= value <= spec.maximum:
        params = {"minimum": spec.minimum, "maximum": spec.maximum, "value": value}
        return [GameProblem(player, spec.key, "range", params)]
    return []


@dataclass(frozen=True)
class GameSheet:
    """A computed sheet: per round each player's points and cumul, the totals, whether the
    game is over and the winners (indices; several on a tie). Only the first ``counted``
    rounds count: the totals, the end and the winners are theirs; the later rounds are
    listed, scored provisionally, but pending (in no total). ``complete``: the rounds
    entered, pending ones included, reach the end (no further round). ``refused``: for a
    stored sheet the rules refuse (``compute_stored``), the refusal of its first refused round;
    the sheet then holds the rounds before it."""

    scores: tuple[tuple[int, ...], ...]
    cumuls: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    counted: int = 0
    complete: bool = False
    refused: InvalidGameSheet | None = None

    @property
    def pending(self) -> int:
        """How many rounds are listed but left out of the totals."""
        return len(self.scores) - self.counted


def compute(
    game: Game,
    players: int,
    rounds: Sequence[Sequence[Entry]],
    options: Mapping[str, Any] | None = None,
    counts: int | None = None,
) -> GameSheet:
    """Check and add up a sheet of ``players`` players, of which the first ``counts`` rounds
    (all when None) count (``GameSheet``); raises ``InvalidGameSheet`` at the first refused
    round (or one played after the end), for a player count the game does not allow, or for
    a rule option it does not know or a value of the wrong kind (round 0)."""
    low, high = game.seats
    if not low <= players <= high:
        params = {"minimum": low, "maximum": high, "value": players}
        raise InvalidGameSheet(0, GameProblem(None, "players", "players", params))
    options = options or {}
    if not isinstance(options, Mapping):
        raise InvalidGameSheet(0, GameProblem(None, "options", "missing"))
    if problems := game.option_problems(options):
        raise InvalidGameSheet(0, problems[0])
    scores, cumuls, totals = [], [], [0] * players
    finished = False
    for number, entries in enumerate(rounds, start=1):
        if finished:
            raise InvalidGameSheet(number, GameProblem(None, "round", "after_end"))
        if not isinstance(entries, Sequence) or len(entries) != players:
            count = len(entries) if isinstance(entries, Sequence) else 0
            params = {"minimum": players, "maximum": players, "value": count}
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
    complete = finished
    counted = len(scores) if counts is None else min(counts, len(scores))
    if counted < len(scores):
        totals = list(cumuls[counted - 1]) if counted else [0] * players
        finished = counted > 0 and game.is_over(totals, counted, players, options)
    best = (max if game.higher_wins else min)(totals) if finished else None
    winners = tuple(i for i, t in enumerate(totals) if t == best) if finished else ()
    return GameSheet(
        tuple(scores), tuple(cumuls), tuple(totals), finished, winners, counted, complete
    )


def compute_stored(
    game: Game,
    players: int,
    rounds: Sequence[Sequence[Entry]],
    options: Mapping[str, Any] | None = None,
    counts: int | None = None,
) -> GameSheet:
    """A stored sheet as ``compute`` adds it up, or, when the rules refuse one of its rounds
    (entered under an earlier reading of the rules, or changed by hand), the sheet of the
    rounds before it, not finished, with the refusal in ``refused``: the pages then show it
    and the round to correct instead of failing. Raises ``InvalidGameSheet`` for a sheet's
    own fields (players, options: round 0), which no round's correction mends."""
    try:
        return compute(game, players, rounds, options, counts)
    except InvalidGameSheet as error:
        if not error.round:
            raise
        kept = error.round - 1
        sheet = compute(
            game, players, rounds[:kept], options, None if counts is None else min(counts, kept)
        )
        return dataclasses.replace(sheet, finished=False, winners=(), complete=False, refused=error)
