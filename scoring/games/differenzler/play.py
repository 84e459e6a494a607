"""Playing a round of Differenzler (seed ``differenzler-jass-regle.txt`` §3, §4) card by
card, its records, and their verification.

36 cards, 9 to each player; trump drawn at random; play goes counter-clockwise (player n − 1
after player n), the player right of the dealer leading the first trick. A player may follow
suit or trump; void, he may play any card or trump; he may undertrump (play a trump below one
already played) only when he does not hold the colour led (§4.5); when trump is led everyone
plays trump, but the Buur (valet of trump) need not be played. Points: the card values of the
plis won, and 5 for the last pli (157 in all).

A round's record: ``{"game": "differenzler", "round": n, "dealer": 0–3, "trump": colour,
"hands": [[9 card codes] × 4], "estimates": [4 numbers], "tricks": [[[player, card] × 4] × 9],
"result": [entries]}``; the entries carry ``estimate``, ``points``, ``last`` and ``trump``.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Card, code, deck
from ..records import (
    RecordProblem,
    codes,
    compare_result,
    play_problem,
    read_hands,
    read_tricks,
    whole,
)
from .messages import record_problem

SUITS = "TKCP"
RANKS = (6, 7, 8, 9, 10, 11, 12, 13, 14)  # 11 valet (Under), 12 dame (Ober), 13 roi, 14 as
DECK = deck(6)
PLAIN_ORDER = {14: 8, 13: 7, 12: 6, 11: 5, 10: 4, 9: 3, 8: 2, 7: 1, 6: 0}
TRUMP_ORDER = {11: 8, 9: 7, 14: 6, 13: 5, 12: 4, 10: 3, 8: 2, 7: 1, 6: 0}
PLAIN_VALUE = {14: 11, 13: 4, 12: 3, 11: 2, 10: 10}
TRUMP_VALUE = {11: 20, 9: 14, 14: 11, 13: 4, 12: 3, 10: 10}
LAST_PLI = 5
TRICKS = 9
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


def refusal(hand: list[Card], plays: list[Card], trump: str, card: Card | None = None) -> str:
    """Why a card outside ``legal`` is refused: the code of a record problem (a plain
    ``card`` not following suit is ``must_follow``, even after a trump)."""
    led = plays[0][0]
    if led == trump:
        return "must_trump"
    trumped = any(c[0] == trump for c in plays)
    if (card is None or card[0] == trump) and any(c[0] == led for c in hand) and trumped:
        return "undertrump"
    return "must_follow"


def round_record(rng: random.Random, dealer: int, number: int = 1) -> dict[str, Any]:
    """One round with random legal cards: its record. Estimates are each hand's own card
    values, a player's natural guess."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = [cards[i * 9 : i * 9 + 9] for i in range(4)]
    trump = rng.choice(SUITS)
    estimates = [sum(value(c, trump) for c in hand) for hand in hands]
    record: dict[str, Any] = {
        "game": "differenzler",
        "round": number,
        "dealer": dealer,
        "trump": trump,
        "hands": [codes(h) for h in hands],
        "estimates": estimates,
    }
    points, last, leader, tricks = [0, 0, 0, 0], -1, (dealer - 1) % 4, []
    for trick in range(TRICKS):
        plays: list[Card] = []
        seats = [(leader - k) % 4 for k in range(4)]  # counter-clockwise
        for seat in seats:
            played = rng.choice(legal(hands[seat], plays, trump))
            hands[seat].remove(played)
            plays.append(played)
        tricks.append([[seat, code(c)] for seat, c in zip(seats, plays, strict=True)])
        led = plays[0][0]
        leader = seats[max(range(4), key=lambda k: strength(plays[k], trump, led))]
        points[leader] += sum(value(c, trump) for c in plays)
        last = leader if trick == TRICKS - 1 else last
    points[last] += LAST_PLI
    record["tricks"] = tricks
    record["result"] = entries_of(estimates, points, last, trump)
    return record


def entries_of(
    estimates: list[int], points: list[int], last: int, trump: str
) -> list[dict[str, Any]]:
    """The sheet's entries of a round."""
    return [
        {"estimate": e, "points": p, "last": int(s == last), "trump": trump}
        for s, (e, p) in enumerate(zip(estimates, points, strict=True))
    ]


def play_round(rng: random.Random, dealer: int) -> tuple[str, list[dict[str, Any]]]:
    """One round with random legal cards: the trump and each player's entry."""
    record = round_record(rng, dealer)
    return record["trump"], record["result"]


def verify(record: dict[str, Any]) -> list[RecordProblem]:
    """Every rule the record of a round breaks, card by card (empty: the round is sound)."""
    dealer, trump, estimates = record.get("dealer"), record.get("trump"), record.get("estimates")
    problems = []
    if not whole(record.get("round"), 1, 10_000):
        problems.append(record_problem("bad_field", {"field": "round"}))
    if not whole(dealer, 0, 3):
        problems.append(record_problem("bad_field", {"field": "dealer"}))
    if trump not in tuple(SUITS):
        problems.append(record_problem("bad_field", {"field": "trump"}))
    if not isinstance(estimates, list) or [whole(e, 0, 157) for e in estimates] != [True] * 4:
        problems.append(record_problem("bad_field", {"field": "estimates"}))
    hands, hand_problems = read_hands(record.get("hands"), "hands", [TRICKS] * 4, DECK, True)
    tricks, trick_problems = read_tricks(record.get("tricks"), TRICKS, 4)
    problems += hand_problems + trick_problems
    if problems:
        return problems
    assert isinstance(dealer, int) and isinstance(trump, str) and isinstance(estimates, list)
    points, last, leader = [0, 0, 0, 0], -1, (dealer - 1) % 4
    for number, trick in enumerate(tricks, start=1):
        plays: list[Card] = []
        seats = [(leader - k) % 4 for k in range(4)]
        for offset, (seat, text) in enumerate(trick):
            stop, where, played = play_problem(number, offset, seat, seats[offset], text, hands)
            if stop is not None:
                return [*problems, stop]
            if played not in legal(hands[seat], plays, trump):
                why = refusal(hands[seat], plays, trump, played)
                problems.append(record_problem(why, {"player": seat}, **where))
            hands[seat].remove(played)
            plays.append(played)
        led = plays[0][0]
        leader = seats[max(range(4), key=lambda k: strength(plays[k], trump, led))]
        points[leader] += sum(value(c, trump) for c in plays)
        last = leader
    points[last] += LAST_PLI
    return problems + compare_result(record, entries_of(estimates, points, last, trump))
