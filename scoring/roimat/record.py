"""The donne record of ROIMAT.md §10: one JSON object per played donne.

``record_of(state)`` writes a ``DonneState`` out; ``replay(record)`` reads one back into a
state by pushing its moves. Beside the keys of §10 a record may carry, on a play whose Dame or
Tour gave a choice, ``"to"``: the seat sent to play next (needed when that play ends the
record); ``"annulled": true`` for a donne annulled on a king sec, and ``"void": true`` for a
deal where the taking team held no Roi (official rules), both without tricks or result.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .cards import (
    BY_CODE,
    CODE,
    COLOUR_LETTERS,
    COLOUR_OF,
    PION_MASK,
    RANK_OF,
    CardError,
    hand_codes,
    mask_of_codes,
)
from .donne import BIDS, DonneState, IllegalMove, Move, card_move
from .problems import Place, Problem
from .rules import VARIANTS
from .scoring import DonneEntry
from .seats import SEATS


class RecordError(ValueError):
    """A record that cannot be read or replayed: its ``problem`` (place, code, values)."""

    def __init__(self, place: Place, code: str, **params: Any) -> None:
        self.problem = Problem(place, code, params)
        super().__init__(str(self.problem))


def record_of(state: DonneState) -> dict[str, Any]:
    """The §10 record of a state (a finished donne, or one in progress)."""
    record: dict[str, Any] = {
        "variant": state.variant,
        "dealer": SEATS[state.dealer],
        "deal": {SEATS[s]: hand_codes(state.deal[s]) for s in range(4)},
    }
    if state.void:
        record["void"] = True
        return record
    record["announcer"] = SEATS[state.announcer] if state.announcer >= 0 else None
    record["trump"] = COLOUR_LETTERS[state.trump] if state.trump >= 0 else None
    if state.annulled:
        record["annulled"] = True
        return record
    record.update(state.bids)
    tricks = []
    for trick in state.tricks:
        plays = []
        for seat, card, fault, _to in trick.plays:
            play: dict[str, Any] = {"seat": SEATS[seat], "card": CODE[card]}
            if fault:
                play["fault"] = True
            plays.append(play)
        if trick.plays[-1][3] >= 0:  # a choice the next play of the trick does not show yet
            plays[-1]["to"] = SEATS[trick.plays[-1][3]]
        tricks.append(
            {"plays": plays, **({"winner": SEATS[trick.winner]} if trick.winner >= 0 else {})}
        )
    record["tricks"] = tricks
    record["faults"] = [SEATS[s] for s in state.faults]
    record["result"] = state.result() if state.is_over() else None
    return record


def to_text(state: DonneState) -> str:
    """The record as one line of JSON: ``json.dumps(record_of(state), ensure_ascii=False)``,
    written from pieces of text made once (a finished or started donne), as fast as the
    simulation needs."""
    if state.void or state.announcer < 0 or state.annulled:
        return json.dumps(record_of(state), ensure_ascii=False)
    deal = state.deal
    parts = [
        _HEAD[state.variant][state.dealer],
        _hand_text(deal[0]),
        '], "E": [',
        _hand_text(deal[1]),
        '], "S": [',
        _hand_text(deal[2]),
        '], "O": [',
        _hand_text(deal[3]),
        _ANNOUNCED[state.announcer][state.trump],
    ]
    bids = state.bids
    parts += [_BID_TEXT[name][bids[name]] for name in BIDS]
    tricks = []
    for trick in state.tricks:
        plays = trick.plays
        if trick.winner >= 0:  # complete: four plays, no choice left to show
            (s0, c0, f0, _t0), (s1, c1, f1, _t1), (s2, c2, f2, _t2), (s3, c3, f3, _t3) = plays
            tricks.append(
                _DONE_TRICK_TEXT[trick.winner]
                % (
                    _PLAY_TEXT[s0][c0][f0],
                    _PLAY_TEXT[s1][c1][f1],
                    _PLAY_TEXT[s2][c2][f2],
                    _PLAY_TEXT[s3][c3][f3],
                )
            )
            continue
        text = ", ".join([_PLAY_TEXT[seat][card][fault] for seat, card, fault, _to in plays])
        if plays[-1][3] >= 0:  # a choice the next play of the trick does not show yet
            text = text[:-1] + f', "to": "{SEATS[plays[-1][3]]}"}}'
        tricks.append('{"plays": [' + text + "]}")
    parts += (', "tricks": [', ", ".join(tricks), '], "faults": ')
    parts += ("[", ", ".join([_SEAT_TEXT[s] for s in state.faults]), "]")
    if state.is_over():
        result = state.result()
        parts.append(_RESULT_TEXT[result["roi_au_bout"]] % (result["plis_ns"], result["points_ns"]))
    else:
        parts.append(', "result": null}')
    return "".join(parts)


def _hand_text(mask: int) -> str:
    """The quoted codes of a hand's cards (at least one), separated by ``, ``."""
    chunks = _CHUNK_TEXT
    return (
        chunks[0][mask & 511]
        + chunks[1][mask >> 9 & 511]
        + chunks[2][mask >> 18 & 511]
        + chunks[3][mask >> 27]
    )[:-2]


