"""The commands of every registered game, which ask the one catalogue (``scoring.registry``)
and name no game:

- ``sheet GAME FILE.json`` (and its ``<game>_sheet`` alias for each of the club's games);
- ``simulate GAME``: rounds played by seeded players through the game's play state
  (``scoring.play``), written as records, one JSON line a round; with ``--sheets N``, whole
  sheets played by the catalogue (``GameAdapter.simulated_sheet``), one JSON sheet a line,
  and the ``<game>_simulate`` aliases of the games of individual players;
- ``verify GAME FILE``: such records replayed move by move, naming the first move the rules
  refuse; the ``<game>_verify`` aliases word the problems in the user's language (Roimat's:
  every problem its own verifier finds).

Input a command cannot use (an unknown game, an unreadable file, an option out of bounds) is
refused with one line naming the argument and exit status 2.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import registry, services
from scoring.games.records import write as write_records
from scoring.history import read_sheet_json
from scoring.jsoninput import JsonRefused, read_json
from scoring.play.players import PLAYERS
from scoring.play.simulate import simulate
from scoring.play.state import GameState, MoveError, RecordError
from scoring.play.verify import first_refusal


def bad_input(message: str) -> CommandError:
    """The error for input the command cannot use: exit status 2."""
    return CommandError(message, returncode=2)


def game_adapter(key: str) -> registry.GameAdapter:
    """The catalogue's game ``key``; raises CommandError (status 2) naming the argument."""
    if key not in registry.REGISTRY:
        raise bad_input(f"game: {key!r}, not one of {', '.join(registry.REGISTRY)}")
    return registry.get(key)


def game_state(key: str) -> type[GameState[Any, Any]]:
    """The play state of game ``key`` (``GameAdapter.state``); raises CommandError (status
    2) for a game not registered or not played move by move."""
    state = game_adapter(key).state
    if state is None:
        played = [k for k, adapter in registry.REGISTRY.items() if adapter.state is not None]
        raise bad_input(f"game: {key!r} is not played card by card; one of {', '.join(played)}")
    return state


class GameCommand(BaseCommand):
    """A command of one game: ``game`` when an alias fixes it, else the command's first
    argument (``GAME``, a key of the catalogue)."""

    game = ""

    def add_arguments(self, parser):
        if not self.game:
            parser.add_argument("game", help="the game's key: " + ", ".join(registry.REGISTRY))

    def game_key(self, options) -> str:
        """The game the command is run for."""
        return self.game or options["game"]


def read_json_file(path: str):
    """Decoded JSON from ``path`` (``-`` for stdin); raises CommandError (status 2)."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise bad_input(f"{path}: {error}") from None
    try:
        return read_json(text)
    except JsonRefused as error:
        raise bad_input(f"{path}: {error}") from None


def read_json_lines(path: str) -> list[tuple[int, object]]:
    """The documents of a JSON-lines file (``-`` for stdin), with their line numbers; raises
    CommandError (status 2) naming the line that cannot be read."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise bad_input(f"{path}: {error}") from None
    documents = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                documents.append((number, read_json(line)))
            except JsonRefused as error:
                raise bad_input(f"line {number}: {error}") from None
    return documents


class VerifyCommand(GameCommand):
    """Check records (one JSON per line) move by move: one line per problem, naming the
    record's line and the move; exit 1 when a record is unsound, 2 when the input cannot be
    read or the game is not played card by card.

    The problem is the first move the game's play state refuses (``scoring.play.verify``);
    with ``own_words`` (the ``<game>_verify`` aliases), the problems the catalogue finds
    (``GameAdapter.record_problems``: the same, or Roimat's every problem), in the user's
    language."""

    own_words = False

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("file", help="records, one JSON object per line (- for stdin)")

    def handle(self, *args, **options):
        key = self.game_key(options)
        if self.own_words:
            problems_of = game_adapter(key).record_problems
        else:
            state = game_state(key)

            def problems_of(record: Any) -> list[str]:
                refusal = first_refusal(state, record)
                return [] if refusal is None else [f"{refusal} [{refusal.code}]"]

        records = read_json_lines(options["file"])
        unsound = 0
        for number, record in records:
            problems = problems_of(record)
            unsound += bool(problems)
            for problem in problems:
                where = _("line %(number)s") % {"number": number}
                self.stdout.write(f"{where}, {problem}")
        count = len(records)
        self.stderr.write(
            ngettext("%(count)s record", "%(count)s records", count) % {"count": count}
            + ", "
            + ngettext("%(unsound)s unsound", "%(unsound)s unsound", unsound) % {"unsound": unsound}
        )
        if unsound:
            sys.exit(1)


