"""A donne of Roimat played card by card (ROIMAT.md §3, §4, §8, §9).

``DonneState`` follows python-chess and OpenSpiel: ``legal_moves()``, ``push(move)``,
``pop()``, ``copy()``, ``is_over()``, ``result()``. Every decision is a move: the trump
announcement (with the annulment of a king sec), each contre and surcontre, each card, and the
seat a Dame or Tour sends the play to. Seats are indices 0–3 for N, E, S, O; cards are ids
0–35 of ``cards``; hands are bitmasks.

The rules of a trick are tables computed once at import: the seats a Dame or Tour may send to
(``OPTIONS``), the next seat after each play (``FIRST``, second-play rows, ``LAST``), the cards
that beat the master (``BEATEN_BY``) and, for an opponent of the master, the masks tried in
turn to find the cards he may play (``CASCADES``). Playing a card allocates nothing but the
play (and the trick, at a lead); ``play_random`` plays random legal cards without a call per
card, the fast path of random players and playouts. Undo is cheap: an announcement or a bid is
undone from a snapshot of immutable values (like python-chess's ``_BoardState``), so copies
may share them; a card by taking back its trick and playing the trick's other cards again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import (
    BEATS,
    CODE,
    COLOUR_LETTERS,
    COLOUR_MASK,
    COLOUR_OF,
    DECK_SIZE,
    PION_MASK,
    RANK_OF,
    ROI,
    TRICKS,
    VALUE,
    cards_of,
)
from .draws import BIT_LENGTH
from .problems import MESSAGES
from .rules import RuleSet, rules_of
from .seats import SEATS

N_SEATS = 4
BIDS = ("contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi")
BID_INDEX = {name: index for index, name in enumerate(BIDS)}
#: The bids of the taking team, made by the dealer; the others are made by his left (§4).
TAKER_BIDS = frozenset({"contre_plis", "surcontre_roi"})
#: ``SURCONTRES_DUE[contre_plis][contre_roi]``: the bids due after the two contres (§4).
SURCONTRES_DUE: tuple[tuple[tuple[str, ...], ...], ...] = (
    ((), ("surcontre_roi",)),
    (("surcontre_plis",), ("surcontre_plis", "surcontre_roi")),
)


class Phase(StrEnum):
    """Where a donne is: the trump announcement, the contres and surcontres, the play of the
    cards, or over (played out, annulled on a king sec, or void)."""

    ANNOUNCE = "announce"
    BIDS = "bids"
    PLAY = "play"
    OVER = "over"


ANNOUNCE, BIDDING, PLAY, OVER = Phase.ANNOUNCE, Phase.BIDS, Phase.PLAY, Phase.OVER


def left(seat: int) -> int:
    """Next seat clockwise (index form of ``seats.left``)."""
    return (seat + 1) % 4


def right(seat: int) -> int:
    """Previous seat clockwise."""
    return (seat + 3) % 4


def partner(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) % 4


@dataclass(frozen=True, slots=True)
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


#: Every move, made once: ``CARD_MOVES[card][to + 1]``, ``BID_MOVES[name]`` (no, yes),
#: ``ANNOUNCE_MOVES[seat][colour][annul]``.
CARD_MOVES = tuple(
    tuple(Move("card", card=card, to=to) for to in range(-1, 4)) for card in range(DECK_SIZE)
)
BID_MOVES = {name: (Move("bid", name=name), Move("bid", name=name, value=True)) for name in BIDS}
ANNOUNCE_MOVES = tuple(
    tuple(
        (
            Move("announce", card=colour, seat=seat),
            Move("announce", card=colour, seat=seat, annul=True),
        )
        for colour in range(4)
    )
    for seat in range(N_SEATS)
)


class IllegalMove(ValueError):
    """A move the state cannot take (a card not in the hand, a bid out of turn …): ``code``
    and ``params`` as in ``problems.MESSAGES``."""

    def __init__(self, code: str, **params: object) -> None:
        self.code, self.params = code, params
        super().__init__(MESSAGES[code] % params)


#: One play of a trick: (seat, card, fault, to), ``to`` the seat chosen by a Dame or Tour
#: when it had a choice, else -1.
Play = tuple[int, int, bool, int]


@dataclass(slots=True)
class Trick:
    """The plays of one trick and, when complete, the ``winner``."""

    plays: list[Play]
    winner: int = -1


# -- tables of the rules (§8, §9), computed once ---------------------------------------------

BIT = tuple(1 << card for card in range(DECK_SIZE))
ROI_MASK = sum(BIT[roi] for roi in ROI)


def _options(seat: int, played: int, card: int) -> tuple[int, ...]:
    """The seats a Dame or Tour lets ``seat`` send the play to, among those still to play;
    only the first two players of a trick choose (§8)."""
    rank = RANK_OF[card]
    if rank not in "DT" or played.bit_count() > 1:
        return ()
    seats = (left(seat), right(seat)) + ((partner(seat),) if rank == "D" else ())
    return tuple(s for s in seats if not played >> s & 1)


#: ``OPTIONS[seat << 4 | played][card]``: the seats the card may send to (``played``: the
#: bitmask of seats that played in the trick); ``CHOICES`` the same when there are two or
#: three, else ``(-1,)``: no choice to make.
OPTIONS = tuple(
    tuple(_options(seat, played, card) for card in range(DECK_SIZE))
    for seat in range(N_SEATS)
    for played in range(16)
)
NO_CHOICE = (-1,)
CHOICES = tuple(tuple(o if len(o) > 1 else NO_CHOICE for o in row) for row in OPTIONS)


def _targets(options: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Per seat of ``CHOICES``: the seat sent to and the seat the play records (-1: none)."""
    if len(options) > 1:
        return tuple((seat, seat) for seat in options)
    return ((options[0] if options else -1, -1),)


