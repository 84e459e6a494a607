"""``manage.py romer_sheet FILE.json``: the same as ``sheet romer FILE.json``."""

from scoring.management.game_commands import sheet_command

Command = sheet_command("romer")
