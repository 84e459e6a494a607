"""Results by email after an evening: each player his sheets and the ranking, the club address
every sheet and the ranking.

Nothing is sent from a page: the director confirms the list of recipients
(:func:`results_plan`), ``tournaments.tasks.queue_results`` records one :class:`SentMessage` per
address and queues the sending, and the worker (``tournaments.tasks``) builds the messages here
(:class:`Renderer`) and sends them over one SMTP connection per batch, retrying on failure. An
address already served (or waiting) for an evening is skipped unless the director asks again; a
player may ask for his own sheets again (``tournaments.tasks.request_sheets``) once an hour.
Only a closed evening is sent: nothing unfinished reaches a player's inbox.

Addresses: the domain is IDNA-encoded (``joueur@café.fr`` goes to ``joueur@xn--caf-dma.fr``);
an address whose part before ``@`` is not ASCII is refused (it would need SMTPUTF8, which the
club's server is not assumed to speak), and listed as such on the confirmation page.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.mail.utils import DNS_NAME
from django.core.signing import BadSignature, TimestampSigner
from django.core.validators import validate_email
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.http import urlencode
from django.utils.translation import gettext as _

from scoring.documents import PDF, XLSX, filename, partie_pdf, partie_xlsx
from scoring.exports.tabular import table_pdf
from scoring.models import EntryVersion, Partie, Player, entry_reads, evening_table_label
from tournaments.models import SentMessage, Tournament
from tournaments.rankings import ranking_table
from tournaments.services import with_ranking_data

#: Messages sent over one SMTP connection by one task.
BATCH_SIZE = 100
#: Attempts at one message before it is left as failed.
MAX_ATTEMPTS = 5
#: A player's own request: at most one in this time.
REQUEST_INTERVAL = datetime.timedelta(hours=1)

Status = SentMessage.Status


def resend_signer() -> TimestampSigner:
    """The signer of the links that send a player's sheets again (the site's secret key)."""
    return TimestampSigner(salt="tournaments.resend")


def resend_key(player_id: int, tournament_id: int) -> str:
    """The signed key (``TimestampSigner``, dated now) of the link that sends player
    ``player_id``'s sheets of evening ``tournament_id`` again to his address."""
    return resend_signer().sign(f"{player_id}-{tournament_id}")


def resend_key_valid(key: str, *, player_id: int, tournament_id: int) -> bool:
    """Whether ``key`` is the link's key of this player and evening, signed by this site less
    than ``RESEND_LINK_DAYS`` ago (False for anything altered, forged or older)."""
    try:
        value = resend_signer().unsign(
            key, max_age=datetime.timedelta(days=settings.RESEND_LINK_DAYS)
        )
    except BadSignature:  # its subclass SignatureExpired too
        return False
    return value == f"{player_id}-{tournament_id}"


def resend_url(player_id: int, tournament_id: int) -> str:
    """The link of a results email that sends the player's sheets of the evening again: under
    ``SITE_URL``; "" when the site has none (the worker knows no other address)."""
    if not settings.SITE_URL:
        return ""
    path = reverse("tournaments:resend", args=[player_id, tournament_id])
    query = urlencode({"cle": resend_key(player_id, tournament_id)})
    return f"{settings.SITE_URL.rstrip('/')}{path}?{query}"


class AddressRefused(ValueError):
    """An address the club's mail cannot carry; the message says why."""


class SendRefused(Exception):
    """Nothing queued; the message says why (shown to the director or the player)."""


def smtp_address(address: str) -> str:
    """``address`` as SMTP carries it: the domain IDNA-encoded; raises ``AddressRefused`` for
    an address that is not one, or whose part before ``@`` is not ASCII."""
    local, at, domain = address.strip().rpartition("@")
    if not at or not local or not domain:
        raise AddressRefused(_("not an email address"))
    if not local.isascii():
        raise AddressRefused(
            _(
                "the part before @ has accents or other non-ASCII letters, which the club's mail "
                "cannot carry: ask for another address"
            )
        )
    try:
        ascii_domain = domain.encode("idna").decode("ascii")
        encoded = f"{local}@{ascii_domain}"
        validate_email(encoded)
    except (UnicodeError, ValidationError) as error:
        raise AddressRefused(_("not an email address")) from error
    return encoded


