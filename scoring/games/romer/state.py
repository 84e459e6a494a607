"""A manche of Römer played move by move behind the play interface (``scoring.play.state``).

The rules (seed ``romer-regle.txt``), for 2 to 6 players, with the cards of ``cards`` (the
rule option ``values`` spreads their points): the dealer deals 15 cards to each player, the
rest is the draw pile. A move is a ``Move`` ``(kind, card)``, written as text:

- the opening (§1): each player in turn from the dealer's left places his trump card
  (``trump 15XX``): its colour is his personal trump;
- then the player to move, first the dealer's left, either adds a card to his team, face down
  (``pose 15XX``, §2-1), or renews his trump (``trump 15XX``: his team is discarded, the card
  is his new trump, §1), and draws a card; or leads a card (``lead 15XX``, §2-2): every other
  player holding cards plays one, in turn clockwise (``play 15XX``), any card he likes;
- a player whose team is empty (he lost his trump) places a new trump before anything else;
- the pli (§2-2-1 to §2-2-3): a card of a player's trump colour, when the colour led is not
  his trump's, trumps it. A trumped pli goes to the highest trump (combat value; the first
  played on a tie); only its winner draws; every player who did not play the colour led
  (those without a card in hand too, "as if they could not follow") loses the last card of
  his team to the winner, who adds them in the order of play, up to seven cards (the others
  are discarded: "Cas particuliers"); a trumper beaten by a higher trump loses his too unless
  the option ``outcut_loses`` is false. A pli not trumped goes to the highest card of the
  colour led (the first played on a tie) and each player who played that colour draws. The
  winner moves next, unless a player lost his trump in the pli: he moves first ("Cas
  particuliers"). The cards of a pli are discarded;
- a player without a card in hand is passed over; when only one player holds cards he adds
  cards to his team (``pose``, ``trump`` when his team is empty, no draw) until he ends the
  manche (``end``);
- when the draw pile is empty the discard pile is shuffled into a new one, by a generator
  seeded with the deal's ``shuffle`` number and how many times it was shuffled before
  (``reshuffled``), so that a record replays the same draws;
- the manche ends as soon as a team holds seven cards (§3), or when no player holds a card.

Open points read here: the draw after a card added to the team is automatic (the seed says
the player "may" draw); a César has combat value 0 (it follows a colour, trumps, but beats
nothing); Césars may be trumps; the last player holding cards draws no more.

``result()`` is each player's entry for the sheet: his team, ``{"cards": [[colour, points],
…]}`` trump first (``rules.Romer`` checks and scores it); ``returns()`` its points so far.
``observation(seat)`` shows each team's trump face up and its other cards face down, but those
the seat placed itself; another player's ``pose`` without its card. The record: ``{"game":
"romer", "players", "dealer", "options": {"values", "outcut_loses"}, "hands", "pile",
"shuffle", "moves": [[player, move text], …], "result"}``; its moves are ``move 1``, ``move
2`` … ``RomerTable`` deals manche after manche, the dealer turning from player 0. Table
options: the sheet's (``rules.Romer.option_specs``) and ``players`` (2 to 6, 4 by default).
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.play.state import GameState, MoveError, RecordError, Step, Table, below

from ..records import whole
from .cards import Card, card, code, deck, faces
from .messages import (
    CARD_LEGEND,
    CHOICE_WORDS,
    MOVE_WORDS,
    PLACE_NAMES,
    REFUSAL_MESSAGES,
    TOKEN_WORDS,
)
from .rules import ROMER, TEAM, team_points

HAND = 15  # cards dealt to each player
DEFAULT_PLAYERS = 4
#: How often a random player chooses each kind of move where it has the choice: a random
#: player renewing its trump as often as it adds a card would seldom finish a manche.
RANDOM_KINDS = (("pose", 5), ("lead", 4), ("trump", 1))
#: A move: its kind (``trump``, ``pose``, ``lead``, ``play``, ``end``) and its card.
Move = tuple[str, Card | None]
Entries = list[dict[str, list[list[int]]]]
STOP: Move = ("end", None)


def reshuffled(cards: Sequence[Card], shuffle: int, count: int) -> list[Card]:
    """The discard pile ``cards`` shuffled into a new draw pile, the ``count``-th time
    (0-based) in a manche dealt with ``shuffle``: the same cards always give the same pile."""
    pile = list(cards)
    random.Random(f"romer {shuffle} {count}").shuffle(pile)
    return pile


@dataclass(frozen=True)
class Position:
    """Everything a move changes, immutable (``pop`` goes back to the previous one): the
    ``hands``, the ``teams`` (trump first) with ``seen`` (per card, whether its owner placed
    it: he knows it), the draw ``pile`` (next card first), the ``discard`` pile, how many
    times it was ``shuffles``d, the seat to move (``turn``), the pli being played
    (``trick``: (seat, card) in order), how many opening trumps were ``placed`` and whether
    the last player holding cards ended the manche (``stopped``)."""

    hands: tuple[tuple[Card, ...], ...]
    teams: tuple[tuple[Card, ...], ...]
    seen: tuple[tuple[bool, ...], ...]
    pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    shuffles: int
    turn: int
    trick: tuple[tuple[int, Card], ...] = ()
    placed: int = 0
    stopped: bool = False


class Work:
    """A position being changed by one move: mutable lists, then ``freeze``."""

    def __init__(self, p: Position, shuffle: int) -> None:
        self.hands = [list(h) for h in p.hands]
        self.teams = [list(t) for t in p.teams]
        self.seen = [list(s) for s in p.seen]
        self.pile, self.discard = list(p.pile), list(p.discard)
        self.shuffles, self.shuffle = p.shuffles, shuffle

    def draw(self, seat: int) -> None:
        """``seat`` draws a card; the discard pile is shuffled in when the pile is empty."""
        if not self.pile and self.discard:
            self.pile = reshuffled(self.discard, self.shuffle, self.shuffles)
            self.shuffles += 1
            self.discard = []
        if self.pile:
            self.hands[seat].append(self.pile.pop(0))

    def holder_from(self, seat: int) -> int:
        """The first seat from ``seat`` clockwise that holds cards (-1: none)."""
        n = len(self.hands)
        return next((s % n for s in range(seat, seat + n) if self.hands[s % n]), -1)

    def freeze(self, turn: int, **changes: Any) -> Position:
        return Position(
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.teams)),
            tuple(map(tuple, self.seen)),
            tuple(self.pile),
            tuple(self.discard),
            self.shuffles,
            turn,
            **changes,
        )


def distinct(cards: Sequence[Card]) -> list[Card]:
    """Each card once, in the hand's order."""
    return list(dict.fromkeys(cards))


