"""``manage.py roi_simulate``: play roi sheets by simulation (see ``GameSimulateCommand``)."""

from scoring.management.game_commands import GameSimulateCommand


class Command(GameSimulateCommand):
    help = "Play whole roi sheets by simulation."
    game = "roi"