def in_flight() -> Q:
    """Messages on their way: queued, being sent, or failed and still to be retried."""
    return Q(status__in=[Status.QUEUED, Status.SENDING]) | Q(
        status=Status.FAILED, attempts__lt=MAX_ATTEMPTS
    )


@dataclass
class Recipient:
    """One address of an evening's results: whose, what it gets, and where it stands."""

    label: str
    address: str
    player: Player | None
    everything: bool
    sheets: int
    #: Why the address cannot be used ("" when it can).
    refused: str = ""
    #: The last results message to this address for the evening, if any.
    last: SentMessage | None = None
    #: The tables whose sheets changed after ``last`` was queued ("Table 3 — tour 1"): the
    #: ranking it holds, and maybe its sheets, are no longer the evening's.
    changed: list[str] = field(default_factory=list)

    @property
    def outdated(self) -> bool:
        """Served (or on its way) with results that changed since."""
        return self.served and bool(self.changed)

    @property
    def served(self) -> bool:
        """Already sent, or on its way."""
        return self.last is not None and (
            self.last.status in (Status.QUEUED, Status.SENDING, Status.SENT)
            or (self.last.status == Status.FAILED and self.last.attempts < MAX_ATTEMPTS)
        )


@dataclass
class ResultsPlan:
    """Who gets what for an evening, and who cannot (no address, or an address refused)."""

    recipients: list[Recipient] = field(default_factory=list)
    no_address: list[str] = field(default_factory=list)

    @property
    def sendable(self) -> list[Recipient]:
        return [r for r in self.recipients if not r.refused]

    @property
    def outdated(self) -> list[Recipient]:
        """The usable addresses that hold results changed since they were sent."""
        return [r for r in self.sendable if r.outdated]

    @property
    def refused(self) -> list[Recipient]:
        return [r for r in self.recipients if r.refused]

    @property
    def tally(self) -> dict[str, int]:
        """The usable addresses by where their last email stands: ``sent``, ``waiting``
        (queued, being sent, or failed and to be tried again), ``failed`` (for good), ``none``
        (never sent)."""
        counts = dict.fromkeys(["sent", "waiting", "failed", "none"], 0)
        for recipient in self.sendable:
            last = recipient.last
            if last is None:
                counts["none"] += 1
            elif last.status == Status.SENT:
                counts["sent"] += 1
            elif recipient.served:
                counts["waiting"] += 1
            else:
                counts["failed"] += 1
        return counts


def results_plan(tournament: Tournament) -> ResultsPlan:
    """The results of ``tournament`` by address: each registered player his sheets and the
    ranking, the club address (``CLUB_EMAIL``) every sheet and the ranking."""
    plan = ResultsPlan()
    sheets: dict[int, int] = {}
    for player_id in Partie.objects.filter(
        tournament_table__round__tournament=tournament
    ).values_list("seats__player", flat=True):
        sheets[player_id] = sheets.get(player_id, 0) + 1
    last = {}
    for message in tournament.sent.filter(reason=SentMessage.Reason.RESULTS).order_by(
        "queued_at", "pk"
    ):
        last[(message.to, message.everything)] = message
    changes = changes_since(tournament, min((m.queued_at for m in last.values()), default=None))
    entries: list[tuple[str, str, Player | None, bool, int]] = [
        (str(r.player), r.player.email, r.player, False, sheets.get(r.player_id, 0))
        for r in tournament.registrations.select_related("player").order_by("player__name")
    ]
    if settings.CLUB_EMAIL:
        total = Partie.objects.filter(tournament_table__round__tournament=tournament).count()
        entries.append((_("the club"), settings.CLUB_EMAIL, None, True, total))
    for label, address, player, everything, count in entries:
        if not address:
            plan.no_address.append(label)
            continue
        recipient = Recipient(
            label, address, player, everything, count, last=last.get((address, everything))
        )
        if recipient.last is not None:
            since = recipient.last.queued_at
            recipient.changed = sorted({label for at, label in changes if at > since})
        try:
            smtp_address(address)
        except AddressRefused as error:
            recipient.refused = str(error)
        plan.recipients.append(recipient)
    return plan


