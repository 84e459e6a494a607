"""Sending a partie's Table de marque by email, PDF and Excel attached."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.utils.translation import gettext as _

from scoring.documents import PDF, XLSX, filename, partie_pdf, partie_xlsx
from scoring.models import Partie


def send_sheet(*, partie: Partie, recipients: list[str]) -> int:
    """Email the sheet to ``recipients`` (one message, everyone in To); returns 1 when sent.

    Uses Django's email backend (console in development, SMTP in production).
    """
    teams, result = partie.adapter.players_text(partie), partie.adapter.result_text(partie)
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
