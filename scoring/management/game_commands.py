"""The commands of every registered game: ``sheet GAME FILE.json`` (and its ``<game>_sheet``
alias for each of the club's games), and ``<game>_simulate`` for the games of individual
players that have a simulation."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import registry
from scoring.games import GAMES
from scoring.games.notation import game_sheet_to_dict
from scoring.games.records import write as write_records
from scoring.games.simulate import simulate_records
from scoring.jsoninput import JsonRefused, read_json
from scoring.services import game_partie_create


def bad_input(message: str) -> CommandError:
    """The error for input the command cannot use: exit status 2."""
    return CommandError(message, returncode=2)


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


class VerifyCommand(BaseCommand):
    """Check records (one JSON per line) card by card: one line per problem, naming the
    record's line, the trick and the play; exit 1 when a record is unsound, 2 when the input
    cannot be read. Subclasses give ``problems_of(record)`` and ``text_of(problem)``."""

    def add_arguments(self, parser):
        parser.add_argument("file", help="records, one JSON object per line (- for stdin)")

    def problems_of(self, record) -> list:
        raise NotImplementedError

    def text_of(self, problem) -> str:
        raise NotImplementedError

    def handle(self, *args, **options):
        records = read_json_lines(options["file"])
        unsound = 0
        for number, record in records:
            problems = self.problems_of(record)
            unsound += bool(problems)
            for problem in problems:
                where = _("line %(number)s") % {"number": number}
                self.stdout.write(f"{where}, {self.text_of(problem)}")
        count = len(records)
        self.stderr.write(
            ngettext("%(count)s record", "%(count)s records", count) % {"count": count}
            + ", "
            + ngettext("%(unsound)s unsound", "%(unsound)s unsound", unsound) % {"unsound": unsound}
        )
        if unsound:
            sys.exit(1)


def write_outputs(outputs: dict[str, bytes]) -> None:
    """Write each export to its path, after checking every folder exists (so a bad path
    writes nothing); raises CommandError (status 2)."""
    for path in outputs:
        if not Path(path).parent.is_dir():
            raise bad_input(f"{path}: no such folder")
    for path, content in outputs.items():
        Path(path).write_bytes(content)


class SheetCommand(BaseCommand):
    """Compute a score sheet of ``game`` (JSON) with the game's adapter and print the computed
    sheet; ``--pdf``, ``--xlsx`` write the exports, ``--save`` stores the partie. A bad sheet
    exits with status 2 and one line naming the donne or round and the field, and writes
    nothing. With ``game`` empty the game is the command's first argument (``sheet GAME``)."""

    game = ""

    def add_arguments(self, parser):
        if not self.game:
            parser.add_argument("game", help="the game's key: " + ", ".join(registry.REGISTRY))
        parser.add_argument("file", help="the score sheet, JSON (- for standard input)")
        parser.add_argument("--pdf", metavar="PATH", help="write the sheet as PDF")
        parser.add_argument("--xlsx", metavar="PATH", help="write the sheet as Excel")
        parser.add_argument("--save", action="store_true", help="store the partie")

    def handle(self, *args, **options):
        key = self.game or options["game"]
        if key not in registry.REGISTRY:
            raise bad_input(f"game: {key!r}, not one of {', '.join(registry.REGISTRY)}")
        adapter = registry.get(key)
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
        low, high = GAMES[self.game].seats
        if not low <= options["players"] <= high:
            raise CommandError(f"--players: {low} to {high}", returncode=2)
        if options["games"] < 1 or (options["rounds"] is not None and options["rounds"] < 1):
            raise CommandError("--games and --rounds: at least 1", returncode=2)
        lines, records = [], []
        for number in range(options["games"]):
            sheet, played = simulate_records(
                self.game, options["seed"] + number, options["players"], self.game_options(options)
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
