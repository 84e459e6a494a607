"""The Roimat deck: 4 colours × 9 cards, 128 points in all (ROIMAT.md §1).

Card codes are a rank letter then a colour letter: ``DJ`` is the Dame jaune.
"""

from __future__ import annotations

#: Colour letters and their French names: jaune, rouge, vert, bleu.
COLOURS: dict[str, str] = {"J": "jaune", "R": "rouge", "V": "vert", "B": "bleu"}

#: Rank letters from strongest to weakest with their value in points.
RANK_VALUES: dict[str, int] = {"D": 10, "T": 8, "C": 5, "F": 3, "R": 2, "P": 1}

#: How many cards of each rank a colour holds (four interchangeable pions).
RANK_COUNT: dict[str, int] = {"D": 1, "T": 1, "C": 1, "F": 1, "R": 1, "P": 4}

#: Every card's value in points, one entry per physical card (36 entries).
DECK_VALUES: tuple[int, ...] = tuple(
    RANK_VALUES[rank] for _colour in COLOURS for rank, n in RANK_COUNT.items() for _ in range(n)
)

TOTAL_POINTS: int = sum(DECK_VALUES)  # 128
TRICKS: int = 9
CARDS_PER_TRICK: int = 4


def _points_bounds() -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per number of plis k (0–9), the fewest and most points 4k cards can hold (§7)."""
    ascending = sorted(DECK_VALUES)
    lows = tuple(sum(ascending[: CARDS_PER_TRICK * k]) for k in range(TRICKS + 1))
    highs = tuple(
        sum(ascending[len(ascending) - CARDS_PER_TRICK * k :]) if k else 0
        for k in range(TRICKS + 1)
    )
    return lows, highs


#: ``MIN_POINTS[k]`` / ``MAX_POINTS[k]``: bounds on the points held by k plis (ROIMAT.md §7).
MIN_POINTS, MAX_POINTS = _points_bounds()


# Physical cards, for play: card ``c`` (0–35) is colour ``c // 9`` (J, R, V, B) and slot
# ``c % 9`` of ``SLOTS``: D, T, C, F, R, then four pions. Hands are bitmasks of card ids.
SLOTS = "DTCFRPPPP"
COLOUR_LETTERS = tuple(COLOURS)
DECK_SIZE = 36
CARDS = range(DECK_SIZE)
#: A card's code (``"DJ"``), colour index, rank letter, value in points, strength in its
#: colour (Dame 5 … Pion 0; pions are equal).
CODE = tuple(SLOTS[c % 9] + COLOUR_LETTERS[c // 9] for c in CARDS)
COLOUR_OF = tuple(c // 9 for c in CARDS)
RANK_OF = tuple(SLOTS[c % 9] for c in CARDS)
VALUE = tuple(RANK_VALUES[SLOTS[c % 9]] for c in CARDS)
STRENGTH = tuple(5 - min(c % 9, 5) for c in CARDS)
#: Bitmask of the 9 cards of each colour index.
COLOUR_MASK = tuple(0b111111111 << (9 * i) for i in range(4))
#: Bitmask of the cards of the same colour that beat card c (none beat a Dame).
BEATS = tuple(
    sum(1 << d for d in range(9 * (c // 9), 9 * (c // 9) + 9) if STRENGTH[d] > STRENGTH[c])
    for c in CARDS
)
#: Card ids by code; a pion code names the first pion of its colour.
BY_CODE: dict[str, int] = {}
for _card in CARDS:
    BY_CODE.setdefault(CODE[_card], _card)
PION_MASK = tuple(0b111100000 << (9 * i) for i in range(4))
ROI = tuple(9 * i + 4 for i in range(4))  # the Roi of each colour index


def cards_of(mask: int) -> list[int]:
    """The card ids in a bitmask, lowest first."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def hand_codes(mask: int) -> list[str]:
    """A hand as card codes, in deck order (``["DJ", "PJ", …]``)."""
    return [CODE[c] for c in cards_of(mask)]


class CardError(ValueError):
    """Cards that cannot be: ``code`` is ``not_card``, ``card_twice`` or ``too_many_pions``."""

    def __init__(self, code: str, card: str):
        self.code, self.card = code, card
        super().__init__(f"{code}: {card!r}")


def mask_of_codes(codes: list[str]) -> int:
    """A bitmask holding these card codes; pions take the next free pion of their colour.

    Raises ``CardError`` on an unknown code or more than the deck holds of one card.
    """
    mask = 0
    for code in codes:
        if code not in BY_CODE:
            raise CardError("not_card", code)
        card = BY_CODE[code]
        if RANK_OF[card] == "P":
            free = PION_MASK[COLOUR_OF[card]] & ~mask
            if not free:
                raise CardError("too_many_pions", code)
            mask |= free & -free
        elif mask >> card & 1:
            raise CardError("card_twice", code)
        else:
            mask |= 1 << card
    return mask


#: Each rank's name and chess piece (§1), for drawing a card: ``FACES[code]`` is its
#: ``symbol``, ``rank`` and ``tint`` (its colour letter), as ``GameState.card_faces``.
RANK_NAMES = {"D": "Dame", "T": "Tour", "C": "Cavalier", "F": "Fou", "R": "Roi", "P": "Pion"}
PIECES = {"D": "\u265b", "T": "\u265c", "C": "\u265e", "F": "\u265d", "R": "\u265a", "P": "\u265f"}
FACES = {
    code: {"symbol": PIECES[code[0]], "rank": RANK_NAMES[code[0]], "tint": code[1]}
    for code in dict.fromkeys(CODE)
}
