"""``manage.py rumoli_sheet FILE.json``: compute a rumoli sheet (see ``GameSheetCommand``)."""

from scoring.management.game_commands import GameSheetCommand


class Command(GameSheetCommand):
    help = "Compute a rumoli score sheet (JSON); optionally export or store it."
    game = "rumoli"
