"""``manage.py differenzler_sheet FILE.json``: compute a Differenzler sheet."""

from scoring.management.game_commands import GameSheetCommand


class Command(GameSheetCommand):
    help = "Compute a differenzler score sheet (JSON); optionally export or store it."
    game = "differenzler"
