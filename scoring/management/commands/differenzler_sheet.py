"""``manage.py differenzler_sheet FILE.json``: the same as ``sheet differenzler FILE.json``."""

from scoring.management.game_commands import sheet_command

Command = sheet_command("differenzler")
