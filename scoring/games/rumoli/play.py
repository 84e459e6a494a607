"""Playing a coup of Rumoli (seed ``rumoli-regle.txt``) card by card, its records, and their
verification.

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
penalty. Simulations make each at
``fault_rate``.

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

from ..cards import Card, card, code, deck
from ..records import RecordProblem, codes, compare_result, read_hands, whole
from .messages import record_problem
from .rules import BOODLE_KEYS, DEFAULT_STAKE, RUMOLI, dead_hand_buyer, dealt

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


def sell(
    bids: list[int | None], dealer: int, options: Mapping[str, Any] | None = None
) -> int | None:
    """The buyer of the dead hand (``rules.dead_hand_buyer``), None when nobody buys."""
    return dead_hand_buyer(bids, dealer, options or {})


def coup_record(
    rng: random.Random,
    players: int,
    dealer: int,
    board: list[int],
    options: Mapping[str, Any] | None = None,
    number: int = 1,
) -> tuple[dict[str, Any], list[int]]:
    """One coup played with random choices (faults at ``options["fault_rate"]``): its record
    and the chips on each boodle card after it."""
    options = dict(options or {})
    rate = float(options.pop("fault_rate", 0.0))
    sheet_options = {k: v for k, v in options.items() if k in RUMOLI.option_specs}
    free = RUMOLI.option(options, "stakes") == "free"
    double = RUMOLI.option(options, "dealer_stakes") == "double"
    bets = stakes(rng, players, dealer, free, RUMOLI.option(options, "stake"), double)
    hands, dead = deal(rng, players, dealer)
    record: dict[str, Any] = {
        "game": "rumoli",
        "coup": number,
        "players": players,
        "dealer": dealer,
        "options": sheet_options,
        "board": list(board),
        "stakes": bets,
        "hands": [codes(h) for h in hands],
        "dead": codes(dead),
    }
    sale = [0] * players
    if rng.random() < 0.3:  # the dealer takes the dead hand
        hands[dealer], dead = dead, hands[dealer]
        record["dead_hand"] = {"taken_by": dealer, "price": 0, "bids": None}
    else:
        bids: list[int | None] = [
            None if p == dealer else rng.randint(0, 3) for p in range(players)
        ]
        buyer = sell(bids, dealer, sheet_options)
        price = bids[buyer] or 0 if buyer is not None else 0
        if buyer is not None:
            sale[buyer], sale[dealer] = -price, price
            hands[buyer], dead = dead, hands[buyer]
        record["dead_hand"] = {"taken_by": buyer, "price": price, "bids": bids}
    start = [b + sum(bet[k] for bet in bets) for k, b in enumerate(board)]
    coup, moves = Coup(hands, dealer, start, options), []
    while not coup.over:
        if coup.leader is not None:
            moves += choose_lead(rng, coup, rate)
            continue
        due = coup.next_card()
        assert due is not None
        if rng.random() < rate:
            coup.stop(due[0])
            moves.append(["stop", due[0]])
        else:
            coup.play(*due)
            moves.append(["play", due[0], code(due[1])])
    record["moves"] = moves
    record["result"] = coup.entries(dealer, bets, sale)
    return record, coup.board


def choose_lead(rng: random.Random, coup: Coup, rate: float) -> list[list[Any]]:
    """The leader's moves: his choice of colour, his lowest card of it (or, at ``rate``,
    irregularities 3 and 1)."""
    player = coup.leader
    assert player is not None
    hand, moves = coup.hands[player], []
    suits = sorted(coup.lead_suits(player))
    if coup.last_suit in {s for s, _r in hand} - set(suits) and rng.random() < rate:
        wrong = min(c for c in hand if c[0] == coup.last_suit)
        coup.lead(player, wrong)
        coup.take_back(player, wrong)
        moves += [["lead", player, code(wrong)], ["take_back", player, code(wrong)]]
    colour = rng.choice(suits)
    cards = sorted(c for c in hand if c[0] == colour)
    lead = cards[0]
    if len(cards) > 1 and rng.random() < rate:
        lead = rng.choice(cards[1:])
    coup.lead(player, lead)
    mark = ["irregularite_1"] if lead != cards[0] else []
    return [*moves, ["lead", player, code(lead), *mark]]


def play_coup(
    rng: random.Random,
    players: int,
    dealer: int,
    board: list[int],
    options: Mapping[str, Any] | None = None,
) -> tuple[list[dict[str, int]], list[int]]:
    """One coup with ``board`` (chips on each boodle before the stakes); each player's
    entry and the board after the coup."""
    record, after = coup_record(rng, players, dealer, board, options)
    return record["result"], after


def verify(record: dict[str, Any]) -> list[RecordProblem]:
    """Every rule the record of a coup breaks, move by move (empty: the coup is sound)."""
    players, dealer = record.get("players"), record.get("dealer")
    if not whole(players, 3, 7) or not whole(dealer, 0, players - 1):
        return [
            record_problem(
                "bad_field", {"field": "players" if not whole(players, 3, 7) else "dealer"}
            )
        ]
    options = record.get("options")
    if not isinstance(options, dict) or RUMOLI.option_problems(options):
        return [record_problem("bad_field", {"field": "options"})]
    board: Any = record.get("board")
    bets: Any = record.get("stakes")
    problems = []
    if not isinstance(board, list) or [whole(b, 0, 10**6) for b in board] != [True] * 4:
        problems.append(record_problem("bad_field", {"field": "board"}))
    if not (
        isinstance(bets, list)
        and len(bets) == players
        and all(isinstance(b, list) and [whole(x, 0, 400) for x in b] == [True] * 4 for b in bets)
    ):
        return [*problems, record_problem("bad_field", {"field": "stakes"})]
    problems += stake_problems(bets, dealer, options)
    sizes, dead_size = dealt(players, dealer)
    both, hand_problems = read_hands(
        [*record.get("hands", [None] * players), record.get("dead")]
        if isinstance(record.get("hands"), list)
        else None,
        "hands",
        [*sizes, dead_size],
        DECK,
        True,
    )
    problems += hand_problems
    if problems:
        return problems
    hands, dead = both[:players], both[players]
    sale = [0] * players
    dead_problems = dead_hand(record.get("dead_hand"), dealer, hands, dead, sale, options)
    if dead_problems:
        return dead_problems
    start = [b + sum(bet[k] for bet in bets) for k, b in enumerate(board)]
    coup = Coup(hands, dealer, start, options)
    moves: Any = record.get("moves")
    if not isinstance(moves, list):
        return [record_problem("bad_field", {"field": "moves"})]
    for number, move in enumerate(moves, start=1):
        try:
            apply_move(coup, move)
        except CoupError as error:
            problem = error.problem
            return [
                record_problem(
                    problem.code,
                    problem.params,
                    move=number,
                    player=move_player(move),
                    card=move_card(move),
                )
            ]
    if not coup.over or coup.taken_back is not None:
        return [record_problem("coup_not_over")]
    if isinstance(record.get("result"), list):  # the names of before read as today's
        record = {**record, "result": [RUMOLI.renamed(e) for e in record["result"]]}
    return compare_result(record, coup.entries(dealer, bets, sale))


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


def dead_hand(
    value: Any,
    dealer: int,
    hands: list[list[Card]],
    dead: list[Card],
    sale: list[int],
    options: Mapping[str, Any] | None = None,
) -> list[RecordProblem]:
    """Apply the dealer's choice of the dead hand (to ``hands``, ``dead`` and ``sale``):
    taken by him, sold to the highest bidder at his bid, or left aside (not put up for sale:
    no bids; or no buyer)."""
    if not isinstance(value, dict):
        return [record_problem("bad_field", {"field": "dead_hand"})]
    taken_by, price, bids = value.get("taken_by"), value.get("price"), value.get("bids")
    if taken_by is None and bids is None and price == 0:
        return []
    if taken_by == dealer:
        if price != 0:
            return [record_problem("dead_hand_price")]
        taker: int = dealer
    else:
        if not isinstance(bids, list) or len(bids) != len(hands):
            return [record_problem("bad_field", {"field": "dead_hand.bids"})]
        if not all(b is None or whole(b, 0, 400) for b in bids):
            return [record_problem("bad_field", {"field": "dead_hand.bids"})]
        buyer = sell(bids, dealer, options)
        if taken_by != buyer or (buyer is not None and price != bids[buyer]):
            return [record_problem("dead_hand_buyer")]
        if buyer is None:
            return []
        taker = buyer
        sale[buyer], sale[dealer] = -bids[buyer], bids[buyer]
    hands[taker], dead[:] = list(dead), hands[taker]
    return []


def apply_move(coup: Coup, move: Any) -> None:
    """Play one move of a record; raises ``CoupError``."""
    kind = move[0] if isinstance(move, list) and move else None
    player = move_player(move)
    if (
        kind not in ("lead", "play", "stop", "take_back")
        or player is None
        or (player >= coup.players)
    ):
        raise CoupError(record_problem("not_move", {"value": move}))
    if kind == "stop":
        coup.stop(player)
        return
    played = card(move[2]) if len(move) > 2 else None
    if played is None:
        raise CoupError(record_problem("not_move", {"value": move}))
    {"lead": coup.lead, "play": coup.play, "take_back": coup.take_back}[kind](player, played)


def move_player(move: Any) -> int | None:
    """The player of a move, when it names one."""
    if isinstance(move, list) and len(move) > 1 and whole(move[1], 0, 6):
        player: int = move[1]
        return player
    return None


def move_card(move: Any) -> str | None:
    """The card code of a move, when it names one."""
    return str(move[2]) if isinstance(move, list) and len(move) > 2 else None
