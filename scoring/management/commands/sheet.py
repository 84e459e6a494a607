"""``manage.py sheet GAME FILE.json``: compute a score sheet of any registered game, print the
computed sheet, ``--pdf``/``--xlsx`` write the exports and ``--save`` stores it."""

from scoring.management.game_commands import SheetCommand


class Command(SheetCommand):
    help = "Compute a score sheet of any game of the club (JSON); optionally export or store it."
