"""Evenings (tournaments), their rounds and tables, league seasons, ratings and the results
emails. Players and parties are ``scoring``'s."""

import secrets

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.models import (
    Partie,
    Player,
    bounded,
    check_game_options,
    club_account,
    evening_table_label,
)
from tournaments.engine.seating import MAX_ROUNDS
from tournaments.engine.standings import METRICS

#: Letters and digits of the table codes, without look-alikes (no I, O, 0, 1).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 10


def new_table_code() -> str:
    """The code that opens one table's entry page: 10 letters and digits without look-alikes,
    50 bits, so that guessing one is hopeless (wrong codes are rate-limited besides)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


#: The most digits of a place's points on a season's scale.
SCALE_DIGITS = 4


def check_ranking(value: str) -> None:
    """Raise ``ValidationError`` unless ``value`` is ranking criteria as the evening's pages,
    the room screen and the ranking's documents read them: keys of ``METRICS`` in order,
    each once, separated by commas (``"wins,points,diff"``)."""
    keys = value.split(",")
    wrong = [key for key in keys if key not in METRICS]
    if wrong:
        raise ValidationError(
            _(
                "%(wrong)s: not a ranking criterion. Write them in order, separated by commas "
                "without spaces, among: %(known)s."
            ),
            code="unknown_criterion",
            params={"wrong": ", ".join(repr(k) for k in wrong), "known": ", ".join(METRICS)},
        )
    if len(set(keys)) != len(keys):
        raise ValidationError(
            _("Each criterion once: %(value)s."), code="criterion_twice", params={"value": value}
        )


def check_scale(value: str) -> None:
    """Raise ``ValidationError`` unless ``value`` is a season's points per place as its
    standings read them: whole numbers of at most ``SCALE_DIGITS`` digits, separated by
    commas (``"25,20,16"``)."""
    if not all(x.strip().isdigit() and len(x.strip()) <= SCALE_DIGITS for x in value.split(",")):
        raise ValidationError(
            _(
                "Points per place are whole numbers (%(digits)s digits at most) separated by "
                "commas, the first place's first: 25,20,16."
            ),
            code="scale",
            params={"digits": SCALE_DIGITS},
        )


class Season(models.Model):
    """A season of the club's league: the evenings it counts and how it ranks players."""

    class Kind(models.TextChoices):
        RANKING_POINTS = "ranking_points", _("points for each place, on the scale")
        POINTS = "points", _("total points")
        WINS = "wins", _("parties won")
        AVERAGE = "average", _("average per partie")

    name = models.CharField(_("name"), max_length=120)
    start = models.DateField(_("start"))
    end = models.DateField(_("end"))
    kind = models.CharField(
        _("ranking"), max_length=20, choices=Kind.choices, default=Kind.RANKING_POINTS
    )
    scale = models.CharField(
        _("points per place"),
        max_length=200,
        default="25,20,16,13,11,10,9,8,7,6,5,4,3,2,1",
        validators=[check_scale],
    )
    min_evenings = models.PositiveSmallIntegerField(_("evenings to be ranked"), default=1)
    best = models.PositiveSmallIntegerField(
        _("best evenings counted"), null=True, blank=True, help_text=_("Empty: all.")
    )
    parties = models.ManyToManyField(
        "scoring.Partie",
        blank=True,
        related_name="seasons",
        verbose_name=_("stand-alone parties counted"),
        help_text=_("Parties played outside the evenings that count, each as an evening."),
    )

    class Meta:
        ordering = ["-start"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:season", args=[self.pk])


class Tournament(models.Model):
    """A club evening: its rules, format, number of rounds and ranking criteria."""

    class Format(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual (partners change every round)")
        SWISS = "swiss", _("Fixed pairs, Swiss")
        ROUND_ROBIN = "round-robin", _("Fixed pairs, all-play-all")
        RANDOM = "random", _("Random draw")

    class SitOutRule(models.TextChoices):
        AVERAGE = "average", _("the average of his other rounds")
        NONE = "none", _("nothing (not counted)")

    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"))
    place = models.CharField(_("place"), max_length=120, blank=True)
    game = models.CharField(_("game"), max_length=20, default="roimat")
    table_size = models.PositiveSmallIntegerField(
        _("players a table"), default=4, help_text=_("For the games played without partners.")
    )
    game_options = models.JSONField(_("rule options of the game"), default=dict, blank=True)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=4, validators=bounded(1, MAX_ROUNDS)
    )
    format = models.CharField(
        _("format"), max_length=20, choices=Format.choices, default=Format.INDIVIDUAL
    )
    ranking = models.CharField(
        _("ranking criteria"),
        max_length=60,
        default="wins,points,diff",
        help_text=_("In order, among: wins, points, diff, average."),
        validators=[check_ranking],
    )
    sit_out_rule = models.CharField(
        _("a round sat out scores"),
        max_length=10,
        choices=SitOutRule.choices,
        default=SitOutRule.AVERAGE,
    )
    seed = models.PositiveIntegerField(_("seed of the draw"), default=0)
    finished = models.BooleanField(_("closed"), default=False)
    season = models.ForeignKey(
        Season,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tournaments",
        verbose_name=_("season"),
        help_text=_("The league season this evening counts in."),
    )

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    def clean(self) -> None:
        """Refuse, on their field, rule options the game does not define or bound, and for a
        game without partners a format other than individual or a table size it is not
        played by (the site's form and the admin alike)."""
        check_game_options(self.game, self.game_options, "game_options")
        adapter = registry.get(self.game)
        errors = {}
        if not adapter.partners:
            if self.format != self.Format.INDIVIDUAL:
                errors["format"] = _("Games without partners are played individually.")
            low, high = adapter.table_sizes
            if self.table_size is not None and not low <= self.table_size <= high:
                errors["table_size"] = _("%(game)s is played by %(low)s to %(high)s.") % {
                    "game": adapter.name,
                    "low": low,
                    "high": high,
                }
        if errors:
            raise ValidationError(errors)

    @property
    def is_pairs(self) -> bool:
        return self.format in (self.Format.SWISS, self.Format.ROUND_ROBIN)


class Registration(models.Model):
    """A player registered for a tournament (with his partner, in a pairs tournament), and
    whether he checked in at the door."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    partner = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("partner"),
    )
    checked_in = models.BooleanField(_("present"), default=False)

    class Meta:
        ordering = ["tournament", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_registration")
        ]

    def __str__(self) -> str:
        return f"{self.player} — {self.tournament}"


class Round(models.Model):
    """A round of a tournament: its tables and who sat out."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds_set")
    number = models.PositiveSmallIntegerField(_("round"))
    sit_out = models.ManyToManyField(Player, blank=True, related_name="+")

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {_('round')} {self.number}"

    @property
    def is_open(self) -> bool:
        """Whether its tables may enter and confirm: the tournament's latest round, while the
        tournament is not closed."""
        latest = self.tournament.rounds_set.order_by("-number").first()
        return latest == self and not self.tournament.finished


