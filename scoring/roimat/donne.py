"""A donne of Roimat played card by card (ROIMAT.md §3, §4, §8, §9).

``DonneState`` follows python-chess and OpenSpiel: ``legal_moves()``, ``push(move)``,
``pop()``, ``copy()``, ``is_over()``, ``result()``. Every decision is a move: the trump
announcement (with the annulment of a king sec), each contre and surcontre, each card, and the
seat a Dame or Tour sends the play to. Seats are indices 0–3 for N, E, S, O; cards are ids
0–35 of ``cards``; hands are bitmasks.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    BEATS,
    CARDS_PER_TRICK,
    CODE,
    COLOUR_LETTERS,
    COLOUR_MASK,
    COLOUR_OF,
    PION_MASK,
    RANK_OF,
    ROI,
    STRENGTH,
    TRICKS,
    VALUE,
    cards_of,
)
from .problems import MESSAGES
from .seats import SEATS

N_SEATS = 4
ONE_OR_NONE = frozenset({0, 1, 2, 4, 8})  # bitmasks of seats: nobody or one seat has played
BIDS = ("contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi")


def left(seat: int) -> int:
    """Next seat clockwise (index form of ``seats.left``)."""
    return (seat + 1) % 4


def right(seat: int) -> int:
    """Previous seat clockwise."""
    return (seat + 3) % 4


def partner(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) % 4


@dataclass(frozen=True)
class Move:
    """One decision of a donne.

    - ``announce``: ``seat`` names the colour index ``card`` as trump; ``annul`` True when the
      announcer annuls the donne on a king sec (official rules, §3);
    - ``bid``: the contre or surcontre ``name`` is made (``value`` True) or not (§4);
    - ``card``: the player to move plays card id ``card``; ``to`` is the seat he sends the play
      to when his Dame or Tour gives a choice (§8), else -1.
    """

    kind: str
    card: int = -1
    seat: int = -1
    to: int = -1
    name: str = ""
    value: bool = False
    annul: bool = False

    def __str__(self) -> str:
        if self.kind == "card":
            return CODE[self.card] + (f">{SEATS[self.to]}" if self.to >= 0 else "")
        if self.kind == "announce":
            return f"{SEATS[self.seat]} roi {COLOUR_LETTERS[self.card]}" + (
                " annule" if self.annul else ""
            )
        return f"{self.name} {'oui' if self.value else 'non'}"


def card_move(card: int, to: int = -1) -> Move:
    """A card play; ``to`` is the seat chosen after a Dame or Tour, else -1."""
    return CARD_MOVES[card][to + 1]


#: Every card move, made once: ``CARD_MOVES[card][to + 1]``.
CARD_MOVES = tuple(
    tuple(Move("card", card=card, to=to) for to in range(-1, 4)) for card in range(36)
)


class IllegalMove(ValueError):
    """A move the state cannot take (a card not in the hand, a bid out of turn …): ``code``
    and ``params`` as in ``problems.MESSAGES``."""

    def __init__(self, code: str, **params):
        self.code, self.params = code, params
        super().__init__(MESSAGES[code] % params)


@dataclass
class Trick:
    """The plays of one trick, as (seat, card, fault, to) with ``to`` the seat chosen by a
    Dame or Tour (else -1), and, when complete, the ``winner``."""

    plays: list[tuple[int, int, bool, int]]
    winner: int = -1


class DonneState:
    """A donne from the deal to the last trick.

    ``hands``: four bitmasks (N, E, S, O) as dealt; ``dealer``: seat index; ``variant``:
    ``"club-8"`` or ``"official-1000"`` (only there may a king sec be annulled). The dealer
    announces, or his partner when he holds no Roi; a team without Roi voids the donne.
    """

    def __init__(self, hands: list[int], dealer: int, variant: str = "club-8"):
        self.deal = tuple(hands)
        self.dealer = dealer
        self.variant = variant
        self.hands = list(hands)
        self.phase = "announce"
        self.announcer = -1
        self.trump = -1
        self.annulled = False
        self.void = False
        self.bids = dict.fromkeys(BIDS, False)  # replaced, never changed in place
        self.pending_bids: tuple[str, ...] = ()
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None  # the trick being played
        self.leader = left(dealer)
        self.turn = self.leader
        self.played = 0  # bitmask of seats that played in the current trick
        self.direction = 1
        self.cavalier = False
        self.master_seat = -1
        self.master_card = -1
        self.faults: tuple[int, ...] = ()
        self.plis = (0, 0)  # by team index: 0 = N/S, 1 = O/E
        self.points = (0, 0)
        self._history: list[tuple] = []
        self._legal: tuple[int, int] = (-1, 0)  # (seat, its legal mask) until the next move
        if not self._announcers():
            self.void = True
            self.phase = "over"

    # -- reading the state -------------------------------------------------------------

    @property
    def taker(self) -> int:
        """Team index (0 N/S, 1 O/E) of the équipe preneuse: the dealer's."""
        return self.dealer % 2

    def to_move(self) -> int:
        """The seat whose decision is next (the dealer's team's bids by the dealer, the other
        team's by the dealer's left); -1 when the donne is over."""
        if self.phase == "over":
            return -1
        if self.phase == "bids":
            team_of_bid = self.taker if self.pending_bids[0] in BIDS[0::3] else 1 - self.taker
            return self.dealer if team_of_bid == self.taker else left(self.dealer)
        if self.phase == "announce":
            return self._announcers()[0]
        return self.turn

    def is_over(self) -> bool:
        return self.phase == "over"

    def current_trick(self) -> Trick | None:
        """The trick being played (None before the first card and between tricks)."""
        return self.trick

    def result(self) -> dict:
        """``{"plis_ns", "points_ns", "roi_au_bout"}`` of a finished donne (ROIMAT.md §10).

        Raises ``IllegalMove`` before the last trick, or for a void or annulled donne.
        """
        if self.phase != "over" or self.void or self.annulled:
            raise IllegalMove("no_result")
        last = self.tricks[-1]
        winning_card = next(card for seat, card, *_ in last.plays if seat == last.winner)
        return {
            "plis_ns": self.plis[0],
            "points_ns": self.points[0],
            "roi_au_bout": winning_card == ROI[self.trump],
        }

    # -- legal moves ---------------------------------------------------------------------

    def _announcers(self) -> list[int]:
        """Who announces: the dealer if he holds a Roi, else his partner (§3); nobody when
        the team holds no Roi (the donne is void). Under the club rule the dealer redeals
        until he holds a Roi, so his partner announces only in a deal made otherwise."""
        for seat in (self.dealer, partner(self.dealer)):
            if any(self.deal[seat] >> roi & 1 for roi in ROI):
                return [seat]
        return []

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now (§3, §4, §8, §9); pions of a colour count once."""
        if self.phase == "announce":
            seat = self._announcers()[0]
            moves = []
            for colour, roi in enumerate(ROI):
                if self.hands[seat] >> roi & 1:
                    moves.append(Move("announce", card=colour, seat=seat))
                    sec = self.hands[seat] & COLOUR_MASK[colour] == 1 << roi
                    if sec and self.variant == "official-1000":
                        moves.append(Move("announce", card=colour, seat=seat, annul=True))
            return moves
        if self.phase == "bids":
            name = self.pending_bids[0]
            return [Move("bid", name=name, value=False), Move("bid", name=name, value=True)]
        if self.phase == "over":
            return []
        moves = []
        for card in cards_of(distinct(self.legal_mask(self.turn))):
            for to in self.choices(card):
                moves.append(card_move(card, to))
        return moves

    def legal_mask(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` may play now without a faute de jeu (§9)."""
        if self._legal[0] == seat:
            return self._legal[1]
        mask = self._legal_mask(seat)
        self._legal = (seat, mask)
        return mask

    def _legal_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        trick = self.trick
        if trick is None:
            return hand
        led = COLOUR_OF[trick.plays[0][1]]
        master = self.master_card
        partner_master = self.master_seat == partner(seat)
        led_cards = hand & COLOUR_MASK[led]
        if led_cards:
            if not partner_master and COLOUR_OF[master] == led and RANK_OF[master] != "P":
                higher = led_cards & BEATS[master]
                if higher:
                    return higher
            return led_cards
        if partner_master:
            return hand
        trumps = hand & COLOUR_MASK[self.trump]
        if trumps:
            if COLOUR_OF[master] == self.trump and RANK_OF[master] != "P":
                over = trumps & BEATS[master]
                if over:
                    return over
            return trumps
        return hand

    def choices(self, card: int) -> list[int]:
        """Seats the player to move may send the play to with ``card`` (§8): [-1] when the
        card gives no choice, else two or three seats."""
        if RANK_OF[card] not in "DT":
            return [-1]
        options = self._options(self.turn, card)
        return options if len(options) > 1 else [-1]

    def _options(self, seat: int, card: int) -> list[int]:
        rank = RANK_OF[card]
        if rank not in "DT" or self.played not in ONE_OR_NONE:
            return []
        seats = [left(seat), right(seat)] + ([partner(seat)] if rank == "D" else [])
        return [s for s in seats if not self.played >> s & 1]

    # -- playing ---------------------------------------------------------------------------

    def push(self, move: Move) -> bool:
        """Make ``move``; returns True when it is a faute de jeu (a card the rules forbid).

        Raises ``IllegalMove`` for a move that cannot be made at all (wrong phase, a card not
        in the hand, a missing or impossible Dame/Tour choice, a bid out of order).
        """
        self._history.append(self._snapshot())
        try:
            if move.kind == "card":
                return self._play(move)
            self._legal = (-1, 0)
            if move.kind == "announce":
                self._announce(move)
            else:
                self._bid(move)
            return False
        except IllegalMove:
            self._restore(self._history.pop())
            raise

    def pop(self) -> None:
        """Undo the last move. Raises ``IndexError`` when there is none."""
        self._restore(self._history.pop())

    def copy(self) -> DonneState:
        """An independent copy, history included."""
        other = DonneState.__new__(DonneState)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.tricks = [Trick(list(t.plays), t.winner) for t in self.tricks]
        other.trick = other.tricks[-1] if self.trick is not None else None
        other._history = list(self._history)
        return other

    def _snapshot(self) -> tuple:
        """What a move may change; the immutable fields are kept by reference."""
        trick = self.trick
        return (
            tuple(self.hands), self.phase, self.announcer, self.trump, self.annulled, self.bids,
            self.pending_bids, len(self.tricks), len(trick.plays) if trick else -1, self.leader,
            self.turn, self.played, self.direction, self.cavalier, self.master_seat,
            self.master_card, self.faults, self.plis, self.points,
        )  # fmt: skip

    def _restore(self, snap: tuple) -> None:
        (self.hands, self.phase, self.announcer, self.trump, self.annulled, self.bids,
         self.pending_bids, count, plays, self.leader, self.turn, self.played,
         self.direction, self.cavalier, self.master_seat, self.master_card, self.faults,
         self.plis, self.points) = snap  # fmt: skip
        self.hands = list(self.hands)  # the snapshot keeps its tuple: it may be shared by copies
        del self.tricks[count:]
        self.trick = None
        if plays >= 0:
            self.trick = self.tricks[-1]
            del self.trick.plays[plays:]
            self.trick.winner = -1
        self._legal = (-1, 0)

    def _announce(self, move: Move) -> None:
        if self.phase != "announce" or move not in self.legal_moves():
            raise IllegalMove("announcement_refused", move=str(move))
        self.announcer, self.trump = move.seat, move.card
        if move.annul:
            self.annulled = True
            self.phase = "over"
            return
        self.phase = "bids"
        self.pending_bids = ("contre_plis", "contre_roi")

    def _bid(self, move: Move) -> None:
        if self.phase != "bids" or move.name != self.pending_bids[0]:
            raise IllegalMove("bid_out_of_order", name=move.name)
        self.pending_bids = self.pending_bids[1:]
        self.bids = {**self.bids, move.name: move.value}
        if move.name == "contre_roi":
            self.pending_bids += ("surcontre_plis",) * self.bids["contre_plis"]
            self.pending_bids += ("surcontre_roi",) * self.bids["contre_roi"]
        if not self.pending_bids:
            self.phase = "play"

    def _play(self, move: Move) -> bool:
        seat, card = self.turn, move.card
        if self.phase != "play":
            raise IllegalMove("no_play_now")
        if not 0 <= card < len(CODE) or not self.hands[seat] >> card & 1:
            name = CODE[card] if 0 <= card < len(CODE) else str(card)
            raise IllegalMove("not_in_hand", seat=SEATS[seat], card=name)
        options = self._options(seat, card)
        if len(options) > 1 and move.to not in options:
            raise IllegalMove("needs_choice", card=CODE[card])
        fault = not self.legal_mask(seat) >> card & 1
        trick = self.trick
        if trick is None:
            trick = self.trick = Trick([])
            self.tricks.append(trick)
        self.hands[seat] &= ~(1 << card)
        self._legal = (-1, 0)  # the hands and the trick change
        trick.plays.append((seat, card, fault, move.to if len(options) > 1 else -1))
        if fault:
            self.faults += (seat,)
        if not trick.plays[1:] or self._beats(card, self.master_card):
            self.master_seat, self.master_card = seat, card
        self.played |= 1 << seat
        if len(trick.plays) == CARDS_PER_TRICK:
            self._close(trick)
        else:
            self.turn = self._next_seat(trick, options[0] if len(options) == 1 else move.to)
        return fault

    def _beats(self, card: int, master: int) -> bool:
        if COLOUR_OF[card] == COLOUR_OF[master]:
            return STRENGTH[card] > STRENGTH[master]
        return COLOUR_OF[card] == self.trump

    def _next_seat(self, trick: Trick, chosen: int) -> int:
        """The seat that plays next, by §8."""
        seat, card = trick.plays[-1][0], trick.plays[-1][1]
        rank = RANK_OF[card]
        if len(trick.plays) == 1:
            self.direction, self.cavalier = 1, rank == "C"
            if rank in "DT":
                self.direction = -1 if chosen == right(seat) else 1
                return chosen
            return partner(seat) if rank == "F" else left(seat)
        remaining = [s for s in range(N_SEATS) if not self.played >> s & 1]
        if len(trick.plays) == 2:
            if rank in "DT" and chosen >= 0:
                return chosen
            if rank == "F" and partner(seat) in remaining:
                return partner(seat)
            if self.cavalier:
                return next(s for s in remaining if s != partner(self.leader))
        nxt = seat
        while True:
            nxt = (nxt + self.direction) % 4
            if nxt in remaining:
                return nxt

    def _close(self, trick: Trick) -> None:
        trick.winner = self.master_seat
        self.trick = None
        points = sum(VALUE[card] for _s, card, *_ in trick.plays)
        if trick.winner % 2:
            self.plis, self.points = (
                (self.plis[0], self.plis[1] + 1),
                (self.points[0], self.points[1] + points),
            )
        else:
            self.plis, self.points = (
                (self.plis[0] + 1, self.plis[1]),
                (self.points[0] + points, self.points[1]),
            )
        self.leader = self.turn = trick.winner
        self.played = 0
        self.master_seat = self.master_card = -1
        if len(self.tricks) == TRICKS:
            self.phase = "over"


def distinct(mask: int) -> int:
    """The mask with one pion per colour kept (pions of a colour are interchangeable)."""
    for pions in PION_MASK:
        held = mask & pions
        if held:
            mask = (mask & ~pions) | (held & -held)
    return mask
