"""A naive Roimat simulator, written plainly and independently of the project's engine, as a
yardstick for ``simulate_bench.py`` (issue #25: the engine with its records against it, in the
same run). It plays the same work the project's ``roimat_simulate`` does for a donne: deal 9
cards each (club rule: the dealer redeals until he holds a Roi), the dealer announces a Roi's
colour, the four contres and surcontres asked in their order, nine tricks by ROIMAT.md §8 (the
order of play: a Dame or Tour lets its player choose who plays next) and §9 (follow, climb,
trump, overtrump; a forbidden card at ``fault_rate`` as a faute de jeu), the result counted and
the donne written as one line of JSON with its deal, tricks and result. Lists, dicts and
``json.dumps``: what anyone would write first. Not used by the site.
"""

from __future__ import annotations

import json
import random

SEATS = ["N", "E", "S", "O"]
COLOURS = ["J", "R", "V", "B"]
RANKS = ["D", "T", "C", "F", "R", "P"]
VALUES = {"D": 10, "T": 8, "C": 5, "F": 3, "R": 2, "P": 1}
STRENGTH = {"D": 6, "T": 5, "C": 4, "F": 3, "R": 2, "P": 1}
DECK = [r + c for c in COLOURS for r in RANKS[:5]] + ["P" + c for c in COLOURS for _ in range(4)]
BIDS = ["contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi"]


def left(seat: int) -> int:
    return (seat + 1) % 4


def right(seat: int) -> int:
    return (seat + 3) % 4


def partner(seat: int) -> int:
    return (seat + 2) % 4


def beats(card: str, master: str, trump: str) -> bool:
    """Whether ``card`` played after ``master`` wins over it (a first pion stays master)."""
    if card[1] == master[1]:
        return STRENGTH[card[0]] > STRENGTH[master[0]]
    return card[1] == trump


def allowed(hand: list[str], trick: list[tuple[int, str]], seat: int, trump: str) -> list[str]:
    """The cards of ``hand`` that §9 allows ``seat`` to play on ``trick``."""
    if not trick:
        return list(hand)
    led = trick[0][1][1]
    master_seat, master = trick[0]
    for who, card in trick[1:]:
        if beats(card, master, trump):
            master_seat, master = who, card
    opponent = master_seat % 2 != seat % 2
    same = [c for c in hand if c[1] == led]
    if same:
        if opponent and master[1] == led and master[0] != "P":
            higher = [c for c in same if STRENGTH[c[0]] > STRENGTH[master[0]]]
            return higher or same
        return same
    if not opponent:
        return list(hand)
    trumps = [c for c in hand if c[1] == trump]
    if trumps:
        if master[1] == trump and master[0] != "P":
            higher = [c for c in trumps if STRENGTH[c[0]] > STRENGTH[master[0]]]
            return higher or trumps
        return trumps
    return list(hand)


def next_choices(card: str, seat: int, waiting: list[int]) -> list[int]:
    """The seats still to play that a Dame or Tour (or a Fou) played by ``seat`` may send
    to (§8)."""
    if card[0] == "D":
        wanted = [left(seat), right(seat), partner(seat)]
    elif card[0] == "T":
        wanted = [left(seat), right(seat)]
    elif card[0] == "F":
        wanted = [partner(seat)]
    else:
        wanted = []
    return [s for s in wanted if s in waiting]


def play_trick(hands, leader, trump, rng, fault_rate, faults) -> tuple[list, int]:
    """One trick by §8 and §9: its plays (seat, card) and its winner."""
    trick: list[tuple[int, str]] = []
    seat, clockwise = leader, True
    waiting = [s for s in range(4) if s != leader]
    while True:
        hand = hands[seat]
        legal = allowed(hand, trick, seat, trump)
        forbidden = [c for c in hand if c not in legal]
        if forbidden and rng.random() < fault_rate:
            card = rng.choice(forbidden)
            faults.append(SEATS[seat])
        else:
            card = rng.choice(legal)
        hand.remove(card)
        trick.append((seat, card))
        if not waiting:
            break
        if len(trick) == 1:
            if card[0] == "C":
                nxt = left(seat)
            else:
                choices = next_choices(card, seat, waiting) or [left(seat)]
                nxt = rng.choice(choices)
                clockwise = nxt != right(seat)
        else:
            choices = next_choices(card, seat, waiting) if len(trick) == 2 else []
            if choices:
                nxt = rng.choice(choices)
            elif trick[0][1][0] == "C" and len(trick) == 2:
                nxt = next(s for s in waiting if s != partner(leader))
            else:
                nxt = seat
                while nxt not in waiting:
                    nxt = left(nxt) if clockwise else right(nxt)
        waiting.remove(nxt)
        seat = nxt
    winner, master = trick[0]
    for who, card in trick[1:]:
        if beats(card, master, trump):
            winner, master = who, card
    return trick, winner


def donne(rng: random.Random, dealer: int, fault_rate: float) -> str:
    """One donne played at random from ``dealer``, as a line of JSON."""
    while True:
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [deck[i * 9 : i * 9 + 9] for i in range(4)]
        rois = [c[1] for c in hands[dealer] if c[0] == "R"]
        if rois:
            break
    deal = {SEATS[s]: list(hands[s]) for s in range(4)}
    trump = rng.choice(rois)
    bids = {name: False for name in BIDS}
    bids["contre_plis"] = rng.random() < 0.5
    bids["contre_roi"] = rng.random() < 0.5
    bids["surcontre_plis"] = bids["contre_plis"] and rng.random() < 0.5
    bids["surcontre_roi"] = bids["contre_roi"] and rng.random() < 0.5
    faults: list[str] = []
    tricks, points, plis = [], [0, 0], [0, 0]
    leader = left(dealer)
    for _ in range(9):
        trick, winner = play_trick(hands, leader, trump, rng, fault_rate, faults)
        team = winner % 2
        plis[team] += 1
        points[team] += sum(VALUES[c[0]] for _s, c in trick)
        tricks.append(
            {"plays": [{"seat": SEATS[s], "card": c} for s, c in trick], "winner": SEATS[winner]}
        )
        leader = winner
    last = tricks[-1]["plays"]
    roi_au_bout = any(p["card"] == "R" + trump for p in last) and tricks[-1]["winner"] in (
        SEATS[dealer],
        SEATS[partner(dealer)],
    )
    record = {
        "variant": "club-8",
        "dealer": SEATS[dealer],
        "deal": deal,
        "announcer": SEATS[dealer],
        "trump": trump,
        **bids,
        "tricks": tricks,
        "faults": faults,
        "result": {
            "plis_ns": plis[0],
            "points_ns": points[0],
            "roi_au_bout": roi_au_bout,
        },
    }
    return json.dumps(record, ensure_ascii=False)


def simulate(count: int, seed: int, fault_rate: float, out) -> None:
    """``count`` donnes written to ``out``, one line each, the dealer turning left."""
    rng = random.Random(seed)
    for number in range(count):
        out.write(donne(rng, number % 4, fault_rate) + "\n")
