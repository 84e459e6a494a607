"""``manage.py rumoli_sheet FILE.json``: the same as ``sheet rumoli FILE.json``."""

from scoring.management.game_commands import sheet_command

Command = sheet_command("rumoli")
