"""Playing a coup of Rumoli (seed ``rumoli-regle.txt``), to verify the ledger's checks.

52 cards dealt one at a time, beginning with the dead hand at the dealer's left, then the
players clockwise from the dealer's left. The dealer keeps his hand or takes the dead one; if
he keeps it he sells the dead hand to the highest bidder. The player left of the dealer leads
the lowest card of a colour of his choice; whoever holds the next card up plays it, until the
sequence stops (a card in the dead hand, or after the Ace); the player of the last card then
leads the lowest card of another colour (a card already played stops a sequence too).
Options (the seed's variants): ``stakes="free"`` (each stakes what he likes, on the cards he
likes), ``same_colour=True`` (a new sequence may be in the last colour when the player holds no
other), ``stop_when_stuck=True`` (when the player cannot lead another colour, the coup ends
without a winner; otherwise the lead passes to the left). Returns each player's ledger entry
and the chips left on each boodle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

SUITS = "TKCP"  # trèfle, carreau, cœur, pique
DECK = tuple((suit, rank) for suit in SUITS for rank in range(2, 15))
BOODLE_CARDS = (("C", 14), ("T", 13), ("K", 12), ("P", 11))  # A♥, K♣, Q♦, J♠
Card = tuple[str, int]


def stakes(rng: random.Random, players: int, dealer: int, free: bool) -> list[list[int]]:
    """Chips each player puts on each boodle: 1 each, 2 for the dealer; or any split of 0–8."""
    if not free:
        return [[2 if p == dealer else 1] * 4 for p in range(players)]
    result = []
    for _player in range(players):
        spread = [0, 0, 0, 0]
        for _chip in range(rng.randint(0, 8)):
            spread[rng.randrange(4)] += 1
        result.append(spread)
    return result


def play_coup(
    rng: random.Random,
    players: int,
    dealer: int,
    board: list[int],
    options: Mapping[str, Any] | None = None,
) -> tuple[list[dict[str, int]], list[int]]:
    """One coup with ``board`` (chips on each boodle before the stakes); each player's
    entry and the board after the coup."""
    options = options or {}
    bets = stakes(rng, players, dealer, options.get("stakes") == "free")
    board = [b + sum(bet[k] for bet in bets) for k, b in enumerate(board)]
    deck = list(DECK)
    rng.shuffle(deck)
    order = [None] + [(dealer + 1 + k) % players for k in range(players)]  # dead hand first
    hands: dict[Any, list[Card]] = {seat: [] for seat in order}
    for i, card in enumerate(deck):
        hands[order[i % len(order)]].append(card)
    sale = [0] * players
    if rng.random() < 0.3:  # the dealer takes the dead hand
        hands[dealer], hands[None] = hands[None], hands[dealer]
    else:
        bids = {p: rng.randint(0, 3) for p in range(players) if p != dealer}
        buyer = max(bids, key=lambda p: (bids[p], -p))
        if bids[buyer] > 0:
            sale[buyer], sale[dealer] = -bids[buyer], bids[buyer]
            hands[buyer], hands[None] = hands[None], hands[buyer]
    collected = [0] * players
    owner = {card: seat for seat, hand in hands.items() for card in hand}
    player, last_suit, out = (dealer + 1) % players, None, None
    while out is None:
        lead = lead_card(hands[player], last_suit, options.get("same_colour", False))
        if lead is None:  # cannot lead another colour
            if options.get("stop_when_stuck", False):
                break
            player = next_leader(hands, player, players, last_suit)
            if player is None:
                break
            continue
        card = lead
        while True:
            hands[player].remove(card)
            if card in BOODLE_CARDS:
                k = BOODLE_CARDS.index(card)
                collected[player] += board[k]
                board[k] = 0
            if not hands[player]:
                out = player
                break
            following = (card[0], card[1] + 1)
            holder = owner.get(following) if card[1] < 14 else None
            if holder is None or following not in hands[holder]:
                break  # in the dead hand, already played, or after the Ace: the sequence stops
            player, card = holder, following
        last_suit = card[0]
    entries = [
        {"dealer": int(p == dealer), "stake": sum(bets[p]), "sale": sale[p],
         "collected": collected[p], "cards_left": len(hands[p]), "penalty": 0, "irregular": 0}
        for p in range(players)
    ]  # fmt: skip
    return entries, board


def lead_card(hand: list[Card], last_suit: str | None, same_colour: bool) -> Card | None:
    """The lowest card of a colour other than the last one (or of any, as the variant lets)."""
    suits = {s for s, _r in hand if s != last_suit}
    if not suits and same_colour:
        suits = {s for s, _r in hand}
    if not suits:
        return None
    suit = sorted(suits)[0]
    return min(c for c in hand if c[0] == suit)


def next_leader(hands, player: int, players: int, last_suit: str | None) -> int | None:
    """The next player to the left who can lead another colour, if any."""
    for step in range(1, players):
        candidate = (player + step) % players
        if any(s != last_suit for s, _r in hands[candidate]):
            return candidate
    return None
