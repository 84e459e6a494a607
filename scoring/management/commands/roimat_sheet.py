"""``manage.py roimat_sheet FILE.json``: compute a Roimat score sheet (ROIMAT.md §10).

Prints the computed sheet JSON on stdout; ``--pdf`` and ``--xlsx`` write the exports and
``--save`` stores the partie. A bad sheet exits with status 2 and one line naming the donne and
the field, and writes nothing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scoring.exports.pdf import sheet_pdf
from scoring.exports.xlsx import sheet_xlsx
from scoring.messages import sheet_error_message
from scoring.roimat.notation import parse_sheet
from scoring.roimat.partie import InvalidSheet, compute_sheet
from scoring.services import partie_import


def bad_input(message: str) -> CommandError:
    """The error for input the command cannot use: exit status 2."""
    return CommandError(message, returncode=2)


def read_json(path: str):
    """Decoded JSON from ``path`` (``-`` for stdin); raises CommandError (status 2)."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise bad_input(f"{path}: {error}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise bad_input(f"{path}: not JSON (line {error.lineno}): {error.msg}") from None


def write_outputs(outputs: dict[str, bytes]) -> None:
    """Write each export to its path, after checking every folder exists (so a bad path
    writes nothing); raises CommandError (status 2)."""
    for path in outputs:
        if not Path(path).parent.is_dir():
            raise bad_input(f"{path}: no such folder")
    for path, content in outputs.items():
        Path(path).write_bytes(content)


class Command(BaseCommand):
    help = "Compute a Roimat score sheet (JSON, ROIMAT.md §10); optionally export or store it."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the score sheet, JSON (- for standard input)")
        parser.add_argument("--pdf", metavar="PATH", help="write the Table de marque as PDF")
        parser.add_argument("--xlsx", metavar="PATH", help="write the Table de marque as Excel")
        parser.add_argument("--save", action="store_true", help="store the partie")

    def handle(self, *args, **options):
        try:
            sheet_input = parse_sheet(read_json(options["file"]))
            sheet = compute_sheet(sheet_input.donnes, sheet_input.rules)
        except InvalidSheet as error:
            raise bad_input(sheet_error_message(error)) from None
        outputs = {}
        if options["pdf"]:
            outputs[options["pdf"]] = sheet_pdf(sheet_input, sheet, settings.CLUB_NAME)
        if options["xlsx"]:
            outputs[options["xlsx"]] = sheet_xlsx(sheet_input, sheet, settings.CLUB_NAME)
        write_outputs(outputs)
        if options["save"]:
            partie = partie_import(sheet=sheet_input)
            self.stderr.write(f"saved as partie {partie.pk}")
        self.stdout.write(json.dumps(sheet.as_dict(), ensure_ascii=False, indent=1))
