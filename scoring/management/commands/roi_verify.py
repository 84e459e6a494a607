"""``manage.py roi_verify FILE``: check Roi manche records (one JSON per line, as
``scoring.games.records`` writes them) card by card.

Prints one line per problem, naming the line, trick and play; exits 1 when a record is
unsound, 2 when the input cannot be read. ``differenzler_verify`` and ``rumoli_verify`` are
the same for their game.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.games.verify import verify
from scoring.jsoninput import JsonRefused, read_json


class Command(BaseCommand):
    help = "Verify Roi manche records (JSON lines) against the rules, card by card."
    game = "roi"

    def add_arguments(self, parser):
        parser.add_argument("file", help="records, one JSON object per line (- for stdin)")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{path}: {error}", returncode=2) from None
        records = []
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                try:
                    records.append((number, read_json(line)))
                except JsonRefused as error:
                    raise CommandError(f"line {number}: {error}", returncode=2) from None
        unsound = 0
        for number, record in records:
            problems = verify(record, self.game)
            unsound += bool(problems)
            for problem in problems:
                self.stdout.write(f"line {number}, {problem}")
        self.stderr.write(f"{len(records)} records, {unsound} unsound")
        if unsound:
            sys.exit(1)
