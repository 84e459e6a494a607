"""Playing a round of Differenzler (seed ``differenzler-jass-regle.txt`` §3, §4), to verify
the sheet's checks.

36 cards, 9 to each player; trump drawn at random; play goes counter-clockwise. A player may
follow suit or trump; void, he may play any card or trump; he may not undertrump (play a
trump below one already played) unless he has no other choice; when trump is led everyone
plays trump, but the Buur (valet of trump) need not be played. Points: the card values of the
plis won, and 5 for the last pli (157 in all).
"""

from __future__ import annotations

import random

SUITS = "TKCP"
RANKS = (6, 7, 8, 9, 10, 11, 12, 13, 14)  # 11 valet (Under), 12 dame (Ober), 13 roi, 14 as
DECK = tuple((suit, rank) for suit in SUITS for rank in RANKS)
PLAIN_ORDER = {14: 8, 13: 7, 12: 6, 11: 5, 10: 4, 9: 3, 8: 2, 7: 1, 6: 0}
TRUMP_ORDER = {11: 8, 9: 7, 14: 6, 13: 5, 12: 4, 10: 3, 8: 2, 7: 1, 6: 0}
PLAIN_VALUE = {14: 11, 13: 4, 12: 3, 11: 2, 10: 10}
TRUMP_VALUE = {11: 20, 9: 14, 14: 11, 13: 4, 12: 3, 10: 10}
LAST_PLI = 5
Card = tuple[str, int]


def value(card: Card, trump: str) -> int:
    """A card's points (§3.1)."""
    table = TRUMP_VALUE if card[0] == trump else PLAIN_VALUE
    return table.get(card[1], 0)


def strength(card: Card, trump: str, led: str) -> int:
    """Order within a pli: trumps above the led suit, other suits nowhere."""
    if card[0] == trump:
        return 100 + TRUMP_ORDER[card[1]]
    return PLAIN_ORDER[card[1]] if card[0] == led else -1


def legal(hand: list[Card], plays: list[Card], trump: str) -> list[Card]:
    """The cards a player may play (§4.5)."""
    if not plays:
        return list(hand)
    led = plays[0][0]
    trumps = [c for c in hand if c[0] == trump]
    if led == trump:
        must = [c for c in trumps if c[1] != 11]  # the Buur need not follow
        return trumps if must else list(hand)
    following = [c for c in hand if c[0] == led]
    allowed = following + trumps if following else list(hand)
    played_trumps = [TRUMP_ORDER[c[1]] for c in plays if c[0] == trump]
    if played_trumps:
        lower = [c for c in allowed if c[0] == trump and TRUMP_ORDER[c[1]] < max(played_trumps)]
        if len(lower) < len(allowed):
            allowed = [c for c in allowed if c not in lower]
    return allowed


def play_round(rng: random.Random, dealer: int) -> tuple[str, list[dict[str, int]]]:
    """One round with random legal cards: the trump and each player's estimate and points.

    Estimates are each hand's own card values, a player's natural guess."""
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 9 : i * 9 + 9] for i in range(4)]
    trump = rng.choice(SUITS)
    estimates = [sum(value(c, trump) for c in hand) for hand in hands]
    points = [0, 0, 0, 0]
    leader = (dealer - 1) % 4
    for number in range(9):
        plays: list[Card] = []
        seats = [(leader - k) % 4 for k in range(4)]  # counter-clockwise
        for seat in seats:
            card = rng.choice(legal(hands[seat], plays, trump))
            hands[seat].remove(card)
            plays.append(card)
        led = plays[0][0]
        best = max(range(4), key=lambda k: strength(plays[k], trump, led))
        leader = seats[best]
        points[leader] += sum(value(c, trump) for c in plays) + (LAST_PLI if number == 8 else 0)
    return trump, [{"estimate": e, "points": p} for e, p in zip(estimates, points, strict=True)]
