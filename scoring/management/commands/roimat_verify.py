"""``manage.py roimat_verify FILE``: check donne records (one JSON per line) card by card.

Prints one line per problem, naming the record, trick and play; exits 1 when a record is
unsound, 2 when the input cannot be read.
"""

from scoring.management.game_commands import VerifyCommand
from scoring.messages import record_problem_text
from scoring.roimat.verify import verify


class Command(VerifyCommand):
    help = "Verify Roimat donne records (ROIMAT.md §10) against the rules, card by card."

    def problems_of(self, record):
        return verify(record)

    def text_of(self, problem) -> str:
        return record_problem_text(problem)
