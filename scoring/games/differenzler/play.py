"""The rules of play of Differenzler (seed ``differenzler-jass-regle.txt`` §3, §4): the deck,
the cards a player may play, the order within a pli, the cards' points and a round's entries;
a round is played card by card behind the play interface in ``state``.

36 cards, 9 to each player; trump drawn at random; play goes counter-clockwise (player n − 1
after player n), the player right of the dealer leading the first trick. A player may follow
suit or trump; void, he may play any card or trump; he may undertrump (play a trump below one
already played) only when he does not hold the colour led (§4.5); when trump is led everyone
plays trump, but the Buur (valet of trump) need not be played. Points: the card values of the
plis won, and 5 for the last pli (157 in all).
"""

from __future__ import annotations

from typing import Any

from ..cards import Card, deck

SUITS = "TKCP"
RANKS = (6, 7, 8, 9, 10, 11, 12, 13, 14)  # 11 valet (Under), 12 dame (Ober), 13 roi, 14 as
DECK = deck(6)
PLAIN_ORDER = {14: 8, 13: 7, 12: 6, 11: 5, 10: 4, 9: 3, 8: 2, 7: 1, 6: 0}
TRUMP_ORDER = {11: 8, 9: 7, 14: 6, 13: 5, 12: 4, 10: 3, 8: 2, 7: 1, 6: 0}
PLAIN_VALUE = {14: 11, 13: 4, 12: 3, 11: 2, 10: 10}
TRUMP_VALUE = {11: 20, 9: 14, 14: 11, 13: 4, 12: 3, 10: 10}
LAST_PLI = 5
TRICKS = 9
ROUND_POINTS = 157  # the cards' 152 and the last pli's 5
BUUR = 11


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
        must = [c for c in trumps if c[1] != BUUR]  # the Buur need not follow
        return trumps if must else list(hand)
    following = [c for c in hand if c[0] == led]
    if not following:
        return list(hand)  # void: any card, a lower trump too
    played = [TRUMP_ORDER[c[1]] for c in plays if c[0] == trump]
    top = max(played, default=-1)
    return following + [c for c in trumps if TRUMP_ORDER[c[1]] > top]


def entries_of(
    estimates: list[int], points: list[int], last: int, trump: str
) -> list[dict[str, Any]]:
    """The sheet's entries of a round."""
    return [
        {"estimate": e, "points": p, "last": int(s == last), "trump": trump}
        for s, (e, p) in enumerate(zip(estimates, points, strict=True))
    ]


def estimate(hand: list[Card], trump: str) -> int:
    """A simulated player's estimate of the points he will take with ``hand`` (9 cards) under
    ``trump``, 0 to 157: 1.3 a point of his trumps and 8 a trump held (trumps win plis, and
    the points played on them), 0.8 a point of his other cards, less 10 a Dix of another
    colour (often taken by that colour's As) and 3 an As of another colour (an As wins one
    pli, then is trumped), less 10. The weights were fitted on simulated tours played by
    ``scoring.play.players.GreedyPlayer``; a test checks that they miss by less than an
    estimate of 0 does."""
    trumps = [c for c in hand if c[0] == trump]
    plain = [c for c in hand if c[0] != trump]
    guess = (
        1.3 * sum(value(c, trump) for c in trumps)
        + 8 * len(trumps)
        + 0.8 * sum(value(c, trump) for c in plain)
        - 10 * sum(1 for c in plain if c[1] == 10)
        - 3 * sum(1 for c in plain if c[1] == 14)
        - 10
    )
    return max(0, min(ROUND_POINTS, round(guess)))
