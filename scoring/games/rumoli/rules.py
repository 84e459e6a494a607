"""Rumoli (seed ``rumoli-regle.txt``): 3 to 7 players, chips; a coup's ledger on the sheet.

Before each coup every player stakes 1 chip on each of the four boodle cards (A♥, K♣, Q♦,
J♠), the dealer 2; or (option ``stakes="free"``, the seed's variant 1) every player the same
agreed amount (option ``stake``), spread over the boodle cards as he likes. The dealer keeps
his hand or takes the dead one; keeping it, he may sell the dead hand to the one highest
bidder (the buyer pays him). A player who plays a boodle card collects all its chips; chips
not collected stay on their card for the next coup. The first player out receives one chip
per card left in each other hand. The seed's irregularities:
1. leading a colour with a card other than his lowest of it: he gives 1 chip to each other
   player and collects nothing in the coup, but may still win it (``wrong_lead``: how many
   times);
2. stopping the sequence while holding its next card: he may neither collect nor win the
   coup (``irregular``), and pays any player he kept from playing a boodle card that card's
   chips (in ``penalty``);
3. leading the colour just played: the lead is taken back, without penalty (not on the sheet).
Variants 2 and 3 (options ``same_colour``, ``stop_when_stuck``) change who may lead what; the
sheet records them.

Each player's entry for a coup (chips unless said): ``dealer`` (1 for the dealer), ``stake``,
``sale`` (+ the price for the dealer, − for the buyer), ``collected`` (from the boodles),
``cards_left`` (cards in hand at the end), ``penalty`` (+ received, − paid),
``irregular`` (1 after irregularity 2); optionally ``wrong_lead`` and, per boodle card
(``ac`` A♥, ``rt`` K♣, ``dk`` Q♦, ``vp`` J♠), ``stake_<card>`` and ``collected_<card>``, which
bound what is collected from each card by what it holds.
A coup scores each player's change in chips; the board keeps the rest, so the players'
balances and the board always add up to nothing created or lost. The most chips wins after
the club's number of coups (option ``rounds``, default 8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Entry, FieldSpec, Game, GameProblem, OptionSpec, RoundSpec, gettext_noop
from .messages import problem

BOODLES = 4
BOODLE_KEYS = ("ac", "rt", "dk", "vp")  # A♥, K♣, Q♦, J♠
BOODLE_NAMES = {"ac": "A♥", "rt": "K♣", "dk": "Q♦", "vp": "J♠"}
DECK_SIZE = 52
DEFAULT_COUPS = 8
MAX_COUPS = 60  # the most coups a partie may be set to (a club evening plays 8)
DEFAULT_STAKE = 4
FIELDS = (
    FieldSpec("dealer", "donneur", 0, 1),
    FieldSpec("stake", "mise", 0, 400, blank=True),
    FieldSpec("sale", "vente du mort", -400, 400, blank=True),
    FieldSpec("collected", "jetons ramassés", 0, 40_000),
    FieldSpec("cards_left", "cartes restantes", 0, 52),
    FieldSpec("penalty", "pénalités", -4000, 4000, blank=True),
    FieldSpec("irregular", "arrêt irrégulier", 0, 1, blank=True),
)
OPTIONAL = (
    FieldSpec("wrong_lead", "entame irrégulière", 0, 52),
    *(FieldSpec(f"stake_{k}", f"mise {BOODLE_NAMES[k]}", 0, 400) for k in BOODLE_KEYS),
    *(FieldSpec(f"collected_{k}", f"ramassé {BOODLE_NAMES[k]}", 0, 40_000) for k in BOODLE_KEYS),
)


def board_before(previous: Sequence[Sequence[Entry]]) -> int:
    """Chips on the boodles before a coup: all stakes less all collections so far."""
    return sum(e["stake"] - e["collected"] for entries in previous for e in entries)


def card_stake(entry: Entry, key: str, standard: bool) -> int | None:
    """What a player staked on one boodle card, when the entry or the rules say it."""
    if f"stake_{key}" in entry:
        value: int = entry[f"stake_{key}"]
        return value
    if standard:
        return 2 if entry["dealer"] else 1
    return 0 if entry["stake"] == 0 else None


def card_collected(entry: Entry, key: str) -> int | None:
    """What a player collected from one boodle card, when the entry says it."""
    if f"collected_{key}" in entry:
        value: int = entry[f"collected_{key}"]
        return value
    return 0 if entry["collected"] == 0 else None


def boards_before(previous: Sequence[Sequence[Entry]], standard: bool) -> list[int] | None:
    """Chips on each boodle card before a coup, or None when a coup before does not say."""
    boards = [0] * BOODLES
    for entries in previous:
        for entry in entries:
            for k, key in enumerate(BOODLE_KEYS):
                staked, taken = card_stake(entry, key, standard), card_collected(entry, key)
                if staked is None or taken is None:
                    return None
                boards[k] += staked - taken
    return boards


def dealt(players: int, dealer: int) -> tuple[list[int], int]:
    """Cards dealt to each player and to the dead hand: one at a time, the dead hand first
    (at the dealer's left), then the players clockwise from the dealer's left."""
    hands = players + 1
    base, extra = divmod(DECK_SIZE, hands)
    sizes = [base + (position < extra) for position in range(hands)]
    return [sizes[(p - dealer - 1) % players + 1] for p in range(players)], sizes[0]


def winner(entries: Sequence[Entry]) -> int | None:
    """The player out first who may win (no irregularity 2), or None (no winner)."""
    out = [i for i, e in enumerate(entries) if e["cards_left"] == 0 and not e["irregular"]]
    return out[0] if len(out) == 1 else None


class Rumoli(Game):
    """Rumoli: see the module docstring."""

    key = "rumoli"
    name = "Rumoli"
    seats = (3, 7)
    option_specs = {
        "rounds": OptionSpec("whole", DEFAULT_COUPS, 1, MAX_COUPS, label=gettext_noop("Coups")),
        "stakes": OptionSpec(
            "choice",
            "standard",
            choices=("standard", "free"),
            label=gettext_noop("Stakes"),
            labels=(
                gettext_noop("1 chip a boodle, 2 for the dealer"),
                gettext_noop("free stakes"),
            ),
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
            RoundSpec(f"coup-{n}", f"Coup {n}", FIELDS, OPTIONAL, rule) for n in range(1, count + 1)
        ]

    def filled(self, spec: RoundSpec, entry: Entry, options: Mapping[str, Any]) -> dict[str, Any]:
        """A stake left blank is the rules' stake: standard stakes 1 chip a boodle card, 2 for
        the dealer (4 or 8); free stakes the agreed ``stake``. The rest as ``Game.filled``."""
        filled = dict(entry)
        if filled.get("stake") is None and filled.get("dealer") in (0, 1):
            standard = self.option(options, "stakes") == "standard"
            agreed = self.option(options, "stake")
            filled["stake"] = BOODLES * (1 + filled["dealer"]) if standard else agreed
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
        no hand ends with more cards than it was dealt; nobody collects more than a card or
        the board holds, nor after an irregularity; one winner at most."""
        problems = super().check(spec, entries, previous, options)
        if problems:
            return problems
        options = options or {}
        dealers = [i for i, e in enumerate(entries) if e["dealer"]]
        if len(dealers) != 1:
            return [problem(None, "dealer", "one_dealer", {"count": len(dealers)})]
        standard = self.option(options, "stakes") == "standard"
        problems += self.stake_problems(entries, standard, self.option(options, "stake"))
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
        problems += self.penalty_problems(entries)
        for i, e in enumerate(entries):
            if (e["irregular"] or e.get("wrong_lead", 0)) and e["collected"]:
                problems.append(problem(i, "collected", "irregular_collects"))
        problems += self.boodle_problems(entries, previous, standard)
        available = board_before(previous) + sum(e["stake"] for e in entries)
        collected = sum(e["collected"] for e in entries)
        if collected > available:
            params = {"collected": collected, "available": available}
            problems.append(problem(None, "collected", "board", params))
        out = [i for i, e in enumerate(entries) if e["cards_left"] == 0 and not e["irregular"]]
        if len(out) > 1:
            problems.append(problem(None, "cards_left", "two_winners"))
        return problems

    @staticmethod
    def stake_problems(entries: Sequence[Entry], standard: bool, agreed: int) -> list[GameProblem]:
        """Standard stakes (1 a card, the dealer 2), or the agreed amount for everyone."""
        problems = []
        for i, e in enumerate(entries):
            expected = BOODLES * (2 if e["dealer"] else 1) if standard else agreed
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
    def penalty_problems(entries: Sequence[Entry]) -> list[GameProblem]:
        """Penalties as the irregularities say: each wrong lead gives 1 chip to each other
        player; any other penalty is paid by a player who stopped a sequence (irregularity 2)
        to others."""
        leads = [e.get("wrong_lead", 0) for e in entries]
        others = len(entries) - 1
        problems = []
        stoppers = any(e["irregular"] for e in entries)
        for i, e in enumerate(entries):
            expected = sum(leads) - leads[i] - leads[i] * others
            rest = e["penalty"] - expected
            if not rest or (stoppers or not any(leads)) and (rest > 0 or e["irregular"]):
                continue
            if any(leads):
                params = {"expected": expected, "value": e["penalty"]}
                problems.append(problem(i, "penalty", "fault_penalty", params))
            else:
                problems.append(problem(i, "penalty", "penalty_unexplained", {"value": -rest}))
        return problems

    @staticmethod
    def boodle_problems(
        entries: Sequence[Entry], previous: Sequence[Sequence[Entry]], standard: bool
    ) -> list[GameProblem]:
        """Collections by boodle card: they add up to each player's ``collected``; one card is
        collected by one player at most, who takes all its chips (when the sheet says what
        each card held)."""
        problems = []
        for i, e in enumerate(entries):
            by_card = [e[f"collected_{k}"] for k in BOODLE_KEYS if f"collected_{k}" in e]
            if len(by_card) == BOODLES and sum(by_card) != e["collected"]:
                params = {"total": sum(by_card), "value": e["collected"]}
                problems.append(problem(i, "collected_ac", "boodle_sum", params))
        boards = boards_before(previous, standard)
        if problems or boards is None:
            return problems
        for k, key in enumerate(BOODLE_KEYS):
            staked = [card_stake(e, key, standard) for e in entries]
            taken = [(i, card_collected(e, key)) for i, e in enumerate(entries)]
            if any(s is None for s in staked):
                continue
            available = boards[k] + sum(s or 0 for s in staked)
            takers = [(i, value) for i, value in taken if value]
            name = BOODLE_NAMES[key]
            if len(takers) > 1:
                problems.append(
                    problem(takers[1][0], f"collected_{key}", "boodle_twice", {"card": name})
                )
            for i, value in takers:
                if value != available:
                    params = {"card": name, "collected": value, "available": available}
                    problems.append(problem(i, f"collected_{key}", "boodle_card", params))
        return problems

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
