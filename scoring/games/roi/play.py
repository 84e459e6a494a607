"""Playing a manche of Roi (seed ``roi-regle.txt``) card by card, its records, and their
verification.

52 cards, 13 to each of 4 players; the player left of the dealer leads, play goes clockwise
(player n + 1 after player n); a player follows suit when he can and otherwise plays any card
(no obligation to trump); in the first manche a player who cannot follow discards his highest
card (of any suit). The highest card of the led suit wins the pli, or the highest trump in the
manches with trump; the winner leads the next. The dealer moves counter-clockwise each manche.
Each manche's counts (the sheet's entries, with each player's ``plis``) come from the plis won.

A manche's record: ``{"game": "roi", "manche": 1–10, "contract": key, "dealer": 0–3,
"hands": [[13 card codes] × 4], "tricks": [[[player, card] × 4] × 13], "result": [entries]}``.
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
from .rules import MANCHES, TRICKS, TRUMP_OF

SUITS = "TKCP"  # trèfle, carreau, cœur, pique
RANKS = range(2, 15)  # 11 valet, 12 dame, 13 roi, 14 as
DECK = deck(2)


def deal(rng: random.Random) -> list[list[Card]]:
    """Four hands of 13 cards."""
    cards = list(DECK)
    rng.shuffle(cards)
    return [cards[i::4] for i in range(4)]


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


def trick_winner(plays: list[tuple[int, Card]], trump: str | None) -> int:
    """The player who wins a trick: the highest trump, else the highest card of the led suit."""
    led = plays[0][1][0]
    trumps = [p for p in plays if p[1][0] == trump]
    contenders = trumps or [p for p in plays if p[1][0] == led]
    return max(contenders, key=lambda p: p[1][1])[0]


def manche_record(rng: random.Random, manche: int, dealer: int) -> dict[str, Any]:
    """Play manche ``manche`` (0–9) with random legal cards: its record."""
    key = MANCHES[manche][0]
    trump = TRUMP_OF.get(key)
    hands = deal(rng)
    record: dict[str, Any] = {
        "game": "roi",
        "manche": manche + 1,
        "contract": key,
        "dealer": dealer,
        "hands": [codes(h) for h in hands],
    }
    leader = (dealer + 1) % 4
    won: list[list[Card]] = [[], [], [], []]
    plis, last, tricks = [0, 0, 0, 0], -1, []
    for _trick in range(TRICKS):
        plays: list[tuple[int, Card]] = []
        for offset in range(4):
            seat = (leader + offset) % 4
            led = plays[0][1][0] if plays else None
            played = rng.choice(legal(hands[seat], led, manche == 0))
            hands[seat].remove(played)
            plays.append((seat, played))
        tricks.append([[seat, code(c)] for seat, c in plays])
        winner = trick_winner(plays, trump)
        won[winner] += [c for _s, c in plays]
        plis[winner] += 1
        leader = last = winner
    record["tricks"] = tricks
    record["result"] = [counts(key, trump, won[s], plis[s], s == last) for s in range(4)]
    return record


def play_manche(rng: random.Random, manche: int, dealer: int) -> list[dict[str, int]]:
    """Play manche ``manche`` (0–9) with random legal cards; each player's counts."""
    result: list[dict[str, int]] = manche_record(rng, manche, dealer)["result"]
    return result


def counts(key: str, trump: str | None, cards: list[Card], plis: int, last: bool) -> dict[str, int]:
    """A player's entry for the manche, from the cards he won (with his ``plis``)."""
    if trump:
        return {"plis": plis, "atouts": sum(1 for s, _r in cards if s == trump)}
    taken = {
        "plis": {},
        "coeurs": {"coeurs": sum(1 for s, _r in cards if s == "C")},
        "rois-valets": {"rois_valets": sum(1 for _s, r in cards if r in (11, 13))},
        "dames": {"dames": sum(1 for _s, r in cards if r == 12)},
        "roi": {"rois": sum(1 for _s, r in cards if r == 13)},
        "dernier": {"dernier": int(last)},
    }[key]
    return {"plis": plis, **taken}


def game_records(rng: random.Random) -> list[dict[str, Any]]:
    """A whole game's records: the 10 manches, the dealer moving counter-clockwise."""
    return [manche_record(rng, manche, (-manche) % 4) for manche in range(len(MANCHES))]


def play_game(rng: random.Random) -> list[list[dict[str, int]]]:
    """A whole game: the 10 manches' entries, the dealer moving counter-clockwise."""
    return [record["result"] for record in game_records(rng)]


def verify(record: dict[str, Any]) -> list[RecordProblem]:
    """Every rule the record of a manche breaks, card by card (empty: the manche is sound)."""
    manche, dealer = record.get("manche"), record.get("dealer")
    if not whole(manche, 1, len(MANCHES)):
        return [record_problem("bad_field", {"field": "manche"})]
    key = MANCHES[manche - 1][0]
    problems = []
    if record.get("contract") != key:
        problems.append(record_problem("bad_field", {"field": "contract"}))
    if not whole(dealer, 0, 3):
        return [*problems, record_problem("bad_field", {"field": "dealer"})]
    hands, hand_problems = read_hands(record.get("hands"), "hands", [TRICKS] * 4, DECK, True)
    tricks, trick_problems = read_tricks(record.get("tricks"), TRICKS, 4)
    problems += hand_problems + trick_problems
    if problems:
        return problems
    trump = TRUMP_OF.get(key)
    won: list[list[Card]] = [[], [], [], []]
    plis, last, leader = [0, 0, 0, 0], -1, (dealer + 1) % 4
    for number, trick in enumerate(tricks, start=1):
        plays: list[tuple[int, Card]] = []
        for offset, (seat, text) in enumerate(trick):
            stop, where, played = play_problem(
                number, offset, seat, (leader + offset) % 4, text, hands
            )
            if stop is not None or played is None:
                return [*problems, *([stop] if stop else [])]
            led = plays[0][1][0] if plays else None
            if played not in legal(hands[seat], led, manche == 1):
                follows = any(c[0] == led for c in hands[seat])
                why = "must_follow" if follows else "must_discard_highest"
                problems.append(record_problem(why, {"player": seat}, **where))
            hands[seat].remove(played)
            plays.append((seat, played))
        winner = trick_winner(plays, trump)
        won[winner] += [c for _s, c in plays]
        plis[winner] += 1
        leader = last = winner
    expected = [counts(key, trump, won[s], plis[s], s == last) for s in range(4)]
    return problems + compare_result(record, expected)