C = TypeVar("C", bound=GameCommand)


def game_alias(command: type[C], game: str, help_text: str, **attrs: Any) -> type[C]:
    """The ``<game>_<command>`` alias: ``command`` with its game fixed to ``game`` (so it
    takes no ``GAME`` argument), ``help_text`` formatted with the game's ``name``, and any
    other class ``attrs``."""
    help_text = help_text.format(name=registry.get(game).name, game=game)
    return type("Command", (command,), {"game": game, "help": help_text, **attrs})


def verify_command(game: str) -> type[VerifyCommand]:
    """The ``<game>_verify`` command of one game: ``verify GAME`` in the game's own words."""
    help_text = "Verify {name} records (JSON lines) against the rules, card by card."
    return game_alias(VerifyCommand, game, help_text, own_words=True)


def option_value(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` of ``--option``: the value read as JSON (``5``, ``true``), else as the
    text itself (``official-1000``)."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise bad_input(f"--option: {text!r} is not KEY=VALUE")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


class SimulateCommand(GameCommand):
    """Play a game with seeded players and write what they played.

    - by rounds (donnes, manches, coups), through the game's play state
      (``scoring.play.simulate``): their records, one JSON line a round, which ``verify GAME``
      replays;
    - by whole sheets (``--sheets N``), as the catalogue plays them
      (``GameAdapter.simulated_sheet``): one JSON sheet a line, which ``sheet GAME`` reads;
      ``--save`` stores each as a partie, ``--records`` writes every round's record.

    ``sheets_flag`` and ``size_flag`` name the arguments of a sheet's count and table size in
    refusals (the ``<game>_simulate`` aliases keep their own)."""

    sheets_flag = "--sheets"
    size_flag = "--table-size"

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--sheets",
            type=int,
            metavar="N",
            help="play N whole sheets (parties) instead of rounds; one JSON sheet a line",
        )
        parser.add_argument(
            "--table-size",
            type=int,
            metavar="P",
            help="with --sheets: players at the table (default 4, or the nearest the game seats)",
        )
        parser.add_argument(
            "--save", action="store_true", help="with --sheets: store each sheet as a partie"
        )
        parser.add_argument(
            "--records",
            metavar="FILE",
            help="with --sheets: write every round's card-by-card record (JSON lines)",
        )
        parser.add_argument("--rounds", type=int, help="rounds to play (default 1)")
        parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
        parser.add_argument(
            "--players", help="rounds' players: " + " or ".join(PLAYERS) + " (default random)"
        )
        parser.add_argument(
            "--fault-rate",
            type=float,
            help="chance that a player makes a faute de jeu in a round, where the game scores "
            "them (0 to 1, default 0)",
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a rule option of the game (repeatable), e.g. variant=official-1000, players=5 "
            "(a round's table; --table-size with --sheets), or one the simulation reads "
            "(fault_rate=0.1)",
        )
        parser.add_argument(
            "--out", help="write the records or sheets to this file (default stdout)"
        )

    def handle(self, *args, **options):
        key = self.game_key(options)
        game_options = dict(option_value(text) for text in options["option"])
        if options["sheets"] is None:
            for name in ("table_size", "records", "save"):
                if options[name]:
                    raise bad_input(f"--{name.replace('_', '-')}: goes with --sheets")
            self.play_rounds(key, options, game_options)
            return
        for name in ("rounds", "players", "fault_rate"):
            if options[name] is not None:
                raise bad_input(f"--{name.replace('_', '-')}: plays rounds, not with --sheets")
        self.play_sheets(key, options, game_options)

    def play_rounds(self, key: str, options, game_options: dict[str, Any]) -> None:
        """``options["rounds"]`` rounds of game ``key`` played by ``options["players"]``."""
        state = game_state(key)
        rounds = 1 if options["rounds"] is None else options["rounds"]
        players = options["players"] or "random"
        fault_rate = options["fault_rate"] or 0.0
        if rounds < 1:
            raise bad_input("--rounds: at least 1")
        if players not in PLAYERS:
            raise bad_input(f"--players: {players!r} is not one of {tuple(PLAYERS)}")
        if not 0 <= fault_rate <= 1:
            raise bad_input("--fault-rate: between 0 and 1")
        states = simulate(state, rounds, options["seed"], game_options, players, fault_rate)
        try:
            first = next(states)
        except (KeyError, ValueError, TypeError, MoveError, RecordError) as error:
            raise bad_input(f"--option: {game_options} refused ({error})") from None
        with self.opened("--out", options["out"]) as out:
            for state in itertools.chain([first], states):
                out.write(state.to_text() + "\n")

    def play_sheets(self, key: str, options, game_options: dict[str, Any]) -> None:
        """``options["sheets"]`` whole sheets of game ``key`` seeded ``options["seed"]``,
        ``+ 1`` …, at a table of ``options["table_size"]``: each written as a JSON line (to
        ``out``; not to stdout when they are saved), stored as a partie with ``save``
        (``read_sheet`` and ``import_sheet``), its rounds' records written to ``records``."""
        adapter = game_adapter(key)
        if options["sheets"] < 1:
            raise bad_input(f"{self.sheets_flag}: at least 1")
        low, high = adapter.table_sizes
        size = options["table_size"]
        size = min(max(4, low), high) if size is None else size
        if not low <= size <= high:
            raise bad_input(f"{self.size_flag}: {low} to {high} players")
        if "players" in game_options:
            raise bad_input(f"--option: players, the table's size, is {self.size_flag} here")
        sheets = (
            self.played_sheet(adapter, options["seed"] + number, size, game_options)
            for number in range(options["sheets"])
        )
        first = next(sheets)  # refused options refused before a file is written
        quiet = options["save"] and not options["out"]
        with (
            self.opened("--out", options["out"]) as out,
            self.opened("--records", options["records"], quiet=True) as records,
        ):
            for data, played in itertools.chain([first], sheets):
                if options["save"]:
                    try:
                        partie = adapter.import_sheet(adapter.read_sheet(data))
                    except registry.SheetRefused as error:
                        raise bad_input(f"--option: {error}") from None
                    self.stderr.write(f"saved as partie {partie.pk}")
                if not quiet:
                    out.write(json.dumps(data, ensure_ascii=False) + "\n")
                if records is not None:
                    records.write(write_records(played))

    def played_sheet(
        self, adapter: registry.GameAdapter, seed: int, size: int, game_options: dict[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """``adapter.simulated_sheet``; raises CommandError (status 2) for a game the engine
        cannot play or options it refuses."""
        try:
            played = adapter.simulated_sheet(seed, size, game_options)
        except (KeyError, ValueError, TypeError, MoveError, RecordError) as error:
            raise bad_input(f"--option: {game_options} refused ({error})") from None
        if played is None:
            raise bad_input(f"game: {adapter.key!r} is not played by the engine")
        return played

    @contextlib.contextmanager
    def opened(self, flag: str, path: str | None, quiet: bool = False) -> Iterator[Any]:
        """The file at ``path`` open for writing, closed after; without a path, stdout (None
        when ``quiet``). Raises CommandError (status 2) naming ``flag``."""
        if not path:
            yield None if quiet else self.stdout
            return
        try:
            file = open(path, "w", encoding="utf-8")  # noqa: SIM115
        except OSError as error:
            raise bad_input(f"{flag}: {error}") from None
        with file:
            yield file


class SheetsAlias(SimulateCommand):
    """``<game>_simulate``: ``simulate GAME --sheets`` with the options it had before
    ``simulate`` played sheets: ``--games`` (``--sheets``), ``--players`` (the table's size),
    ``--rounds`` (the ``rounds`` rule option); a game's own flags are rule options
    (``game_options``)."""

    sheets_flag = "--games"
    size_flag = "--players"

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1, help="sheets to play (default 1)")
        parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
        parser.add_argument("--players", type=int, default=4, help="players at the table")
        parser.add_argument("--rounds", type=int, help="rounds (coups) of a sheet")
        parser.add_argument("--out", help="write the sheets to this file")
        parser.add_argument("--save", action="store_true", help="store the parties")
        parser.add_argument(
            "--records", metavar="FILE", help="write each round's card-by-card record (JSON lines)"
        )

    def game_options(self, options) -> dict[str, Any]:
        """The rule options the alias's own arguments give."""
        if options["rounds"] is not None and options["rounds"] < 1:
            raise bad_input("--rounds: at least 1")
        return {} if options["rounds"] is None else {"rounds": options["rounds"]}

    def handle(self, *args, **options):
        sheets = {**options, "sheets": options["games"], "table_size": options["players"]}
        self.play_sheets(self.game, sheets, self.game_options(options))


def simulate_command(game: str) -> type[SheetsAlias]:
    """The ``<game>_simulate`` command of one game: ``simulate GAME --sheets``."""
    help_text = "Play whole {name} sheets by simulation (simulate {game} --sheets)."
    return game_alias(SheetsAlias, game, help_text)


def write_outputs(outputs: dict[str, bytes]) -> None:
    """Write each export to its path, after checking every folder exists (so a bad path
    writes nothing); raises CommandError (status 2)."""
    for path in outputs:
        if not Path(path).parent.is_dir():
            raise bad_input(f"{path}: no such folder")
    for path, content in outputs.items():
        Path(path).write_bytes(content)


class SheetCommand(GameCommand):
    """Compute a score sheet of ``game`` (JSON) with the game's adapter and print the computed
    sheet; ``--pdf``, ``--xlsx`` write the exports, ``--save`` stores the partie. A bad sheet
    exits with status 2 and one line naming the donne or round and the field, and writes
    nothing. With ``game`` empty the game is the command's first argument (``sheet GAME``)."""

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("file", help="the score sheet, JSON (- for standard input)")
        parser.add_argument("--pdf", metavar="PATH", help="write the sheet as PDF")
        parser.add_argument("--xlsx", metavar="PATH", help="write the sheet as Excel")
        parser.add_argument("--save", action="store_true", help="store the partie")

    def handle(self, *args, **options):
        key = self.game_key(options)
        adapter = game_adapter(key)
        data = read_json_file(options["file"])
        if isinstance(data, dict) and data.get("game", "roimat") != key:
            raise bad_input(f"game: {data.get('game', 'roimat')!r}, not {key!r}")
        try:
            sheet, waiting = read_sheet_json(adapter, data)
        except registry.SheetRefused as error:
            raise bad_input(str(error)) from None
        outputs = {}
        if options["pdf"] or options["xlsx"]:
            pdf, xlsx = adapter.sheet_documents(sheet, settings.CLUB_NAME)
            outputs = {
                path: doc for path, doc in ((options["pdf"], pdf), (options["xlsx"], xlsx)) if path
            }
        write_outputs(outputs)
        if options["save"]:
            with transaction.atomic():
                partie = adapter.import_sheet(sheet)
                services.entries_waiting(partie=partie, waiting=waiting)
            self.stderr.write(f"saved as partie {partie.pk}")
        computed = adapter.computed_dict(sheet)
        self.stdout.write(json.dumps(computed, ensure_ascii=False, indent=1))


def sheet_command(game: str) -> type[SheetCommand]:
    """The ``<game>_sheet`` command of one game."""
    help_text = "Compute a {name} score sheet (JSON); optionally export or store it."
    return game_alias(SheetCommand, game, help_text)
