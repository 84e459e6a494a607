"""``manage.py verify GAME FILE``: replay records of any game move by move and name the first
move the rules refuse; see ``VerifyCommand``."""

from scoring.management.game_commands import VerifyCommand


class Command(VerifyCommand):
    help = "Verify records of any game (JSON lines) against its rules, move by move."
