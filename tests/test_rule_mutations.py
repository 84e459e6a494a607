"""Every rule of play each game's state enforces, broken once in many honest records: a seeded
batch of each game (Roimat, Roi, Differenzler, Rumoli, Römer) verifies clean through the
generic verifier (``scoring.play.verify``), and each single-rule mutation of its records is
refused, every one of them, at the move changed, with the code of that rule and a French text
naming it (as the replay page words it: ``scoring.messages.refusal_text``).

A mutation is built from the state at the move it changes (the card chosen is one the rules
forbid there: a card of another colour while the player holds the colour led …); a record
where it cannot be made is skipped, but each kind must be applied at least ``MINIMUM`` times.
Each case quotes the rule's sentence from its seed (``/work/shared/seeds``) or ROIMAT.md.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.utils import translation

from scoring.games.differenzler.state import DifferenzlerState
from scoring.games.roi.state import RoiState
from scoring.games.romer import RomerState
from scoring.games.rumoli.state import RumoliState
from scoring.messages import refusal_text
from scoring.play.simulate import simulate
from scoring.play.state import GameState, Step
from scoring.play.verify import first_refusal
from scoring.roimat.cards import CODE, COLOUR_LETTERS
from scoring.roimat.seats import SEATS
from scoring.roimat.state import RoimatState

#: Each game's state and the seeded batch its records come from: (options, players, fautes).
GAMES: dict[str, tuple[type[GameState[Any, Any]], dict[str, Any], str, float]] = {
    "roimat": (RoimatState, {"variant": "club-8"}, "heuristic", 0.05),
    # the official rule: the partner announces when the dealer has no Roi, a Roi sec annuls
    "roimat-official": (RoimatState, {"variant": "official-1000"}, "heuristic", 0.05),
    "roi": (RoiState, {}, "random", 0.0),
    "differenzler": (DifferenzlerState, {}, "heuristic", 0.0),
    "rumoli": (RumoliState, {"players": 4}, "random", 0.05),
    "romer": (RomerState, {"players": 4}, "random", 0.0),
    # two players: one of them is left alone with cards now and then
    "romer-2": (RomerState, {"players": 2}, "random", 0.0),
}
#: Rounds simulated per game (Roimat: a donne in 30 offers an overtrump to refuse; Römer with
#: two players: a manche in 60 leaves one alone); mutants made per kind at most; mutants a
#: kind needs at least.
ROUNDS = {
    "roimat": 400,
    "roimat-official": 60,
    "roi": 50,
    "differenzler": 40,
    "rumoli": 40,
    "romer": 40,
    "romer-2": 800,
}
MOST = 40
MINIMUM = 10


@functools.cache
def batch(game: str) -> tuple[str, ...]:
    """The game's seeded batch, each record as one line of JSON (copied for each mutant)."""
    cls, options, players, faults = GAMES[game]
    states = simulate(cls, ROUNDS[game], f"mutations-{game}", options, players, faults)
    return tuple(state.to_text() for state in states)


@dataclass(frozen=True)
class Edit:
    """One mutation of a record: the move refused (``index``, None when the record as a
    whole is: its result, a field the deal reads), its ``place`` and how to change the
    record."""

    index: int | None
    place: str
    change: Callable[[dict[str, Any]], None]


#: What a kind looks at each recorded move: (index, step, state before the move, previous
#: step) → an edit, or None when the mutation cannot be made there. The state is live: an
#: edit keeps values, not the state.
AtMove = Callable[[int, Step, Any, Step | None], Edit | None]


