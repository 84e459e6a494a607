"""Round records of the games played card by card: one JSON object a round, as Roimat's donne
records (ROIMAT.md §10), so that a simulated or reported round can be replayed and verified.

Every record has ``"game"`` (the game's key), the round's number, the hands as dealt (card
codes of ``cards``), the plays in order, and ``"result"``: the entries of the sheet's round
that the plays give. ``write`` and ``read`` turn records into JSON lines and back. A problem
of a record read is a ``RecordProblem``, a code with an English text (``MESSAGES``; a game's
own in its package) and its place: trick (or move), play, player (0-based, written 1-based),
card, field. The helpers below read and check what games share: hands, tricks, a result.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from scoring.play.state import RecordError, Step

from .base import gettext_noop
from .cards import Card, card, code


@dataclass(frozen=True)
class RecordProblem:
    """A rule a record breaks: ``code`` and ``params``, and where: ``trick`` and ``play``
    (1-based in the trick), or ``move`` (1-based, a game not played in tricks), ``player``
    (0-based), ``card`` (code), ``field`` (of the record); ``text``, the English
    text with ``%(name)s`` parameters (by default ``MESSAGES[code]``; a game's own problems
    are made by its ``record_problem_maker``), which the site translates."""

    code: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    trick: int | None = None
    play: int | None = None
    move: int | None = None
    player: int | None = None
    card: str | None = None
    field: str = ""
    text: str = dataclasses.field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.text:
            object.__setattr__(self, "text", MESSAGES[self.code])

    @property
    def message(self) -> str:
        """The problem in English (players numbered from 1)."""
        params = {k: v + 1 if k in ("player", "turn") else v for k, v in self.params.items()}
        return self.text % params

    @property
    def place(self) -> str:
        """Where the problem is, in English (``trick 3, play 2 (player 4 10C)``)."""
        parts = [self.field] if self.field else []
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.play is not None:
            parts.append(f"play {self.play}")
        if self.move is not None:
            parts.append(f"move {self.move}")
        text = ", ".join(parts)
        player = f"player {self.player + 1}" if self.player is not None else ""
        who = " ".join(p for p in (player, self.card or "") if p)
        return f"{text} ({who})" if text and who else text or who

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message


#: The problems of any game's record, by code: English texts with ``%(name)s`` parameters. A
#: game's own are in its package (``<game>/messages.py``, made by ``record_problem_maker``).
MESSAGES = {
    "not_object": gettext_noop("a record is a JSON object"),
    "not_game": gettext_noop("%(value)r is not a game with records here"),
    "bad_field": gettext_noop("%(field)s: missing or not valid"),
    "not_card": gettext_noop("%(value)r is not a card"),
    "not_deck": gettext_noop("the hands are not the deck: %(card)s %(count)s times"),
    "hand_size": gettext_noop("player %(player)s was dealt %(count)s cards, not %(expected)s"),
    "out_of_turn": gettext_noop("player %(player)s plays, but player %(turn)s was to play"),
    "not_in_hand": gettext_noop("player %(player)s does not hold %(card)s"),
    "must_follow": gettext_noop("player %(player)s holds the colour led and must follow"),
    "trick_size": gettext_noop("a trick holds %(expected)s cards, not %(count)s"),
    "tricks": gettext_noop("%(count)s tricks, not %(expected)s"),
    "result": gettext_noop(
        "the result gives player %(player)s %(value)s for %(field)s, the cards give %(expected)s"
    ),
    "result_size": gettext_noop("the result has %(count)s entries, not %(expected)s"),
}


def record_problem_maker(messages: Mapping[str, str]) -> Callable[..., RecordProblem]:
    """``problem(code, params=None, **where)``: a ``RecordProblem`` (``where`` its place)
    whose English text is ``messages[code]`` (a game's own problems) or, for a code of any
    game, ``MESSAGES[code]``; raises ``KeyError`` for a code of neither."""
    texts = {**MESSAGES, **messages}

    def problem(code: str, params: dict[str, Any] | None = None, **where: Any) -> RecordProblem:
        return RecordProblem(code, params or {}, text=texts[code], **where)

    return problem


def write(records: Iterable[dict[str, Any]]) -> str:
    """Records as JSON lines (one a line, ending with a newline)."""
    return "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)


def read(text: str) -> list[dict[str, Any]]:
    """The records of JSON lines (blank lines skipped); raises ``ValueError`` naming the line
    of one that is not JSON."""
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise ValueError(f"line {number}: not JSON: {error.msg}") from None
    return records


def codes(cards: Iterable[Card]) -> list[str]:
    """Card codes, in the given order."""
    return [code(c) for c in cards]


#: What ``play_problem`` gives as the card of a play it stops at.
NO_CARD: Card = ("", 0)


def play_problem(
    number: int, offset: int, seat: Any, turn: int, text: Any, hands: Sequence[Collection[Card]]
) -> tuple[RecordProblem | None, dict[str, Any], Card]:
    """Read play ``offset`` (0-based) of trick ``number``: ``seat`` played ``text`` where
    ``turn`` was to play. Returns the problem that stops the replay (out of turn, a card not
    in the hand) or None, where the play stands (``trick``, ``play``, ``player``, ``card``,
    for the problems of the rules) and the card (``NO_CARD`` with a problem)."""
    played = card(text)
    where: dict[str, Any] = {"trick": number, "play": offset + 1, "player": seat, "card": str(text)}
    if seat != turn:
        turns = {"player": seat if whole(seat, 0, 3) else turn, "turn": turn}
        return RecordProblem("out_of_turn", turns, **where), where, NO_CARD
    if played is None or played not in hands[seat]:
        held = {"player": seat, "card": str(text)}
        return RecordProblem("not_in_hand", held, **where), where, NO_CARD
    return None, where, played


def whole(value: Any, low: int, high: int) -> TypeGuard[int]:
    """Whether ``value`` is a whole number from ``low`` to ``high`` (not a boolean)."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def read_hands(
    value: Any, field: str, sizes: Sequence[int], pack: Sequence[Card], whole_pack: bool
) -> tuple[list[list[Card]], list[RecordProblem]]:
    """Hands of card codes, one list a player, of the given sizes, with no card twice and
    (``whole_pack``) together the whole pack; the hands read, and the problems."""
    if not isinstance(value, list) or len(value) != len(sizes):
        return [], [RecordProblem("bad_field", {"field": field})]
    problems: list[RecordProblem] = []
    hands: list[list[Card]] = []
    for player, (texts, size) in enumerate(zip(value, sizes, strict=True)):
        if not isinstance(texts, list):
            problems.append(RecordProblem("bad_field", {"field": field}, player=player))
            hands.append([])
            continue
        hand = []
        for text in texts:
            read_card = card(text)
            if read_card is None or read_card not in pack:
                problems.append(RecordProblem("not_card", {"value": text}, player=player))
            else:
                hand.append(read_card)
        if len(texts) != size:
            params = {"player": player, "count": len(texts), "expected": size}
            problems.append(RecordProblem("hand_size", params, player=player, field=field))
        hands.append(hand)
    seen: dict[Card, int] = {}
    for hand in hands:
        for one in hand:
            seen[one] = seen.get(one, 0) + 1
    for one in pack:
        count = seen.get(one, 0)
        if count > 1 or (whole_pack and count == 0 and not problems):
            problems.append(RecordProblem("not_deck", {"card": code(one), "count": count}))
    return hands, problems


