"""``manage.py roi_sheet FILE.json``: the same as ``sheet roi FILE.json``."""

from scoring.management.game_commands import sheet_command

Command = sheet_command("roi")
