"""``manage.py romer_sheet FILE.json``: compute a romer sheet (see ``GameSheetCommand``)."""

from scoring.management.game_commands import GameSheetCommand


class Command(GameSheetCommand):
    help = "Compute a romer score sheet (JSON); optionally export or store it."
    game = "romer"
