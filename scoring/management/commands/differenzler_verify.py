"""``manage.py differenzler_verify FILE``: check Differenzler round records card by card
(see ``roi_verify``)."""

from scoring.management.commands.roi_verify import Command as RecordsCommand


class Command(RecordsCommand):
    help = "Verify Differenzler records (JSON lines) against the rules, card by card."
    game = "differenzler"
