"""A Roimat table played at a distance: the donnes of one partie dealt one after another,
every move numbered, and what each seat may see (ROIMAT.md §2–§9). Plain Python.

``TableGame`` keeps the donne being played (a ``DonneState``), the sheet's entries so far and
``seq``, the number of moves made at the table. A move is made by ``play(seat, seq, data)``:
refused (``MoveRefused`` with a code of ``REFUSALS``) unless ``seq`` is the table's, the seat
is the one to move and the move is legal; a card the rules forbid (§9) is refused like any
illegal move, so no faute de jeu can be made at a remote table. Simulated seats play with
``play_robots``. When a donne is over the table records it (its §10 record and the entry for
the sheet) and deals the next one: the dealer moves left; after a donne annulled on a king sec
the same dealer deals again (§3); after a void deal (the taking team holds no Roi, official
rules) the next player deals. The partie ends by its rules (§6): no donne is dealt after.

What the table did since the caller last looked is in ``events`` (``Dealt``, ``Moved``,
``Ended``), for the caller to store; a table is rebuilt from them with ``resume``. Moves are
written as text: ``str(Move)`` (``DJ>N``, ``PR``, ``N roi R``, ``N roi R annule``,
``contre_plis oui``), read back by ``move_from_text``.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..play.live import Dealt, Ended, Event, Moved, MoveRefused, check_turn
from .cards import (
    BY_CODE,
    CODE,
    COLOUR_LETTERS,
    COLOUR_OF,
    PION_MASK,
    RANK_OF,
    hand_codes,
    mask_of_codes,
)
from .donne import (
    ANNOUNCE,
    BIDDING,
    BIDS,
    PLAY,
    DonneState,
    Move,
    card_move,
    distinct_cards,
    left,
)
from .partie import compute_sheet, next_dealer
from .players import HeuristicPlayer
from .record import entry_of_record, record_of, replay
from .rules import RuleSet
from .scoring import DonneEntry
from .seats import SEATS
from .simulate import Dealer


def move_from_text(state: DonneState, text: str) -> Move:
    """The move ``str(move)`` wrote, for the state it was made in. A pion code stands for the
    lowest pion of its colour that the seat to move holds. Raises ``MoveRefused("bad_move")``."""
    words = text.split()
    if len(words) == 2 and words[1] in ("oui", "non") and words[0] in BIDS:
        return Move("bid", name=words[0], value=words[1] == "oui")
    if len(words) in (3, 4) and words[1] == "roi" and words[0] in SEATS:
        if words[2] not in COLOUR_LETTERS or (len(words) == 4 and words[3] != "annule"):
            raise MoveRefused("bad_move")
        return Move(
            "announce",
            card=COLOUR_LETTERS.index(words[2]),
            seat=SEATS.index(words[0]),
            annul=len(words) == 4,
        )
    code, _sep, to = text.partition(">")
    return _card(state, code, to or None)


def _card(state: DonneState, code: object, to: object) -> Move:
    """The card move of a code and the seat letter it sends to (or None)."""
    if not isinstance(code, str) or code not in BY_CODE:
        raise MoveRefused("bad_move")
    if to is not None and to not in SEATS:
        raise MoveRefused("bad_move")
    card = BY_CODE[code]
    if RANK_OF[card] == "P" and state.turn >= 0:
        held = state.hands[state.turn] & PION_MASK[COLOUR_OF[card]]
        if held:
            card = (held & -held).bit_length() - 1
    return card_move(card, SEATS.index(to) if isinstance(to, str) else -1)


def move_from_data(state: DonneState, data: object) -> Move:
    """The move of a protocol message's ``move`` object (``docs/remote-protocol.md``):
    ``{"kind": "card", "card": "DJ", "to": "E"}``, ``{"kind": "announce", "trump": "R",
    "annul": false}`` or ``{"kind": "bid", "name": "contre_plis", "value": true}``.
    Raises ``MoveRefused("bad_move")``."""
    if not isinstance(data, dict):
        raise MoveRefused("bad_move")
    kind = data.get("kind")
    if kind == "card":
        return _card(state, data.get("card"), data.get("to"))
    if kind == "announce":
        trump, annul = data.get("trump"), data.get("annul", False)
        if trump not in COLOUR_LETTERS or not isinstance(annul, bool):
            raise MoveRefused("bad_move")
        seat = state.to_move()
        return Move("announce", card=COLOUR_LETTERS.index(trump), seat=seat, annul=annul)
    if kind == "bid":
        name, value = data.get("name"), data.get("value")
        if name not in BIDS or not isinstance(value, bool):
            raise MoveRefused("bad_move")
        return Move("bid", name=name, value=value)
    raise MoveRefused("bad_move")


def check_move(state: DonneState, move: Move) -> Move:
    """``move`` if the rules allow it now for the seat to move, else ``MoveRefused``: a card
    not held, a card the rules forbid (§9), a Dame or Tour without a seat it may send to
    (§8), an announcement or bid not offered (§3, §4). The ``to`` of a card that gives no
    choice is dropped."""
    if move.kind == "card":
        if state.phase is not PLAY:
            raise MoveRefused("not_allowed")
        seat = state.turn
        if not state.hands[seat] >> move.card & 1:
            raise MoveRefused("not_in_hand")
        if not state.legal_mask(seat) >> move.card & 1:
            raise MoveRefused("illegal_card")
        choices = state.choices(move.card)
        if choices == (-1,):
            return card_move(move.card)
        if move.to not in choices:
            raise MoveRefused("needs_choice")
        return move
    if move not in state.legal_moves():
        raise MoveRefused("not_allowed")
    return move


def atouts(record: dict[str, Any]) -> int | None:
    """How many cards of the trump colour the announcer was dealt (the sheet's Roi column,
    ``"rouge 3"`` as a paper table writes it); None before the announcement."""
    announcer, trump = record.get("announcer"), record.get("trump")
    if announcer is None or trump is None:
        return None
    return len([code for code in record["deal"][announcer] if code[1] == trump])


def legal_view(state: DonneState) -> list[dict[str, Any]]:
    """The moves the seat to move may make, as protocol objects: each card once (pions of a
    colour count once) with the seats it may send to (``to``: empty when it gives no choice),
    or the announcements, or the two answers to the bid due."""
    if state.phase is PLAY:
        moves: list[dict[str, Any]] = []
        for card in distinct_cards(state.legal_mask(state.turn)):
            choices = state.choices(card)
            to = [] if choices == (-1,) else [SEATS[s] for s in choices]
            moves.append({"kind": "card", "card": CODE[card], "to": to})
        return moves
    if state.phase is ANNOUNCE:
        return [
            {"kind": "announce", "trump": COLOUR_LETTERS[m.card], "annul": m.annul}
            for m in state.legal_moves()
        ]
    if state.phase is BIDDING:
        name = state.pending_bids[0]
        return [{"kind": "bid", "name": name, "value": value} for value in (True, False)]
    return []


def _plays(plays: Sequence[tuple[int, int, bool, int]]) -> list[dict[str, str]]:
    return [{"seat": SEATS[seat], "card": CODE[card]} for seat, card, _f, _t in plays]


def donne_view(state: DonneState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: a spectator) sees of a donne: his own hand only, every hand's
    size, the cards on the table, the last trick, who is to play, the announcement, the
    contres and surcontres, both teams' plis and points, and his legal moves when he is to
    move. Seats are letters, cards codes."""
    to_move = state.to_move()
    trick = state.current_trick()
    complete = [t for t in state.tricks if t.winner >= 0]
    last = complete[-1] if complete else None
    return {
        "dealer": SEATS[state.dealer],
        "phase": "void" if state.void else "annulled" if state.annulled else str(state.phase),
        "to_move": SEATS[to_move] if to_move >= 0 else None,
        "announcer": SEATS[state.announcer] if state.announcer >= 0 else None,
        "trump": COLOUR_LETTERS[state.trump] if state.trump >= 0 else None,
        "bids": state.bids,
        "pending_bid": state.pending_bids[0] if state.phase is BIDDING else None,
        "hand": hand_codes(state.hands[seat]) if seat is not None else [],
        "hand_sizes": {SEATS[s]: state.hands[s].bit_count() for s in range(4)},
        "trick": _plays(trick.plays) if trick is not None else [],
        "last_trick": (
            {"plays": _plays(last.plays), "winner": SEATS[last.winner]} if last else None
        ),
        "plis": {"ns": state.plis[0], "oe": state.plis[1]},
        "points": {"ns": state.points[0], "oe": state.points[1]},
        "legal": legal_view(state) if seat is not None and seat == to_move else [],
    }


