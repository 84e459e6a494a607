"""Ranking with ties, written once: the tournament standings and the league both use it.

Items are put best first by a sort key (smallest first), then by name for a stable table;
equal keys share the rank of the first of them (standard competition ranking: 1, 1, 3).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

T = TypeVar("T")


def ranked(
    items: Iterable[T], key: Callable[[T], Hashable], name: Callable[[T], str]
) -> list[tuple[int, T]]:
    """The items best first (smallest ``key``, then ``name``), each with its rank.

    >>> ranked([("b", 2), ("a", 1), ("c", 1)], key=lambda i: i[1], name=lambda i: i[0])
    [(1, ('a', 1)), (1, ('c', 1)), (3, ('b', 2))]
    """
    keyed = sorted(((key(item), name(item), item) for item in items), key=lambda k: k[:2])
    result: list[tuple[int, T]] = []
    previous: Hashable = None
    for position, (item_key, _name, item) in enumerate(keyed, start=1):
        number = result[-1][0] if result and previous == item_key else position
        result.append((number, item))
        previous = item_key
    return result