#: ``TARGETS[seat << 4 | played][card]``: what each of the card's ``CHOICES`` means.
TARGETS = tuple(tuple(_targets(o) for o in row) for row in OPTIONS)


def _second(leader: int, direction: int, cavalier: bool, seat: int, card: int) -> int:
    """The third player of a trick when the second play gives no choice (§8)."""
    played = 1 << leader | 1 << seat
    remaining = [s for s in range(N_SEATS) if not played >> s & 1]
    if RANK_OF[card] == "F" and partner(seat) in remaining:
        return partner(seat)
    if cavalier:
        return next(s for s in remaining if s != partner(leader))
    following = seat
    while True:
        following = (following + direction) % 4
        if following in remaining:
            return following


#: Per (leader, direction, first card a Cavalier): the third player, by ``seat * 36 + card``
#: of the second play.
SECOND_ROWS = {
    (leader, direction, cavalier): tuple(
        _second(leader, direction, cavalier, seat, card)
        for seat in range(N_SEATS)
        for card in range(DECK_SIZE)
    )
    for leader in range(N_SEATS)
    for direction in (1, -1)
    for cavalier in (False, True)
}


def _first(seat: int, card: int, chosen: int) -> tuple[int, tuple[int, ...]]:
    """After the first play of a trick: the second player, and the row giving the third
    player, which holds the direction of the default continuation and whether a Cavalier was
    led (§8)."""
    rank = RANK_OF[card]
    direction = 1
    if rank in "DT":
        following = chosen
        direction = -1 if chosen == right(seat) else 1
    elif rank == "F":
        following = partner(seat)
    else:
        following = left(seat)
    return following, SECOND_ROWS[seat, direction, rank == "C"]


#: ``FIRST[(seat * 36 + card) * 5 + chosen + 1]``, ``chosen`` the seat a Dame or Tour sends
#: to (-1 for other cards).
FIRST = tuple(
    _first(seat, card, chosen)
    for seat in range(N_SEATS)
    for card in range(DECK_SIZE)
    for chosen in range(-1, 4)
)
#: The last seat to play, by the bitmask of the three that have played (else -1).
LAST = tuple(
    (~played & 15).bit_length() - 1 if played.bit_count() == 3 else -1 for played in range(16)
)

#: ``BEATEN_BY[trump][master]``: the cards that beat ``master`` (§9: a higher card of its
#: colour, or any trump when it is not one).
BEATEN_BY = tuple(
    tuple(
        BEATS[master] | (COLOUR_MASK[trump] if COLOUR_OF[master] != trump else 0)
        for master in range(DECK_SIZE)
    )
    for trump in range(4)
)


def _cascade(led: int, master: int, trump: int) -> tuple[int, ...]:
    """For an opponent of the master (§9): the masks whose first non-empty intersection with
    his hand is what he may play (his whole hand when none is)."""
    masks = []
    if COLOUR_OF[master] == led and RANK_OF[master] != "P":
        masks.append(BEATS[master])  # climb over the master of the led colour
    masks.append(COLOUR_MASK[led])  # follow
    if COLOUR_OF[master] == trump and RANK_OF[master] != "P":
        masks.append(BEATS[master])  # overtrump
    masks.append(COLOUR_MASK[trump])  # trump
    return tuple(masks)


