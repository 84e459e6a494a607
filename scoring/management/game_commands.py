"""The commands of every registered game, which ask the one catalogue (``scoring.registry``)
and name no game:

- ``sheet GAME FILE.json`` (and its ``<game>_sheet`` alias for each of the club's games);
- ``simulate GAME``: rounds played by seeded players through the game's play state
  (``scoring.play``), written as records, one JSON line a round;
- ``verify GAME FILE``: such records replayed move by move, naming the first move the rules
  refuse; the ``<game>_verify`` aliases word the problems as the game's own verifier does;
- ``<game>_simulate`` for the games of individual players: whole sheets by simulation.

Input a command cannot use (an unknown game, an unreadable file, an option out of bounds) is
refused with one line naming the argument and exit status 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import registry
from scoring.games.notation import game_sheet_to_dict
from scoring.games.records import write as write_records
from scoring.jsoninput import JsonRefused, read_json
from scoring.play.players import PLAYERS
from scoring.play.simulate import simulate
from scoring.play.state import GameState, MoveError, RecordError
from scoring.play.verify import first_refusal
from scoring.services import game_partie_create


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
    with ``own_words`` (the ``<game>_verify`` aliases), every problem the game's own verifier
    finds (``GameAdapter.record_problems``), in the user's language."""

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


def verify_command(game: str) -> type[VerifyCommand]:
    """The ``<game>_verify`` command of one game: ``verify GAME`` in the game's own words."""
    name = registry.get(game).name
    return type(
        "Command",
        (VerifyCommand,),
        {
            "game": game,
            "own_words": True,
            "help": f"Verify {name} records (JSON lines) against the rules, card by card.",
        },
    )


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
    """Play rounds of a game (donnes, manches, coups) with seeded players through its play
    state (``scoring.play.simulate``) and write their records, one JSON line a round, which
    ``verify GAME`` replays."""

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument("--rounds", type=int, default=1, help="rounds to play (default 1)")
        parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
        parser.add_argument("--players", default="random", help=" or ".join(PLAYERS))
        parser.add_argument(
            "--fault-rate",
            type=float,
            default=0.0,
            help="chance that a player makes a faute de jeu, where the game scores them (0 to 1)",
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="KEY=VALUE",
            help="a rule option of the game (repeatable), e.g. variant=official-1000, players=5",
        )
        parser.add_argument("--out", help="write the records to this file (default stdout)")

    def handle(self, *args, **options):
        state = game_state(self.game_key(options))
        if options["rounds"] < 1:
            raise bad_input("--rounds: at least 1")
        if options["players"] not in PLAYERS:
            raise bad_input(f"--players: {options['players']!r} is not one of {tuple(PLAYERS)}")
        if not 0 <= options["fault_rate"] <= 1:
            raise bad_input("--fault-rate: between 0 and 1")
        game_options = dict(option_value(text) for text in options["option"])
        states = simulate(
            state,
            options["rounds"],
            options["seed"],
            game_options,
            options["players"],
            options["fault_rate"],
        )
        try:
            first = next(states)
        except (KeyError, ValueError, TypeError, MoveError, RecordError) as error:
            raise bad_input(f"--option: {game_options} refused ({error})") from None
        self.write(options["out"], [first], states)

    def write(self, path: str | None, *parts: Iterable[GameState[Any, Any]]) -> None:
        """The records of the states, one a line, to ``path`` (stdout when None)."""
        try:
            out = open(path, "w", encoding="utf-8") if path else None  # noqa: SIM115
        except OSError as error:
            raise bad_input(f"--out: {error}") from None
        try:
            for part in parts:
                for state in part:
                    (out or self.stdout).write(state.to_text() + "\n")
        finally:
            if out is not None:
                out.close()


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
            sheet = adapter.read_sheet(data)
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
            partie = adapter.import_sheet(sheet)
            self.stderr.write(f"saved as partie {partie.pk}")
        computed = adapter.computed_dict(sheet)
        self.stdout.write(json.dumps(computed, ensure_ascii=False, indent=1))


def sheet_command(game: str) -> type[SheetCommand]:
    """The ``<game>_sheet`` command of one game."""
    name = registry.get(game).name
    return type(
        "Command",
        (SheetCommand,),
        {
            "game": game,
            "help": f"Compute a {name} score sheet (JSON); optionally export or store it.",
        },
    )


class GameSimulateCommand(BaseCommand):
    """Play whole sheets of ``game`` by simulation; one JSON sheet per line (stdout or
    ``--out``), or ``--save`` them as parties; ``--records`` writes each round's card-by-card
    record (JSON lines, checked by ``<game>_verify``)."""

    game = ""

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1, help="sheets to play")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--rounds", type=int, help="rounds (coups) of a sheet")
        parser.add_argument("--out", help="write the sheets to this file")
        parser.add_argument("--save", action="store_true", help="store the parties")
        parser.add_argument(
            "--records", metavar="FILE", help="write each round's card-by-card record (JSON lines)"
        )

    def game_options(self, options) -> dict:
        return {"rounds": options["rounds"]} if options["rounds"] else {}

    def handle(self, *args, **options):
        low, high = registry.get(self.game).table_sizes
        if not low <= options["players"] <= high:
            raise CommandError(f"--players: {low} to {high}", returncode=2)
        if options["games"] < 1 or (options["rounds"] is not None and options["rounds"] < 1):
            raise CommandError("--games and --rounds: at least 1", returncode=2)
        lines, records = [], []
        for number in range(options["games"]):
            sheet, played = registry.get(self.game).simulate_records(
                options["seed"] + number, options["players"], self.game_options(options)
            )
            records += played
            if options["save"]:
                partie = game_partie_create(sheet=sheet)
                self.stderr.write(f"saved as partie {partie.pk}")
            lines.append(json.dumps(game_sheet_to_dict(sheet), ensure_ascii=False))
        text = "\n".join(lines) + "\n"
        for option, content in (("out", text), ("records", write_records(records))):
            if options[option]:
                try:
                    Path(options[option]).write_text(content, encoding="utf-8")
                except OSError as error:
                    raise CommandError(f"--{option}: {error}", returncode=2) from None
        if not options["out"] and not options["save"]:
            self.stdout.write(text, ending="")
