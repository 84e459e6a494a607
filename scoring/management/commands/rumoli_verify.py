"""``manage.py rumoli_verify FILE``: check Rumoli coup records card by card (see ``roi_verify``)."""

from scoring.management.commands.roi_verify import Command as RecordsCommand


class Command(RecordsCommand):
    help = "Verify Rumoli records (JSON lines) against the rules, card by card."
    game = "rumoli"
