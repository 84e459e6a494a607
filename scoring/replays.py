"""A round's record of any game played move by move, replayed for a page
(``scoring/game_replay.html``): the game's replay page and a round played at a remote
table."""

from __future__ import annotations

from typing import Any

from scoring.messages import card_face, move_card, move_text, place_words, refusal_text
from scoring.play.verify import Made
from scoring.registry import GameAdapter
from scoring.replay import replay_game

#: A move as the page lists it: its number, its place and its seat in words, the move in
#: words (its cards named as the live page names them), ``"fault"`` (a faute de jeu),
#: ``"refused"`` (the move the rules refuse) or "", and the card it plays as the page draws it
#: (``messages.move_card``; None for a move of no card).
Row = tuple[int, str, str, str, str, dict[str, Any] | None]


def replay_context(adapter: GameAdapter, record: Any) -> dict[str, Any]:
    """What the replay page shows of ``record``, a round of ``adapter``'s game (which has a
    play state): the replay, the first refusal in words, each seat's hand as dealt, every
    move made (``moves``) and the move refused (``refused_move``), as ``Row`` (``rows``:
    both); the same moves by pli where the game has plis (``tricks``: number, plays as
    (seat, move, mark, card), winner and the points after it, headed by ``point_heads``
    (``scored``: (head, points) pairs):
    ``GameAdapter.running_points``; ``opening``: the moves before the first pli); the result
    for the sheet (``result_heads``, ``result_rows``: ``GameAdapter.replay_result``, a list
    of cards as ``{"cards": [face, …]}``; ``result_by_seat``: the same, (head, rows) a seat,
    which a phone shows one under the other)."""
    state = adapter.state
    assert state is not None
    replay = replay_game(state, record)
    seat_name = adapter.seat_words

    def row(made: Made, mark: str) -> Row:
        who = seat_name(made.seat) if made.seat >= 0 else ""
        place = place_words(made.place, state.place_names)
        words = move_text(made.move, state, adapter.live_seat_words)
        return made.index + 1, place, who, words, mark, move_card(made.move, state)

    def drawn(code: str) -> dict[str, Any]:
        return card_face(code, state) or {"code": code, "name": code}

    def shown_value(value: Any) -> Any:
        """A result's value as the page shows it: a list of cards (a Römer team) drawn."""
        if isinstance(value, list) and value and all(card_face(str(v), state) for v in value):
            return {"cards": [drawn(str(v)) for v in value]}
        return value

    made = [(m, "fault" if m.fault else "") for m in replay.made]
    refusal = replay.refusal
    if refusal is not None and refusal.index is not None and refusal.move != "":
        seat = -1 if refusal.seat is None else refusal.seat
        made.append((Made(refusal.index, refusal.place, seat, refusal.move, False), "refused"))
    rows = [row(move, mark) for move, mark in made]
    opening: list[Row] = []
    point_heads: list[str] = []
    tricks: list[dict[str, Any]] = []
    for (move, _mark), shown in zip(made, rows, strict=True):
        pli = move.place.partition(", ")[0]
        number = pli.removeprefix("trick ")
        if not (pli.startswith("trick ") and number.isdecimal()):
            opening.append(shown)
            continue
        if not tricks or tricks[-1]["number"] != int(number):
            tricks.append(
                {"number": int(number), "plays": [], "winner": "", "points": [], "scored": []}
            )
        trick = tricks[-1]
        trick["plays"].append(shown[2:])
        if move.won is not None:
            trick["winner"] = seat_name(move.won)
            columns = adapter.running_points(move.returns)
            point_heads = [head for head, _points in columns]
            trick["points"] = [points for _head, points in columns]
            trick["scored"] = columns
    width = max((len(trick["plays"]) for trick in tricks), default=0)
    for trick in tricks:
        trick["blanks"] = range(width - len(trick["plays"]))
    heads: list[str] = []
    result_rows: list[tuple[str, list[Any]]] = []
    if replay.result is not None:
        heads, result_rows = adapter.replay_result(record, replay.result)
    shown_rows = [
        (label, [shown_value(value) for value in values]) for label, values in result_rows
    ]
    by_seat = [
        (
            head,
            [(label, values[seat] if seat < len(values) else "") for label, values in shown_rows],
        )
        for seat, head in enumerate(heads)
    ]
    refused = rows[-1] if made and made[-1][1] == "refused" else None
    return {
        "replay": replay,
        "refusal": refusal and refusal_text(refusal, seat_name, state),
        "hands": [
            (seat_name(seat), [drawn(code) for code in hand])
            for seat, hand in enumerate(replay.hands)
        ],
        "moves": rows[:-1] if refused else rows,
        "refused_move": refused,
        "rows": rows,
        "opening": opening,
        "tricks": tricks,
        "trick_width": range(1, width + 1),
        "point_heads": point_heads,
        "result_heads": heads,
        "result_rows": shown_rows,
        "result_by_seat": by_seat,
    }
