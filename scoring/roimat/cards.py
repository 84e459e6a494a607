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
