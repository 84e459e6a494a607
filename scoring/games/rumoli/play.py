"""A coup of Rumoli (seed ``rumoli-regle.txt``) card by card (``Coup``: the engine that
``state.RumoliState`` plays behind the play interface, which simulates and verifies it), the
deal and the stakes.

52 cards dealt one at a time, beginning with the dead hand at the dealer's left, then the
players clockwise from the dealer's left. The dealer keeps his hand or takes the dead one; if
he keeps it he sells the dead hand to the highest bidder (a tie: the first bidder clockwise
from his left; no bid above 0: no sale). The player left of the dealer leads the lowest card
of a colour of his choice; whoever holds the next card up plays it, until the sequence stops
(a card in the dead hand or already played, or after the Ace); the player of the last card
then leads the lowest card of another colour of his choice. When he holds no other colour the
lead passes to the left to the first player who does (variant 2, ``same_colour``: he leads
the colour again); when nobody does, the player of the last card leads the colour again, or
(variant 3, ``stop_when_stuck``) the coup ends at once without a winner. A player who plays a
boodle card collects its chips. The coup ends when a player (not barred by irregularity 2)
plays his last card.

Irregularities (seed), as the moves of a record: 1. a lead that is not the lowest card of its
colour in the hand (marked ``["lead", p, card, "irregularite_1"]``): 1 chip to each other
player, and he collects nothing afterwards (what he took before stays his) but may still win;
2. ``stop``: a player holding the next card does not play it; the sequence stops as if it
were interrupted, he may neither collect afterwards (as 1) nor win, and pays the chips of a
boodle card that the sequence would have brought to another player; 3. a lead of the colour
just played (when another is due) is taken back (``take_back``) before it is covered, without
penalty.

A coup's record: ``{"game": "rumoli", "coup": n, "players": n, "dealer": p, "options": {...},
"board": [chips on A♥, K♣, Q♦, J♠ before the stakes], "stakes": [[4 numbers] a player],
"hands": [[card codes] a player, as dealt], "dead": [card codes], "dead_hand": {"taken_by":
player or null, "price": n, "bids": [n or null a player]}, "moves": [["lead", p, card],
["play", p, card], ["stop", p], ["take_back", p, card], …], "result": [entries]}``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards import Card, code, deck
from ..records import RecordProblem
from .messages import record_problem
from .rules import BOODLE_KEYS, DEFAULT_STAKE, RUMOLI

SUITS = "TKCP"  # trèfle, carreau, cœur, pique
DECK = deck(2)
BOODLE_CARDS = (("C", 14), ("T", 13), ("K", 12), ("P", 11))  # A♥, K♣, Q♦, J♠


class CoupError(Exception):
    """A move the coup's state refuses: its record problem."""

    def __init__(self, problem: RecordProblem):
        super().__init__(str(problem))
        self.problem = problem


