"""Seats, teams and turning order (ROIMAT.md §2).

Seats are ``"N"``, ``"E"``, ``"S"``, ``"O"`` (Ouest), in clockwise order; the teams are
``"ns"`` (Nord/Sud) and ``"oe"`` (Ouest/Est).
"""

from __future__ import annotations

SEATS: tuple[str, ...] = ("N", "E", "S", "O")
TEAMS: tuple[str, ...] = ("ns", "oe")


def left(seat: str) -> str:
    """The next seat clockwise: left of S is O, left of O is N."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def right(seat: str) -> str:
    """The previous seat clockwise (the player on the right)."""
    return SEATS[(SEATS.index(seat) - 1) % 4]


def partner(seat: str) -> str:
    """The seat opposite: N↔S, E↔O."""
    return SEATS[(SEATS.index(seat) + 2) % 4]


def team_of(seat: str) -> str:
    """``"ns"`` for N and S, ``"oe"`` for E and O."""
    return "ns" if seat in ("N", "S") else "oe"


def other_team(team: str) -> str:
    """The opposing team: ``"ns"`` ↔ ``"oe"``."""
    return "oe" if team == "ns" else "ns"
