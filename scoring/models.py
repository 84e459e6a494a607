"""What players write on a sheet: the club's players, the partie, its seats, its donnes (Roimat)
or rounds (the other games), every version of a donne, and each player's derived result.

Only entries are stored; every total and cumul is computed by ``scoring.roimat`` from them.
"""

from __future__ import annotations

import secrets
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.play.layout import evening_table
from scoring.roimat.cards import COLOURS, TOTAL_POINTS, TRICKS
from scoring.roimat.scoring import (
    MAX_FAULTS_PER_DONNE,
    MIN_TRUMPS,
    DonneEntry,
    faults_from_counts,
)
from scoring.roimat.seats import SEATS

SEAT_CHOICES = [("N", _("North")), ("E", _("East")), ("S", _("South")), ("O", _("West"))]
#: Seats of the other games: players 1 to 7 around the table.
PLACE_CHOICES = [(str(n), str(n)) for n in range(1, 8)]
COLOUR_CHOICES = [
    ("J", _("yellow")),
    ("R", _("red")),
    ("V", _("green")),
    ("B", _("blue")),
]
assert [c for c, _label in COLOUR_CHOICES] == list(COLOURS)

#: The Donne fields that hold a ``DonneEntry`` field of the same name (faults apart).
ENTRY_FIELDS = (
    "dealer",
    "trump",
    "trumps",
    "plis_ns",
    "points_ns",
    "roi_au_bout",
    "contre_plis",
    "contre_roi",
    "surcontre_plis",
    "surcontre_roi",
    "annulled",
)