# The pieces of ``to_text``, in the order and spelling of ``json.dumps``.
_HEAD = {
    variant: tuple(
        f'{{"variant": {json.dumps(variant)}, "dealer": "{seat}", "deal": {{"N": ['
        for seat in SEATS
    )
    for variant in VARIANTS
}
#: ``_CHUNK_TEXT[colour][chunk]``: the cards of a colour's 9 bits, each as ``"DJ", ``.
_CHUNK_TEXT = tuple(
    tuple(
        "".join(f'"{code}", ' for code in hand_codes(chunk << 9 * colour)) for chunk in range(512)
    )
    for colour in range(4)
)
_ANNOUNCED = tuple(
    tuple(f']}}, "announcer": "{seat}", "trump": "{colour}"' for colour in COLOUR_LETTERS)
    for seat in SEATS
)
_SEAT_TEXT = tuple(f'"{seat}"' for seat in SEATS)
_BID_TEXT = {name: (f', "{name}": false', f', "{name}": true') for name in BIDS}
_PLAY_TEXT = tuple(
    tuple(
        (
            f'{{"seat": "{seat}", "card": "{code}"}}',
            f'{{"seat": "{seat}", "card": "{code}", "fault": true}}',
        )
        for code in CODE
    )
    for seat in SEATS
)
_DONE_TRICK_TEXT = tuple(f'{{"plays": [%s, %s, %s, %s], "winner": "{seat}"}}' for seat in SEATS)
_RESULT_TEXT = tuple(
    f', "result": {{"plis_ns": %d, "points_ns": %d, "roi_au_bout": {flag}}}}}'
    for flag in ("false", "true")
)


def from_text(text: str) -> DonneState:
    """The state a one-line record describes; raises ``RecordError``."""
    try:
        return replay(json.loads(text))
    except json.JSONDecodeError as error:
        raise RecordError(Place(), "not_json", detail=error.msg) from None


def seat_index(value: Any, place: Place) -> int:
    if value not in SEATS:
        raise RecordError(place, "not_seat", value=value)
    return SEATS.index(value)


def read_deal(record: dict[str, Any]) -> list[int]:
    """The four hands as bitmasks; raises ``RecordError`` unless the deal is the 36-card deck
    in four hands of 9."""
    deal = record.get("deal")
    if not isinstance(deal, dict) or sorted(deal) != sorted(SEATS):
        raise RecordError(Place("deal"), "four_hands")
    hands = []
    for seat in SEATS:
        codes = deal[seat]
        if not isinstance(codes, list) or len(codes) != 9:
            raise RecordError(Place("deal", seat=seat), "nine_cards")
        try:
            hands.append(mask_of_codes(codes))
        except CardError as error:
            raise RecordError(
                Place("deal", seat=seat), error.code, card=error.card, value=error.card
            ) from None
    try:
        mask_of_codes([c for seat in SEATS for c in deal[seat]])
    except CardError as error:
        raise RecordError(Place("deal"), "not_deck", card=error.card) from None
    return hands


