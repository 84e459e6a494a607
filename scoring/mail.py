"""Sending a partie's Table de marque by email, PDF and Excel attached."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.utils.translation import gettext as _

from scoring.documents import PDF, XLSX, filename, game_table, partie_pdf, partie_xlsx
from scoring.exports.layout import result_line
from scoring.models import Partie


def send_sheet(*, partie: Partie, recipients: list[str]) -> int:
    """Email the sheet to ``recipients`` (one message, everyone in To); returns 1 when sent.

    Uses Django's email backend (console in development, SMTP in production).
    """
    if partie.is_roimat:
        players = {seat: str(p) for seat, p in partie.players_by_seat.items()}
        teams = f"{partie.team_names('ns')} / {partie.team_names('oe')}"
        result = result_line(partie.sheet, players)
    else:
        teams = ", ".join(str(p) for p in partie.players_in_order)
        result = " · ".join(str(row) for row in game_table(partie)[3][-1])
    subject = _("Table de marque of %(date)s — %(teams)s") % {
        "date": f"{partie.played_on:%d/%m/%Y}",
        "teams": teams,
    }
    body = "\n\n".join(
        [
            _("Hello,"),
            _("Here is the Table de marque of your partie, as PDF and Excel."),
            result,
            settings.CLUB_NAME,
        ]
    )
    message = EmailMessage(subject, body, to=recipients)
    message.attach(filename(partie, "pdf"), partie_pdf(partie), PDF)
    message.attach(filename(partie, "xlsx"), partie_xlsx(partie), XLSX)
    return message.send()