class RomerState(GameState[Move, Entries]):
    """A manche of Römer for ``players`` (2–6) dealt by ``dealer``: ``hands`` (15 cards
    each), the draw ``pile``, the ``shuffle`` number of its reshuffles, and the rule
    ``options`` (``values``, ``outcut_loses``): see the module docstring."""

    game = "romer"
    refusal_messages = REFUSAL_MESSAGES
    move_words, place_names = MOVE_WORDS, PLACE_NAMES
    choice_words, token_words, card_legend = CHOICE_WORDS, TOKEN_WORDS, CARD_LEGEND
    card_faces = faces()

    def __init__(
        self,
        players: int,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        pile: Sequence[Card],
        shuffle: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        self.seats, self.dealer, self.shuffle = players, dealer, shuffle
        options = options or {}
        self.options = {key: ROMER.option(options, key) for key in ("values", "outcut_loses")}
        self.deal = tuple(tuple(hand) for hand in hands)
        self.dealt_pile = tuple(pile)
        empty: tuple[tuple[Any, ...], ...] = ((),) * players
        self.position = Position(
            self.deal, empty, empty, self.dealt_pile, (), 0, (dealer + 1) % players
        )
        self._undo: list[Position] = []
        self.moves: list[tuple[int, Move]] = []

    @classmethod
    def table(cls, options: Mapping[str, Any], rng: random.Random) -> RomerTable:
        players = options.get("players", DEFAULT_PLAYERS)
        sheet = {k: v for k, v in options.items() if k != "players"}
        problems = ROMER.option_problems(sheet)
        low, high = ROMER.seats
        if problems or isinstance(players, bool) or players not in range(low, high + 1):
            raise ValueError(str(problems[0]) if problems else f"{players!r} players")
        return RomerTable(rng, players, sheet)

    # -- reading the state ----------------------------------------------------------------

    @property
    def to_move(self) -> int:
        return -1 if self.is_over() else self.position.turn

    def is_over(self) -> bool:
        p = self.position
        return (
            p.stopped
            or any(len(team) == TEAM for team in p.teams)
            or (not p.trick and not any(p.hands))
        )

    def _opening(self) -> bool:
        return self.position.placed < self.seats

    def _alone(self) -> bool:
        """Whether one player alone holds cards, between plis: he only adds to his team."""
        p = self.position
        return not p.trick and not self._opening() and sum(map(bool, p.hands)) == 1

    def _kinds(self) -> list[str]:
        """The kinds of move allowed now (``end`` included)."""
        if self.is_over():
            return []
        p = self.position
        if p.trick:
            return ["play"]
        alone = self._alone()
        if self._opening() or not p.teams[p.turn]:
            kinds = ["trump"]
        else:
            kinds = ["pose"] if alone else ["pose", "lead", "trump"]
        return [*kinds, "end"] if alone else kinds

    def legal_moves(self) -> list[Move]:
        """Each kind of move allowed now, with each distinct card of the hand."""
        kinds = self._kinds()
        hand = distinct(self.position.hands[self.position.turn]) if kinds else []
        moves: list[Move] = [(kind, c) for kind in kinds if kind != "end" for c in hand]
        return [*moves, STOP] if "end" in kinds else moves

    def is_legal(self, move: Move) -> bool:
        kind, played = move
        if kind not in self._kinds():
            return False
        return played is None if kind == "end" else played in self.position.hands[self.to_move]

    def refusal(self, move: Move) -> tuple[str, str]:
        kind, played = move
        p = self.position
        player = f"player {p.turn + 1}"
        if self.is_over():
            return "over", "the manche is over"
        if played is not None and played not in p.hands[p.turn]:
            return "not_in_hand", f"{player} does not hold {code(played)}"
        if self._opening():
            return "opening_trump", f"{player} first places his trump card"
        if p.trick:
            return "must_play", f"a pli is played: {player} plays a card to it"
        if kind == "play":
            return "no_pli", "no pli is being played: a card is led"
        if self._alone():
            return "alone", f"only {player} holds cards: he adds to his team or ends the manche"
        if kind == "end":
            return "not_alone", "a player ends the manche only when he alone holds cards"
        if not p.teams[p.turn]:
            return "must_place_trump", f"{player} has no trump: he places a new one"
        return "forbidden", f"{self.move_text(move)} is not allowed now"

    def hand(self, seat: int) -> list[str]:
        return [code(c) for c in self.position.hands[seat]]

    def team_cards(self, seat: int) -> list[list[int]]:
        """``seat``'s team as the sheet writes it: ``[colour, points]``, trump first."""
        return [[colour, points] for colour, _combat, points in self.position.teams[seat]]

    def _shown(self, seat: int, move: Move, to: int) -> str:
        """The text of ``seat``'s ``move`` as ``to`` sees it: a card added to a team is face
        down."""
        if move[0] == "pose" and seat != to:
            return "pose"
        return self.move_text(move)

    def observation(self, seat: int) -> dict[str, Any]:
        """Own hand; the dealer; each team, its trump face up, its other cards face down
        (``"?"``) but those the seat placed in its own; how many cards each hand, the pile and
        the discard pile hold; the pli on the table; the moves, ``[player, text]`` each, a
        card added to another team unnamed."""
        p = self.position
        teams = [
            [
                code(c) if i == 0 or (owner == seat and known) else "?"
                for i, (c, known) in enumerate(zip(team, p.seen[owner], strict=True))
            ]
            for owner, team in enumerate(p.teams)
        ]
        return {
            "seat": seat,
            "to_move": self.to_move,
            "hand": self.hand(seat),
            "history": [[s, self._shown(s, m, seat)] for s, m in self.moves],
            "dealer": self.dealer,
            "options": dict(self.options),
            "teams": teams,
            "hand_sizes": [len(h) for h in p.hands],
            "pile": len(p.pile),
            "discard": len(p.discard),
            "trick": [[s, code(c)] for s, c in p.trick],
        }

    def returns(self) -> list[int]:
        """Each team's points so far, as the sheet scores it (``rules.team_points``)."""
        return [team_points(self.team_cards(seat)) for seat in range(self.seats)]

    def result(self) -> Entries:
        if not self.is_over():
            raise MoveError("no_result", "the manche is not over")
        return [{"cards": self.team_cards(seat)} for seat in range(self.seats)]

    # -- playing ------------------------------------------------------------------------

    def push(self, move: Move) -> bool:
        """Make ``move`` for the player to move; raises ``MoveError`` for a card not held or
        a move the rules forbid now (Römer scores no faute)."""
        if not self.is_legal(move):
            raise MoveError(*self.refusal(move))
        seat = self.position.turn
        self._undo.append(self.position)
        self.position = self._after(self.position, seat, move)
        self.moves.append((seat, move))
        return False

    def random_move(self, rng: random.Random) -> Move:
        """A kind of move drawn with the weights of ``RANDOM_KINDS`` among those allowed
        (``end`` as often as a card added), then a card at random."""
        moves = self.legal_moves()
        kinds = list(dict.fromkeys(kind for kind, _card in moves))
        if len(kinds) > 1:
            weights = dict(RANDOM_KINDS, end=RANDOM_KINDS[0][1])
            draw = below(rng, sum(weights[k] for k in kinds))
            for kind in kinds:
                draw -= weights[kind]
                if draw < 0:
                    break
            moves = [m for m in moves if m[0] == kind]
        return moves[below(rng, len(moves))]

    def _after(self, p: Position, seat: int, move: Move) -> Position:
        """The position after ``seat`` made ``move``, a legal one."""
        kind, played = move
        if kind == "end":
            return dataclasses.replace(p, stopped=True)
        assert played is not None
        w = Work(p, self.shuffle)
        w.hands[seat].remove(played)
        if kind in ("lead", "play"):
            trick = (*p.trick, (seat, played))
            leader, n = trick[0][0], self.seats
            following = ((leader + k) % n for k in range((seat - leader) % n + 1, n))
            nxt = next((s for s in following if w.hands[s]), None)
            if nxt is not None:
                return w.freeze(nxt, trick=trick, placed=p.placed)
            return w.freeze(self._pli(w, trick), placed=p.placed)
        alone = self._alone()
        if kind == "trump":
            w.discard += w.teams[seat]
            w.teams[seat], w.seen[seat] = [played], [True]
        else:
            w.teams[seat].append(played)
            w.seen[seat].append(True)
        if not alone:
            w.draw(seat)
        if p.placed < self.seats:
            placed = p.placed + 1
            first = (self.dealer + 1) % self.seats
            return w.freeze((first + placed) % self.seats, placed=placed)
        return w.freeze(max(w.holder_from(seat + 1), 0), placed=p.placed)

    def _pli(self, w: Work, trick: tuple[tuple[int, Card], ...]) -> int:
        """Settle the complete pli ``trick`` on ``w`` (§2-2); the seat to move next."""
        n = self.seats
        leader, led = trick[0][0], trick[0][1][0]
        trumps = [team[0][0] if team else None for team in w.teams]
        played = dict(trick)
        w.discard += [c for _s, c in trick]
        cutters = [(s, c) for s, c in trick[1:] if trumps[s] == c[0] != led]
        emptied: list[int] = []
        if cutters:
            winner = first_highest(cutters)
            spared = {winner} | (set() if self.options["outcut_loses"] else set(dict(cutters)))
            losers = [
                s
                for s in ((leader + k) % n for k in range(n))
                if s not in spared and w.teams[s] and (s not in played or played[s][0] != led)
            ]
            lost = []
            for s in losers:
                lost.append(w.teams[s].pop())
                w.seen[s].pop()
                if not w.teams[s]:
                    emptied.append(s)
            room = TEAM - len(w.teams[winner])
            w.teams[winner] += lost[:room]
            w.seen[winner] += [False] * len(lost[:room])
            w.discard += lost[room:]
            w.draw(winner)
        else:
            winner = first_highest([(s, c) for s, c in trick if c[0] == led])
            for s, c in trick:
                if c[0] == led:
                    w.draw(s)
        first = next((s for s in emptied if w.hands[s]), None)
        return first if first is not None else max(w.holder_from(winner), 0)

    def pop(self) -> None:
        if not self._undo:
            raise IndexError("no move to take back")
        self.position = self._undo.pop()
        self.moves.pop()

    def copy(self) -> RomerState:
        other = RomerState(
            self.seats, self.dealer, self.deal, self.dealt_pile, self.shuffle, self.options
        )
        other.position = self.position
        other._undo = list(self._undo)
        other.moves = list(self.moves)
        return other

    def move_text(self, move: Move) -> str:
        kind, played = move
        return kind if played is None else f"{kind} {code(played)}"

    def parse_move(self, text: str) -> Move:
        kind, _space, rest = text.partition(" ") if isinstance(text, str) else ("", "", "")
        if kind == "end" and not rest:
            return STOP
        played = card(rest)
        if kind not in ("trump", "pose", "lead", "play") or played not in self.cards():
            raise MoveError("bad_move", f"{text!r} is not a move of Römer")
        return (kind, played)

    def cards(self) -> frozenset[Card]:
        """The cards of the deck these options give."""
        return cards_of(self.options["values"])

    # -- records ----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        return {
            "game": "romer",
            "players": self.seats,
            "dealer": self.dealer,
            "options": dict(self.options),
            "hands": [[code(c) for c in hand] for hand in self.deal],
            "pile": [code(c) for c in self.dealt_pile],
            "shuffle": self.shuffle,
            "moves": [[s, self.move_text(m)] for s, m in self.moves],
            "result": self.result() if self.is_over() else None,
        }

    @classmethod
    def start(cls, record: Any) -> RomerState:
        """The manche a record deals: 2 to 6 players, the dealer, the rule options, 15 cards
        a hand and the draw pile, together the deck of the options' ``values``; the shuffle
        number."""
        if not isinstance(record, dict) or record.get("game") != "romer":
            raise RecordError("game", "not_game", "not a record of Römer")
        players, dealer = record.get("players"), record.get("dealer")
        options = record.get("options")
        if not whole(players, *ROMER.seats):
            raise RecordError("players", "bad_field", "missing or not valid")
        if not whole(dealer, 0, players - 1):
            raise RecordError("dealer", "bad_field", "missing or not valid")
        if (
            not isinstance(options, dict)
            or not set(options) <= {"values", "outcut_loses"}
            or ROMER.option_problems(options)
        ):
            raise RecordError("options", "bad_field", "missing or not valid")
        if not whole(record.get("shuffle"), 0, 2**64):
            raise RecordError("shuffle", "bad_field", "missing or not valid")
        layout = ROMER.option(options, "values")
        pack = deck(layout)
        hands = record.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise RecordError("hands", "bad_field", "missing or not valid")
        read = [read_cards(hand, "hands", cards_of(layout)) for hand in hands]
        if any(len(hand) != HAND for hand in read):
            raise RecordError("hands", "hand_size", f"a hand holds {HAND} cards")
        pile = read_cards(record.get("pile"), "pile", cards_of(layout))
        if Counter(c for hand in read for c in hand) + Counter(pile) != Counter(pack):
            raise RecordError("hands", "not_deck", "the hands and the pile are not the deck")
        return cls(players, dealer, read, pile, record["shuffle"], options)

    @classmethod
    def recorded_moves(cls, record: Any, state: RomerState) -> Iterator[Step]:
        """Each move ``[player, text]`` of ``record["moves"]``."""
        moves = record.get("moves", [])
        if not isinstance(moves, list):
            raise RecordError("moves", "bad_field", "missing or not valid")
        for number, move in enumerate(moves, start=1):
            place = f"move {number}"
            if not (
                isinstance(move, list) and len(move) == 2 and whole(move[0], 0, state.seats - 1)
            ):
                raise RecordError(place, "bad_play", "a move is [player, move]")
            yield Step(place, str(move[1]), move[0])