def changes_since(tournament: Tournament, since) -> list[tuple]:
    """Each change of the evening's sheets after ``since`` (None: none looked for): (when,
    the table's name), one query. Every change moves the ranking, which every recipient
    gets."""
    if since is None:
        return []
    found = EntryVersion.objects.filter(
        partie__tournament_table__round__tournament=tournament, at__gt=since
    ).values_list(
        "at", "partie__tournament_table__number", "partie__tournament_table__round__number"
    )
    return [
        (at, evening_table_label(round_number=round_number, table_number=number))
        for at, number, round_number in found
    ]


def message_id(message: SentMessage) -> str:
    """The ``Message-ID`` of a recorded message, the same on every attempt: should a worker die
    after the SMTP server took a message and before it was recorded as sent, the message sent
    again is the same one to the mail readers that drop a ``Message-ID`` already received."""
    return f"<roimat-results-{message.pk}.{message.queued_at:%Y%m%d%H%M%S%f}@{DNS_NAME}>"


class Renderer:
    """Builds the messages of a batch, each ranking and sheet rendered once."""

    def __init__(self) -> None:
        self.rankings: dict[int, bytes] = {}
        self.sheets: dict[int, tuple[str, bytes, str, bytes]] = {}

    def ranking(self, tournament: Tournament) -> bytes:
        if tournament.pk not in self.rankings:
            ranked = with_ranking_data(Tournament.objects).get(pk=tournament.pk)
            self.rankings[tournament.pk] = table_pdf(*ranking_table(ranked), decimal=number_format)
        return self.rankings[tournament.pk]

    def parties(self, message: SentMessage) -> list[Partie]:
        parties = Partie.objects.filter(tournament_table__round__tournament=message.tournament)
        if not message.everything:
            parties = parties.filter(seats__player=message.player_id)
        return list(
            parties.prefetch_related("seats__player", *entry_reads()).order_by("id").distinct()
        )

    def files(self, partie: Partie) -> tuple[str, bytes, str, bytes]:
        if partie.pk not in self.sheets:
            self.sheets[partie.pk] = (
                filename(partie, "pdf"),
                partie_pdf(partie),
                filename(partie, "xlsx"),
                partie_xlsx(partie),
            )
        return self.sheets[partie.pk]

    def resend_lines(self, message: SentMessage) -> list[str]:
        """The paragraph of a player's email with the link that sends his sheets again, and
        the day it expires; none without ``SITE_URL``."""
        url = resend_url(message.player_id, message.tournament_id)
        if not url:
            return []
        until = timezone.localtime() + datetime.timedelta(days=settings.RESEND_LINK_DAYS)
        return [
            _("To receive these sheets again, open this link (valid until %(date)s):")
            % {"date": f"{until:%d/%m/%Y}"}
            + f"\n{url}"
        ]

    def message(self, message: SentMessage) -> EmailMessage:
        """The email of a recorded message (raises ``AddressRefused`` for its address)."""
        tournament = message.tournament
        what = {"name": tournament.name, "date": f"{tournament.date:%d/%m/%Y}"}
        subject = _("Results of %(name)s (%(date)s)") % what
        lines = [_("Hello,"), _("Here are the score sheets and the ranking of the evening.")]
        if message.replaces is not None:
            subject = _("Results of %(name)s (%(date)s), updated") % what
            when = timezone.localtime(message.replaces)
            lines.append(
                _(
                    "This message replaces the one of %(when)s: the results changed after it "
                    "was sent."
                )
                % {"when": f"{when:%d/%m/%Y %H:%M}"}
            )
        if message.player_id is not None and not message.everything:
            lines += self.resend_lines(message)
        body = "\n\n".join([*lines, settings.CLUB_NAME])
        email = EmailMessage(
            subject,
            body,
            to=[smtp_address(message.to)],
            headers={"Message-ID": message_id(message)},
        )
        email.attach(f"classement-{tournament.pk}.pdf", self.ranking(tournament), PDF)
        for partie in self.parties(message):
            pdf_name, pdf, xlsx_name, xlsx = self.files(partie)
            email.attach(pdf_name, pdf, PDF)
            email.attach(xlsx_name, xlsx, XLSX)
        return email
