"""``manage.py roi_sheet FILE.json``: compute a roi sheet (see ``GameSheetCommand``)."""

from scoring.management.game_commands import GameSheetCommand


class Command(GameSheetCommand):
    help = "Compute a roi score sheet (JSON); optionally export or store it."
    game = "roi"