class Coup:
    """The play of a coup after the deal and the dead hand: hands, the board, whose move is
    due (``due``), and the ledger (collections by card, penalties, irregularities)."""

    def __init__(
        self,
        hands: list[list[Card]],
        dealer: int,
        board: list[int],
        options: Mapping[str, Any],
    ):
        self.players = len(hands)
        self.hands = [list(h) for h in hands]
        self.board = list(board)
        self.same_colour = bool(options.get("same_colour", False))
        self.stop_when_stuck = bool(options.get("stop_when_stuck", False))
        self.played: set[Card] = set()
        self.collected = [[0] * len(BOODLE_CARDS) for _p in hands]
        self.penalty = [0] * self.players
        self.wrong_lead = [0] * self.players
        self.stopped: set[int] = set()
        self.last: tuple[int, Card] | None = None  # the sequence's last card and its player
        self.last_suit: str | None = None
        self.leader: int | None = (dealer + 1) % self.players
        self.taken_back: tuple[int, Card] | None = None
        self.winner: int | None = None
        self.over = False

    # -- what is due

    def holder(self, wanted: Card) -> int | None:
        """The player holding ``wanted``, or None (dead hand, or played)."""
        return next((p for p, hand in enumerate(self.hands) if wanted in hand), None)

    def next_card(self) -> tuple[int, Card] | None:
        """The next card of the sequence and its holder, or None when the sequence stops."""
        if self.last is None:
            return None
        suit, rank = self.last[1]
        if rank == 14:
            return None
        holder = self.holder((suit, rank + 1))
        return None if holder is None else (holder, (suit, rank + 1))

    def lead_suits(self, player: int) -> set[str]:
        """The colours ``player`` may lead now."""
        suits = {s for s, _r in self.hands[player]}
        others = suits - {self.last_suit}
        if others or not self.same_colour:
            return others
        return suits

    def _find_leader(self, player: int) -> None:
        """After a sequence stops: who leads (see the module docstring), or the end."""
        order = [(player + k) % self.players for k in range(self.players)]
        for candidate in order:
            if self.lead_suits(candidate):
                self.leader = candidate
                return
        holding = [p for p in order if self.hands[p]]
        if self.stop_when_stuck or not holding:
            self.leader, self.over = None, True
        else:
            self.leader, self.last_suit = holding[0], None  # the colour again

    # -- moves

    def lead(self, player: int, lead: Card) -> None:
        """``player`` leads ``lead``; raises ``CoupError``."""
        self._expect_lead(player)
        if lead not in self.hands[player]:
            raise CoupError(record_problem("not_in_hand", {"player": player, "card": code(lead)}))
        if lead[0] not in self.lead_suits(player):
            self.taken_back = (player, lead)  # irregularity 3: to be taken back at once
            return
        lowest = min(c for c in self.hands[player] if c[0] == lead[0])
        if lead != lowest:  # irregularity 1
            self.wrong_lead[player] += 1
            for other in range(self.players):
                self.penalty[other] += -(self.players - 1) if other == player else 1
        self.last_suit = lead[0]
        self.leader = None
        self._play(player, lead)

    def take_back(self, player: int, lead: Card) -> None:
        """The lead of the colour just played is taken back (irregularity 3)."""
        if self.taken_back != (player, lead):
            raise CoupError(record_problem("take_back"))
        self.taken_back = None

    def play(self, player: int, played: Card) -> None:
        """``player`` plays the next card of the sequence; raises ``CoupError``."""
        due = self._expect_next()
        if (player, played) != due:
            if played != due[1]:
                params = {
                    "card": code(played),
                    "last": code(self.last[1]) if self.last else "",
                    "expected": code(due[1]),
                }
                raise CoupError(record_problem("not_next", params))
            raise CoupError(record_problem("not_in_hand", {"player": player, "card": code(played)}))
        self._play(player, played)

    def stop(self, player: int) -> None:
        """``player`` holds the next card and does not play it (irregularity 2)."""
        due = self._expect_next()
        if due[0] != player:
            raise CoupError(
                record_problem("stop_without_card", {"player": player, "card": code(due[1])})
            )
        self.stopped.add(player)
        suit, rank = due[1]
        for step in range(rank, 15):  # what the sequence would have brought
            holder = self.holder((suit, step))
            if holder is None:
                break
            if (suit, step) in BOODLE_CARDS and holder != player:
                chips = self.board[BOODLE_CARDS.index((suit, step))]
                self.penalty[player] -= chips
                self.penalty[holder] += chips
                break
        assert self.last is not None
        self._end_sequence(self.last[0])

    # -- inside

    def _expect_lead(self, player: int) -> None:
        if self.over:
            raise CoupError(record_problem("coup_over"))
        if self.taken_back is not None:
            raise CoupError(record_problem("colour_again", {"card": code(self.taken_back[1])}))
        if self.leader is None:
            due = self.next_card()
            assert due is not None
            raise CoupError(
                record_problem("sequence_goes_on", {"player": due[0], "card": code(due[1])})
            )
        if player != self.leader:
            raise CoupError(record_problem("lead_expected", {"player": self.leader}))

    def _expect_next(self) -> tuple[int, Card]:
        if self.over:
            raise CoupError(record_problem("coup_over"))
        if self.taken_back is not None:
            raise CoupError(record_problem("colour_again", {"card": code(self.taken_back[1])}))
        due = self.next_card() if self.leader is None else None
        if due is None:
            raise CoupError(record_problem("sequence_stopped"))
        return due

    def _play(self, player: int, played: Card) -> None:
        self.hands[player].remove(played)
        self.played.add(played)
        barred = player in self.stopped or self.wrong_lead[player]
        if played in BOODLE_CARDS and not barred:
            k = BOODLE_CARDS.index(played)
            self.collected[player][k] += self.board[k]
            self.board[k] = 0
        self.last = (player, played)
        if not self.hands[player] and player not in self.stopped:
            self.winner, self.over, self.leader = player, True, None
            return
        if self.next_card() is None:
            self._end_sequence(player)

    def _end_sequence(self, player: int) -> None:
        self.last_suit = self.last[1][0] if self.last else None
        self.last = None
        self._find_leader(player)

    # -- the ledger

    def entries(
        self, dealer: int, stakes: list[list[int]], sale: list[int]
    ) -> list[dict[str, int]]:
        """The sheet's entries of the coup."""
        entries = []
        for p in range(self.players):
            entry = {
                "dealer": int(p == dealer),
                "stake": sum(stakes[p]),
                "sale": sale[p],
                "collected": sum(self.collected[p]),
                "cards_left": len(self.hands[p]),
                "penalty": self.penalty[p],
                "irregularite_2": int(p in self.stopped),
                "irregularite_1": self.wrong_lead[p],
            }
            entry |= {f"stake_{k}": s for k, s in zip(BOODLE_KEYS, stakes[p], strict=True)}
            entry |= {
                f"collected_{k}": c for k, c in zip(BOODLE_KEYS, self.collected[p], strict=True)
            }
            entries.append(entry)
        return entries