@dataclass
class TableGame:
    """The partie being played at one remote table: see the module docstring.

    ``rules``: the partie's ``RuleSet``; ``entries``: the sheet's donnes so far (ROIMAT.md
    §10); ``state``: the donne being played (the last one when the partie is over), None
    before the first deal; ``number``: its number among the deals (void ones included);
    ``seq``: moves made at the table; ``rng``: the deals' and simulated players' draws.
    """

    rules: RuleSet
    entries: list[DonneEntry] = field(default_factory=list)
    state: DonneState | None = None
    number: int = 0
    seq: int = 0
    rng: random.Random = field(default_factory=random.Random)
    events: list[Event] = field(default_factory=list)
    #: The donne before ``state``, whose last trick is shown until a trick of this one ends.
    previous: DonneState | None = None

    @classmethod
    def resume(
        cls,
        rules: RuleSet,
        entries: Sequence[DonneEntry],
        number: int,
        dealer: str,
        hands: dict[str, list[str]],
        moves: Sequence[str],
        seq: int,
        previous: dict[str, Any] | None = None,
        rng: random.Random | None = None,
    ) -> TableGame:
        """The table as it stands: donne ``number`` dealt by ``dealer`` with ``hands`` (seat
        letter → codes), its ``moves`` (texts) made again; ``seq`` moves made in all;
        ``previous``: the §10 record of the donne before, whose last trick is shown.
        Raises ``MoveRefused("bad_move")`` when a stored move cannot be made."""
        state = DonneState([mask_of_codes(hands[s]) for s in SEATS], SEATS.index(dealer), rules)
        for text in moves:
            state.push(check_move(state, move_from_text(state, text)))
        game = cls(rules, list(entries), state, number, seq, rng or random.Random())
        if previous is not None:
            game.previous = replay(previous)
        return game

    @property
    def finished(self) -> bool:
        """Whether the partie is over by its rules (§6)."""
        return bool(self.entries) and compute_sheet(self.entries, self.rules).finished

    def sheet(self) -> dict[str, Any]:
        """The Table de marque so far, as the §10 computed sheet."""
        return compute_sheet(self.entries, self.rules).as_dict()

    def start(self) -> None:
        """Deal the partie's next donne: the first, or the first after the donnes of its
        sheet entered before the table was opened (§3: the dealer moves left)."""
        self.deal(next_dealer(self.entries))

    def deal(self, dealer: str) -> DonneState:
        """Deal the next donne (shuffled; in ``club-8`` the dealer redeals until he holds a
        Roi, §3), record it in ``events`` and end it at once if it is void."""
        self.number += 1
        self.state = Dealer(self.rng).deal(SEATS.index(dealer), self.rules)
        hands = {SEATS[s]: hand_codes(self.state.deal[s]) for s in range(4)}
        self.events.append(Dealt(self.number, dealer, hands))
        if self.state.is_over():
            self._end()
        return self.state

    def play(self, seat: str | None, seq: int, data: object) -> Move:
        """Make the move of a protocol message for ``seat`` (None: a spectator), numbered
        ``seq`` (the ``seq`` of the state its sender saw). Raises ``MoveRefused``."""
        check_turn(seq, self.seq, seat, None if self.finished else self.to_move())
        state = self.state
        assert state is not None
        move = check_move(state, move_from_data(state, data))
        self._push(move)
        return move

    def play_robots(self, robots: Collection[str]) -> int:
        """Let the simulated players of the seats ``robots`` make their moves (heuristic
        level) until a person is to move or the partie is over; returns how many they made."""
        made = 0
        player = HeuristicPlayer(self.rng)
        while (state := self.state) is not None and not state.is_over():
            seat = state.to_move()
            if SEATS[seat] not in robots:
                break
            self._push(check_move(state, player.choose(state)))
            made += 1
        return made

    def to_move(self) -> str | None:
        """The seat letter to move, None when no donne is being played."""
        if self.state is None or self.state.is_over():
            return None
        return SEATS[self.state.to_move()]

    def view(self, seat: str | None) -> dict[str, Any]:
        """The protocol's ``state`` of the table for ``seat`` (None: a spectator): ``seq``,
        the donne number, the donne (``donne_view``), the sheet so far, ``finished``."""
        state = self.state
        donne = donne_view(state, SEATS.index(seat) if seat else None) if state else None
        previous = self.previous
        if donne is not None and donne["last_trick"] is None and previous and previous.tricks:
            last = previous.tricks[-1]
            donne["last_trick"] = {"plays": _plays(last.plays), "winner": SEATS[last.winner]}
        return {
            "seq": self.seq,
            "number": self.number,
            "donne": donne,
            "sheet": self.sheet(),
            "finished": self.finished,
        }

    def _push(self, move: Move) -> None:
        state = self.state
        assert state is not None
        seat = SEATS[state.to_move()]
        state.push(move)
        self.seq += 1
        self.events.append(Moved(self.seq, self.number, seat, str(move)))
        if state.is_over():
            self._end()

    def _end(self) -> None:
        """Record the donne that just ended and deal the next unless the partie is over."""
        state = self.state
        assert state is not None
        record = record_of(state)
        entry = None if state.void else replace(entry_of_record(record), trumps=atouts(record))
        if entry is not None:
            self.entries.append(entry)
        self.events.append(Ended(self.number, record, entry))
        if self.finished:
            return
        self.previous = state
        dealer = SEATS[state.dealer]
        self.deal(dealer if state.annulled else SEATS[left(state.dealer)])