#: ``CASCADES[trump][led][master]``.
CASCADES = tuple(
    tuple(tuple(_cascade(led, master, trump) for master in range(DECK_SIZE)) for led in range(4))
    for trump in range(4)
)


def distinct(mask: int) -> int:
    """The mask with one pion per colour kept (pions of a colour are interchangeable)."""
    for pions in PION_MASK:
        held = mask & pions
        if held:
            mask = (mask & ~pions) | (held & -held)
    return mask


#: Per colour, by the 9 bits of that colour: the card ids held, one pion kept.
_DISTINCT = tuple(
    tuple(tuple(cards_of(distinct(chunk << 9 * colour))) for chunk in range(512))
    for colour in range(4)
)
_D0, _D1, _D2, _D3 = _DISTINCT


def distinct_cards(mask: int) -> tuple[int, ...]:
    """The cards of a mask, lowest first, one pion per colour (``cards_of(distinct(mask))``)."""
    return _D0[mask & 511] + _D1[mask >> 9 & 511] + _D2[mask >> 18 & 511] + _D3[mask >> 27]


#: What an announcement or a bid changes: phase, announcer, trump, annulled, the four bids,
#: the bids still due. Immutable values only, so copies may share them.
Snapshot = tuple[Phase, int, int, bool, tuple[bool, ...], tuple[str, ...]]


#: The attributes of a ``DonneState``.
_FIELDS = (
    "deal",
    "dealer",
    "rules",
    "hands",
    "phase",
    "announcer",
    "trump",
    "annulled",
    "void",
    "pending_bids",
    "tricks",
    "trick",
    "leader",
    "turn",
    "played",
    "master_seat",
    "master_card",
    "faults",
    "plis",
    "points",
    "_bid_values",
    "_history",
    "_announcer",
    "_led",
    "_led_mask",
    "_cascade_row",
    "_cascade",
    "_cascades",
    "_beaten_by",
    "_second",
)