class TableQuerySet(models.QuerySet):
    def with_openness(self) -> "TableQuerySet":
        """The tables with what ``Table.is_open`` reads, in one query: their round and
        tournament, and whether a later round of the tournament was drawn
        (``round_superseded``). Their partie is read when the round is no longer open (whether
        the director left the table to finish later)."""
        later = Round.objects.filter(
            tournament=OuterRef("round__tournament"), number__gt=OuterRef("round__number")
        )
        return self.select_related("round__tournament").annotate(round_superseded=Exists(later))


class Table(models.Model):
    """A table of a round: its partie (seats and donnes), the code that opens its entry page
    without an account, and what the director decided for it if it was unfinished when the
    tournament closed (``closing``, kept by its partie, whose own sheet says it)."""

    Closing = Partie.Closing

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    partie = models.OneToOneField(
        "scoring.Partie", on_delete=models.PROTECT, related_name="tournament_table"
    )
    code = models.CharField(max_length=12, unique=True, default=new_table_code)

    objects = TableQuerySet.as_manager()

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_number")]

    def __str__(self) -> str:
        return f"{self.round} — {_('table')} {self.number}"

    @property
    def closing(self) -> str:
        """What the director decided for its partie, unfinished when the tournament closed
        (``Partie.closing``)."""
        return self.partie.closing

    @property
    def label(self) -> str:
        """The table as a person reads it: "Table 2 — tour 1", never its code or ``1.2``."""
        return evening_table_label(round_number=self.round.number, table_number=self.number)

    @property
    def is_open(self) -> bool:
        """Whether its phone may enter and confirm: while its round is open, and after the
        tournament closed if the director left it to finish later (``Closing.LATER``).
        Read from ``round_superseded`` when the table came with it
        (``TableQuerySet.with_openness``), without a query."""
        superseded = getattr(self, "round_superseded", None)
        if superseded is None:
            round_open = self.round.is_open
        else:  # the same rule as Round.is_open: the latest round, the tournament not closed
            round_open = not superseded and not self.round.tournament.finished
        return round_open or self.closing == self.Closing.LATER


