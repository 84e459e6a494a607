"""A round's record of any game played move by move, replayed for a page
(``scoring/game_replay.html``): the game's replay page and a round played at a remote
table."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring.messages import move_words, place_words, refusal_text
from scoring.registry import GameAdapter
from scoring.replay import entry_labels, replay_game
from scoring.roimat.seats import SEATS


def replay_context(adapter: GameAdapter, record: Any) -> dict[str, Any]:
    """What the replay page shows of ``record``, a round of ``adapter``'s game (which has a
    play state): the replay, the first refusal in words, each seat's hand as dealt, every
    move (number, place, seat, move, faute), the move refused, the seats' names and the
    result's rows."""
    state = adapter.state
    assert state is not None
    replay = replay_game(state, record)

    def seat_name(seat: int) -> str:
        return SEATS[seat] if adapter.partners else _("player %(n)s") % {"n": seat + 1}

    labels = entry_labels(adapter.rules)
    refusal = replay.refusal
    entries = replay.result if replay.per_seat else [replay.result or {}]
    return {
        "replay": replay,
        "refusal": refusal and refusal_text(refusal, seat_name, state),
        "hands": [(seat_name(seat), hand) for seat, hand in enumerate(replay.hands)],
        "moves": [
            (
                made.index + 1,
                place_words(made.place, state.place_names),
                seat_name(made.seat),
                move_words(made.move, state.move_words),
                made.fault,
            )
            for made in replay.made
        ],
        "refused_move": refusal is not None
        and refusal.index is not None
        and refusal.move != ""
        and (
            refusal.index + 1,
            place_words(refusal.place, state.place_names),
            seat_name(refusal.seat) if refusal.seat is not None else "",
            move_words(refusal.move, state.move_words),
        ),
        "seat_names": [seat_name(seat) for seat in range(len(entries))],
        "result_rows": [
            (labels.get(key, key), [entry.get(key, "") for entry in entries])
            for key in replay.fields
        ],
    }