class DonneState:
    """A donne from the deal to the last trick.

    ``hands``: four bitmasks (N, E, S, O) as dealt; ``dealer``: seat index; ``rules``: the
    ``RuleSet`` (or a variant's name) whose flags say what may happen, e.g. whether a king
    sec may be annulled. The dealer announces, or his partner when he holds no Roi; a team
    without Roi voids the donne.
    """

    __slots__ = _FIELDS

    def __init__(self, hands: Sequence[int], dealer: int, rules: RuleSet | str = "club-8"):
        self.deal = tuple(hands)
        self.dealer = dealer
        self.rules = rules_of(rules)
        self.hands = list(hands)
        self.phase = ANNOUNCE
        self.announcer = -1
        self.trump = -1
        self.annulled = False
        self.void = False
        self.pending_bids: tuple[str, ...] = ()
        self.tricks: list[Trick] = []
        self.trick: Trick | None = None  # the trick being played
        self.leader = self.turn = left(dealer)
        self.played = 0  # bitmask of seats that played in the current trick
        self.master_seat = -1
        self.master_card = -1
        self.faults: tuple[int, ...] = ()
        self.plis = (0, 0)  # by team index: 0 = N/S, 1 = O/E
        self.points = (0, 0)
        self._bid_values: tuple[bool, ...] = (False,) * len(BIDS)
        self._history: list[Snapshot] = []
        self._led = 0  # the colour led in the current (or last) trick, with its cards:
        self._led_mask = 0
        self._cascade_row: tuple[tuple[int, ...], ...] = ()  # by master card, for that colour
        self._cascade: tuple[int, ...] = ()
        self._cascades: tuple[tuple[tuple[int, ...], ...], ...] = ()
        self._beaten_by: tuple[int, ...] = ()
        self._second: tuple[int, ...] = ()
        self._announcer = self._find_announcer()
        if self._announcer < 0:
            self.void = True
            self.phase = OVER

    # -- reading the state -------------------------------------------------------------

    @property
    def variant(self) -> str:
        """The name of the rules played (``"club-8"`` or ``"official-1000"``)."""
        return self.rules.variant

    @property
    def bids(self) -> dict[str, bool]:
        """Each contre and surcontre of ``BIDS``: made or not."""
        return dict(zip(BIDS, self._bid_values, strict=True))

    @property
    def taker(self) -> int:
        """Team index (0 N/S, 1 O/E) of the équipe preneuse: the dealer's."""
        return self.dealer % 2

    def to_move(self) -> int:
        """The seat whose decision is next (the dealer's team's bids by the dealer, the other
        team's by the dealer's left); -1 when the donne is over."""
        phase = self.phase
        if phase is PLAY:
            return self.turn
        if phase is OVER:
            return -1
        if phase is BIDDING:
            return self.dealer if self.pending_bids[0] in TAKER_BIDS else left(self.dealer)
        return self._announcer

    def is_over(self) -> bool:
        return self.phase is OVER

    def current_trick(self) -> Trick | None:
        """The trick being played (None before the first card and between tricks)."""
        return self.trick

    def result(self) -> dict[str, int | bool]:
        """``{"plis_ns", "points_ns", "roi_au_bout"}`` of a finished donne (ROIMAT.md §10).

        Raises ``IllegalMove`` before the last trick, or for a void or annulled donne.
        """
        if self.phase is not OVER or self.void or self.annulled:
            raise IllegalMove("no_result")
        last = self.tricks[-1]
        winning_card = next(card for seat, card, _f, _t in last.plays if seat == last.winner)
        return {
            "plis_ns": self.plis[0],
            "points_ns": self.points[0],
            "roi_au_bout": winning_card == ROI[self.trump],
        }

    # -- legal moves ---------------------------------------------------------------------

    def _find_announcer(self) -> int:
        """Who announces: the dealer if he holds a Roi, else his partner (§3); -1 when the
        team holds no Roi (the donne is void). Where the rules make the dealer redeal until he
        holds a Roi, his partner announces only in a deal made otherwise."""
        for seat in (self.dealer, partner(self.dealer)):
            if self.deal[seat] & ROI_MASK:
                return seat
        return -1

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now (§3, §4, §8, §9); pions of a colour count once."""
        phase = self.phase
        if phase is ANNOUNCE:
            seat = self._announcer
            hand = self.hands[seat]
            moves = []
            for colour, roi in enumerate(ROI):
                if hand >> roi & 1:
                    made = ANNOUNCE_MOVES[seat][colour]
                    moves.append(made[False])
                    sec = hand & COLOUR_MASK[colour] == 1 << roi
                    if sec and self.rules.king_sec_annuls:
                        moves.append(made[True])
            return moves
        if phase is BIDDING:
            return list(BID_MOVES[self.pending_bids[0]])
        if phase is OVER:
            return []
        choices = CHOICES[self.turn << 4 | self.played]
        return [
            CARD_MOVES[card][to + 1]
            for card in distinct_cards(self.legal_mask(self.turn))
            for to in choices[card]
        ]

    def legal_mask(self, seat: int) -> int:
        """Bitmask of the cards ``seat`` may play now without a faute de jeu (§9)."""
        hand = self.hands[seat]
        if self.trick is None:
            return hand
        if self.master_seat == seat ^ 2:  # partner master: follow, else any card
            return hand & self._led_mask or hand
        for mask in self._cascade:
            if hand & mask:
                return hand & mask
        return hand

    def choices(self, card: int) -> tuple[int, ...]:
        """Seats the player to move may send the play to with ``card`` (§8): ``(-1,)`` when
        the card gives no choice, else two or three seats."""
        return CHOICES[self.turn << 4 | self.played][card]

    # -- playing ---------------------------------------------------------------------------

    def push(self, move: Move) -> bool:
        """Make ``move``; returns True when it is a faute de jeu (a card the rules forbid).

        Raises ``IllegalMove`` for a move that cannot be made at all (wrong phase, a card not
        in the hand, a missing or impossible Dame/Tour choice, a bid out of order); the state
        is then unchanged.
        """
        kind = move.kind
        if kind == "card":
            return self.play(move.card, move.to)
        if kind == "announce":
            if self.phase is not ANNOUNCE or move not in self.legal_moves():
                raise IllegalMove("announcement_refused", move=str(move))
        elif self.phase is not BIDDING or move.name != self.pending_bids[0]:
            raise IllegalMove("bid_out_of_order", name=move.name)
        self._make(move)
        return False

    def _make(self, move: Move) -> None:
        """Make an announcement or a bid that ``legal_moves`` allows, keeping a snapshot to
        undo it."""
        snapshot: Snapshot = (
            self.phase,
            self.announcer,
            self.trump,
            self.annulled,
            self._bid_values,
            self.pending_bids,
        )
        if move.kind == "announce":
            self._announce(move)
        else:
            self._bid(move)
        self._history.append(snapshot)

    def pop(self) -> None:
        """Undo the last move. Raises ``IndexError`` when there is none."""
        if self.tricks:
            self._unplay()
            return
        if not self._history:
            raise IndexError("no move to undo")
        (
            self.phase,
            self.announcer,
            self.trump,
            self.annulled,
            self._bid_values,
            self.pending_bids,
        ) = self._history.pop()
        self._set_trump(self.trump)

    def copy(self) -> DonneState:
        """An independent copy, history included."""
        other = DonneState(self.deal, self.dealer, self.rules)
        for name in _FIELDS:
            setattr(other, name, getattr(self, name))
        other.hands = list(self.hands)
        other.tricks = [Trick(list(t.plays), t.winner) for t in self.tricks]
        other.trick = other.tricks[-1] if self.trick is not None else None
        other._history = list(self._history)
        return other

    def _set_trump(self, trump: int) -> None:
        self._cascades = CASCADES[trump] if trump >= 0 else ()
        self._beaten_by = BEATEN_BY[trump] if trump >= 0 else ()

    def _announce(self, move: Move) -> None:
        self.announcer, self.trump = move.seat, move.card
        self._set_trump(move.card)
        if move.annul:
            self.annulled = True
            self.phase = OVER
            return
        self.phase = BIDDING
        self.pending_bids = ("contre_plis", "contre_roi")

    def _bid(self, move: Move) -> None:
        index = BID_INDEX[move.name]
        values = self._bid_values
        values = values[:index] + (move.value,) + values[index + 1 :]
        self._bid_values = values
        if index == 1:  # after the contre on the roi, the surcontres of the contres made
            pending = SURCONTRES_DUE[values[0]][values[1]]
        else:
            pending = self.pending_bids[1:]
        self.pending_bids = pending
        if not pending:
            self.phase = PLAY

    def play(self, card: int, to: int = -1) -> bool:
        """Play ``card`` for the seat to move, sending the play to ``to`` when a Dame or Tour
        gives a choice; ``push(card_move(card, to))`` without the move. True on a fault."""
        return self._advance(1, None, card, to)

    def play_random(self, getrandbits: Callable[[int], int], moves: int = 1) -> None:
        """Make ``moves`` legal moves at random (fewer when the donne ends), for the seats in
        turn, drawing as ``rng.choice`` draws with ``getrandbits = rng.getrandbits``: an
        announcement or a bid among ``legal_moves()``; a card among the legal ones (pions of a
        colour count once), then a seat among ``choices(card)``. The fast path of random
        players and of playouts: the cards are played without a call per card."""
        while moves > 0 and self.phase is not PLAY:
            if self.phase is OVER:
                return
            legal = self.legal_moves()
            n = len(legal)
            k = BIT_LENGTH[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            self._make(legal[r])
            moves -= 1
        if moves > 0:
            self._advance(moves, getrandbits)

    def _advance(
        self, cards: int, getrandbits: Callable[[int], int] | None, card: int = -1, to: int = -1
    ) -> bool:
        """Play ``card`` (sending to ``to``), or ``cards`` random legal cards when
        ``getrandbits`` is given; True when the card played was a fault. The one place where
        a card changes the state, written for speed: the trick's state is kept in local
        names while the cards are played, and written back at the end."""
        if self.phase is not PLAY:
            raise IllegalMove("no_play_now")
        hands = self.hands
        if getrandbits is not None:  # no more cards than are left
            cards = min(cards, (hands[0] | hands[1] | hands[2] | hands[3]).bit_count())
        turn, trick, played = self.turn, self.trick, self.played
        master_seat, master_card = self.master_seat, self.master_card
        led_mask, row, cascade = self._led_mask, self._cascade_row, self._cascade
        led_cards, led_shift = _DISTINCT[self._led], 9 * self._led
        second, beaten_by = self._second, self._beaten_by
        fault = False
        for _card in range(cards):
            seat = turn
            hand = hands[seat]
            # The cards ``seat`` may play (§9), as ``legal_mask`` finds them.
            if trick is None:
                legal = hand
            elif master_seat == seat ^ 2:
                legal = hand & led_mask or hand
            else:
                for legal in cascade:
                    legal &= hand
                    if legal:
                        break
                else:
                    legal = hand
            if getrandbits is None:  # the card given, checked before anything changes
                if not 0 <= card < DECK_SIZE or not hand >> card & 1:
                    name = CODE[card] if 0 <= card < DECK_SIZE else str(card)
                    raise IllegalMove("not_in_hand", seat=SEATS[seat], card=name)
                options = OPTIONS[seat << 4 | played][card]
                if not options:
                    chosen = shown = -1
                elif len(options) == 1:
                    chosen, shown = options[0], -1
                elif to in options:
                    chosen = shown = to
                else:
                    raise IllegalMove("needs_choice", card=CODE[card])
                fault = not legal >> card & 1
            else:  # a legal card at random, then a seat when it has a choice
                if legal & led_mask == legal:  # all of the colour led: one look-up
                    choices = led_cards[legal >> led_shift]
                else:
                    choices = _D0[legal & 511] + _D1[legal >> 9 & 511] + _D2[legal >> 18 & 511]
                    choices += _D3[legal >> 27]
                n = len(choices)
                k = BIT_LENGTH[n]
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                card = choices[r]
                targets = TARGETS[seat << 4 | played][card]
                n = len(targets)
                if n == 1:  # no choice, but drawn all the same, as rng.choice draws
                    while getrandbits(1):
                        pass
                    chosen, shown = targets[0]
                else:
                    k = BIT_LENGTH[n]
                    r = getrandbits(k)
                    while r >= n:
                        r = getrandbits(k)
                    chosen, shown = targets[r]
            # Play it: the hand, the trick, the master, the next seat (§8).
            bit = BIT[card]
            hands[seat] = hand ^ bit
            if trick is None:  # a lead: never a fault
                trick = Trick([(seat, card, False, shown)])
                self.tricks.append(trick)
                master_seat, master_card = seat, card
                led = COLOUR_OF[card]
                led_mask = COLOUR_MASK[led]
                led_cards, led_shift = _DISTINCT[led], 9 * led
                row = self._cascades[led]
                cascade = row[card]
                played = 1 << seat
                turn, second = FIRST[(seat * DECK_SIZE + card) * 5 + chosen + 1]
                continue
            plays = trick.plays
            plays.append((seat, card, fault, shown))
            if fault:
                self.faults += (seat,)
            if beaten_by[master_card] & bit:
                master_seat, master_card = seat, card
                cascade = row[card]
            played |= 1 << seat
            if played == 15:  # the trick is complete: its winner takes it and leads
                trick.winner = turn = self.leader = master_seat
                points = VALUE[plays[0][1]] + VALUE[plays[1][1]] + VALUE[plays[2][1]]
                points += VALUE[card]
                (plis_ns, plis_oe), (points_ns, points_oe) = self.plis, self.points
                if master_seat & 1:
                    self.plis, self.points = (plis_ns, plis_oe + 1), (points_ns, points_oe + points)
                else:
                    self.plis, self.points = (plis_ns + 1, plis_oe), (points_ns + points, points_oe)
                trick = None
                played = 0
                master_seat = master_card = -1
                if len(self.tricks) == TRICKS:
                    self.phase = OVER
            elif LAST[played] >= 0:
                turn = LAST[played]
            else:
                turn = chosen if chosen >= 0 else second[seat * DECK_SIZE + card]
        self.turn, self.trick, self.played = turn, trick, played
        self.master_seat, self.master_card = master_seat, master_card
        self._led_mask, self._cascade_row, self._cascade = led_mask, row, cascade
        self._led = led_shift // 9
        self._second = second
        return fault

    def _unplay(self) -> None:
        """Undo the last card: take back its whole trick, then play the trick's other cards
        again (at most three)."""
        trick = self.tricks.pop()
        plays = trick.plays
        for seat, card, _fault, _to in plays:
            self.hands[seat] |= BIT[card]
        faults = sum(1 for play in plays if play[2])
        if faults:
            self.faults = self.faults[:-faults]
        if trick.winner >= 0:
            points = sum(VALUE[card] for _seat, card, _fault, _to in plays)
            (plis_ns, plis_oe), (points_ns, points_oe) = self.plis, self.points
            if trick.winner & 1:
                self.plis, self.points = (plis_ns, plis_oe - 1), (points_ns, points_oe - points)
            else:
                self.plis, self.points = (plis_ns - 1, plis_oe), (points_ns - points, points_oe)
        self.phase = PLAY
        self.trick = None
        self.leader = self.turn = self.tricks[-1].winner if self.tricks else left(self.dealer)
        self.played = 0
        self.master_seat = self.master_card = -1
        for _seat, card, _fault, to in plays[:-1]:
            self.play(card, to)
