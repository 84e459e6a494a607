"""Whist-tournament schedules: for n = 8, 12, … 28 players, n − 1 rounds of tables where every
two players are partners exactly once and opponents exactly twice.

Each schedule is cyclic: players are the residues mod n − 1 and ``INF``; the base round below is
turned into round r by adding r to every residue (Anderson, *Combinatorial Designs and
Tournaments*, ch. 8). A table (a, b, c, d) seats a and c as partners against b and d. The base
rounds were found by a search and are checked by the tests.
"""

from __future__ import annotations

INF = -1

BASE_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((0, 3, 5, 6), (1, INF, 2, 4)),
    12: ((0, 2, 9, 3), (1, INF, 6, 5), (4, 7, 8, 10)),
    16: ((0, 11, 2, 10), (1, 3, 6, 14), (4, 13, 12, 7), (5, INF, 8, 9)),
    20: ((0, 12, 10, 15), (1, 4, 2, 9), (3, 14, 5, 18), (6, 7, 13, INF), (8, 11, 16, 17)),
    24: (
        (0, 22, 21, 12),
        (1, 18, 15, 11),
        (2, 10, 17, 6),
        (3, 8, INF, 20),
        (4, 13, 5, 7),
        (9, 16, 14, 19),
    ),
    28: (
        (0, 15, 4, 18),
        (1, 5, 16, 25),
        (2, 19, 24, 9),
        (3, 11, 12, 17),
        (6, 8, INF, 10),
        (7, 13, 23, 26),
        (14, 20, 22, 21),
    ),
}


def whist_round(n: int, number: int) -> list[tuple[int, int, int, int]] | None:
    """Round ``number`` (0-based, below n − 1) of the whist schedule of n players, as tables of
    player indices 0 … n − 1 (a, b, c, d): a and c partners against b and d. None when no
    schedule is known for n."""
    base = BASE_ROUNDS.get(n)
    if base is None or not 0 <= number < n - 1:
        return None
    modulus = n - 1

    def player(x: int) -> int:
        return modulus if x == INF else (x + number) % modulus

    return [(player(a), player(b), player(c), player(d)) for a, b, c, d in base]
