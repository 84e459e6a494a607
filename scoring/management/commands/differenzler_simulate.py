"""``manage.py differenzler_simulate``: play Differenzler sheets by simulation."""

from scoring.management.game_commands import GameSimulateCommand


class Command(GameSimulateCommand):
    help = "Play whole differenzler sheets by simulation."
    game = "differenzler"
