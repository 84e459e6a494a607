"""``manage.py email_sheet PARTIE``: send a partie's sheet, of any game, as PDF and Excel (its
old name, ``roimat_email``, is an alias)."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email

from scoring.mail import send_sheet
from scoring.models import Partie


class Command(BaseCommand):
    help = "Email a partie's sheet (any game), PDF and Excel attached."

    def add_arguments(self, parser):
        parser.add_argument("partie", type=int, help="the partie's number")
        parser.add_argument(
            "--players", action="store_true", help="to the players who have an address"
        )
        parser.add_argument("--club", action="store_true", help="to the club's address")
        parser.add_argument(
            "--to",
            action="append",
            default=[],
            metavar="ADDRESS",
            help="to this address (repeatable)",
        )

    def handle(self, *args, **options):
        partie = Partie.objects.filter(pk=options["partie"]).first()
        if partie is None:
            raise CommandError(f"no partie {options['partie']}", returncode=2)
        recipients = list(options["to"])
        for address in recipients:
            try:
                validate_email(address)
            except ValidationError:
                raise CommandError(
                    f"--to: {address!r} is not an email address", returncode=2
                ) from None
        if options["players"]:
            recipients += partie.email_addresses()
        if options["club"]:
            if not settings.CLUB_EMAIL:
                raise CommandError("--club: CLUB_EMAIL is not set", returncode=2)
            recipients.append(settings.CLUB_EMAIL)
        recipients = list(dict.fromkeys(recipients))
        if not recipients:
            raise CommandError("no recipient: use --players, --club or --to", returncode=2)
        send_sheet(partie=partie, recipients=recipients)
        self.stdout.write(f"sent to {', '.join(recipients)}")
