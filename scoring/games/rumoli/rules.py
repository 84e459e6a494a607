"""Rumoli (seed ``rumoli-regle.txt``): 3 to 7 players, chips; a coup's ledger on the sheet.

Before each coup every player stakes 1 chip on each of the four boodle cards (A♥, K♣, Q♦,
J♠), the dealer 2 ("Le donneur, lui, doit mettre deux jetons sur chaque carte."); or (option
``stakes="free"``, the seed's variant 1) every player the same agreed amount (option
``stake``), spread over the boodle cards as he likes, the dealer twice as much. A club whose
dealer stakes as everyone sets ``dealer_stakes="single"``. The dealer keeps his hand or takes
the dead one; keeping it, he may sell the dead hand ("il a le privilège de vendre": a right)
to the highest bidder, who pays him; the seed is silent on a tie and on a bid of 0: options
``dead_hand_tie`` (``first_left``: the first bidder clockwise from the dealer's left, or
``no_sale``) and ``zero_bid_buys`` (False: a bid of 0 buys nothing). A player who plays a
boodle card collects all its chips ("il ramasse les jetons qui sont sur cette carte"), so
that a player's collections are whole cards' chips; chips not collected stay on their card
for the next coup. The first player out receives one chip per card left in each other hand.
The seed's irregularities:
1. leading a colour with a card other than his lowest of it: he gives 1 chip to each other
   player and collects nothing afterwards, but may still win the coup (``irregularite_1``:
   how many times);
2. stopping the sequence while holding its next card: he may neither win the coup nor
   collect afterwards ("même si, par la suite": what he collected before stays his)
   (``irregularite_2``), and pays any player he kept from playing a boodle card "un nombre
   de jetons égal à ceux qui sont sur la carte" (in ``penalty``);
3. leading the colour just played: the lead is taken back, without penalty (not on the sheet).
Variants 2 and 3 (options ``same_colour``, ``stop_when_stuck``) change who may lead what; the
sheet records them.

Each player's entry for a coup (chips unless said): ``dealer`` (1 for the dealer), ``stake``,
``sale`` (+ the price for the dealer, − for the buyer), ``collected`` (from the boodles),
``cards_left`` (cards in hand at the end), ``penalty`` (+ received, − paid),
``irregularite_2`` (1 after irregularity 2); optionally ``irregularite_1`` and, per boodle
card (``ac`` A♥, ``rt`` K♣, ``dk`` Q♦, ``vp`` J♠), ``stake_<card>`` and ``collected_<card>``.
The sheets and records of before read ``irregular`` and ``wrong_lead`` as these two
(``ALIASES``).
A coup scores each player's change in chips; the board keeps the rest, so the players'
balances and the board always add up to nothing created or lost. What each boodle card holds
is carried from coup to coup (``boards_before``), with or without the fields by card: every
player's collections must be the chips of whole cards the board holds at that coup. The most
chips wins after the club's number of coups (option ``rounds``, default 8).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import (
    Entry,
    EntryAsked,
    FieldSpec,
    Game,
    GameProblem,
    OptionSpec,
    RoundSpec,
    gettext_noop,
)
from .messages import problem

BOODLES = 4
BOODLE_KEYS = ("ac", "rt", "dk", "vp")  # A♥, K♣, Q♦, J♠
BOODLE_NAMES = {"ac": "A♥", "rt": "K♣", "dk": "Q♦", "vp": "J♠"}
DECK_SIZE = 52
DEFAULT_COUPS = 8
MAX_COUPS = 60  # the most coups a partie may be set to (a club evening plays 8)
DEFAULT_STAKE = 4
#: The most boards by card a sheet's coups may leave possible before the checks by card
#: give up (the sheet then did not say enough by card to follow each card).
MAX_BOARDS = 2000
FIELDS = (
    FieldSpec("dealer", "donneur", 0, 1),
    FieldSpec("stake", "mise", 0, 800, blank=True),
    FieldSpec("sale", "vente du mort", -400, 400, blank=True),
    FieldSpec("collected", "jetons ramassés", 0, 40_000),
    FieldSpec("cards_left", "cartes restantes", 0, 52),
    FieldSpec("penalty", "pénalités", -4000, 4000, blank=True),
    FieldSpec("irregularite_2", "irrégularité 2 (arrêt)", 0, 1, blank=True),
)
OPTIONAL = (
    FieldSpec("irregularite_1", "irrégularité 1 (entame)", 0, 52),
    *(FieldSpec(f"stake_{k}", f"mise {BOODLE_NAMES[k]}", 0, 800) for k in BOODLE_KEYS),
    *(FieldSpec(f"collected_{k}", f"ramassé {BOODLE_NAMES[k]}", 0, 40_000) for k in BOODLE_KEYS),
)
#: The entry fields' names of before, read as today's (JSON sheets and records).
ALIASES = {"irregular": "irregularite_2", "wrong_lead": "irregularite_1"}
Board = tuple[int, ...]


def stake_each(dealer: bool, options: Mapping[str, Any]) -> int:
    """What a player stakes in all before a coup: 1 chip a boodle card (standard) or the
    agreed ``stake`` (variant 1); the dealer twice as much ("Le donneur, lui, doit mettre deux
    jetons sur chaque carte.") unless the club's ``dealer_stakes`` is ``single``."""
    standard = RUMOLI.option(options, "stakes") == "standard"
    each = BOODLES if standard else RUMOLI.option(options, "stake")
    double = dealer and RUMOLI.option(options, "dealer_stakes") == "double"
    return each * (2 if double else 1)


def board_before(previous: Sequence[Sequence[Entry]]) -> int:
    """Chips on the boodles before a coup: all stakes less all collections so far."""
    return sum(e["stake"] - e["collected"] for entries in previous for e in entries)


def card_stake(entry: Entry, key: str, options: Mapping[str, Any]) -> int | None:
    """What a player staked on one boodle card, when the entry or the rules say it."""
    if f"stake_{key}" in entry:
        value: int = entry[f"stake_{key}"]
        return value
    if RUMOLI.option(options, "stakes") == "standard":
        return stake_each(bool(entry["dealer"]), options) // BOODLES
    return 0 if entry["stake"] == 0 else None


def coup_stakes(entries: Sequence[Entry], options: Mapping[str, Any]) -> list[int] | None:
    """The chips staked on each boodle card at a coup, or None when a free stake's spread is
    not given."""
    stakes = [0] * BOODLES
    for entry in entries:
        for k, key in enumerate(BOODLE_KEYS):
            staked = card_stake(entry, key, options)
            if staked is None:
                return None
            stakes[k] += staked
    return stakes


def shares(board: Board, entries: Sequence[Entry]) -> list[tuple[int | None, ...]]:
    """The ways the coup's collections take whole cards of ``board`` (the chips on each card
    once staked): for each card its collector or None, so that each player's ``collected``
    is the sum of his cards' chips, as his ``collected_<card>`` fields say when given ("il
    ramasse les jetons qui sont sur cette carte")."""
    collectors = [i for i, e in enumerate(entries) if e["collected"]]
    choices: list[list[int | None]] = []
    for k, key in enumerate(BOODLE_KEYS):
        said = {i: e[f"collected_{key}"] for i, e in enumerate(entries) if f"collected_{key}" in e}
        taking = [i for i, value in said.items() if value]
        if len(taking) > 1 or any(said[i] != board[k] for i in taking):
            return []
        if taking:
            choices.append(list(taking))
        elif not board[k]:
            choices.append([None])
        else:
            choices.append([None, *(i for i in collectors if i not in said)])
    found = []
    for owners in itertools.product(*choices):
        # Every player's: one who says he took a card's chips but collected none in all
        # (``collected_vp`` without ``collected``) shares out nothing.
        taken = [0] * len(entries)
        for k, owner in enumerate(owners):
            if owner is not None:
                taken[owner] += board[k]
        if all(taken[i] == e["collected"] for i, e in enumerate(entries)):
            found.append(owners)
    return found


def boards_before(
    previous: Sequence[Sequence[Entry]], options: Mapping[str, Any]
) -> set[Board] | None:
    """The chips each boodle card may hold before a coup, given the coups before (several
    boards when the sheet did not say which card a player collected), or None when they cannot
    be followed (a free stake not given by card, too many boards, or a coup before that does
    not add up, which its own check refuses). Each coup's step is remembered
    (``_boards_after``), so that a sheet checked round by round follows its board once."""
    boards: frozenset[Board] | None = frozenset({(0,) * BOODLES})
    try:
        frozen = tuple(sorted(options.items()))
        hash(frozen)
    except TypeError:
        return None
    for entries in previous:
        try:
            coup = tuple(tuple(sorted(e.items())) for e in entries)
            hash(coup)
        except (AttributeError, TypeError):
            return None
        boards = _boards_after(boards, coup, frozen)
        if boards is None:
            return None
    return set(boards) if boards is not None else None


@functools.lru_cache(maxsize=4096)
def _boards_after(
    boards: frozenset[Board], coup: tuple[tuple[tuple[str, Any], ...], ...], options: Any
) -> frozenset[Board] | None:
    """The boards after a coup (its entries frozen, ``coup``), from the possible ``boards``
    before it; None when they cannot be followed (see ``boards_before``)."""
    entries = [dict(items) for items in coup]
    stakes = coup_stakes(entries, dict(options))
    if stakes is None:
        return None
    after: set[Board] = set()
    for board in boards:
        full = tuple(b + s for b, s in zip(board, stakes, strict=True))
        for owners in shares(full, entries):
            after.add(tuple(0 if o is not None else v for v, o in zip(full, owners, strict=True)))
    if not after or len(after) > MAX_BOARDS:
        return None
    return frozenset(after)


def card_sums(values: Sequence[int]) -> set[int]:
    """The chips of every set of whole cards holding ``values``."""
    sums = {0}
    for value in values:
        sums |= {s + value for s in sums}
    return sums


def whole_cards(chips: int, board: Board) -> bool:
    """Whether ``chips`` are the chips of cards of ``board``, a card any number of times (a
    penalty of irregularity 2 for each stop that kept a player from one)."""
    reach = [True] + [False] * chips
    for total in range(1, chips + 1):
        reach[total] = any(0 < v <= total and reach[total - v] for v in board)
    return reach[chips]


def board_words(board: Board) -> str:
    """A board by card, ``A♥ 5, K♣ 5, Q♦ 5, J♠ 5``."""
    return ", ".join(f"{BOODLE_NAMES[k]} {v}" for k, v in zip(BOODLE_KEYS, board, strict=True))


def dealt(players: int, dealer: int) -> tuple[list[int], int]:
    """Cards dealt to each player and to the dead hand: one at a time, the dead hand first
    (at the dealer's left), then the players clockwise from the dealer's left."""
    hands = players + 1
    base, extra = divmod(DECK_SIZE, hands)
    sizes = [base + (position < extra) for position in range(hands)]
    return [sizes[(p - dealer - 1) % players + 1] for p in range(players)], sizes[0]


def dead_hand_buyer(
    bids: Sequence[int | None], dealer: int, options: Mapping[str, Any]
) -> int | None:
    """Who buys the dead hand: "au plus offrant", the highest bid; the seed is silent on a
    tie and on a bid of 0, read by the club's options: ``dead_hand_tie`` ``first_left`` (the
    first of the highest bidders clockwise from the dealer's left) or ``no_sale``, and
    ``zero_bid_buys`` (False: a highest bid of 0 sells nothing). None: no sale."""
    players = len(bids)
    order = [(dealer + 1 + k) % players for k in range(players - 1)]
    best = max((bids[p] or 0 for p in order), default=0)
    if best == 0 and not RUMOLI.option(options, "zero_bid_buys"):
        return None
    highest = [p for p in order if (bids[p] or 0) == best]
    if len(highest) > 1 and RUMOLI.option(options, "dead_hand_tie") == "no_sale":
        return None
    return highest[0]


def out_players(entries: Sequence[Entry]) -> list[int]:
    """The players out of cards who may win the coup (no irregularity 2): one at most."""
    return [i for i, e in enumerate(entries) if e["cards_left"] == 0 and not e["irregularite_2"]]


def winner(entries: Sequence[Entry]) -> int | None:
    """The player out first who may win (no irregularity 2), or None (no winner)."""
    out = out_players(entries)
    return out[0] if len(out) == 1 else None


class Rumoli(Game):
    """Rumoli: see the module docstring."""

    key = "rumoli"
    name = "Rumoli"
    seats = (3, 7)
    aliases = ALIASES
    round_word = "Coup"
    entry_asked = EntryAsked(one_player=("dealer", gettext_noop("Dealer")))
    option_specs = {
        "rounds": OptionSpec("whole", DEFAULT_COUPS, 1, MAX_COUPS, label=gettext_noop("Coups")),
        "stakes": OptionSpec.of_choices(
            "standard",
            {
                "standard": gettext_noop("1 chip a boodle, 2 for the dealer"),
                "free": gettext_noop("free stakes"),
            },
            gettext_noop("Stakes"),
        ),
        "stake": OptionSpec(
            "whole",
            DEFAULT_STAKE,
            1,
            400,
            label=gettext_noop("Agreed stake"),
            help=gettext_noop(
                "With free stakes (variant 1): the chips each player stakes, spread over the "
                "boodle cards as he likes."
            ),
        ),
        "dealer_stakes": OptionSpec.of_choices(
            "double",
            {
                "double": gettext_noop("twice the others' (the seed)"),
                "single": gettext_noop("the same as the others'"),
            },
            gettext_noop("The dealer's stake"),
        ),
        "dead_hand_tie": OptionSpec.of_choices(
            "first_left",
            {
                "first_left": gettext_noop("the first bidder from the dealer's left buys it"),
                "no_sale": gettext_noop("nobody buys it"),
            },
            gettext_noop("Equal highest bids for the dead hand"),
        ),
        "zero_bid_buys": OptionSpec(
            "flag", False, label=gettext_noop("A bid of 0 buys the dead hand")
        ),
        "same_colour": OptionSpec(
            "flag",
            False,
            label=gettext_noop("A new sequence may be led in the colour just played"),
            help=gettext_noop("Variant 2: when the player holds no other colour."),
        ),
        "stop_when_stuck": OptionSpec(
            "flag",
            False,
            label=gettext_noop("The coup ends when nobody can lead another colour"),
            help=gettext_noop("Variant 3: after a stop; no winner, nobody is paid."),
        ),
    }

    def rounds(self, players: int, options: Mapping[str, Any]) -> list[RoundSpec]:
        count = self.option(options, "rounds")
        rule = "jetons : − mise ± vente + ramassés ± pénalités ± cartes restantes"
        return [
            RoundSpec(f"coup-{n}", f"{self.round_word} {n}", FIELDS, OPTIONAL, rule)
            for n in range(1, count + 1)
        ]

    def filled(self, spec: RoundSpec, entry: Entry, options: Mapping[str, Any]) -> dict[str, Any]:
        """A stake left blank is the rules' stake (``stake_each``): standard stakes 1 chip a
        boodle card, 2 for the dealer (4 or 8); free stakes the agreed ``stake``, twice for
        the dealer. The rest as ``Game.filled``."""
        filled = dict(self.renamed(entry))
        if filled.get("stake") is None and filled.get("dealer") in (0, 1):
            filled["stake"] = stake_each(bool(filled["dealer"]), options)
        return super().filled(spec, filled, options)

    def check(
        self,
        spec: RoundSpec,
        entries: Sequence[Entry],
        previous: Sequence[Sequence[Entry]] = (),
        options: Mapping[str, Any] | None = None,
    ) -> list[GameProblem]:
        """Every chip accounted for: one dealer; the rules' stakes; one buyer of the dead
        hand, who pays the dealer; penalties paid are received, as the irregularities say;
        no hand ends with more cards than it was dealt; every player's collections are
        whole cards' chips that the board holds at that coup, the board carried from the
        coups before; one winner at most."""
        problems = super().check(spec, entries, previous, options)
        if problems:
            return problems
        options = options or {}
        dealers = [i for i, e in enumerate(entries) if e["dealer"]]
        if len(dealers) != 1:
            return [problem(None, "dealer", "one_dealer", {"count": len(dealers)})]
        problems += self.stake_problems(entries, options)
        for key, label in (("sale", "vente du mort"), ("penalty", "pénalités")):
            total = sum(e[key] for e in entries)
            if total:
                params = {"label": label, "total": total, "expected": 0}
                problems.append(problem(None, key, "sum", params))
        buyers = [i for i, e in enumerate(entries) if e["sale"] < 0]
        for i, e in enumerate(entries):
            if e["sale"] > 0 and not e["dealer"]:
                problems.append(problem(i, "sale", "sale_not_dealer"))
        if len(buyers) > 1:
            problems.append(problem(buyers[1], "sale", "one_buyer"))
        problems += self.cards_problems(entries, dealers[0], buyers)
        problems += self.boodle_problems(entries)
        if problems:
            return problems
        boards = boards_before(previous, options)
        stakes = coup_stakes(entries, options)
        full = None
        if boards is not None and stakes is not None:
            full = sorted({tuple(b + s for b, s in zip(bd, stakes, strict=True)) for bd in boards})
        problems += self.penalty_problems(entries, full)
        available = board_before(previous) + sum(e["stake"] for e in entries)
        collected = sum(e["collected"] for e in entries)
        if collected > available:
            params = {"collected": collected, "available": available}
            problems.append(problem(None, "collected", "board", params))
        elif full is not None and not problems:
            problems += self.whole_card_problems(entries, full)
        if len(out_players(entries)) > 1:
            problems.append(problem(None, "cards_left", "two_winners"))
        return problems

    @staticmethod
    def stake_problems(entries: Sequence[Entry], options: Mapping[str, Any]) -> list[GameProblem]:
        """The rules' stakes (``stake_each``): standard, 1 a card, the dealer 2; or the agreed
        amount, the dealer twice (unless ``dealer_stakes`` is ``single``)."""
        standard = RUMOLI.option(options, "stakes") == "standard"
        problems = []
        for i, e in enumerate(entries):
            expected = stake_each(bool(e["dealer"]), options)
            if e["stake"] != expected:
                params = {"expected": expected, "value": e["stake"]}
                problems.append(problem(i, "stake", "stake", params))
            by_card = [e[f"stake_{k}"] for k in BOODLE_KEYS if f"stake_{k}" in e]
            if len(by_card) < BOODLES:
                continue
            if sum(by_card) != e["stake"]:
                params = {"total": sum(by_card), "value": e["stake"]}
                problems.append(problem(i, "stake_ac", "boodle_sum", params))
            elif standard and len(set(by_card)) > 1:
                params = {"expected": expected // BOODLES, "value": by_card}
                problems.append(problem(i, "stake_ac", "stake", params))
        return problems

    @staticmethod
    def cards_problems(
        entries: Sequence[Entry], dealer: int, buyers: list[int]
    ) -> list[GameProblem]:
        """No hand ends with more cards than it was dealt (the buyer holds the dead hand, the
        dealer his own or, with no sale, perhaps the dead one)."""
        sizes, dead = dealt(len(entries), dealer)
        problems = []
        for i, e in enumerate(entries):
            limit = sizes[i]
            if i in buyers:
                limit = dead
            elif i == dealer and not buyers:
                limit = max(limit, dead)
            if e["cards_left"] > limit:
                params = {"value": e["cards_left"], "dealt": limit}
                problems.append(problem(i, "cards_left", "dealt", params))
        return problems

    @staticmethod
    def penalty_problems(
        entries: Sequence[Entry], boards: Sequence[Board] | None = None
    ) -> list[GameProblem]:
        """Penalties as the irregularities say: each wrong lead gives 1 chip to each other
        player (irregularity 1); any other penalty is paid by a player who stopped a sequence
        (irregularity 2) to a player he kept from a boodle card: "un nombre de jetons égal à
        ceux qui sont sur la carte", so what a player who did not stop receives is whole
        cards' chips of ``boards`` (the possible boards once staked; not held when None; a
        stopper's penalty is what he paid less what he received, held to nothing more)."""
        leads = [e.get("irregularite_1", 0) for e in entries]
        others = len(entries) - 1
        problems = []
        stops = sum(e["irregularite_2"] for e in entries)
        for i, e in enumerate(entries):
            expected = sum(leads) - leads[i] - leads[i] * others
            rest = e["penalty"] - expected
            if rest > 0 and stops and boards and not e["irregularite_2"]:
                if not any(whole_cards(rest, board) for board in boards):
                    params = {"value": rest, "cards": board_words(boards[0])}
                    problems.append(problem(i, "penalty", "penalty_card", params))
                continue
            if not rest or (stops or not any(leads)) and (rest > 0 or e["irregularite_2"]):
                continue
            if any(leads):
                params = {"expected": expected, "value": e["penalty"]}
                problems.append(problem(i, "penalty", "fault_penalty", params))
            else:
                problems.append(problem(i, "penalty", "penalty_unexplained", {"value": -rest}))
        return problems

    @staticmethod
    def boodle_problems(entries: Sequence[Entry]) -> list[GameProblem]:
        """Collections by boodle card, when given: they add up to each player's
        ``collected``, and one card is collected by one player at most."""
        problems = []
        for i, e in enumerate(entries):
            by_card = [e[f"collected_{k}"] for k in BOODLE_KEYS if f"collected_{k}" in e]
            if len(by_card) == BOODLES and sum(by_card) != e["collected"]:
                params = {"total": sum(by_card), "value": e["collected"]}
                problems.append(problem(i, "collected_ac", "boodle_sum", params))
        for key in BOODLE_KEYS:
            takers = [i for i, e in enumerate(entries) if e.get(f"collected_{key}")]
            if len(takers) > 1:
                params = {"card": BOODLE_NAMES[key]}
                problems.append(problem(takers[1], f"collected_{key}", "boodle_twice", params))
        return problems

    @staticmethod
    def whole_card_problems(entries: Sequence[Entry], boards: Sequence[Board]) -> list[GameProblem]:
        """Each player's collections are whole cards' chips of the board at that coup ("il
        ramasse les jetons qui sont sur cette carte"), a card to one player: ``boards`` are
        the boards the coups before leave possible, once staked."""
        if any(shares(board, entries) for board in boards):
            return []
        cards = board_words(boards[0])
        for k, key in enumerate(BOODLE_KEYS):
            for i, e in enumerate(entries):
                value = e.get(f"collected_{key}")
                if value and all(value != board[k] for board in boards):
                    params = {
                        "card": BOODLE_NAMES[key],
                        "collected": value,
                        "available": boards[0][k],
                    }
                    return [problem(i, f"collected_{key}", "boodle_card", params)]
        for i, e in enumerate(entries):
            if e["collected"] and all(e["collected"] not in card_sums(b) for b in boards):
                params = {"value": e["collected"], "cards": cards}
                return [problem(i, "collected", "whole_cards", params)]
        return [problem(None, "collected", "cards_shared", {"cards": cards})]

    def score(self, spec: RoundSpec, entries: Sequence[Entry]) -> list[int]:
        """Each player's change in chips over the coup."""
        first = winner(entries)
        paid = [
            e["cards_left"] if first is not None and i != first else 0
            for i, e in enumerate(entries)
        ]
        return [
            -e["stake"]
            + e["sale"]
            + e["collected"]
            + e["penalty"]
            - paid[i]
            + (sum(paid) if i == first else 0)
            for i, e in enumerate(entries)
        ]


RUMOLI = Rumoli()
