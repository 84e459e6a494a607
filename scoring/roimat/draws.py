"""The random draws of the simulation, written out for speed.

They draw exactly as CPython's ``random.Random.choice``, ``shuffle`` and ``randint`` do (one
``getrandbits(k)`` per try, a try above the bound drawn again), so a seed gives the same
donnes as with those methods, and the same on every Python version.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from scoring.play.state import below

__all__ = ["below", "choice", "randint", "shuffle"]

T = TypeVar("T")

#: ``BIT_LENGTH[n]``: the bits drawn to choose among n (n up to 64).
BIT_LENGTH = tuple(n.bit_length() for n in range(65))


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """One of ``items`` (``random.Random.choice``)."""
    return items[below(rng, len(items))]


#: Per length of a list up to 64: the steps of its shuffle (i, i + 1, bits drawn).
_STEPS = tuple(
    tuple((i, i + 1, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(65)
)


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place (``random.Random.shuffle``)."""
    bits = rng.getrandbits
    size = len(items)
    steps = (
        _STEPS[size]
        if size < 65
        else ((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    )
    for i, n, k in steps:
        j = bits(k)
        while j >= n:
            j = bits(k)
        items[i], items[j] = items[j], items[i]


def randint(rng: random.Random, low: int, high: int) -> int:
    """A number from ``low`` to ``high`` included (``random.Random.randint``)."""
    return low + below(rng, high - low + 1)