class TableNote(models.Model):
    """A note a table's phone sends the director (« Signaler un problème »), about one of
    its donnes or rounds (``number``) or the table as a whole (None), by the player at
    ``seat`` if he named himself, and the director's answer, shown on the table's phones."""

    #: The longest note or answer, in characters.
    LENGTH = 500
    #: The most notes a table may leave unanswered (a phone cannot flood the director).
    OPEN_AT_MOST = 10

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="notes")
    number = models.PositiveSmallIntegerField(_("number"), null=True, blank=True)
    seat = models.CharField(_("seat"), max_length=1, blank=True)
    text = models.CharField(_("problem"), max_length=LENGTH)
    at = models.DateTimeField(auto_now_add=True)
    answer = models.CharField(_("answer"), max_length=LENGTH, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = club_account()

    class Meta:
        ordering = ["table", "at", "id"]

    def __str__(self) -> str:
        return f"{self.table} — {self.text[:40]}"


class EveningLeague(models.Model):
    """What a closed evening gives the league: each player's place, points, parties and wins
    in its ranking (``lines``: ``[player id, place, points, parties, wins]``, a pair's
    partners each with the pair's line) and what its totals leave out (``donnes_left_out``,
    ``rounds_left_out``: ``scoring.selectors.left_out`` of its parties). Stored by
    ``tournaments.league.store_evening`` when it closes and again whenever anything its
    ranking reads changes, so that a season's standings read one row an evening instead of
    ranking each evening again. An open evening has none; a closed one without it (closed
    before issue 25) is ranked when read.

    The tournament is no database constraint: a tournament's deletion ranks it again while
    its registrations and rounds go, then removes this row (``league.on_evening_saved``)."""

    tournament = models.OneToOneField(
        Tournament,
        primary_key=True,
        on_delete=models.CASCADE,
        db_constraint=False,
        related_name="league",
    )
    lines = models.JSONField(default=list)
    #: The season its lines were counted in (``SeasonLeague``): the tournament's when stored.
    season = models.ForeignKey(
        Season, null=True, on_delete=models.SET_NULL, db_constraint=False, related_name="+"
    )
    donnes_left_out = models.PositiveIntegerField(default=0)
    rounds_left_out = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return str(self.tournament)


class SeasonLeague(models.Model):
    """A season's totals over its stored closed evenings (``EveningLeague``), under the rule
    they were counted with: each player's ``tournaments.engine.league.LeagueTotals``
    (``totals``, its ``as_data``; ``rule``: ``[kind, scale, best]``) and ``evenings``, the
    evenings counted. Kept by ``tournaments.league.store_evening`` as each evening's lines
    change (its old lines taken off, its new ones added), so that a season's standings read
    one row a season however many evenings it has. Removed, to be counted again from the
    evenings when next read, when one of them is removed or the season changes."""

    season = models.OneToOneField(
        Season, primary_key=True, on_delete=models.CASCADE, related_name="league"
    )
    rule = models.JSONField(default=list)
    totals = models.JSONField(default=list)
    evenings = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return str(self.season)


class Rating(models.Model):
    """A player's skill rating now (``tournaments.engine.rating``), derived from the parties."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("rating"))
    parties = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-ordinal"]

    def __str__(self) -> str:
        return f"{self.player}: {self.ordinal}"


class RatingHistory(models.Model):
    """A player's rating after one partie, for the chart of his page."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_history")
    partie = models.ForeignKey("scoring.Partie", on_delete=models.CASCADE, related_name="+")
    played_on = models.DateField()
    ordinal = models.FloatField()

    class Meta:
        ordering = ["player", "played_on", "partie_id"]
        constraints = [
            models.UniqueConstraint(fields=["player", "partie"], name="one_rating_per_partie")
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.played_on}: {self.ordinal}"


class SentMessage(models.Model):
    """A results email of an evening, recorded when it is queued and updated as the worker
    sends it (``tournaments.tasks``): to whom, what, its state, attempts and last error.
    Sending is idempotent: an address already served (or queued) for a tournament is skipped
    unless the director asks again."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        SENDING = "sending", _("sending")
        SENT = "sent", _("sent")
        FAILED = "failed", _("failed")

    class Reason(models.TextChoices):
        RESULTS = "results", _("results sent by the director")
        REQUEST = "request", _("asked for by the player")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sent")
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The club's copy: every sheet of the evening (else the player's own).
    everything = models.BooleanField(default=False)
    reason = models.CharField(max_length=10, choices=Reason, default=Reason.RESULTS)
    to = models.EmailField()
    subject = models.CharField(max_length=200, blank=True)
    attachments = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True)
    queued_at = models.DateTimeField(default=timezone.now)
    #: When a worker last took it for sending (a "sending" one long ago: its worker died).
    claimed_at = models.DateTimeField(null=True, blank=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    #: When the message this one replaces was queued: the results changed after it.
    replaces = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "queued_at", "pk"]

    def __str__(self) -> str:
        return f"{self.to}: {self.subject}"


class WorkerBeat(models.Model):
    """When an email worker (``manage.py worker``) was last heard from: one row a worker id
    (django-tasks' ``worker_ids`` of the tasks it ran), written by its heartbeat
    (``tournaments.heartbeat``), read by ``/health/`` and by the results batches' watch. In
    the database, which every process of the site shares (the cache is a process's own
    without Redis)."""

    #: The worker's id (``db_worker --worker-id``, a new one at each start of its loop).
    worker = models.CharField(max_length=64, unique=True, default="")
    at = models.DateTimeField()

    def __str__(self) -> str:
        return f"worker {self.worker} heard from at {self.at:%Y-%m-%d %H:%M:%S}"
