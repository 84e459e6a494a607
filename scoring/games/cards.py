"""Cards of the French packs the club's games use (Roi and Rumoli: 52 cards, Differenzler:
the 36 cards from the six up), as values and as text codes for the round records.

A card is ``(suit, rank)``: suit ``T`` trèfle, ``K`` carreau, ``C`` cœur, ``P`` pique; rank 2
to 14 (11 valet, 12 dame, 13 roi, 14 as). Its code is the rank then the suit, as written on
a sheet: ``2T`` … ``10C``, ``VP`` (valet de pique), ``DK``, ``RT``, ``AC``.

>>> code(("C", 14)), card("10P")
('AC', ('P', 10))
"""

from __future__ import annotations

from typing import Any

Card = tuple[str, int]
SUITS = "TKCP"  # trèfle, carreau, cœur, pique
RANK_CODES = {**{r: str(r) for r in range(2, 11)}, 11: "V", 12: "D", 13: "R", 14: "A"}
RANKS_OF_CODE = {text: rank for rank, text in RANK_CODES.items()}


def code(card: Card) -> str:
    """The card's text code."""
    return RANK_CODES[card[1]] + card[0]


def card(text: Any) -> Card | None:
    """The card of a text code, or None when ``text`` is not one."""
    if not isinstance(text, str) or len(text) < 2 or text[-1] not in SUITS:
        return None
    rank = RANKS_OF_CODE.get(text[:-1])
    return None if rank is None else (text[-1], rank)


def deck(lowest: int = 2) -> tuple[Card, ...]:
    """The pack from rank ``lowest`` up, suit by suit."""
    return tuple((suit, rank) for suit in SUITS for rank in range(lowest, 15))