@functools.cache
def cards_of(layout: str) -> frozenset[Card]:
    """The distinct cards of the deck of ``layout`` (``cards.deck``)."""
    return frozenset(deck(layout))


def first_highest(plays: Sequence[tuple[int, Card]]) -> int:
    """The seat of the highest combat value among ``plays``, the first played on a tie."""
    best = plays[0]
    for play in plays[1:]:
        if play[1][1] > best[1][1]:
            best = play
    return best[0]


def read_cards(value: Any, field: str, pack: frozenset[Card]) -> list[Card]:
    """A list of card codes of ``pack``; raises ``RecordError`` naming ``field``."""
    if not isinstance(value, list):
        raise RecordError(field, "bad_field", "missing or not valid")
    cards = [card(text) for text in value]
    for text, one in zip(value, cards, strict=True):
        if one is None or one not in pack:
            raise RecordError(field, "not_card", f"{text!r} is not a card of the deck")
    return [c for c in cards if c is not None]


class RomerTable(Table[RomerState]):
    """Manches of Römer one after another for ``players``: the dealer turning from player 0,
    the deck shuffled from the generator, then the shuffle number of the manche drawn from
    it."""

    def __init__(self, rng: random.Random, players: int, options: Mapping[str, Any]) -> None:
        self.rng, self.players, self.options = rng, players, dict(options)
        self.number = 0

    def deal(self) -> RomerState:
        cards = list(deck(ROMER.option(self.options, "values")))
        self.rng.shuffle(cards)
        n = self.players
        hands = [cards[HAND * seat : HAND * (seat + 1)] for seat in range(n)]
        shuffle = self.rng.getrandbits(32)
        return RomerState(n, self.number % n, hands, cards[HAND * n :], shuffle, self.options)

    def collect(self, state: RomerState) -> None:
        self.number += 1
