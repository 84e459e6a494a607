"""The games of individual players' counts on the site: each round, each player's numbers.

Roi, Römer, Rumoli and Differenzler are plain-Python ``scoring.games.base.Game`` rules; this
one adapter puts any such game on the site (its rounds are ``GameRound`` rows, entered through
the one lifecycle of ``scoring.adapters.entries``; its sheet page is every game's,
``scoring.views``).
``register_game`` registers a game with it in the site's one catalogue (``scoring.registry``),
which holds its rules (``rules``) and, for a game played card by card, its play state
(``state``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scoring import services
from scoring.adapters.entries import EntryAdapter
from scoring.forms import parse_team
from scoring.games.base import (
    CardDeck,
    Game,
    GameSheet,
    InvalidGameSheet,
    RoundSpec,
    compute,
    compute_stored,
)
from scoring.games.layout import sheet_layout
from scoring.games.notation import (
    GameSheetInput,
    computed_to_dict,
    game_sheet_to_dict,
    parse_game_sheet,
)
from scoring.games.records import RecordProblem
from scoring.games.simulate import (
    GameSheetRules,
    Records,
    Simulation,
    dealing_table,
    played_sheets,
    simulate_records,
)
from scoring.messages import (
    game_problem_message,
    game_record_problem_text,
    game_sheet_error_message,
    refusal_text,
    round_noun,
)
from scoring.models import GameRound, Partie, PlayerResult, RemoteTable
from scoring.play.layout import SheetLayout
from scoring.play.players import GREEDY, Player
from scoring.play.state import GameState, Table
from scoring.play.verify import first_refusal
from scoring.registry import (
    REGISTRY,
    EntryField,
    EntryGroup,
    EntryRefused,
    FieldProblem,
    SheetRefused,
    check_heading,
    register,
    simulation_rate,
)


def player_name(seat: int) -> str:
    """A seat of a game of individual players, in words (``joueur 2``)."""
    return _("player %(n)s") % {"n": seat + 1}


class TabularAdapter(EntryAdapter):
    """A ``Game`` of individual players on the site: its entry form asks each round as the
    game declares (``Game.entry_asked``, its texts translated here).

    ``state`` is the game's round played move by move (``scoring.play.state.GameState``),
    None for a game not played card by card; its whole sheets are then simulated
    (``simulation``: ``scoring.games.simulate.played_sheets``) and its records verified
    (``scoring.play.verify``) over it.
    """

    partners = False
    entry_class = "game-round"
    entry_script = "js/game-round.js"

    def __init__(self, game: Game, *, state: type[GameState[Any, Any]] | None = None):
        self.game = self.rules = game
        self.state = state
        self.simulation: Simulation | None = None
        if state is not None:
            self.simulation = played_sheets(game, state)
        self.key, self.name, self.table_sizes = game.key, game.name, game.seats
        # The game's own word for its round (its seed's), and its gender in French.
        self.entry_name, self.entry_gender = round_noun(game.round_word)
        self.option_specs = game.option_specs
        asked = game.entry_asked
        self.card_fields = frozenset(asked.card_fields)
        self.card_total = asked.card_total
        self.card_deck = asked.card_deck
        self.hint = gettext_lazy(asked.hint) if asked.hint else ""
        self.one_player = None
        if asked.one_player:
            key, label = asked.one_player
            self.one_player = (key, gettext_lazy(label))
        self.round_choice = None
        if asked.round_choice:
            key, label, choices = asked.round_choice
            words = [(value, gettext_lazy(words)) for value, words in choices]
            self.round_choice = (key, gettext_lazy(label), words)
        self.complete = None
        if asked.complete:
            field, complete, refusal = asked.complete
            self.complete = (field, complete, gettext_lazy(refusal))
        self.playable = state is not None
        self.signed_totals = game.higher_wins

    @property
    def simulated(self) -> bool:
        """Whether the engine can play the game (Römer's seed does not give its cards)."""
        return self.simulation is not None

    def simulate_records(
        self, seed: int, players: int = 4, options: Mapping[str, Any] | None = None
    ) -> tuple[GameSheetInput, Records]:
        """A whole sheet played by the engine from ``seed`` and each round's record
        (``scoring.games.simulate.simulate_records``); raises ``KeyError`` for a game without a
        simulation."""
        if self.simulation is None:
            raise KeyError(self.key)
        return simulate_records(self.game, self.simulation, seed, players, options)

    def simulated_sheet(
        self, seed: int, players: int, options: Mapping[str, Any]
    ) -> tuple[dict[str, Any], Records] | None:
        """The game's ``simulation`` (``simulate_records``), its rule options checked first
        against ``option_specs``; the other options go to the simulation alone (``fault_rate``,
        a number from 0 to 1: the rate of fautes or irregularities)."""
        if self.simulation is None:
            return None
        rules = {key: value for key, value in options.items() if key in self.option_specs}
        problems = self.option_problems(rules)
        if problems:
            raise SheetRefused(problems[0])
        simulation_rate(options)
        sheet, records = self.simulate_records(seed, players, options)
        return game_sheet_to_dict(sheet), records

    def record_problems(self, record: Any) -> list[str]:
        """The first move the game's play state refuses (``scoring.play.verify``), in the
        user's language; a game not played card by card has no records."""
        if self.state is None:
            game = record.get("game") if isinstance(record, dict) else None
            return [game_record_problem_text(RecordProblem("not_game", {"value": game}))]
        refusal = first_refusal(self.state, record)
        return [] if refusal is None else [refusal_text(refusal, player_name, self.state)]

    # -- the computed sheet

    def compute(self, partie: Partie) -> GameSheet:
        entries = [r.entries for r in partie.entry_rows()]
        players = len(partie.players_in_order)
        return compute_stored(self.game, players, entries, partie.options, partie.counts)

    def counted(self, partie: Partie) -> int:
        return partie.sheet.counted

    def names(self, partie: Partie) -> list[str]:
        return [str(p) for p in partie.players_in_order]

    def players_text(self, partie: Partie) -> str:
        return ", ".join(self.names(partie))

    def score_text(self, partie: Partie) -> str:
        return " / ".join(str(t) for t in partie.sheet.totals)

    def winners_text(self, partie: Partie) -> str | None:
        sheet = partie.sheet
        if not sheet.finished:
            return None
        names = self.names(partie)
        return ", ".join(names[w] for w in sheet.winners)

    def scores(self, partie: Partie) -> list[int]:
        """Each player's total, the higher the better (negated where the lowest wins)."""
        sign = 1 if self.game.higher_wins else -1
        return [sign * t for t in partie.sheet.totals]

    def results(self, partie: Partie) -> list[PlayerResult]:
        sheet = partie.sheet
        if not sheet.counted:
            return []
        totals = self.scores(partie)
        return [
            PlayerResult(
                partie=partie,
                player_id=player.pk,
                points=totals[index],
                against=max(totals[:index] + totals[index + 1 :]),
                outcome=(1.0 if index in sheet.winners else 0.0) if sheet.finished else None,
                counted=sheet.counted,
                finished=sheet.finished,
            )
            for index, player in enumerate(partie.players_in_order)
        ]

    def outcome(self, partie: Partie) -> tuple[list[list[int]], list[int]] | None:
        if not partie.sheet.finished:
            return None
        return [[p.pk] for p in partie.players_in_order], self.scores(partie)

    # -- documents

    def sheet_input(self, partie: Partie) -> GameSheetInput:
        """The partie as its JSON sheet."""
        return GameSheetInput(
            game=partie.game,
            players=tuple(self.names(partie)),
            rounds=tuple(tuple(r.entries) for r in partie.entry_rows()),
            options=dict(partie.options),
            date=partie.played_on,
            place=partie.place,
            table=partie.table,
        )

    def sheet_dict(self, partie: Partie) -> dict[str, Any]:
        return game_sheet_to_dict(self.sheet_input(partie))

    def refused_words(self, partie: Partie) -> dict[str, str] | None:
        refused = partie.sheet.refused
        if refused is None:
            return None
        names = [str(p) for p in partie.players_in_order]
        number, problem = refused.round, refused.problem
        message = game_problem_message(problem).rstrip(".")  # the sentence ends after it
        return {
            "name": self.game.round_spec(number, len(names), partie.options).name,
            "message": message
            if problem.player is None
            else f"{names[problem.player]} — {message}",
            "edit": reverse("scoring:entry_edit", args=[partie.pk, number]),
            "action": self.round_text("correct_this"),
        }

    def layout(self, partie: Partie) -> SheetLayout:
        return sheet_layout(
            self.game, self.sheet_input(partie), partie.sheet, settings.CLUB_NAME, partie.closing
        )

    def result_text(self, partie: Partie) -> str:
        pairs = zip(self.names(partie), partie.sheet.totals, strict=True)
        return " · ".join(f"{name} {total}" for name, total in pairs)

    def read_sheet(self, data: Any) -> GameSheetInput:
        try:
            stated = data.get("game") if isinstance(data, dict) else None
            if stated != self.key and stated in REGISTRY:
                raise SheetRefused(f"game: {stated!r}, not {self.key!r}")
            sheet = parse_game_sheet(data, self.game)
            self._computed(sheet)
        except InvalidGameSheet as error:
            players = data.get("players") if isinstance(data, dict) else None
            names = [str(p) for p in players] if isinstance(players, list) else None
            raise SheetRefused(game_sheet_error_message(error, names, self.entry_name)) from None
        check_heading(list(sheet.players), place=sheet.place, table=sheet.table)
        return sheet

    def computed_dict(self, sheet: GameSheetInput) -> dict[str, Any]:
        return computed_to_dict(self._computed(sheet))

    def sheet_layout(self, sheet: GameSheetInput, club: str) -> SheetLayout:
        return sheet_layout(self.game, sheet, self._computed(sheet), club)

    def _computed(self, sheet: GameSheetInput) -> GameSheet:
        return compute(self.game, len(sheet.players), sheet.rounds, sheet.options)

    def import_sheet(self, sheet: GameSheetInput, created_by: Any = None) -> Partie:
        """Store a sheet of the game, its players found by name or added (seats 1, 2, …).
        Raises ``InvalidGameSheet`` (nothing stored) when a round is refused."""
        self._computed(sheet)
        return services.partie_store(
            self.key,
            options=sheet.options,
            seats={str(n): name for n, name in enumerate(sheet.players, start=1)},
            values=sheet.rounds,
            place=sheet.place,
            table=sheet.table,
            date=sheet.date,
            created_by=created_by,
        )

    # -- its rounds (the lifecycle: ``adapters.entries``, ``services.entry_record``)

    def entry_value(self, row: GameRound) -> list[dict]:
        return row.entries

    def check_entries(self, partie: Partie, values: list[list[dict]]) -> None:
        """Every round holds one entry a player: the count of the last is the table's (the
        engine checks each round's against it)."""
        try:
            compute(self.game, len(values[-1]), values, partie.options)
        except InvalidGameSheet as error:
            raise SheetRefused(
                game_sheet_error_message(error, self.names(partie), self.entry_name)
            ) from None

    def entry_row(self, partie: Partie, value: list[dict], number: int) -> GameRound:
        return GameRound(partie=partie, number=number, entries=list(value))

    def value_data(self, value: list[dict]) -> dict:
        return {"entries": value}

    def data_value(self, data: dict, number: int) -> list[dict]:
        return data["entries"]

    # -- the entry form: each player's numbers, what is noted once for the round

    def round_of(self, partie: Partie, number: int) -> RoundSpec:
        """The fields of round ``number`` of the partie, as its rules give them."""
        return self.game.round_spec(number, len(partie.players_in_order), partie.options)

    def entry_fields(self, partie: Partie, number: int) -> list[EntryField]:
        """What is noted once for the round (``one_player``: buttons naming a player when
        every round needs it, else a list; ``round_choice``), then each player's fields with
        the rules' bounds: those left blank as the rules say (``FieldSpec.blank``) and those
        the table may note behind his card's disclosure; a card field typed as
        ``colour:value``; the ``complete`` field may be left blank by one player."""
        spec = self.round_of(partie, number)
        fields = []
        if self.one_player:
            key, label = self.one_player
            required = any(f.key == key for f in spec.fields)
            players = tuple((str(n), str(p)) for n, p in enumerate(partie.players_in_order))
            fields.append(
                EntryField(
                    f"round_{key}",
                    "choice",
                    label,
                    choices=players,
                    required=required,
                    group=f"round_{key}",
                    taps=required,
                )
            )
        if self.round_choice:
            key, label, choices = self.round_choice
            fields.append(
                EntryField(
                    f"round_{key}",
                    "choice",
                    label,
                    choices=tuple(choices),
                    required=False,
                    group=f"round_{key}",
                    taps=False,
                )
            )
        once = self.one_player[0] if self.one_player else None
        completed = self.complete[0] if self.complete else None
        for field in spec.fields:
            if field.key == once:
                continue
            if field.key in self.card_fields:
                total_url = reverse("scoring:card_total", args=[self.key])
                fields.append(
                    EntryField(
                        field.key,
                        "text",
                        field.label,
                        maximum=500,
                        per_seat=True,
                        required=False,
                        help=_("colour:value, trump first, e.g. 1:20 1:5"),
                        attrs=(("data-total-url", total_url), ("data-most", str(field.maximum))),
                    )
                )
                continue
            required = not field.blank and field.key != completed
            fields.append(seat_number(field, required=required, more=field.blank))
        fields += [
            seat_number(field, required=False, more=True)
            for field in spec.optional
            if field.key != once
        ]
        return fields

    def entry_groups(self, partie: Partie, number: int) -> list[EntryGroup]:
        """A card for each thing noted once for the round, its label the legend of buttons."""
        groups = []
        if self.one_player:
            key, label = self.one_player
            required = any(f.key == key for f in self.round_of(partie, number).fields)
            groups.append(EntryGroup(f"round_{key}", label if required else ""))
        if self.round_choice:
            groups.append(EntryGroup(f"round_{self.round_choice[0]}", ""))
        return groups

    def entry_notes(self, partie: Partie, number: int) -> dict[str, str]:
        """The round's contract and how it scores, how blank fields read, what each
        player's disclosure holds, and the game's ``hint``."""
        spec = self.round_of(partie, number)
        once = self.one_player[0] if self.one_player else None
        blank = [str(f.label) for f in spec.fields if f.blank and f.key != once]
        noted = [f for f in spec.optional if f.key != once]
        if not blank:
            more = _("Details, if the table noted them")
        else:
            if noted:
                blank.append(_("details"))
            more = ", ".join(blank)
            more = more[:1].upper() + more[1:]
        note = ""
        if any(f.blank and f.key != once for f in spec.fields):
            note = _("Fields left blank are as the rules say: the rules' stake, 0 for the others.")
        notes = {
            "title": spec.name,
            "heading": spec.rule,
            "note": note,
            "more": more,
            "hint": str(self.hint),
        }
        if self.card_fields and self.card_deck is not None:
            notes["deck"] = deck_json(self.card_deck(partie.options))
        return notes

    def entry_initial(self, partie: Partie, stored: GameRound | None) -> dict[str, Any]:
        """A stored round's fields as typed (cards back to ``colour:value``); a new round's
        player named once (Rumoli's dealer) proposed as the one after the round before's
        (the deal passes to the left)."""
        rounds = list(partie.entry_rows())
        if stored is None:
            if not self.one_player or not rounds:
                return {}
            key = self.one_player[0]
            if not any(f.key == key for f in self.round_of(partie, len(rounds) + 1).fields):
                return {}
            before = [n for n, e in enumerate(rounds[-1].entries) if e.get(key) == 1]
            players = len(partie.players_in_order)
            return {f"round_{key}": str((before[0] + 1) % players)} if before else {}
        spec = self.round_of(partie, stored.number)
        initial: dict[str, Any] = {}
        for index, entry in enumerate(stored.entries):
            if self.round_choice and self.round_choice[0] in entry:
                initial[f"round_{self.round_choice[0]}"] = entry[self.round_choice[0]]
            if self.one_player and entry.get(self.one_player[0]) == 1:
                initial[f"round_{self.one_player[0]}"] = str(index)
            for field in (*spec.fields, *spec.optional):
                value = entry.get(field.key)
                if field.key in self.card_fields:
                    value = " ".join(f"{c}:{v}" for c, v in value or [])
                initial[self.seat_field(field.key, index, "")] = value
        return initial

    def entry_read(
        self,
        partie: Partie,
        number: int,
        stored: GameRound | None,
        values: Mapping[str, Any],
        seats: list[dict[str, Any]],
    ) -> list[dict]:
        """Each player's entry of the round as the engine reads it: cards read, the player
        named once written as 1 in his entry and 0 in the others', the blank fields filled in
        as the rules say (``Game.filled``), the round's choice in every entry, the
        ``complete`` field computed; then checked with the rounds before (``Game.check``)."""
        spec = self.round_of(partie, number)
        entries: list[dict] = []
        problems = []
        for index, typed in enumerate(seats):
            entry = {}
            for key, value in typed.items():
                if key in self.card_fields:
                    try:
                        value = parse_team(value or "")
                    except ValidationError as error:
                        problems += [FieldProblem(key, m, index) for m in error.messages]
                        continue
                if value is not None or any(f.key == key for f in spec.fields):
                    entry[key] = value
            entries.append(entry)
        if problems:
            raise EntryRefused(problems)
        if self.one_player and values.get(f"round_{self.one_player[0]}"):
            key = self.one_player[0]
            chosen = int(values[f"round_{key}"])
            for index, entry in enumerate(entries):
                entry[key] = int(index == chosen)
        entries = [self.game.filled(spec, e, partie.options) for e in entries]
        if self.round_choice and values.get(f"round_{self.round_choice[0]}"):
            key = self.round_choice[0]
            for entry in entries:
                entry[key] = values[f"round_{key}"]
        if self.complete:
            field, complete, refusal = self.complete
            counts = [e.get(field) for e in entries]
            if None in counts:
                try:
                    counts = complete(counts)
                except ValueError:
                    raise EntryRefused([FieldProblem(None, str(refusal))]) from None
                for entry, value in zip(entries, counts, strict=True):
                    entry[field] = value
        previous = [r.entries for r in partie.entry_rows()][: number - 1]
        problems = []
        for problem in self.game.check(spec, entries, previous, partie.options):
            key = problem.field
            if problem.player is None and any(
                f.key == f"round_{key}" for f in self.entry_fields(partie, number)
            ):
                key = f"round_{key}"
            problems.append(FieldProblem(key, game_problem_message(problem), problem.player))
        if problems:
            raise EntryRefused(problems)
        return entries

    def live_value(self, result: Any, record: dict[str, Any]) -> list[dict]:
        return list(result)

    def may_decide(self, partie: Partie, entered_seat: str, seat: str) -> bool:
        return seat in partie.players_by_seat and seat != entered_seat

    def entry_words(self, partie: Partie, entry: GameRound, data: dict | None = None) -> list[str]:
        """The round in words, as the entry form notes it: its name, what is noted once for
        the round (``noted_once``: Rumoli's dealer by name, not "donneur 0" per player), then
        each player's numbers and, for a stored round, the points they give."""
        spec = self.game.round_spec(entry.number, len(partie.players_in_order), partie.options)
        once = self.one_player[0] if self.one_player else None
        fields = [f for f in spec.fields if f.key != once]
        players = partie.players_in_order
        entries = entry.entries if data is None else data["entries"]
        lines = [
            _("%(label)s: %(value)s")
            % {
                "label": player,
                "value": ", ".join(f"{f.label} {counts.get(f.key)}" for f in fields),
            }
            for player, counts in zip(players, entries, strict=True)
        ]
        if data is None:  # a stored round: its points are on the sheet (another phone's aren't)
            points = partie.sheet.scores[entry.number - 1]
            lines = [
                f"{line} → "
                + ngettext("%(points)s point", "%(points)s points", abs(score)) % {"points": score}
                for line, score in zip(lines, points, strict=True)
            ]
        return [spec.name, *self.noted_once(players, entries), *lines]

    def noted_once(self, players: Sequence[Any], entries: Sequence[Mapping]) -> list[str]:
        """What the entry form notes once for the whole round, in words: the player named
        (``one_player``: "Donneur : Joueur 3") and the round's choice (``round_choice``:
        Differenzler's trump), each when the round holds it."""
        words = []
        if self.one_player:
            key, label = self.one_player
            named = [str(p) for p, e in zip(players, entries, strict=True) if e.get(key) == 1]
            if named:
                words.append(
                    _("%(label)s: %(value)s") % {"label": label, "value": ", ".join(named)}
                )
        if self.round_choice:
            key, label, choices = self.round_choice
            chosen = {e[key] for e in entries if e.get(key)}
            if len(chosen) == 1:
                value = chosen.pop()
                words.append(
                    _("%(label)s: %(value)s")
                    % {"label": label, "value": dict(choices).get(value, value)}
                )
        return words

    # -- evenings

    def new_partie(self, *, players, options, date, place="", table="", created_by=None):
        compute(self.game, len(players), (), options)  # its options and players, as an import
        return services.partie_store(
            self.key,
            options=options,
            seats={str(n): player for n, player in enumerate(players, start=1)},
            place=place,
            table=table,
            date=date,
            created_by=created_by,
        )

    def live_parts(self, table: RemoteTable) -> tuple[Table[Any], GameSheetRules, Player]:
        """The rounds dealt by the game's play state from the table's code, its sheet's
        rules for the table's players, and the simulated players: the play state's own
        (its ``robot``, as Differenzler's, who estimate from their hand), else the greedy
        ones."""
        assert self.state is not None, f"{self.key} is not played at a distance"
        seats = table.seats.count()  # its options were checked when it was opened
        rng = random.Random(table.code)
        dealing = dealing_table(self.game, self.state, seats, table.options, rng)
        robot = getattr(self.state, "robot", None) or GREEDY
        return dealing, GameSheetRules(self.game, seats, table.options), robot

    def simulate(self, partie: Partie, seed: int) -> bool:
        if self.simulation is None:
            return False
        players = len(partie.players_in_order)
        records = self.simulation(random.Random(seed), players, partie.options)
        GameRound.objects.bulk_create(
            GameRound(partie=partie, number=n, entries=list(record["result"]))
            for n, record in enumerate(records, start=1)
        )
        services.after_change(partie)
        return True


def seat_number(field: Any, *, required: bool, more: bool) -> EntryField:
    """A number each player enters, within the bounds of the game's ``field`` (a
    ``scoring.games.base`` field spec); ``more``: behind the player's disclosure."""
    return EntryField(
        field.key,
        "number",
        field.label,
        field.minimum,
        field.maximum,
        per_seat=True,
        required=required,
        more=more,
    )


def register_game(game: Game, state: type[GameState[Any, Any]] | None = None) -> TabularAdapter:
    """Put ``game`` on the site, in the registry, with its play state if it has one."""
    return register(TabularAdapter(game, state=state))


def deck_json(deck: CardDeck) -> str:
    """The cards each team is tapped from (a game's ``card_deck`` for a partie's rule
    options), with the words of the page that draws them (``game-round.js``), in the
    user's language, as JSON: ``cards`` (``CardDeck.cards``, each with its colour's name
    as ``colour``), ``legend`` (sample ``[colour, value]`` or null, text) and ``words``."""
    cards = [{**card, "colour": _(deck.tints[card["tint"]])} for card in deck.cards]
    words = {
        "team": _("The team, trump first"),
        "deck": _("The cards: tap each card of the team, in its order"),
        "open": _("Choose this team's cards"),
        "empty": _("No card yet: the first card tapped is the trump."),
        "trump": _("trump"),
        "full": _("Seven cards: the team is complete."),
        "take": _("%(card)s, place %(place)s: tap to take it out of the team"),
        "add": _("%(card)s: %(count)s left in the deck"),
        "legend": _("The cards"),
    }
    legend = [[list(sample) if sample else None, _(text)] for sample, text in deck.legend]
    return json.dumps({"cards": cards, "legend": legend, "words": words}, ensure_ascii=False)