def read_tricks(
    value: Any, count: int, size: int
) -> tuple[list[list[tuple[Any, Any]]], list[RecordProblem]]:
    """``count`` tricks of ``size`` plays ``[player, card code]`` (not yet checked)."""
    if not isinstance(value, list):
        return [], [RecordProblem("bad_field", {"field": "tricks"})]
    problems = []
    if len(value) != count:
        problems.append(RecordProblem("tricks", {"count": len(value), "expected": count}))
    tricks = []
    for number, trick in enumerate(value[:count], start=1):
        plays = trick if isinstance(trick, list) else []
        if len(plays) != size:
            params = {"count": len(plays), "expected": size}
            problems.append(RecordProblem("trick_size", params, trick=number))
        tricks.append(
            [(p[0], p[1]) if isinstance(p, list) and len(p) == 2 else (None, None) for p in plays]
        )
    return tricks, problems


def compare_result(
    record: dict[str, Any], expected: Sequence[dict[str, Any]]
) -> list[RecordProblem]:
    """The record's ``result`` against the entries its plays give, field by field."""
    result = record.get("result")
    if not isinstance(result, list) or len(result) != len(expected):
        count = len(result) if isinstance(result, list) else 0
        return [RecordProblem("result_size", {"count": count, "expected": len(expected)})]
    problems = []
    for player, (given, wanted) in enumerate(zip(result, expected, strict=True)):
        given = given if isinstance(given, dict) else {}
        for key in sorted(set(given) | set(wanted)):
            if given.get(key) != wanted.get(key):
                params = {
                    "player": player,
                    "field": key,
                    "value": given.get(key),
                    "expected": wanted.get(key),
                }
                problems.append(RecordProblem("result", params, player=player, field="result"))
    return problems


def trick_steps(record: Any, played: Callable[[], int], size: int = 4) -> Iterator[Step]:
    r"""The plays of a four-player trick game's record: each ``[player, card]`` of each pli
    of ``record["tricks"]``, as ``Step`` objects for the play interface; ``played()`` tells
    how many cards the state has taken so far, so that a pli must be complete (``size``
    cards) before the next begins. Raises ``RecordError`` (field, code, message) for a list
    that is not one, a pli too long or begun too early, a play that is not
    ``[player 0-3, card]``."""
    tricks = record.get("tricks", [])
    if not isinstance(tricks, list):
        raise RecordError("tricks", "bad_field", "missing or not valid")
    for number, trick in enumerate(tricks, start=1):
        if not isinstance(trick, list) or len(trick) > size:
            raise RecordError(f"trick {number}", "trick_size", f"a pli holds {size} cards")
        if played() != size * (number - 1):
            message = f"the pli before it holds fewer than {size} cards"
            raise RecordError(f"trick {number}", "trick_size", message)
        for offset, play in enumerate(trick, start=1):
            place = f"trick {number}, play {offset}"
            if not (isinstance(play, list) and len(play) == 2 and whole(play[0], 0, size - 1)):
                raise RecordError(place, "bad_play", "a play is [player, card]")
            yield Step(place, str(play[1]), play[0])
