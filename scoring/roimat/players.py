"""Players that choose the moves of a simulated donne, seeded for reproducible runs.

``RandomPlayer`` picks any legal move; ``HeuristicPlayer`` plays as a club player would: it
announces its longest Roi colour, contres with a strong hand, draws the high trumps, keeps the
trump Roi for the last trick when it can, wins tricks cheaply and discards low. Both may
commit a faute de jeu with ``fault_rate``: a card the rules forbid (§9), marked in the record.
"""

from __future__ import annotations

import random
from typing import Protocol

from .cards import CARDS, COLOUR_MASK, COLOUR_OF, RANK_OF, ROI, STRENGTH, VALUE, cards_of
from .donne import (
    ANNOUNCE,
    BEATEN_BY,
    BID_MOVES,
    BIDDING,
    CARD_MOVES,
    PLAY,
    DonneState,
    Move,
    distinct_cards,
    partner,
)
from .draws import BIT_LENGTH, below


class Player(Protocol):
    """Chooses the moves of one seat."""

    def choose(self, state: DonneState) -> Move: ...

    def act(self, state: DonneState) -> None: ...


class RandomPlayer:
    """A legal move at random: any announcement or bid; any playable card (pions of a colour
    count once), then any seat it may send to. A forbidden card with ``fault_rate``."""

    def __init__(self, rng: random.Random, fault_rate: float = 0.0):
        self.rng = rng
        self.fault_rate = fault_rate

    def act(self, state: DonneState) -> None:
        """Make this player's move (the same as ``state.push(self.choose(state))``)."""
        if not self.fault_rate:
            state.play_random(self.rng.getrandbits)
        else:
            state.push(self.choose(state))

    def choose(self, state: DonneState) -> Move:
        """The move to push for the player to move."""
        if state.phase is not PLAY:  # an announcement or a bid: rng.choice, written out
            bits = self.rng.getrandbits
            moves = state.legal_moves()
            n = len(moves)
            k = BIT_LENGTH[n]
            r = bits(k)
            while r >= n:
                r = bits(k)
            return moves[r]
        if self.fault_rate and self.rng.random() < self.fault_rate:
            fault = self.forbidden_card(state)
            if fault is not None:
                return fault
        cards = distinct_cards(state.legal_mask(state.turn))  # as play_random draws them
        card = cards[below(self.rng, len(cards))]
        choices = state.choices(card)
        return CARD_MOVES[card][choices[below(self.rng, len(choices))] + 1]

    def forbidden_card(self, state: DonneState) -> Move | None:
        seat = state.turn
        forbidden = state.hands[seat] & ~state.legal_mask(seat)
        if not forbidden:
            return None
        cards = distinct_cards(forbidden)
        card = cards[below(self.rng, len(cards))]
        choices = state.choices(card)
        return CARD_MOVES[card][choices[below(self.rng, len(choices))] + 1]


# Orders of the cards as numbers (ties as in the tuples they stand for): the cheapest card
# (value, then strength), the cheapest winner (not a trump first, then strength), the lead
# (strength, then a card before a pion).
CHEAP = tuple(VALUE[c] * 8 + STRENGTH[c] for c in CARDS)
WINNING = tuple(
    tuple((COLOUR_OF[c] == trump) * 8 + STRENGTH[c] for c in CARDS) for trump in range(4)
)
LEADING = tuple(STRENGTH[c] * 2 + (RANK_OF[c] != "P") for c in CARDS)

#: The strength (2 per trump, 1 per Dame or Tour) a hand needs for each bid.
BID_THRESHOLDS = {"contre_plis": 11, "contre_roi": 9, "surcontre_plis": 12, "surcontre_roi": 12}


class HeuristicPlayer(RandomPlayer):
    """Plays like a person: see the module docstring."""

    def act(self, state: DonneState) -> None:
        state.push(self.choose(state))

    def choose(self, state: DonneState) -> Move:
        if state.phase is ANNOUNCE:
            return self.announce(state)
        if state.phase is BIDDING:
            return self.bid(state)
        if self.fault_rate and self.rng.random() < self.fault_rate:
            fault = self.forbidden_card(state)
            if fault is not None:
                return fault
        card = self.card(state)
        choices = state.choices(card)
        to = partner(state.turn) if partner(state.turn) in choices else choices[0]
        return CARD_MOVES[card][to + 1]

    def announce(self, state: DonneState) -> Move:
        moves = state.legal_moves()
        hand = state.hands[moves[0].seat]

        def length(move: Move) -> tuple[int, int]:
            cards = cards_of(hand & COLOUR_MASK[move.card])
            return len(cards), sum(STRENGTH[c] for c in cards)

        best = max((m for m in moves if not m.annul), key=length)
        if length(best)[0] == 1:  # only a king sec: annul where the rules allow it
            return next((m for m in moves if m.annul and m.card == best.card), best)
        return best

    def bid(self, state: DonneState) -> Move:
        seat = state.to_move()
        name = state.pending_bids[0]
        hand = state.hands[seat]
        trumps = cards_of(hand & COLOUR_MASK[state.trump])
        high = sum(1 for c in cards_of(hand) if STRENGTH[c] >= 4)
        strength = 2 * len(trumps) + high
        return BID_MOVES[name][strength >= BID_THRESHOLDS[name]]

    def card(self, state: DonneState) -> int:
        seat = state.turn
        legal = list(distinct_cards(state.legal_mask(seat)))
        trump = state.trump
        roi = ROI[trump]
        if len(legal) > 1 and roi in legal:
            legal.remove(roi)  # keep the trump Roi for the last trick
        if state.current_trick() is None:
            return self.lead(state, legal)
        if state.master_seat == partner(seat):
            return min(legal, key=CHEAP.__getitem__)
        beaten = BEATEN_BY[trump][state.master_card]
        winners = [c for c in legal if beaten >> c & 1]
        if winners:
            return min(winners, key=WINNING[trump].__getitem__)
        return min(legal, key=CHEAP.__getitem__)

    def lead(self, state: DonneState, legal: list[int]) -> int:
        trump = state.trump
        trumps = [c for c in legal if COLOUR_OF[c] == trump]
        if state.turn % 2 == state.taker and len(trumps) >= 2:
            return max(trumps, key=STRENGTH.__getitem__)  # draw the high trumps
        others = [c for c in legal if COLOUR_OF[c] != trump] or legal
        return max(others, key=LEADING.__getitem__)
