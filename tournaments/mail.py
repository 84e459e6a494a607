"""Results by email after an evening: each player his sheets and the ranking, the club all
sheets and the ranking. Every message sent is recorded; a recipient already served is skipped
unless the director asks to send again."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.core.mail import EmailMessage
from django.utils.translation import gettext as _

from scoring.documents import PDF, XLSX, filename, partie_pdf, partie_xlsx
from scoring.exports.tabular import table_pdf
from scoring.models import Partie, Player
from tournaments.models import SentMessage, Tournament
from tournaments.rankings import ranking_table
from tournaments.services import with_ranking_data


@dataclass
class SendReport:
    """Who got a message, who was skipped (already served), who has no address."""

    sent: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    no_address: list[str] = field(default_factory=list)


def evening_parties(tournament: Tournament, player: Player | None = None):
    """The tournament's parties (of one player when given), with what their sheets need."""
    parties = Partie.objects.filter(tournament_table__round__tournament=tournament)
    if player is not None:
        parties = parties.filter(seats__player=player)
    return parties.prefetch_related("seats__player", "donnes", "game_rounds").order_by("id")


def evening_message(tournament: Tournament, to: str, parties, ranking: bytes) -> EmailMessage:
    subject = _("Results of %(name)s (%(date)s)") % {
        "name": tournament.name,
        "date": f"{tournament.date:%d/%m/%Y}",
    }
    body = "\n\n".join([_("Hello,"), _("Here are the score sheets and the ranking of the "
                                         "evening."), settings.CLUB_NAME])  # fmt: skip
    message = EmailMessage(subject, body, to=[to])
    message.attach(f"classement-{tournament.pk}.pdf", ranking, PDF)
    for partie in parties:
        message.attach(filename(partie, "pdf"), partie_pdf(partie), PDF)
        message.attach(filename(partie, "xlsx"), partie_xlsx(partie), XLSX)
    return message


def send_results(
    *, tournament: Tournament, again: bool = False, players: list[Player] | None = None
) -> SendReport:
    """Send each player (or the ``players`` given) his sheets and the ranking, and the club
    address all of them; skip recipients already served unless ``again``."""
    report = SendReport()
    ranking = table_pdf(*ranking_table(with_ranking_data(Tournament.objects).get(pk=tournament.pk)))
    served = set(tournament.sent.values_list("to", flat=True))
    everyone = (
        players
        if players is not None
        else [r.player for r in tournament.registrations.select_related("player")]
    )
    recipients = [(p, p.email, evening_parties(tournament, p)) for p in everyone]
    if players is None and settings.CLUB_EMAIL:
        recipients.append((None, settings.CLUB_EMAIL, evening_parties(tournament)))
    for player, address, parties in recipients:
        label = str(player) if player else settings.CLUB_EMAIL
        if not address:
            report.no_address.append(label)
            continue
        if address in served and not again:
            report.skipped.append(label)
            continue
        message = evening_message(tournament, address, parties, ranking)
        message.send()
        SentMessage.objects.create(tournament=tournament, player=player, to=address,
                                   subject=message.subject,
                                   attachments=len(message.attachments))  # fmt: skip
        report.sent.append(label)
    return report
