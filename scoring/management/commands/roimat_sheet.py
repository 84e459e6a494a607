"""``manage.py roimat_sheet FILE.json``: the same as ``sheet roimat FILE.json``."""

from scoring.management.game_commands import sheet_command

Command = sheet_command("roimat")
