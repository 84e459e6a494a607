"""Records replayed for the replay page: any game's round move by move through its play
state (``replay_game``: the moves, who won each pli and the points after it, the first
move the rules refuse, the result for the sheet)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.games.base import Game
from scoring.play.state import GameState, RecordError
from scoring.play.verify import Made, Refusal
from scoring.play.verify import check as check_moves


@dataclass(frozen=True)
class GameReplay:
    """What the generic replay page shows of one round's record: each seat's ``hands`` as
    dealt (empty when the deal cannot be read), the moves ``made`` in order, the first
    ``refusal`` (None: sound), the ``result`` the sheet gets (as the record writes it: the
    round's entries, one a seat, or a Roimat donne's object; None when the round is not over,
    puts nothing on the sheet or the record is refused) and whether the round is ``over``."""

    hands: list[list[str]]
    made: list[Made]
    refusal: Refusal | None
    result: Any
    over: bool

    @property
    def sound(self) -> bool:
        return self.refusal is None


def entry_labels(rules: Any) -> dict[str, str]:
    """The words of a game's entry fields by key (``FieldSpec.label``, over every round of a
    four-player game), for a game of ``scoring.games.base.Game``; else none."""
    if not isinstance(rules, Game):
        return {}
    players = min(max(4, rules.seats[0]), rules.seats[1])
    return {
        field.key: field.label
        for spec in rules.rounds(players, {})
        for field in (*spec.fields, *spec.optional)
    }


def replay_game(cls: type[GameState[Any, Any]], record: Any) -> GameReplay:
    """Replay ``record`` through the play state ``cls`` (``scoring.play.verify``): the deal,
    every move until the first the rules refuse, and the result of a sound finished round."""
    try:
        dealt = cls.start(record)
        hands = [dealt.hand(seat) for seat in range(dealt.seats)]
    except RecordError:
        hands = []
    made: list[Made] = []
    state, refusal = check_moves(cls, record, made)
    over = state is not None and state.is_over()
    result = state.to_record().get("result") if over and refusal is None and state else None
    return GameReplay(hands, made, refusal, result, over)