def each_move(at: AtMove) -> Callable[[type[GameState[Any, Any]], dict[str, Any]], list[Edit]]:
    """A kind that may change any move where ``at`` finds one to change."""

    def edits(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
        found = []
        state = cls.start(record)
        previous = None
        for index, step in enumerate(cls.recorded_moves(record, state)):
            edit = at(index, step, state, previous)
            if edit is not None:
                found.append(edit)
            state.push(state.parse_move(step.text))
            previous = step
        return found

    return edits


def moves_count(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> int:
    state = cls.start(record)
    count = 0
    for step in cls.recorded_moves(record, state):
        state.push(state.parse_move(step.text))
        count += 1
    return count


# -- changing a recorded move, whatever the game's record ---------------------------------


def set_move(
    record: dict[str, Any],
    place: str,
    text: str | None = None,
    seat: int | None = None,
    fault: bool | None = None,
) -> None:
    """Change the move at ``place`` (``trick t, play p``, ``move n`` or ``play n``) of ``record`` in
    place: its text (a move's text as ``GameState.move_text`` writes it), its seat, its
    faute mark (Roimat)."""
    numbers = [int(n) for n in re.findall(r"\d+", place)]
    game = record.get("game", "roimat")
    if place.startswith("trick"):
        trick, play = numbers
        if game == "roimat":
            entry = record["tricks"][trick - 1]["plays"][play - 1]
            if text is not None:
                card, _sep, to = text.partition(">")
                entry["card"] = card
                entry.pop("to", None)
                if to:
                    entry["to"] = to
            if seat is not None:
                entry["seat"] = SEATS[seat]
            if fault is not None:
                entry.pop("fault", None)
                if fault:
                    entry["fault"] = True
        else:
            pair = record["tricks"][trick - 1][play - 1]
            pair[:] = [pair[0] if seat is None else seat, pair[1] if text is None else text]
        return
    (number,) = numbers
    move = record["moves"][number - 1]
    if game == "rumoli":  # [kind, player, card]
        if text is not None:
            move[:] = [text.split()[0], move[1], *text.split()[1:]]
        if seat is not None:
            move[1] = seat
    else:  # Römer: [player, text]
        move[:] = [move[0] if seat is None else seat, move[1] if text is None else text]


def edit_move(index: int, step: Step, **change: Any) -> Edit:
    return Edit(index, step.place, lambda record: set_move(record, step.place, **change))


def is_card(step: Step) -> bool:
    return step.place.startswith("trick") or step.text.split()[0] in ("lead", "play", "pose")


def card_of(step: Step) -> str:
    """The card code of a card move's text (``DJ>E``, ``lead 5C``, ``VT``)."""
    return step.text.split()[-1].split(">")[0]


def with_card(step: Step, card: str) -> str:
    """The move's text with another card."""
    words = step.text.split()
    return " ".join([*words[:-1], card]) if len(words) > 1 else card


def held(state: Any, seat: int) -> list[str]:
    return state.hand(seat)


# -- the kinds every game shares ------------------------------------------------------------


def not_in_hand(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A card move with a card another player holds, not the mover."""
    if not is_card(step) or step.fault:
        return None
    mover = state.to_move
    own = set(held(state, mover))
    other = sorted(
        {c for seat in range(state.seats) if seat != mover for c in held(state, seat)} - own
    )
    if not other:
        return None
    return edit_move(index, step, text=with_card(step, other[index % len(other)]))


def out_of_turn(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A move the record gives to the next seat instead (not after a Roimat Dame or Tour,
    whose seat sent to is read from the next play)."""
    if not step.place.startswith(("trick", "move", "play")):
        return None  # the estimates, bids, announcement: their seat is the record's order
    if previous is not None and ">" in previous.text:
        return None
    return edit_move(index, step, seat=(state.to_move + 1) % state.seats)


def after_the_end(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """One more move once the round is over."""
    count = moves_count(cls, record)
    game = record.get("game", "roimat")
    if game == "roimat":
        card = record["deal"]["N"][0]
        place = f"trick {len(record['tricks']) + 1}, play 1"

        def change(r: dict[str, Any]) -> None:
            r["tricks"].append({"plays": [{"seat": "N", "card": card}]})

    elif game in ("roi", "differenzler"):
        card = record["hands"][0][0]
        place = f"trick {len(record['tricks']) + 1}, play 1"

        def change(r: dict[str, Any]) -> None:
            r["tricks"].append([[0, card]])

    else:
        place = f"{'play' if game == 'rumoli' else 'move'} {len(record['moves']) + 1}"
        extra = ["play", 0, record["hands"][0][0]] if game == "rumoli" else [0, "end"]

        def change(r: dict[str, Any]) -> None:
            r["moves"].append(list(extra))

    return [Edit(count, place, change)]


def wrong_result(field: str) -> Callable[[type[GameState[Any, Any]], dict[str, Any]], list[Edit]]:
    """The record's result with ``field`` (of the first player's entry, or of the result)
    changed by one."""

    def edits(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
        def change(r: dict[str, Any]) -> None:
            result = r["result"]
            entry = result[0] if isinstance(result, list) else result
            value = entry[field]
            entry[field] = value[:-1] if isinstance(value, list) else value + 1

        if isinstance(record["result"], list) and record["result"][0][field] == []:
            return []  # an empty Römer team: nothing to take away
        return [Edit(None, "result", change)]

    return edits


# -- trick games: Roi, Differenzler, Roimat ---------------------------------------------------


def led_colour(state: Any) -> str | None:
    plays = state.plays()
    return plays[0][0] if plays else None


def roi_must_follow(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A card of another colour while the player holds the colour led."""
    led, hand = led_colour(state), state.hands[state.turn]
    if led is None or not any(c[0] == led for c in hand):
        return None
    other = [c for c in hand if c[0] != led]
    if not other:
        return None
    return edit_move(index, step, text=state.move_text(other[index % len(other)]))


def roi_highest(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """First manche: a player who cannot follow discards a card other than his highest."""
    led, hand = led_colour(state), state.hands[state.turn]
    if state.manche != 0 or led is None or any(c[0] == led for c in hand):
        return None
    lower = [c for c in hand if c not in state.legal_moves()]
    if not lower:
        return None
    return edit_move(index, step, text=state.move_text(lower[index % len(lower)]))


def differenzler_card(
    want: str,
) -> AtMove:
    """A card the rules of §4.5 forbid, of the case ``want``: ``follow`` (another plain
    colour, no trump in the pli), ``follow_after_trump`` (the same after a trump was played),
    ``undertrump`` (a lower trump while holding the colour led), ``trump`` (not a trump
    when trump is led and a trump other than the Buur is held)."""

    def at(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
        if state.opening() or not step.place.startswith("trick"):
            return None
        plays, hand, trump = state.plays(), state.hands[state.turn], state.trump
        if not plays:
            return None
        led = plays[0][0]
        legal = state.legal_moves()
        forbidden = [c for c in hand if c not in legal]
        holds_led = any(c[0] == led for c in hand)
        trumped = any(c[0] == trump for c in plays)
        if want == "trump":
            cases = forbidden if led == trump else []
        elif led == trump or not holds_led:
            cases = []
        elif want == "undertrump":
            cases = [c for c in forbidden if c[0] == trump]
        else:
            cases = [c for c in forbidden if c[0] not in (led, trump)]
            if trumped != (want == "follow_after_trump"):
                cases = []
        if not cases:
            return None
        return edit_move(index, step, text=state.move_text(cases[index % len(cases)]))

    return at


def estimate_beyond(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """An estimate above the 157 points of a round."""
    if step.place != "estimates":
        return None
    seat, points = step.seat, 158 + index * 37

    def change(record: dict[str, Any]) -> None:
        record["estimates"][seat] = points

    return Edit(index, step.place, change)


def card_before_estimate(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The first estimate left out: the first card comes before it."""
    first = (record["dealer"] - 1) % 4

    def change(r: dict[str, Any]) -> None:
        r["estimates"][first] = None

    return [Edit(0, "trick 1, play 1", change)]


def roimat_forbidden(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A card §9 forbids (one of ``fault_moves``), not marked as a faute."""
    if not step.place.startswith("trick") or step.fault:
        return None
    faults = [state.move_text(m) for m in state.fault_moves()]
    if not faults:
        return None
    return edit_move(index, step, text=faults[index % len(faults)], fault=False)


def roimat_breaking(want: str) -> AtMove:
    """A card §9 forbids, of the obligation ``want`` broken: ``follow`` (another colour
    while holding the colour led), ``climb`` (a lower card of the colour led, an opponent's
    card master), ``trump`` (void, another colour while holding a trump), ``overtrump`` (a
    lower trump, an opponent's trump master), not marked as a faute."""

    def at(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
        donne = state.donne
        if not step.place.startswith("trick") or step.fault or not donne.trick:
            return None
        plays = donne.trick.plays
        if not plays or len(plays) == 4:
            return None
        led, trump = CODE[plays[0][1]][-1], COLOUR_LETTERS[donne.trump]
        hand = held(state, state.to_move)
        holds_led = any(c[-1] == led for c in hand)
        faults = [state.move_text(m) for m in state.fault_moves()]
        colour = {
            "follow": lambda c: holds_led and c[-1] != led,
            "climb": lambda c: holds_led and c[-1] == led,
            "trump": lambda c: not holds_led and c[-1] != trump,
            "overtrump": lambda c: not holds_led and c[-1] == trump,
        }[want]
        cases = [m for m in faults if colour(m.split(">")[0])]
        if not cases:
            return None
        return edit_move(index, step, text=cases[index % len(cases)], fault=False)

    return at


def roimat_unmarked(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A faute de jeu the record made, its mark taken away."""
    return edit_move(index, step, fault=False) if step.fault else None


def roimat_marked(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A card §9 allows, marked as a faute."""
    if not step.place.startswith("trick") or step.fault:
        return None
    return edit_move(index, step, fault=True)


def roimat_sent(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A Dame or Tour sent to a seat §8 does not offer (a Tour to the partner)."""
    if ">" not in step.text:
        return None
    card = state.parse_move(step.text).card
    choices = state.donne.choices(card)
    wrong = [s for s in range(4) if s not in choices and s != state.to_move]
    if not wrong:
        return None
    return edit_move(index, step, text=f"{card_of(step)}>{SEATS[wrong[0]]}")


def roimat_roi_not_held(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The trump announced: a colour whose Roi the announcer does not hold."""
    announcer = record["announcer"]
    lacking = [c for c in COLOUR_LETTERS if f"R{c}" not in record["deal"][announcer]]
    if not lacking:
        return []

    def change(r: dict[str, Any]) -> None:
        r["trump"] = lacking[0]

    return [Edit(0, "announcer", change)]


def roimat_not_dealer(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The trump announced by the dealer's left-hand neighbour, of a Roi he holds (club
    rule: the dealer announces)."""
    left = SEATS[(SEATS.index(record["dealer"]) + 1) % 4]
    his = [c for c in COLOUR_LETTERS if f"R{c}" in record["deal"][left]]
    if not his:
        return []

    def change(r: dict[str, Any]) -> None:
        r["announcer"], r["trump"] = left, his[0]

    return [Edit(0, "announcer", change)]


def roimat_surcontre(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """A surcontre where its contre was not made."""
    edits = []
    for contract in ("plis", "roi"):
        if not record[f"contre_{contract}"]:
            name = f"surcontre_{contract}"
            edits.append(Edit(None, name, lambda r, name=name: r.__setitem__(name, True)))
    return edits


# -- Rumoli ------------------------------------------------------------------------------


def rumoli_not_next(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """The player of the next card of the sequence plays another card of his hand."""
    if not step.text.startswith("play"):
        return None
    due = card_of(step)
    other = [c for c in held(state, state.to_move) if c != due]
    if not other:
        return None
    return edit_move(index, step, text=f"play {other[index % len(other)]}")


def rumoli_lead_not_lowest(
    index: int, step: Step, state: Any, previous: Step | None
) -> Edit | None:
    """A lead of a card other than the lowest of its colour (irregularity 1), the record not
    counting it."""
    if not step.text.startswith("lead") or step.fault:
        return None
    lowest = card_of(step)
    colour = state.parse_move(step.text).card[0]
    higher = [c for c in held(state, state.to_move) if c != lowest]
    higher = [c for c in higher if state.parse_move(f"lead {c}").card[0] == colour]
    if not higher:
        return None
    return edit_move(index, step, text=f"lead {higher[0]}")


def rumoli_take_back(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """A card of the sequence taken back, though no lead of the colour just played was
    made."""
    if not step.text.startswith("play"):
        return None
    return edit_move(index, step, text=f"take_back {card_of(step)}")


def rumoli_buyer(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The dead hand sold to another player than the highest bidder."""
    sold = record["dead_hand"]
    if sold["bids"] is None or sold["taken_by"] is None:
        return []
    other = next(
        p for p in range(record["players"]) if p not in (record["dealer"], sold["taken_by"])
    )

    def change(r: dict[str, Any]) -> None:
        r["dead_hand"]["taken_by"] = other

    return [Edit(None, "dead_hand", change)]


def rumoli_price(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The dead hand taken by the dealer, at a price."""
    if record["dead_hand"]["taken_by"] != record["dealer"]:
        return []

    def change(r: dict[str, Any]) -> None:
        r["dead_hand"]["price"] = 2

    return [Edit(None, "dead_hand", change)]


def roimat_annulled(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The donne annulled by its announcer, under the club rule."""
    return [Edit(0, "announcer", lambda r: r.__setitem__("annulled", True))]


def roimat_annul_not_sec(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The donne annulled on a Roi that is not alone in its colour (official rule)."""
    if record.get("annulled") or record.get("void"):
        return []
    hand = record["deal"][record["announcer"]]
    if sum(c[-1] == record["trump"] for c in hand) < 2:
        return []
    return [Edit(0, "announcer", lambda r: r.__setitem__("annulled", True))]


def roimat_partner(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """The dealer's partner announces a Roi of his though the dealer holds one (official
    rule)."""
    if record.get("void") or record["announcer"] != record["dealer"]:
        return []
    partner = SEATS[(SEATS.index(record["dealer"]) + 2) % 4]
    his = [c for c in COLOUR_LETTERS if f"R{c}" in record["deal"][partner]]
    if not his:
        return []

    def change(r: dict[str, Any]) -> None:
        r["announcer"], r["trump"] = partner, his[0]

    return [Edit(0, "announcer", change)]


def rumoli_stakes(cls: type[GameState[Any, Any]], record: dict[str, Any]) -> list[Edit]:
    """A player who lays two chips on a boodle card instead of one."""
    player = (record["dealer"] + 1) % record["players"]

    def change(r: dict[str, Any]) -> None:
        r["stakes"][player][0] += 1

    return [Edit(None, "stakes", change)]


# -- Römer -------------------------------------------------------------------------------


def romer_kind(when: Callable[[Any, str], bool], into: str) -> AtMove:
    """A move of the kind ``when`` accepts (given the state and the move's kind) made as a
    move of kind ``into`` with the same card (``end``: no card)."""

    def at(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
        kind = step.text.split()[0]
        if not when(state, kind):
            return None
        text = "end" if into == "end" else f"{into} {card_of(step)}"
        return edit_move(index, step, text=text)

    return at


def in_opening(state: Any, kind: str) -> bool:
    return state._opening()


def in_pli(state: Any, kind: str) -> bool:
    return bool(state.position.trick)


def free_move(state: Any, kind: str) -> bool:
    """Between plis, after the opening, the player holding a trump and not alone."""
    p = state.position
    return not (state._opening() or p.trick or state._alone()) and bool(p.teams[p.turn])


def trump_lost(state: Any, kind: str) -> bool:
    p = state.position
    return not (state._opening() or p.trick or state._alone()) and not p.teams[p.turn]


def romer_alone(index: int, step: Step, state: Any, previous: Step | None) -> Edit | None:
    """The last player holding cards leads one instead of adding it or ending."""
    if not state._alone():
        return None
    hand = held(state, state.to_move)
    return edit_move(index, step, text=f"lead {hand[index % len(hand)]}")


# -- the cases ---------------------------------------------------------------------------

MoveKind = Callable[[type[GameState[Any, Any]], dict[str, Any]], list[Edit]]
#: The point of issue #23 the other fix covers (its cases start passing when it merges).
POINT_6 = "issue #23 point 6: "


def case(
    game: str,
    name: str,
    rule: str,
    kind: MoveKind | AtMove,
    code: str,
    french: str,
    xfail: str = "",
    each: int = 1,
) -> Any:
    """A row of the table: the game, the mutation, the rule's sentence (seed or ROIMAT.md),
    the mutation, the code the verifier must name, a fragment of its French text, and how
    many mutants a record gives at most (at different moves)."""
    edits = kind if getattr(kind, "__code__", None) and kind.__code__.co_argcount == 2 else None
    make = edits if edits is not None else each_move(kind)  # type: ignore[arg-type]
    marks = [pytest.mark.xfail(strict=True, reason=xfail)] if xfail else []
    return pytest.param(game, rule, make, code, french, each, id=f"{game}-{name}", marks=marks)


CASES = [
    # Roimat: ROIMAT.md (the project's reading of roimat-a-distance-et-regle.txt)
    case(
        "roimat",
        "card-not-held",
        "§3: The dealer deals clockwise starting at his left, in packets of 1, 2, 3, 2, 1"
        " cards (9 each).",
        not_in_hand,
        "not_in_hand",
        "n'a pas cette carte",
    ),
    case(
        "roimat",
        "out-of-turn",
        "§8: First player L plays c1; the second player is: … The last seat plays fourth.",
        out_of_turn,
        "out_of_turn",
        "n'était pas",
    ),
    case(
        "roimat",
        "card-9-forbids",
        "§9: A play that breaks these obligations is a faute de jeu (§5).",
        roimat_forbidden,
        "illegal_card",
        "§9",
    ),
    case(
        "roimat",
        "not-following",
        "§9: 1. p holds Lc: he must play Lc.",
        roimat_breaking("follow"),
        "illegal_card",
        "§9",
    ),
    case(
        "roimat",
        "not-climbing",
        "§9: 1. … If the master belongs to an opponent, is of colour Lc and is not a Pion, he"
        ' must play a higher Lc card when he has one ("monter")',
        roimat_breaking("climb"),
        "illegal_card",
        "§9",
    ),
    case(
        "roimat",
        "not-trumping",
        "§9: 2. p is void in Lc: … Otherwise he must trump if he can",
        roimat_breaking("trump"),
        "illegal_card",
        "§9",
    ),
    case(
        "roimat",
        "not-overtrumping",
        "§9: 2. … if an opponent's trump (not a Pion) is master he must overtrump when able",
        roimat_breaking("overtrump"),
        "illegal_card",
        "§9",
    ),
    case(
        "roimat",
        "faute-not-marked",
        "§9: A play that breaks these obligations is a faute de jeu (§5).",
        roimat_unmarked,
        "illegal_card",
        "§9",
    ),
    case(
        "roimat",
        "legal-card-marked",
        "§9: A play that breaks these obligations is a faute de jeu (§5).",
        roimat_marked,
        "marked_legal",
        "faute de jeu",
    ),
    case(
        "roimat",
        "sent-to-a-seat-8-denies",
        "§8: Tour | L's choice: left(L) or right(L)",
        roimat_sent,
        "needs_choice",
        "le joueur suivant n'est pas l'un de ceux que permet le §8",
    ),
    case(
        "roimat",
        "trump-of-a-roi-not-held",
        "§3: Official rule: the dealer announces a colour whose Roi he holds",
        roimat_roi_not_held,
        "announcement_refused",
        "interdite",
    ),
    case(
        "roimat",
        "announced-by-another",
        "§3: Club rule (Antony): the dealer redeals until he holds a Roi; he announces.",
        roimat_not_dealer,
        "out_of_turn",
        "n'était pas",
    ),
    case(
        "roimat",
        "annulled-under-the-club-rule",
        "§3: If the announced Roi is alone in its colour (sec), the announcer may annul the"
        " donne … Club rule (Antony): the dealer redeals until he holds a Roi; he announces.",
        roimat_annulled,
        "announcement_refused",
        "interdite",
    ),
    case(
        "roimat-official",
        "annulled-on-a-roi-not-sec",
        "§3: If the announced Roi is alone in its colour (sec), the announcer may annul the donne",
        roimat_annul_not_sec,
        "announcement_refused",
        "interdite",
    ),
    case(
        "roimat-official",
        "partner-announces-though-the-dealer-holds-a-roi",
        "§3: Official rule: the dealer announces a colour whose Roi he holds; if he has none,"
        " his partner must announce one of his.",
        roimat_partner,
        "out_of_turn",
        "n'était pas",
    ),
    case(
        "roimat",
        "surcontre-without-contre",
        "§4: (b) … may surcontre the 5 plis (only if contred); (c) EP may surcontre the Roi au"
        " bout (only if contred).",
        roimat_surcontre,
        "surcontre_without_contre",
        "un surcontre demande son contre",
    ),
    case(
        "roimat",
        "card-after-the-end",
        '§4: EP contract, "Roi au bout": the trump Roi wins the 9th (last) trick.',
        after_the_end,
        "over",
        "déjà finie",
    ),
    case(
        "roimat",
        "wrong-result",
        "§7: Refuse, with a message that names the field",
        wrong_result("plis_ns"),
        "wrong_result",
        "résultat",
    ),
    # Roi: roi-regle.txt
    case(
        "roi",
        "card-not-held",
        "Chaque joueur reçoit ensuite 13 cartes, une par une.",
        not_in_hand,
        "not_in_hand",
        "n'a pas cette carte",
    ),
    case(
        "roi",
        "out-of-turn",
        "Ce dernier doit mener le tour suivant.",
        out_of_turn,
        "out_of_turn",
        "n'était pas",
    ),
    case(
        "roi",
        "not-following",
        "un joueur peut gagner une levée en coupant avec un atout quand il ne peut pas fournir"
        " la couleur portée par la première carte jouée.",
        roi_must_follow,
        "must_follow",
        "fournir",
    ),
    case(
        "roi",
        "not-the-highest-discard",
        "Si le joueur qui doit jouer ne peut pas fournir une couleur identique à celle de la"
        " carte d’entame, il doit se défaire de sa plus haute carte, lors de la première"
        " manche.",
        roi_highest,
        "must_discard_highest",
        "plus haute",
        each=4,  # a first manche every 10: several discards of each
    ),
    case(
        "roi",
        "card-after-the-end",
        "Lorsque le joueur a déposé la carte d’entame et que tous les autres joueurs se sont"
        " exécutés, c’est le joueur qui aura fourni la plus forte carte qui emporte la levée.",
        after_the_end,
        "over",
        "déjà finie",
    ),
    case(
        "roi",
        "wrong-result",
        "c’est le joueur qui aura fourni la plus forte carte qui emporte la levée",
        wrong_result("plis"),
        "wrong_result",
        "résultat",
    ),
    # Differenzler: differenzler-jass-regle.txt
    case(
        "differenzler",
        "card-not-held",
        "4.1: Chaque participant recoit 3 x 3 cartes.",
        not_in_hand,
        "not_in_hand",
        "n'a pas cette carte",
    ),
    case(
        "differenzler",
        "out-of-turn",
        "4.4: Dans le sens contraire des aiguilles d’'une montre, les trois autres participants"
        " posent chacun a leur tour une carte",
        out_of_turn,
        "out_of_turn",
        "n'était pas",
    ),
    case(
        "differenzler",
        "not-following",
        "4.5: il a le choix entre suivre la couleur, quel que soit le rang de sa carte, ou couper",
        differenzler_card("follow"),
        "must_follow",
        "fournir",
    ),
    case(
        "differenzler",
        "not-following-after-a-trump",
        "4.5: il a le choix entre suivre la couleur, quel que soit le rang de sa carte, ou couper",
        differenzler_card("follow_after_trump"),
        "must_follow",
        "fournir",
    ),
    case(
        "differenzler",
        "undertrumping",
        "4.5: Néanmoins, si un atout a déja été posé, le participant ne peut poser un atout"
        " inférieur (sous-couper) que s’il ne possede pas la couleur.",
        differenzler_card("undertrump"),
        "undertrump",
        "sous-couper",
    ),
    case(
        "differenzler",
        "not-trumping-on-trump",
        "4.5: Si la premiere carte posée est un atout, tous les joueurs devront jouer atout, a"
        " I’exception du valet/Under d’atout (buur).",
        differenzler_card("trump"),
        "must_trump",
        "Bour",
    ),
    case(
        "differenzler",
        "estimate-above-157",
        "3.2: [I]l y a un total de 157 (cent cinquante-sept) points en jeu.",
        estimate_beyond,
        "range",
        "157",
    ),
    case(
        "differenzler",
        "card-before-the-estimate",
        "4.3: Chaque participant inscrit le nombre de points qu’il devrait marquer dans ce tour",
        card_before_estimate,
        "estimate_first",
        "d'abord son annonce",
    ),
    case(
        "differenzler",
        "card-after-the-end",
        "4.6: Lorsque tous les participants ont posé une carte en application des regles du"
        " point 4.5",
        after_the_end,
        "over",
        "déjà finie",
    ),
    case(
        "differenzler",
        "wrong-result",
        "3.2: [I]l y a un total de 157 (cent cinquante-sept) points en jeu.",
        wrong_result("points"),
        "wrong_result",
        "résultat",
    ),
    # Rumoli: rumoli-regle.txt
    case(
        "rumoli",
        "card-not-held",
        "C'est celui qui a la carte suivante dans l'ordre croissant",
        not_in_hand,
        "not_in_hand",
        "n'a pas cette carte",
    ),
    case(
        "rumoli",
        "out-of-turn",
        "Le joueur qui joue après lui n'est pas nécessairement celui qui est assis à sa gauche."
        " C'est celui qui a la carte suivante dans l'ordre croissant",
        out_of_turn,
        "out_of_turn",
        "n'était pas",
    ),
    case(
        "rumoli",
        "card-out-of-sequence",
        "si l'ouvreur a entamé la levée avec le 2 de cœur, c'est le joueur qui détient le 3 de"
        " cœur qui joue le deuxième.",
        rumoli_not_next,
        "not_next",
        "séquence",
    ),
    case(
        "rumoli",
        "lead-not-the-lowest-uncounted",
        "Irrégularités : 1- Si un joueur entame une Couleur par une autre carte que la carte la"
        " plus basse de sa main, il donne un jeton à chacun de ses adversaires.",
        rumoli_lead_not_lowest,
        "irregularity_1",
        "plus basse",
    ),
    case(
        "rumoli",
        "take-back-not-due",
        "3- Entamer une Séquence avec une carte d'une Couleur déjà jouée … on doit corriger"
        " l'erreur avant que la carte d'entame ne soit couverte par une autre.",
        rumoli_take_back,
        "not_now",
        "ne peut pas",
    ),
    case(
        "rumoli",
        "dead-hand-not-to-the-highest-bid",
        "Le joueur qui a fait la meilleure enchère paie la main du mort au donneur en jetons.",
        rumoli_buyer,
        "dead_hand_buyer",
        "plus offrant",
    ),
    case(
        "rumoli",
        "dead-hand-taken-at-a-price",
        "S'il n'en est pas satisfait, il peut la mettre de côté et prendre la main du mort.",
        rumoli_price,
        "dead_hand_price",
        "sans prix",
    ),
    case(
        "rumoli",
        "stake-not-standard",
        "chacun met un jeton sur chacune des cartes du tableau. Le donneur, lui, doit mettre"
        " deux jetons sur chaque carte.",
        rumoli_stakes,
        "stakes_standard",
        "mises",
    ),
    case(
        "rumoli",
        "move-after-the-end",
        "Le coup prend fin quand l'un des joueurs se débarrasse de sa dernière carte.",
        after_the_end,
        "over",
        "déjà finie",
    ),
    case(
        "rumoli",
        "wrong-result",
        "Chacun des autres joueurs lui donne alors un jeton par carte qu'il a encore en main.",
        wrong_result("cards_left"),
        "wrong_result",
        "résultat",
    ),
    # Römer: romer-regle.txt
    case(
        "romer",
        "card-not-held",
        "2-1: Un joueur choisit une carte et la pose face cachée sur sa carte atout",
        not_in_hand,
        "not_in_hand",
        "n'a pas cette carte",
    ),
    case(
        "romer",
        "out-of-turn",
        "1) On commence avec le joueur à gauche du donneur.",
        out_of_turn,
        "out_of_turn",
        "n'était pas",
    ),
    case(
        "romer",
        "no-trump-first",
        "1) Chaque joueur pose une carte de la couleur choisie, et pioche une carte pour la"
        " remplacer.",
        romer_kind(in_opening, "pose"),
        "opening_trump",
        "atout",
    ),
    case(
        "romer",
        "no-card-to-the-pli",
        "2-2: Tous les autres joueurs doivent alors aussi jouer une carte dans le même tour.",
        romer_kind(in_pli, "lead"),
        "must_play",
        "pli",
    ),
    case(
        "romer",
        "playing-to-no-pli",
        "2) A son tour, un joueur a deux possibilités : 1 -Ajouter une carte … 2-Jouer une carte",
        romer_kind(lambda state, kind: free_move(state, kind) and kind == "lead", "play"),
        "no_pli",
        "pli",
    ),
    case(
        "romer",
        "no-new-trump-after-losing-it",
        "Cas particuliers: Après son tour (où il doit poser un nouvel atout, le joueur à sa"
        " gauche poursuit.",
        romer_kind(trump_lost, "pose"),
        "must_place_trump",
        "il en pose un nouveau",
    ),
    case(
        "romer",
        "ending-while-others-hold-cards",
        "Cas particuliers: Si seulement un joueur possède encore des cartes en main, il peut"
        " alors poser autant de cartes qu’il souhaite … La manche prend fin immédiatement.",
        romer_kind(free_move, "end"),
        "not_alone",
        "dernier",
    ),
    case(
        "romer-2",
        "leading-alone",
        "Cas particuliers: Si seulement un joueur possède encore des cartes en main, il peut"
        " alors poser autant de cartes qu’il souhaite pour compléter son équipe.",
        romer_alone,
        "alone",
        "seul",
        each=3,  # a manche in 60 leaves one player alone: each of his moves
    ),
    case(
        "romer",
        "move-after-the-end",
        "3) Dès qu’un joueur a 7 cartes dans son équipe … le jeu est fini.",
        after_the_end,
        "over",
        "déjà finie",
    ),
    case(
        "romer",
        "wrong-result",
        "4) Chaque carte posée est comptée séparément",
        wrong_result("cards"),
        "wrong_result",
        "résultat",
    ),
]


@pytest.mark.parametrize("game", GAMES)
def test_a_seeded_batch_of_each_game_verifies_clean(game):
    cls = GAMES[game][0]
    records = [json.loads(text) for text in batch(game)]
    assert len(records) == ROUNDS[game]
    assert [first_refusal(cls, record) for record in records] == [None] * len(records)
    if game.startswith("roimat"):  # fautes de jeu made, marked, verified and scored
        assert sum(len(record["faults"]) for record in records) > 10
    if game == "rumoli":  # irregularities made, verified and counted
        assert (
            sum(e["irregularite_2"] + e["irregularite_1"] for r in records for e in r["result"])
            > 10
        )


def mutants(game: str, make: MoveKind, each: int = 1) -> Iterator[tuple[int, dict[str, Any], Edit]]:
    """Up to ``MOST`` mutants of the game's batch, ``each`` a record at most, at places
    drawn among those where the mutation can be made."""
    cls = GAMES[game][0]
    rng = random.Random(f"{game}-{getattr(make, '__name__', '')}")
    made = 0
    for number, text in enumerate(batch(game)):
        edits = make(cls, json.loads(text))
        if not edits:
            continue
        for edit in rng.sample(edits, min(each, len(edits))):
            mutant = json.loads(text)
            edit.change(mutant)
            yield number, mutant, edit
            made += 1
            if made == MOST:
                return


@pytest.mark.parametrize("game, rule, make, code, french, each", CASES)
def test_every_single_rule_mutation_is_refused_at_its_move_naming_the_rule(
    game, rule, make, code, french, each
):
    cls = GAMES[game][0]
    applied, missed, texts = 0, [], set()
    for number, mutant, edit in mutants(game, make, each):
        applied += 1
        refusal = first_refusal(cls, mutant)
        got = refusal and (refusal.index if edit.index is not None else None, refusal.place)
        if refusal is None or got != (edit.index, edit.place) or refusal.code != code:
            missed.append((number, edit.index, edit.place, refusal and str(refusal)))
            continue
        with translation.override("fr"):
            texts.add(refusal_text(refusal, lambda seat: f"joueur {seat + 1}", cls))
    assert applied >= MINIMUM, f"only {applied} records allow this mutation"
    assert missed == [], f"{len(missed)} of {applied} not refused as {code}: {missed[:3]}"
    assert all(text.endswith(f"[{code}]") and french in text for text in texts), texts
