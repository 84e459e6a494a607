"""The commands of the other games, one pair per game: ``<game>_sheet FILE.json`` (like
``roimat_sheet``) and ``<game>_simulate``."""

from __future__ import annotations

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scoring.exports.game_layout import game_sheet_pdf, game_sheet_xlsx
from scoring.games import GAMES
from scoring.games.base import InvalidGameSheet, compute
from scoring.games.notation import computed_to_dict, game_sheet_to_dict, parse_game_sheet
from scoring.games.simulate import simulate_sheet
from scoring.management.commands.roimat_sheet import bad_input, read_json, write_outputs
from scoring.messages import game_sheet_error_message
from scoring.services import game_partie_create


class GameSheetCommand(BaseCommand):
    """Compute a sheet of ``game`` (JSON) and print the computed sheet; ``--pdf``, ``--xlsx``
    write the exports, ``--save`` stores the partie. A bad sheet exits with status 2 and one
    line naming the round, the player and the field, and writes nothing."""

    game = ""

    def add_arguments(self, parser):
        parser.add_argument("file", help="the sheet, JSON (- for standard input)")
        parser.add_argument("--pdf", metavar="PATH")
        parser.add_argument("--xlsx", metavar="PATH")
        parser.add_argument("--save", action="store_true")

    def handle(self, *args, **options):
        data = read_json(options["file"])
        try:
            sheet = parse_game_sheet(data)
            if sheet.game != self.game:
                raise bad_input(f"game: {sheet.game!r}, not {self.game!r}")
            computed = compute(GAMES[self.game], len(sheet.players), sheet.rounds, sheet.options)
        except InvalidGameSheet as error:
            raise bad_input(game_sheet_error_message(error, list(sheet_players(data)))) from None
        outputs = {}
        if options["pdf"]:
            outputs[options["pdf"]] = game_sheet_pdf(sheet, computed, settings.CLUB_NAME)
        if options["xlsx"]:
            outputs[options["xlsx"]] = game_sheet_xlsx(sheet, computed, settings.CLUB_NAME)
        write_outputs(outputs)
        if options["save"]:
            partie = game_partie_create(sheet=sheet)
            self.stderr.write(f"saved as partie {partie.pk}")
        self.stdout.write(json.dumps(computed_to_dict(computed), ensure_ascii=False, indent=1))


def sheet_players(data) -> list[str]:
    players = data.get("players") if isinstance(data, dict) else None
    return [str(p) for p in players] if isinstance(players, list) else []


class GameSimulateCommand(BaseCommand):
    """Play whole sheets of ``game`` by simulation; one JSON sheet per line (stdout or
    ``--out``), or ``--save`` them as parties."""

    game = ""

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1, help="sheets to play")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--rounds", type=int, help="rounds (coups) of a sheet")
        parser.add_argument("--out", help="write the sheets to this file")
        parser.add_argument("--save", action="store_true", help="store the parties")

    def game_options(self, options) -> dict:
        return {"rounds": options["rounds"]} if options["rounds"] else {}

    def handle(self, *args, **options):
        low, high = GAMES[self.game].seats
        if not low <= options["players"] <= high:
            raise CommandError(f"--players: {low} to {high}", returncode=2)
        if options["games"] < 1 or (options["rounds"] is not None and options["rounds"] < 1):
            raise CommandError("--games and --rounds: at least 1", returncode=2)
        lines = []
        for number in range(options["games"]):
            sheet = simulate_sheet(self.game, options["seed"] + number, options["players"],
                                   self.game_options(options))  # fmt: skip
            if options["save"]:
                partie = game_partie_create(sheet=sheet)
                self.stderr.write(f"saved as partie {partie.pk}")
            lines.append(json.dumps(game_sheet_to_dict(sheet), ensure_ascii=False))
        text = "\n".join(lines) + "\n"
        if options["out"]:
            try:
                Path(options["out"]).write_text(text, encoding="utf-8")
            except OSError as error:
                raise CommandError(f"--out: {error}", returncode=2) from None
        elif not options["save"]:
            self.stdout.write(text, ending="")
