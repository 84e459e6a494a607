"""``manage.py simulate GAME``: rounds of any game played card by card by seeded players,
written as records (one JSON line a round); see ``SimulateCommand``."""

from scoring.management.game_commands import SimulateCommand


class Command(SimulateCommand):
    help = "Play rounds of any game card by card with simulated players; write their records."
