"""``load_club_dump FILE.json``: move a club's data from a database made before players
belonged to the score sheets (``tournaments.player``, migrations before the clean start).

With the old version: ``manage.py dumpdata auth.user scoring tournaments > club.json``; with
this one, on a new database: ``manage.py migrate`` then ``manage.py load_club_dump club.json``.
The dump's players become ``scoring.player`` rows with the same ids; everything else loads as
dumped. Exit status 2, one line, on a file that cannot be read; nothing is stored then.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

#: Model labels of the old layout → the new one.
RENAMED = {"tournaments.player": "scoring.player"}


class Command(BaseCommand):
    help = "Load a dumpdata file of the old layout (players in tournaments) into this database."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON written by the old version's dumpdata")

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            rows = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise CommandError(f"{path}: {error}", returncode=2) from None
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise CommandError(
                f"{path}: not a dumpdata file (a JSON list of objects)", returncode=2
            )
        moved = 0
        for row in rows:
            if row.get("model") in RENAMED:
                row["model"] = RENAMED[row["model"]]
                moved += 1
        with tempfile.TemporaryDirectory() as folder:
            fixture = Path(folder) / "club.json"
            fixture.write_text(json.dumps(rows), encoding="utf-8")
            try:
                call_command("loaddata", str(fixture), verbosity=0)
            except Exception as error:  # loaddata wraps every bad row in its own error
                raise CommandError(f"{path}: {error}".splitlines()[0], returncode=2) from None
        self.stdout.write(f"{len(rows)} objects loaded, {moved} players moved to scoring.player")
