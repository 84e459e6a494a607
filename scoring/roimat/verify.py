"""Checking a donne record card by card against the rules (ROIMAT.md §1–4, §8–10).

``verify(record)`` replays the record and lists every problem: the deal is not the 36-card
deck in four hands of 9; the announcer is not of the dealer's team or does not hold the trump
Roi (the dealer announces when he holds a Roi); a surcontre without its contre; a play by a
seat the order of §8 does not allow; a card not in the hand; a play that breaks §9 and is not
marked as a fault, or is marked but legal; a trick's winner; the faults list; the result.
"""

from __future__ import annotations

from typing import Any

from .cards import CODE, COLOUR_LETTERS, ROI
from .donne import BIDS, DonneState, IllegalMove, Move, partner
from .problems import Place, Problem
from .record import RecordError, announcement, play_move, plays_of, start
from .seats import SEATS


def verify(record: Any) -> list[Problem]:
    """Every problem of a donne record, in the order met (empty when the record is sound)."""
    return check(record)[1]


def check(record: Any) -> tuple[DonneState | None, list[Problem]]:
    """The record replayed as far as it can be followed, and its problems.

    Replaying stops at a problem after which the donne cannot be followed (a card not in the
    hand, a seat out of turn); the state is None when not even the deal can be read.
    """
    problems: list[Problem] = []
    state = None
    try:
        state = start(record)
        if _check_announcement(record, state, problems) and not state.is_over():
            _check_play(record, state, problems)
    except RecordError as error:
        problems.append(error.problem)
    return state, problems


def _check_announcement(record: dict[str, Any], state: DonneState, problems: list[Problem]) -> bool:
    if state.void or record.get("void"):
        if not (state.void and record.get("void")):
            problems.append(Problem(Place("deal"), "void_mismatch"))
        return False
    move = announcement(record, state)
    dealer, seat = state.dealer, SEATS[move.seat]
    if move.seat not in (dealer, partner(dealer)):
        problems.append(Problem(Place("announcer"), "not_dealers_team", {"seat": seat}))
        return False
    if not state.deal[move.seat] >> ROI[move.card] & 1:
        params = {"seat": seat, "trump": COLOUR_LETTERS[move.card]}
        problems.append(Problem(Place("announcer"), "no_trump_roi", params))
        return False
    try:
        state.push(move)
    except IllegalMove:
        code = "dealer_announces" if move.seat != dealer else "annul_refused"
        problems.append(Problem(Place("announcer"), code))
        return False
    for name in ("surcontre_plis", "surcontre_roi"):
        if record.get(name) and not record.get(name.replace("surcontre", "contre")):
            problems.append(Problem(Place(name), "surcontre_without_contre"))
    for name in BIDS:
        if state.phase == "bids" and state.pending_bids[0] == name:
            state.push(Move("bid", name=name, value=bool(record.get(name))))
    return True


def _check_play(record: dict[str, Any], state: DonneState, problems: list[Problem]) -> None:
    tricks = record.get("tricks") or []
    for place, play, later in plays_of(record):
        move = play_move(state, play, later, place)
        try:
            fault = state.push(move)
        except IllegalMove as error:
            problems.append(Problem(place, error.code, error.params))
            return
        if fault and not play.get("fault"):
            problems.append(Problem(place, "unmarked_fault"))
        elif play.get("fault") and not fault:
            problems.append(Problem(place, "marked_legal"))
        done = state.tricks[-1]
        if done.winner >= 0:
            number = len(state.tricks)
            stated = tricks[number - 1].get("winner")
            if stated != SEATS[done.winner]:
                card = next(CODE[c] for s, c, *_ in done.plays if s == done.winner)
                params = {"seat": SEATS[done.winner], "card": card, "stated": stated}
                problems.append(Problem(Place(trick=number), "wrong_winner", params))
    _check_outcome(record, state, problems)


def _check_outcome(record: dict[str, Any], state: DonneState, problems: list[Problem]) -> None:
    faults = [SEATS[s] for s in state.faults]
    if sorted(record.get("faults") or []) != sorted(faults):
        params = {"computed": faults, "stated": record.get("faults")}
        problems.append(Problem(Place("faults"), "wrong_faults", params))
    if not state.is_over():
        problems.append(Problem(Place("tricks"), "unfinished", {"count": len(state.tricks)}))
        return
    computed, stated = state.result(), record.get("result")
    if computed != stated:
        params = {"computed": computed, "stated": stated}
        problems.append(Problem(Place("result"), "wrong_result", params))
