"""``manage.py roi_verify FILE``: check Roi manche records (one JSON per line, as
``scoring.games.records`` writes them) card by card.

Prints one line per problem, naming the line, trick and play; exits 1 when a record is
unsound, 2 when the input cannot be read. ``differenzler_verify`` and ``rumoli_verify`` are
the same for their game.
"""

from scoring.games.verify import verify
from scoring.management.game_commands import VerifyCommand
from scoring.messages import game_record_problem_text


class Command(VerifyCommand):
    help = "Verify Roi manche records (JSON lines) against the rules, card by card."
    game = "roi"

    def problems_of(self, record):
        return verify(record, self.game)

    def text_of(self, problem) -> str:
        return game_record_problem_text(problem)
