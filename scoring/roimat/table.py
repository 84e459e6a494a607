"""Roimat at a table played at a distance (ROIMAT.md §2–§9), in the words of the remote
table's protocol (``docs/remote-protocol.md``). Plain Python.

The table itself is the one of every game (``scoring.play.live.LiveTable``, over
``state.RoimatState`` dealt by ``state.RoimatTable``); what is Roimat's is here:

- moves are written as text, ``str(Move)`` (``DJ>N``, ``PR``, ``N roi R``, ``N roi R annule``,
  ``contre_plis oui``), read back by ``move_from_text``;
- ``donne_view``: what a seat sees of a donne (``RoimatState.observation``);
- ``RoimatSheet``: the Table de marque the table fills (totals by team, the end of the partie
  by §6, each donne's line for the page, in the shape of every game's: ``SheetRules.lines``);
- ``Robot``: the simulated players, who play as ``players.HeuristicPlayer``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..play.layout import ANNULLED, ROW
from ..play.live import MoveRefused
from .cards import BY_CODE, CODE, COLOUR_LETTERS, COLOUR_OF, PION_MASK, RANK_OF, hand_codes
from .donne import BIDDING, BIDS, DonneState, Move, card_move
from .partie import compute_sheet
from .players import HeuristicPlayer
from .rules import RuleSet
from .scoring import DonneEntry
from .seats import SEATS


def move_from_text(state: DonneState, text: str) -> Move:
    """The move ``str(move)`` wrote, for the state it was made in. A pion code stands for the
    lowest pion of its colour that the seat to move holds. Raises ``MoveRefused("bad_move")``."""
    words = text.split()
    if len(words) == 2 and words[1] in ("oui", "non") and words[0] in BIDS:
        return Move("bid", name=words[0], value=words[1] == "oui")
    if len(words) in (3, 4) and words[1] == "roi" and words[0] in SEATS:
        if words[2] not in COLOUR_LETTERS or (len(words) == 4 and words[3] != "annule"):
            raise MoveRefused("bad_move")
        return Move(
            "announce",
            card=COLOUR_LETTERS.index(words[2]),
            seat=SEATS.index(words[0]),
            annul=len(words) == 4,
        )
    code, _sep, to = text.partition(">")
    return _card(state, code, to or None)


def _card(state: DonneState, code: object, to: object) -> Move:
    """The card move of a code and the seat letter it sends to (or None)."""
    if not isinstance(code, str) or code not in BY_CODE:
        raise MoveRefused("bad_move")
    if to is not None and to not in SEATS:
        raise MoveRefused("bad_move")
    card = BY_CODE[code]
    if RANK_OF[card] == "P" and state.turn >= 0:
        held = state.hands[state.turn] & PION_MASK[COLOUR_OF[card]]
        if held:
            card = (held & -held).bit_length() - 1
    return card_move(card, SEATS.index(to) if isinstance(to, str) else -1)


def atouts(record: dict[str, Any]) -> int | None:
    """How many cards of the trump colour the announcer was dealt (the sheet's Roi column,
    ``"rouge 3"`` as a paper table writes it); None before the announcement."""
    announcer, trump = record.get("announcer"), record.get("trump")
    if announcer is None or trump is None:
        return None
    return len([code for code in record["deal"][announcer] if code[1] == trump])


def _plays(plays: Sequence[tuple[int, int, bool, int]]) -> list[list[Any]]:
    return [[seat, CODE[card]] for seat, card, _f, _t in plays]


def last_trick(state: DonneState) -> dict[str, Any] | None:
    """The donne's last trick over, ``{"plays": [[seat, "DJ"], …], "winner": seat}`` (seats by
    index), or None before its first trick ends."""
    complete = [t for t in state.tricks if t.winner >= 0]
    if not complete:
        return None
    last = complete[-1]
    return {"plays": _plays(last.plays), "winner": last.winner}


#: Each seat's team as the sheet names it (N and S: N/S).
TEAMS = ["N/S", "O/E", "N/S", "O/E"]


def donne_view(state: DonneState, seat: int) -> dict[str, Any]:
    """What ``seat`` (-1: a spectator) sees of a donne, in the shape of every game's
    ``observation`` (``docs/remote-protocol.md``): his own hand only; one value a seat for
    every hand's size, its team (``side``) and its team's plis and points; the cards on the table as
    ``[seat, code]``; the last trick over; the dealer and the announcer (seat indices), the
    trump (a colour letter), the contres and surcontres made (their names). Seats are
    indices, cards codes."""
    trick = state.current_trick()
    return {
        "dealer": state.dealer,
        "phase": "void" if state.void else "annulled" if state.annulled else str(state.phase),
        "announcer": state.announcer if state.announcer >= 0 else None,
        "trump": COLOUR_LETTERS[state.trump] if state.trump >= 0 else None,
        "contres": [name for name in BIDS if state.bids[name]],
        "pending_bid": state.pending_bids[0] if state.phase is BIDDING else None,
        "hand": hand_codes(state.hands[seat]) if seat >= 0 else [],
        "hand_sizes": [state.hands[s].bit_count() for s in range(4)],
        "side": TEAMS,
        "plis": [state.plis[s % 2] for s in range(4)],
        "points": [state.points[s % 2] for s in range(4)],
        "trick": _plays(trick.plays) if trick is not None else [],
        "last_trick": last_trick(state),
    }


class RoimatSheet:
    """The sheet's rules a Roimat table asks (``scoring.play.live.SheetRules``) under
    ``rules``: each seat's total is its team's cumul (N and S: N/S), the partie ends by §6,
    and its lines are the §10 computed sheet (``Sheet.as_dict``)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules

    def totals(self, results: Sequence[DonneEntry]) -> list[int]:
        sheet = compute_sheet(results, self.rules)
        return [sheet.total("ns" if seat in "NS" else "oe") for seat in SEATS]

    def is_over(self, results: Sequence[DonneEntry]) -> bool:
        return bool(results) and compute_sheet(results, self.rules).finished

    def round_name(self, number: int) -> str:
        return f"Donne {number}"

    def winners(self, results: Sequence[DonneEntry]) -> list[int]:
        """The seats of the winning team (§6) once the partie is over; none on a draw."""
        sheet = compute_sheet(results, self.rules)
        if not results or not sheet.finished or sheet.winner is None:
            return []
        return [
            index for index, seat in enumerate(SEATS) if (seat in "NS") == (sheet.winner == "ns")
        ]

    def lines(self, results: Sequence[DonneEntry]) -> dict[str, Any]:
        """The Table de marque in the live page's shape (``SheetRules.lines``): each donne's
        totals and cumuls by team, an annulled one muted, and the partie's totals; the words
        are the paper sheet's (French, as ``layout``'s)."""
        sheet = compute_sheet(results, self.rules)
        rows: list[dict[str, Any]] = []
        for row in sheet.rows:
            if row.ns is None or row.oe is None:
                rows.append({"kind": ANNULLED, "cells": ["–", "annulée", "", "", ""]})
                continue
            cells = [row.counted, signed(row.ns.total), row.ns.cumul]
            rows.append({"kind": ROW, "cells": [*cells, signed(row.oe.total), row.oe.cumul]})
        return {
            "head": ["Donne", "N/S", "Total", "O/E", "Total"],
            "groups": ["", "ns", "ns", "oe", "oe"],
            "rows": rows,
            "foot": ["Total", "", signed(sheet.total_ns), "", signed(sheet.total_oe)],
        }


def signed(total: int) -> str:
    """A total as the Table de marque writes it: +35, -4, 0."""
    return f"+{total}" if total > 0 else str(total)


class Robot:
    """A simulated player at a remote table: ``HeuristicPlayer`` (a club player's choices),
    drawing from the generator the table gives each move."""

    def choose(self, state: Any, rng: random.Random) -> Move:
        """The move of the seat to move of ``state`` (a ``RoimatState``)."""
        return HeuristicPlayer(rng).choose(state.donne)


ROBOT = Robot()
