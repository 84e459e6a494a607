"""Playing a manche of Roi (seed ``roi-regle.txt``), to verify the sheet's checks.

52 cards, 13 to each of 4 players; the player left of the dealer leads, play goes clockwise;
a player follows suit when he can and otherwise plays any card (no obligation to trump);
in the first manche a player who cannot follow discards his highest card. The highest card of
the led suit wins the pli, or the highest trump in the manches with trump. Each manche's
counts (the sheet's entries) come from the plis won.
"""

from __future__ import annotations

import random

from .roi import MANCHES, TRUMP_OF

SUITS = "TKCP"  # trèfle, carreau, cœur, pique
RANKS = range(2, 15)  # 11 valet, 12 dame, 13 roi, 14 as
DECK = tuple((suit, rank) for suit in SUITS for rank in RANKS)
Card = tuple[str, int]


def deal(rng: random.Random) -> list[list[Card]]:
    """Four hands of 13 cards."""
    deck = list(DECK)
    rng.shuffle(deck)
    return [deck[i::4] for i in range(4)]


def legal(hand: list[Card], led: str | None, first_manche: bool) -> list[Card]:
    """The cards a player may play: the led suit if he holds it; else any card, or in the
    first manche his highest card (any suit)."""
    if led is None:
        return list(hand)
    following = [c for c in hand if c[0] == led]
    if following:
        return following
    if first_manche:
        top = max(rank for _suit, rank in hand)
        return [c for c in hand if c[1] == top]
    return list(hand)


def play_manche(rng: random.Random, manche: int, dealer: int) -> list[dict[str, int]]:
    """Play manche ``manche`` (0–9) with random legal cards; each player's counts."""
    key = MANCHES[manche][0]
    trump = TRUMP_OF.get(key)
    hands = deal(rng)
    leader = (dealer + 1) % 4
    won: list[list[Card]] = [[], [], [], []]
    plis = [0, 0, 0, 0]
    last = -1
    for _trick in range(13):
        plays: list[tuple[int, Card]] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            led = plays[0][1][0] if plays else None
            card = rng.choice(legal(hands[seat], led, manche == 0))
            hands[seat].remove(card)
            plays.append((seat, card))
        led = plays[0][1][0]
        trumps = [p for p in plays if p[1][0] == trump]
        contenders = trumps or [p for p in plays if p[1][0] == led]
        winner = max(contenders, key=lambda p: p[1][1])[0]
        won[winner] += [card for _s, card in plays]
        plis[winner] += 1
        leader = last = winner
    return [counts(key, trump, won[s], plis[s], s == last) for s in range(4)]


def counts(key: str, trump: str | None, cards: list[Card], plis: int, last: bool) -> dict:
    """A player's entry for the manche, from the cards he won."""
    if trump:
        return {"plis": plis, "atouts": sum(1 for s, _r in cards if s == trump)}
    return {
        "plis": {"plis": plis},
        "coeurs": {"coeurs": sum(1 for s, _r in cards if s == "C")},
        "rois-valets": {"rois_valets": sum(1 for _s, r in cards if r in (11, 13))},
        "dames": {"dames": sum(1 for _s, r in cards if r == 12)},
        "roi": {"rois": sum(1 for _s, r in cards if r == 13)},
        "dernier": {"dernier": int(last)},
    }[key]


def play_game(rng: random.Random) -> list[list[dict[str, int]]]:
    """A whole game: the 10 manches, the dealer moving counter-clockwise."""
    return [play_manche(rng, manche, (-manche) % 4) for manche in range(len(MANCHES))]