def start(record: dict[str, Any]) -> DonneState:
    """The state after the deal, before any announcement; raises ``RecordError``."""
    if not isinstance(record, dict):
        raise RecordError(Place(), "not_object")
    variant = record.get("variant")
    if variant not in VARIANTS:
        raise RecordError(Place("variant"), "not_variant", value=variant)
    dealer = seat_index(record.get("dealer"), Place("dealer"))
    return DonneState(read_deal(record), dealer, variant)


def announcement(record: dict[str, Any], state: DonneState) -> Move:
    """The trump announcement the record states."""
    seat = seat_index(record.get("announcer"), Place("announcer"))
    trump = record.get("trump")
    if trump not in COLOUR_LETTERS:
        raise RecordError(Place("trump"), "not_colour", value=trump)
    return Move(
        "announce", card=COLOUR_LETTERS.index(trump), seat=seat, annul=bool(record.get("annulled"))
    )


def replay(record: dict[str, Any]) -> DonneState:
    """Push every move of the record; raises ``RecordError`` at the first one that cannot be
    made (a fault is made, and marked, as in the game)."""
    state = start(record)
    if record.get("void") or state.void:
        if not (record.get("void") and state.void):
            raise RecordError(Place("deal"), "void_mismatch")
        return state
    push(state, announcement(record, state), Place("announcer"))
    if state.annulled:
        return state
    for name in list(BIDS):
        if state.phase == "bids" and state.pending_bids[0] == name:
            push(state, Move("bid", name=name, value=bool(record.get(name))), Place(name))
    for place, play, later in plays_of(record):
        push(state, play_move(state, play, later, place), place)
    return state


def plays_of(
    record: dict[str, Any],
) -> Iterator[tuple[Place, dict[str, Any], list[dict[str, Any]]]]:
    """Each recorded play as (its ``Place``, the play, the later plays of its trick)."""
    tricks = record.get("tricks") or []
    if not isinstance(tricks, list):
        raise RecordError(Place("tricks"), "no_tricks")
    for t, trick in enumerate(tricks, start=1):
        plays = trick.get("plays") if isinstance(trick, dict) else None
        if not isinstance(plays, list):
            raise RecordError(Place(trick=t), "no_plays")
        for p, play in enumerate(plays, start=1):
            if not isinstance(play, dict):
                raise RecordError(Place(trick=t, play=p), "bad_play")
            place = Place(trick=t, play=p, seat=str(play.get("seat")), card=str(play.get("card")))
            yield place, play, plays[p:]


def play_move(
    state: DonneState, play: dict[str, Any], later: list[dict[str, Any]], place: Place
) -> Move:
    """The card move of a recorded play; the seat sent to after a Dame or Tour is the play's
    ``to`` or else the seat of the next play of the trick."""
    seat = seat_index(play.get("seat"), place)
    if seat != state.turn:
        bare = Place(trick=place.trick, play=place.play)
        raise RecordError(bare, "out_of_turn", seat=SEATS[seat], turn=SEATS[state.turn])
    code = play.get("card")
    if code not in BY_CODE:
        raise RecordError(place, "not_card", value=code)
    card = BY_CODE[code]
    if RANK_OF[card] == "P":  # any pion of that colour still in the hand
        held = state.hands[seat] & PION_MASK[COLOUR_OF[card]]
        card = (held & -held).bit_length() - 1 if held else card
    to = -1
    if len(state.choices(card)) > 1:
        target = play.get("to") or (later[0].get("seat") if later else None)
        to = seat_index(target, place)
    return card_move(card, to)


def push(state: DonneState, move: Move, place: Place) -> bool:
    try:
        return state.push(move)
    except IllegalMove as error:
        raise RecordError(place, error.code, **error.params) from None


def entry_of_record(record: dict[str, Any]) -> DonneEntry:
    """The score-sheet donne of a played (or annulled) record, from its ``result`` summary."""
    if record.get("annulled"):
        return DonneEntry(dealer=record["dealer"], trump=record["trump"], annulled=True)
    result = record["result"]
    return DonneEntry(
        dealer=record["dealer"],
        trump=record["trump"],
        plis_ns=result["plis_ns"],
        points_ns=result["points_ns"],
        roi_au_bout=result["roi_au_bout"],
        faults=tuple(record.get("faults", [])),
        **{name: bool(record.get(name)) for name in BIDS},
    )