def stakes(
    rng: random.Random,
    players: int,
    dealer: int,
    free: bool,
    agreed: int = DEFAULT_STAKE,
    double: bool = True,
) -> list[list[int]]:
    """Chips each player puts on each boodle: 1 each; or (variant 1) the agreed amount,
    spread at random; the dealer twice as much unless not ``double``."""
    times = [2 if p == dealer and double else 1 for p in range(players)]
    if not free:
        return [[times[p]] * 4 for p in range(players)]
    result = []
    for player in range(players):
        spread = [0, 0, 0, 0]
        for _chip in range(agreed * times[player]):
            spread[rng.randrange(4)] += 1
        result.append(spread)
    return result


def deal(rng: random.Random, players: int, dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """The players' hands and the dead hand, dealt one card at a time from a shuffled pack."""
    cards = list(DECK)
    rng.shuffle(cards)
    order = [None, *((dealer + 1 + k) % players for k in range(players))]
    hands: list[list[Card]] = [[] for _p in range(players)]
    dead: list[Card] = []
    for i, one in enumerate(cards):
        seat = order[i % len(order)]
        (dead if seat is None else hands[seat]).append(one)
    return hands, dead


def stake_problems(
    bets: list[list[int]], dealer: int, options: Mapping[str, Any]
) -> list[RecordProblem]:
    """The stakes the rules ask: 1 a card (the dealer 2), or the agreed amount in all."""
    problems = []
    free = RUMOLI.option(options, "stakes") == "free"
    double = RUMOLI.option(options, "dealer_stakes") == "double"
    for player, bet in enumerate(bets):
        each = 2 if player == dealer and double else 1
        agreed = RUMOLI.option(options, "stake") * each
        if free and sum(bet) != agreed:
            params = {"player": player, "value": sum(bet), "expected": agreed}
            problems.append(record_problem("stakes_agreed", params, player=player))
        if not free and bet != [each] * len(BOODLE_CARDS):
            params = {"player": player, "value": bet, "expected": each}
            problems.append(record_problem("stakes_standard", params, player=player))
    return problems
