"""Random sound donnes and parties, for demo data and tests (not a simulation of play).

Each donne satisfies ROIMAT.md §7; its plis, points and announcements are drawn at random, not
played. Seeded with a ``random.Random`` so that a run is reproducible.
"""

from __future__ import annotations

import random

from .cards import COLOURS, MAX_POINTS, MIN_POINTS, TOTAL_POINTS, TRICKS
from .partie import compute_sheet, next_dealer
from .rules import RuleSet
from .scoring import DonneEntry
from .seats import SEATS, team_of


def random_entry(rng: random.Random, dealer: str, fault_rate: float = 0.03) -> DonneEntry:
    """A sound donne dealt by ``dealer``; each player commits a fault with ``fault_rate``.

    Plis follow a binomial law; points stay near 128/9 per pli; the Roi au bout is likelier
    the more plis the taking team makes.
    """
    plis_ns = sum(rng.random() < 0.5 for _pli in range(TRICKS))
    low, high = MIN_POINTS[plis_ns], MAX_POINTS[plis_ns]
    points_ns = min(high, max(low, round(rng.gauss(TOTAL_POINTS * plis_ns / TRICKS, 8))))
    taker_plis = plis_ns if team_of(dealer) == "ns" else TRICKS - plis_ns
    contre_plis = rng.random() < 0.2
    contre_roi = rng.random() < 0.2
    return DonneEntry(
        dealer=dealer,
        trump=rng.choice(list(COLOURS)),
        trumps=rng.randint(2, 6),
        plis_ns=plis_ns,
        points_ns=points_ns,
        roi_au_bout=taker_plis > 0 and rng.random() < 0.1 + 0.8 * taker_plis / TRICKS,
        contre_plis=contre_plis,
        contre_roi=contre_roi,
        surcontre_plis=contre_plis and rng.random() < 0.3,
        surcontre_roi=contre_roi and rng.random() < 0.3,
        faults=tuple(seat for seat in SEATS if rng.random() < fault_rate),
    )


def random_partie(
    rng: random.Random, rules: RuleSet, donnes: int | None = None, limit: int = 60
) -> list[DonneEntry]:
    """Donnes, dealer turning left, until the partie is over, or ``donnes`` of them, or
    ``limit`` of them (a random partie to 1,000 points is a random walk that may not end)."""
    entries: list[DonneEntry] = []
    while len(entries) < min(donnes or limit, limit):
        entries.append(random_entry(rng, next_dealer(entries)))
        if compute_sheet(entries, rules).finished:
            break
    return entries
