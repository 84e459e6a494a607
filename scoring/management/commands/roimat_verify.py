"""``manage.py roimat_verify FILE``: check donne records (one JSON per line) card by card.

Prints one line per problem, naming the record, trick and play; exits 1 when a record is
unsound, 2 when the input cannot be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from scoring.jsoninput import JsonRefused, read_json
from scoring.messages import record_problem_text
from scoring.roimat.verify import verify


class Command(BaseCommand):
    help = "Verify Roimat donne records (ROIMAT.md §10) against the rules, card by card."

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
            problems = verify(record)
            unsound += bool(problems)
            for problem in problems:
                where = _("line %(number)s") % {"number": number}
                self.stdout.write(f"{where}, {record_problem_text(problem)}")
        self.stderr.write(
            _("%(count)s records, %(unsound)s unsound")
            % {"count": len(records), "unsound": unsound}
        )
        if unsound:
            sys.exit(1)