class Player(models.Model):
    """A member or guest of the club, known by the name written on the score sheets."""

    name = models.CharField(_("name"), max_length=80, unique=True)
    email = models.EmailField(_("email"), blank=True)
    hidden = models.BooleanField(
        _("page hidden"), default=False, help_text=_("Only club accounts see the player's page.")
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


def club_account() -> models.ForeignKey:
    """A field naming the club account that did something, kept empty if it is deleted."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )


def counted_prefix(entries: list) -> list:
    """The entries (donnes or rounds, in order) that count: the confirmed ones before the
    first that is not. A later confirmed entry waits, since each donne's score may depend on
    the cumul before it (the end of the partie, the target)."""
    counted = []
    for entry in entries:
        if not entry.confirmed:
            break
        counted.append(entry)
    return counted


def evening_table_label(*, round_number, table_number) -> str:
    """A club evening's table in words, in the reader's language: "Table 2 — tour 1"."""
    return gettext("Table %(table)s — round %(round)s") % {
        "table": table_number,
        "round": round_number,
    }


def fault_seats(count_of) -> tuple[str, ...]:
    """The §10 faults list from the four counters ``faults_n`` … ``faults_o``, read by
    ``count_of(field name)`` (a missing count is 0); ``ValueError`` for a count out of
    bounds (``faults_from_counts``)."""
    return faults_from_counts(lambda seat: count_of(f"faults_{seat.lower()}"))


#: The problems of a JSON field named on it; the rest are counted.
MAX_SHOWN_PROBLEMS = 5


def check_game_options(game: str, options, field: str) -> None:
    """Raise ``ValidationError`` on ``field`` when game ``game`` is not registered or its
    rule ``options`` are not those its rules define and bound
    (``GameAdapter.option_problems``): the admin's checks of a JSON options field."""
    adapter = registry.REGISTRY.get(game)
    if adapter is None:
        raise ValidationError({field: _("%(game)r is not a game of the club.") % {"game": game}})
    problems = adapter.option_problems(options)
    if problems:
        shown = problems[:MAX_SHOWN_PROBLEMS]
        if len(problems) > len(shown):
            shown.append(_("… and %(count)s more.") % {"count": len(problems) - len(shown)})
        raise ValidationError({field: shown})


def bounded(low: int, high: int) -> list:
    """The validators holding a number column to ``low``–``high`` (the rules' bounds); a
    ModelForm's field takes them as its ``min``/``max`` (``scoring.forms.bounded_formfield``)."""
    return [MinValueValidator(low), MaxValueValidator(high)]


class Partie(models.Model):
    """A partie of one of the club's games at one table: the game, its rule ``options`` (the
    game's ``option_specs``; Roimat's: ``variant``, ``rounding``, ``fault_counting``,
    ``target``), the heading and the players by seat (N, E, S, O for Roimat; 1, 2, … for the
    others). ``closing``: what the
    evening decided for it if it was unfinished when the evening closed (the tournament
    service sets it), so that its own sheet says it."""

    class Closing(models.TextChoices):
        """What an evening decided, when it closed, for this partie if it was unfinished."""

        NONE = "", _("finished, or not decided")
        LATER = "later", _("finish later (counts once finished)")
        PLAYED = "played", _("count as played so far")
        EXCLUDED = "excluded", _("do not count")

    game = models.CharField(_("game"), max_length=20, default="roimat", editable=False)
    options = models.JSONField(_("rule options"), default=dict, blank=True)
    played_on = models.DateField(_("date"), default=timezone.localdate)
    place = models.CharField(_("place"), max_length=120, blank=True)
    table = models.CharField(_("table"), max_length=40, blank=True)
    players = models.ManyToManyField(
        Player, through="Seat", related_name="parties", verbose_name=_("players")
    )
    created_by = club_account()
    created_at = models.DateTimeField(auto_now_add=True)
    closing = models.CharField(
        _("if unfinished at closing"),
        max_length=10,
        choices=Closing.choices,
        blank=True,
        editable=False,
        help_text=_("Set by the evening that closed with this partie unfinished."),
    )

    class Meta:
        ordering = ["-played_on", "-id"]
        # The newest parties without sorting them all (the parties list, any "latest" read).
        indexes = [models.Index(fields=["played_on", "id"], name="partie_by_date")]
        verbose_name = _("partie")
        verbose_name_plural = _("parties")

    def __str__(self) -> str:
        return f"{self.played_on:%d/%m/%Y} — {self.adapter.players_text(self)}"

    def get_absolute_url(self) -> str:
        return reverse("scoring:partie_detail", args=[self.pk])

    def clean(self) -> None:
        """Refuse, on the field, rule options the game does not define or bound."""
        check_game_options(self.game, self.options, "options")

    @property
    def table_label(self) -> str:
        """The table in words: a club evening's table, stored as ``round.table`` (``1.2``),
        is "Table 2 — tour 1"; any other as typed, "table 7"; empty without one."""
        if not self.table:
            return ""
        evening = evening_table(self.table)
        if evening:
            return evening_table_label(round_number=evening[0], table_number=evening[1])
        return gettext("table %(table)s") % {"table": self.table}

    @cached_property
    def players_by_seat(self) -> dict[str, object]:
        """Seat letter → Player (uses prefetched seats when there are)."""
        return {seat.seat: seat.player for seat in self.seats.all()}

    @property
    def adapter(self) -> registry.GameAdapter:
        """The game's adapter (``scoring.registry``): everything the site does with it."""
        return registry.get(self.game)

    @cached_property
    def sheet(self):
        """The one computed sheet of the partie, the engine's own type: Roimat's Table de
        marque (``roimat.partie.Sheet``), another game's ``GameSheet``. Every entry is listed;
        its totals, end and winner are those of the entries that count (``counted_prefix``:
        confirmed, up to the first that is not), the later ones marked pending. Every page,
        document, ranking, rating and the league read their totals here. Raises the engine's
        error if the stored entries break its rules."""
        return self.adapter.compute(self)

    #: The partie's entry rows as an entry service holds them (``services.entry_partie``,
    #: ``services.read_partie``): read once, in number order, and kept as they stand after
    #: the service's writes; None until then (``entry_rows`` reads the game's relation).
    held_entries: list | None = None
    #: Whether a running ``services.entry_partie`` block read and locked this partie: the
    #: entry services then trust what it holds.
    entry_block = False

    def entry_rows(self) -> list:
        """The partie's donnes or rounds (its game's ``entries_relation``), in number order:
        those held (``held_entries``), else the relation's (prefetched, or one query)."""
        if self.held_entries is not None:
            return self.held_entries
        return list(getattr(self, self.adapter.entries_relation).all())

    @cached_property
    def counts(self) -> int:
        """How many entries, from the first, count (``counted_prefix``)."""
        return len(counted_prefix(self.entry_rows()))

    @cached_property
    def players_in_order(self) -> list:
        """The players of another game, by seat 1, 2, …"""
        return [seat.player for seat in sorted(self.seats.all(), key=lambda s: s.seat)]

    def email_addresses(self) -> list[str]:
        """The players' addresses, in seat order, without blanks or repeats."""
        found = []
        for seat in sorted(self.players_by_seat, key=lambda s: ("NESO".find(s), s)):
            player = self.players_by_seat[seat]
            if player.email and player.email not in found:
                found.append(player.email)
        return found


class Seat(models.Model):
    """Who sits where at a partie's table."""

    partie = models.ForeignKey(Partie, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(_("seat"), max_length=1, choices=SEAT_CHOICES + PLACE_CHOICES)
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="seats",
        verbose_name=_("player"),
    )

    class Meta:
        ordering = ["partie", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["partie", "seat"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["partie", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.seat}: {self.player}"


class EntryVersion(models.Model):
    """Every version of a donne or a round, kept for good: what was written, by whom, when
    (who entered, confirmed, refused, corrected, annulled, restored or deleted it). Kept by
    partie and number, so that deleting a donne keeps its history."""

    class Action(models.TextChoices):
        ENTER = "enter", _("entered")
        CORRECT = "correct", _("corrected")
        CONFIRM = "confirm", _("confirmed")
        REFUSE = "refuse", _("refused")
        ANNUL = "annul", _("annulled")
        RESTORE = "restore", _("restored")
        DELETE = "delete", _("deleted")
        # A second phone's different numbers for an entry already stored: kept beside it, not
        # applied, until the table chooses (``KEEP`` the stored one, or a correction to it).
        RIVAL = "rival", _("entered differently by another phone")
        KEEP = "keep", _("kept over another phone's")
        # The table took the other phone's numbers (``RIVAL``): the entry holds them, pending
        # for the side that did not type them.
        TAKE = "take", _("other phone's numbers taken")

    class Reason(models.TextChoices):
        """Why the other side refused an entry, given in a tap (optional)."""

        PLIS = "plis", _("plis")
        POINTS = "points", _("points")
        CONTRES = "contres", _("contres")
        FAULTS = "fautes", _("fautes")
        OTHER = "autre", _("other")

    partie = models.ForeignKey(Partie, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    reason = models.CharField(max_length=10, choices=Reason.choices, blank=True)
    data = models.JSONField()
    author = models.CharField(max_length=120, blank=True)
    #: The seat of the player who did it at the table: typed the numbers (``ENTER``,
    #: ``CORRECT``, ``RIVAL``), accepted or refused them, kept or took the other phone's;
    #: blank for the director's changes.
    seat = models.CharField(_("seat"), max_length=1, blank=True)
    user = club_account()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["partie", "number", "id"]
        # A table's page asks which of its entries had a rival (``services.table_rivals``):
        # one lookup an entry, not a scan of the partie's whole history (500 donnes: 30 ms).
        indexes = [models.Index(fields=["partie", "number", "action"], name="version_entry_action")]

    def __str__(self) -> str:
        return f"{self.partie_id} / {self.number} v{self.version} {self.action}"


class Entry(models.Model):
    """What a donne and a round share: the number on the sheet, whether the other side
    confirmed it (a pending entry does not count), who entered, confirmed or refused it (seat
    letters or numbers), the phone's idempotency key and the version."""

    number = models.PositiveSmallIntegerField(_("number"))
    confirmed = models.BooleanField(_("confirmed"), default=True)
    entered_seat = models.CharField(_("entered by"), max_length=1, blank=True)
    confirmed_seat = models.CharField(_("confirmed by"), max_length=1, blank=True)
    refused_seat = models.CharField(_("refused by"), max_length=1, blank=True)
    key = models.CharField(max_length=40, blank=True, editable=False)
    version = models.PositiveIntegerField(default=1, editable=False)
    entered_by = club_account()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True

    @property
    def refused(self) -> bool:
        """Refused by the other side: back with the side that entered it, to correct."""
        return not self.confirmed and bool(self.refused_seat)

    @property
    def versions(self):
        """Every version of this entry, oldest first."""
        return EntryVersion.objects.filter(partie_id=self.partie_id, number=self.number)


class Donne(Entry):
    """One donne as entered on the sheet (ROIMAT.md §10, score-sheet donne).

    N/S's plis and points are stored; O/E's are 9 − and 128 − those.
    ``faults_x`` counts the fautes de jeu of the player at seat x in this donne.
    """

    partie = models.ForeignKey(Partie, on_delete=models.CASCADE, related_name="donnes")
    dealer = models.CharField(_("dealer"), max_length=1, choices=SEAT_CHOICES)
    trump = models.CharField(_("trump"), max_length=1, choices=COLOUR_CHOICES)
    trumps = models.PositiveSmallIntegerField(
        _("number of trumps"), null=True, blank=True, validators=bounded(MIN_TRUMPS, TRICKS)
    )
    contre_plis = models.BooleanField(_("contre on the 5 plis"), default=False)
    contre_roi = models.BooleanField(_("contre on the Roi au bout"), default=False)
    surcontre_plis = models.BooleanField(_("surcontre on the 5 plis"), default=False)
    surcontre_roi = models.BooleanField(_("surcontre on the Roi au bout"), default=False)
    plis_ns = models.PositiveSmallIntegerField(
        _("plis N/S"), default=0, validators=bounded(0, TRICKS)
    )
    points_ns = models.PositiveSmallIntegerField(
        _("points N/S"), default=0, validators=bounded(0, TOTAL_POINTS)
    )
    roi_au_bout = models.BooleanField(_("Roi au bout"), default=False)
    faults_n = models.PositiveSmallIntegerField(
        _("faults North"), default=0, validators=bounded(0, MAX_FAULTS_PER_DONNE)
    )
    faults_e = models.PositiveSmallIntegerField(
        _("faults East"), default=0, validators=bounded(0, MAX_FAULTS_PER_DONNE)
    )
    faults_s = models.PositiveSmallIntegerField(
        _("faults South"), default=0, validators=bounded(0, MAX_FAULTS_PER_DONNE)
    )
    faults_o = models.PositiveSmallIntegerField(
        _("faults West"), default=0, validators=bounded(0, MAX_FAULTS_PER_DONNE)
    )
    annulled = models.BooleanField(_("annulled"), default=False)

    class Meta:
        ordering = ["partie", "number"]
        constraints = [
            models.UniqueConstraint(fields=["partie", "number"], name="one_donne_per_number"),
            models.UniqueConstraint(
                fields=["partie", "key"], condition=~models.Q(key=""), name="one_donne_per_key"
            ),
        ]
        #: The entries waiting for the other side, the few a page of totals leaves out
        #: (``scoring.selectors.left_out``): found without reading the confirmed ones.
        indexes = [
            models.Index(
                fields=["partie", "number"],
                condition=models.Q(confirmed=False),
                name="donne_waiting",
            )
        ]
        verbose_name = _("donne")
        verbose_name_plural = _("donnes")

    def __str__(self) -> str:
        return f"{self.partie_id} / {self.number}"

    @property
    def faults(self) -> tuple[str, ...]:
        """One seat per fault, as in §10 (``("E", "E")`` for two faults of East)."""
        return fault_seats(lambda name: getattr(self, name))

    def set_faults(self, faults: tuple[str, ...]) -> None:
        """Store the §10 list of faulty seats in the four counters."""
        for seat in SEATS:
            setattr(self, f"faults_{seat.lower()}", faults.count(seat))

    def to_entry(self) -> DonneEntry:
        """The engine's view of this donne."""
        return DonneEntry(faults=self.faults, **{f: getattr(self, f) for f in ENTRY_FIELDS})

    @classmethod
    def from_entry(cls, entry: DonneEntry, **fields) -> Donne:
        """An unsaved Donne holding ``entry`` (plus ``partie``, ``number`` … in ``fields``)."""
        donne = cls(**{f: getattr(entry, f) for f in ENTRY_FIELDS}, **fields)
        donne.set_faults(entry.faults)
        return donne


class GameRound(Entry):
    """A round (manche, tour, coup) of a partie of another game: each player's entry, in the
    order of the seats, as the game's fields (``scoring.games``)."""

    partie = models.ForeignKey(Partie, on_delete=models.CASCADE, related_name="game_rounds")
    entries = models.JSONField()

    class Meta:
        ordering = ["partie", "number"]
        constraints = [
            models.UniqueConstraint(fields=["partie", "number"], name="one_round_per_number"),
            models.UniqueConstraint(
                fields=["partie", "key"], condition=~models.Q(key=""), name="one_round_per_key"
            ),
        ]
        #: The entries waiting for the other side, the few a page of totals leaves out
        #: (``scoring.selectors.left_out``): found without reading the confirmed ones.
        indexes = [
            models.Index(
                fields=["partie", "number"],
                condition=models.Q(confirmed=False),
                name="round_waiting",
            )
        ]

    def __str__(self) -> str:
        return f"{self.partie_id} / {self.number}"


#: Every table of entries (a subclass of ``Entry``) by its relation's name on ``Partie``; a
#: game's entries are all in one of them (``GameAdapter.entries_relation``). What reads or
#: counts a partie's entries goes through this, naming none of them.
ENTRY_TABLES: dict[str, type[Entry]] = {"donnes": Donne, "game_rounds": GameRound}


def entry_reads(prefix: str = "") -> list[str]:
    """The relations to prefetch for a partie's entries, whatever its game: ``prefix`` is the
    path to the partie (``"partie__"`` from a table)."""
    return [prefix + name for name in ENTRY_TABLES]


class PlayerResult(models.Model):
    """A player's result in a partie, derived from its donnes or rounds and stored each time
    they change (``scoring.results``), so that rankings over years read one row per player
    and partie instead of every donne.

    ``points``: his team's total (the other games: his own, negative when the lowest total
    wins); ``against``: the other team's (the best other player's); ``outcome``: 1 won, 0
    lost, as the game decided (None: from the totals); ``counted``: donnes or rounds;
    ``figures``: the game's counts of this partie for the player's page, added up over his
    parties (``GameAdapter.player_figures``; Roimat: ``PlayerStats``'s fields), so that the
    page reads one row a partie and scores no sheet; None for a result stored before they
    were (``manage.py recompute_results`` stores them).
    """

    partie = models.ForeignKey(Partie, on_delete=models.CASCADE, related_name="results")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="results")
    team = models.CharField(max_length=2, blank=True)
    points = models.IntegerField()
    against = models.IntegerField()
    outcome = models.FloatField(null=True, blank=True)
    counted = models.PositiveSmallIntegerField()
    finished = models.BooleanField(default=False)
    figures = models.JSONField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["partie", "player"], name="one_result_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.partie_id} {self.player_id}: {self.points}"


class Counts(models.Model):
    """A player's figures over some of his results of one game (``game``), as his page shows
    them: ``results``, how many results they add up; ``figures``, their ``figures`` added up,
    count by count; ``partners`` and ``opponents``, how many of those parties he played with
    (the same team) and against each other player, by the player's id (as text: JSON keys).
    A count of 0 is left out."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=20)
    results = models.IntegerField(default=0)
    figures = models.JSONField(default=dict)
    partners = models.JSONField(default=dict)
    opponents = models.JSONField(default=dict)

    class Meta:
        abstract = True


class PlayerTotals(Counts):
    """A player's ``Counts`` over all his results of a game up to the changes still apart
    (``PlayerTotalsChange``): his page adds the two up, at the same cost after 50 parties or
    5,000 (``scoring.totals``). Computed from his results when his page first asks, or after
    a change it cannot follow (a partie deleted)."""

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "game"], name="one_totals_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.game}: {self.results}"


class PlayerTotalsChange(Counts):
    """What a change to one partie's results made to a player's ``Counts`` (the new results
    less the old, counts below 0 where they went down), written in the change's transaction
    without reading anything (``scoring.totals``); added into his ``PlayerTotals`` by his
    page."""

    class Meta:
        indexes = [models.Index(fields=["player", "game"], name="totals_change_player")]

    def __str__(self) -> str:
        return f"{self.player_id} {self.game}: {self.results:+}"


#: Letters and digits of invitation links and seat keys, without look-alikes (no I, O, 0, 1).
KEY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def new_key(length: int = 10) -> str:
    """A random key of ``length`` letters and digits without look-alikes (10: 50 bits)."""
    return "".join(secrets.choice(KEY_ALPHABET) for _ in range(length))


def new_seat_key() -> str:
    """The key that lets one browser play one seat: 20 characters, 100 bits."""
    return new_key(20)


def site_abandon_seconds() -> int:
    """The site's delay before an absent player's seat may be given to a simulated player
    (``REMOTE_ABANDON_SECONDS``), a new remote table's own unless it sets another."""
    return int(getattr(settings, "REMOTE_ABANDON_SECONDS", 20))


class RemoteTable(models.Model):
    """A table played at a distance (``scoring.remote``): its ``game`` and rule ``options``
    (as a partie's), the invitation code of its link (which also seeds the
    deals of a game other than Roimat), who opened it, the partie it fills (made when play
    starts, or the partie of a club evening's table), ``seq``, the moves made, which
    numbers the next, and ``abandon_seconds``, how long a player stays away before his seat
    may be given to a simulated player. Its seats are its ``RemoteSeat`` rows, as many as its
    players."""

    game = models.CharField(_("game"), max_length=20, default="roimat")
    options = models.JSONField(_("rule options"), default=dict, blank=True)
    code = models.CharField(max_length=12, unique=True, default=new_key)
    partie = models.OneToOneField(
        Partie, null=True, blank=True, on_delete=models.PROTECT, related_name="remote_table"
    )
    seq = models.PositiveIntegerField(default=0)
    abandon_seconds = models.PositiveSmallIntegerField(
        _("seconds before an absent player's seat may be given"), default=site_abandon_seconds
    )
    created_by = club_account()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("remote table")
        verbose_name_plural = _("remote tables")

    def __str__(self) -> str:
        return f"{_('remote table')} {self.code}"

    def get_absolute_url(self) -> str:
        return reverse("scoring:remote_table", args=[self.code])

    @property
    def adapter(self) -> registry.GameAdapter:
        """The game's adapter (``scoring.registry``)."""
        return registry.get(self.game)

    @property
    def title(self) -> str:
        """The table in words, not its code: a club evening's table by its table and round
        ("Table 2 — tour 1"), any other by the name of who opened it ("Table à distance de
        Sophie Martin"); an account without a name is not named by its login."""
        if self.partie_id and self.partie.table and self.code not in self.partie.table:
            return self.partie.table_label
        opener = self.created_by.get_full_name() if self.created_by is not None else ""
        if not opener:
            return gettext("Table at a distance")
        return gettext("Table at a distance of %(opener)s") % {"opener": opener}


class RemoteSeat(models.Model):
    """One seat of a remote table (N, E, S, O at Roimat; 1 … n at the other games): empty,
    taken by a person (a club account or a guest, known by ``name``, who plays it with
    ``key``), or played by the engine (``robot``).
    ``seen_at``: when a page of the person was last heard from (a message, its heartbeat, the
    seat taken, a page closed); ``closed``: the last page heard from was closed. Whether the
    person is present is derived from these by ``scoring.remote.presence``."""

    class Kind(models.TextChoices):
        EMPTY = "empty", _("empty")
        HUMAN = "human", _("player")
        ROBOT = "robot", _("simulated player")

    table = models.ForeignKey(RemoteTable, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(_("seat"), max_length=1)
    kind = models.CharField(max_length=5, choices=Kind.choices, default=Kind.EMPTY)
    name = models.CharField(_("name"), max_length=80, blank=True)
    #: A seat of a club evening's table is the drawn player's: ``name`` cannot change.
    fixed = models.BooleanField(default=False)
    user = club_account()
    key = models.CharField(max_length=24, unique=True, default=new_seat_key)
    seen_at = models.DateTimeField(null=True, blank=True)
    closed = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_remote_seat_per_letter")
        ]

    def __str__(self) -> str:
        return f"{self.table_id} {self.seat}: {self.name or self.kind}"


class RemoteDonne(models.Model):
    """A deal at a remote table (void deals included): the dealer's seat (blank for a game
    without one), the hands dealt (seat → card codes) and, once over, its ``record`` (§10 at
    Roimat); ``sheet_number``: the round's number on the partie's sheet (None for a void
    deal)."""

    table = models.ForeignKey(RemoteTable, on_delete=models.CASCADE, related_name="donnes")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, blank=True)
    hands = models.JSONField()
    record = models.JSONField(null=True, blank=True)
    sheet_number = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_remote_donne_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.table_id} / {self.number}"


class RemoteMove(models.Model):
    """Move ``seq`` of a remote table, in donne ``number``, by ``seat``, as the engine writes
    it (``GameState.move_text``); the table's state is rebuilt from these. The constraint
    makes each number taken once, whatever the servers."""

    table = models.ForeignKey(RemoteTable, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    number = models.PositiveSmallIntegerField()
    seat = models.CharField(max_length=1)
    text = models.CharField(max_length=80)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="one_remote_move_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.table_id} #{self.seq} {self.seat} {self.text}"
