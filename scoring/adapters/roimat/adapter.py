"""Roimat on the site: two teams of partners, N/S and O/E, donne by donne (ROIMAT.md).

The rules engine is ``scoring.roimat``; the donnes are ``Donne`` rows, entered through the one
lifecycle of ``scoring.adapters.entries``; the Table de marque is every game's sheet page,
drawn from Roimat's layout; its own actions are in ``views``; at a tournament table a player
enters the donne and a player of the other team reads it in words and accepts or refuses it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.conf import settings
from django.core.exceptions import FieldDoesNotExist
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from scoring import services
from scoring.adapters.entries import EntryAdapter
from scoring.messages import elide
from scoring.models import (
    COLOUR_CHOICES,
    ENTRY_FIELDS,
    SEAT_CHOICES,
    Donne,
    EntryVersion,
    Partie,
    Player,
    PlayerResult,
    RemoteTable,
    fault_seats,
)
from scoring.play.layout import SheetLayout
from scoring.registry import (
    EntryField,
    EntryGroup,
    EntryRefused,
    FieldProblem,
    SheetRefused,
    Side,
    check_heading,
    simulation_rate,
)
from scoring.roimat import rules as roimat_rules
from scoring.roimat.cards import TOTAL_POINTS, TRICKS
from scoring.roimat.layout import result_line, sheet_layout
from scoring.roimat.notation import (
    SheetInput,
    donne_from_dict,
    donne_to_dict,
    parse_sheet,
    sheet_to_dict,
)
from scoring.roimat.partie import InvalidSheet, Sheet, compute_sheet, compute_stored, next_dealer
from scoring.roimat.record import entry_of_record
from scoring.roimat.rules import (
    OPTION_SPECS,
    RuleSet,
    options_of,
    rules_of_options,
)
from scoring.roimat.scoring import MAX_FAULTS_PER_DONNE, MIN_TRUMPS, DonneEntry, validate_donne
from scoring.roimat.seats import SEATS, team_of
from scoring.roimat.simulate import PLAYERS, partie_sheet, simulate_partie
from scoring.roimat.state import RoimatState, RoimatTable
from scoring.roimat.stats import added_up, partie_figures
from scoring.roimat.table import ROBOT, Robot, RoimatSheet, atouts
from scoring.roimat.verify import verify as verify_record
from scoring.selectors import parties
from scoring.totals import kept_totals

from .messages import (
    VARIANT_LABELS,
    problem_message,
    record_problem_text,
    sheet_error_message,
)


def rules_of(partie: Partie) -> RuleSet:
    """A Roimat partie's ``RuleSet``, from its rule ``options`` (ROIMAT.md §1, §6, §7)."""
    return rules_of_options(partie.options)


def team_players(partie: Partie, team: str) -> tuple[Player, ...]:
    """The players of ``team`` (``"ns"``: North then South); seats without one left out."""
    seated = partie.players_by_seat
    return tuple(seated[s] for s in ("N", "S", "O", "E") if team_of(s) == team and s in seated)


def team_names(partie: Partie, team: str) -> str:
    """``"Annie & Claire"`` for ``"ns"``; seats without a player are left out."""
    return " & ".join(str(player) for player in team_players(partie, team))


def donne_entries(partie: Partie) -> list[DonneEntry]:
    """The partie's donnes as engine entries, in the order played."""
    return [donne.to_entry() for donne in partie.entry_rows()]


def sheet_input(partie: Partie) -> SheetInput:
    """The partie as the §10 score sheet, for the JSON download and the exports."""
    return SheetInput(
        rules=rules_of(partie),
        players={seat: str(player) for seat, player in partie.players_by_seat.items()},
        donnes=tuple(donne_entries(partie)),
        date=partie.played_on,
        place=partie.place,
        table=partie.table,
    )


TEAMS = (("ns", "oe", "NS"), ("oe", "ns", "OE"))
DEALER = capfirst(gettext_lazy("dealer"))
#: The contres and surcontres (ROIMAT.md §4), as the donne's columns name them.
ANNOUNCEMENTS = (
    ("contre_plis", capfirst(gettext_lazy("contre on the 5 plis"))),
    ("contre_roi", capfirst(gettext_lazy("contre on the Roi au bout"))),
    ("surcontre_plis", capfirst(gettext_lazy("surcontre on the 5 plis"))),
    ("surcontre_roi", capfirst(gettext_lazy("surcontre on the Roi au bout"))),
)


class RoimatAdapter(EntryAdapter):
    """Roimat: see the module docstring."""

    key = "roimat"
    name = "Roimat"
    partners = True
    table_sizes = (4, 4)
    rules = roimat_rules
    state = RoimatState
    totals = True
    #: The rule options of a partie, a table and a tournament (ROIMAT.md §1, §5, §6).
    option_specs = OPTION_SPECS
    entry_name = gettext_lazy("Donne")
    sheet_legend = gettext_lazy(
        "Total = contract points + C/SC × points; a faulty team's positive total becomes 0, "
        "less the penalty (Pén.). T: cumul."
    )
    chart_caption = gettext_lazy("Cumul of both teams, donne by donne")
    annuls = True
    urls = "scoring.adapters.roimat.urls"
    entries_relation = "donnes"
    entry_class = "donne-form"

    # -- the computed sheet

    def record_problems(self, record: Any) -> list[str]:
        return [record_problem_text(problem) for problem in verify_record(record)]

    def compute(self, partie: Partie) -> Sheet:
        return compute_stored(donne_entries(partie), rules_of(partie), partie.counts)

    def counted(self, partie: Partie) -> int:
        return partie.sheet.counted

    def players_text(self, partie: Partie) -> str:
        return f"{team_names(partie, 'ns')} / {team_names(partie, 'oe')}"

    def score_text(self, partie: Partie) -> str:
        return f"{partie.sheet.total_ns} / {partie.sheet.total_oe}"

    def winners_text(self, partie: Partie) -> str | None:
        sheet = partie.sheet
        if not sheet.finished:
            return None
        return team_names(partie, sheet.winner) if sheet.winner else ""

    def label(self, partie: Partie) -> str:
        return f"Roimat — {VARIANT_LABELS[rules_of(partie).variant]}"

    def results(self, partie: Partie) -> list[PlayerResult]:
        sheet = partie.sheet
        if not sheet.counted:
            return []
        seats = {s.seat: s.player_id for s in partie.seats.all()}
        figures = {team: partie_figures(sheet, team) for team, _other, _pair in TEAMS}
        return [
            PlayerResult(
                partie=partie,
                player_id=seats[seat],
                team=team,
                points=sheet.total(team),
                against=sheet.total(other),
                counted=sheet.counted,
                finished=sheet.finished,
                figures=dict(figures[team]),  # a team's counts once, a dict each
            )
            for team, other, pair in TEAMS
            for seat in pair
            if seat in seats
        ]

    def outcome(self, partie: Partie) -> tuple[list[list[int]], list[int]] | None:
        sheet = partie.sheet
        if not sheet.finished:
            return None
        seats = {s.seat: s.player_id for s in partie.seats.all()}
        teams = [[seats["N"], seats["S"]], [seats["E"], seats["O"]]]
        return teams, [sheet.total_ns, sheet.total_oe]

    def sides(self, partie: Partie) -> list[Side]:
        sheet = partie.sheet
        return [
            Side(label, team_names(partie, team), total, team, players=team_players(partie, team))
            for label, team, total in (("N/S", "ns", sheet.total_ns), ("O/E", "oe", sheet.total_oe))
        ]

    def seats(self, partie: Partie) -> list[str]:
        return list(SEATS)

    def refused_words(self, partie: Partie) -> dict[str, str] | None:
        """The donne, the field in words (its label on the form) and the problem."""
        error = partie.sheet.refused
        if error is None or error.donne is None:
            return None
        message = problem_message(error.problem).rstrip(".")
        field = error.problem.field
        if field != "donne":
            message = f"{field_label(field)} — {message}"
        return {
            "name": _("Donne %(number)s") % {"number": error.donne},
            "message": message,
            "edit": reverse("scoring:entry_edit", args=[partie.pk, error.donne]),
            "action": _("Correct this donne"),
        }

    # -- documents

    def sheet_dict(self, partie: Partie) -> dict[str, Any]:
        return sheet_to_dict(sheet_input(partie))

    def layout(self, partie: Partie) -> SheetLayout:
        return sheet_layout(sheet_input(partie), partie.sheet, settings.CLUB_NAME, partie.closing)

    def result_text(self, partie: Partie) -> str:
        players = {seat: str(p) for seat, p in partie.players_by_seat.items()}
        return result_line(partie.sheet, players, partie.closing)

    def read_sheet(self, data: Any) -> SheetInput:
        try:
            sheet = parse_sheet(data)
            compute_sheet(sheet.donnes, sheet.rules)
        except InvalidSheet as error:
            raise SheetRefused(sheet_error_message(error)) from None
        check_heading(list(sheet.players.values()), place=sheet.place, table=sheet.table)
        return sheet

    def computed_dict(self, sheet: SheetInput) -> dict[str, Any]:
        return compute_sheet(sheet.donnes, sheet.rules).as_dict()

    def sheet_layout(self, sheet: SheetInput, club: str) -> SheetLayout:
        return sheet_layout(sheet, compute_sheet(sheet.donnes, sheet.rules), club)

    def import_sheet(self, sheet: SheetInput, created_by: Any = None) -> Partie:
        """Store a §10 score sheet, its players found by name or added. Raises
        ``InvalidSheet`` (nothing stored) when a donne is refused."""
        compute_sheet(sheet.donnes, sheet.rules)
        return self.store(sheet, sheet.players, created_by)

    def store(self, sheet: SheetInput, players: Mapping[str, Any], created_by: Any) -> Partie:
        """Store ``sheet``, checked, with its seats' players (seat → a saved ``Player``, or a
        name: ``services.partie_store``)."""
        return services.partie_store(
            self.key,
            options=options_of(sheet.rules),
            seats=players,
            values=sheet.donnes,
            place=sheet.place,
            table=sheet.table,
            date=sheet.date,
            created_by=created_by,
        )

    # -- pages

    def start_url(self, partie: Partie) -> str:
        """The entry of its first donne."""
        return reverse("scoring:donne_create", args=[partie.pk])

    def seat_words(self, seat: int) -> str:
        return SEATS[seat]

    def running_points(self, returns: Sequence[int]) -> list[tuple[str, int]]:
        """Each team's card points (N/S, then O/E)."""
        return [("N/S", returns[0]), ("O/E", returns[1])]

    def replay_result(
        self, record: dict[str, Any], result: Any
    ) -> tuple[list[str], list[tuple[str, list[Any]]]]:
        """The donne's row of the Table de marque, by team: plis, card points, the Roi au
        bout and the total the sheet gives it (§5, §6), or that it is annulled."""
        try:
            row = compute_sheet([entry_of_record(record)], RuleSet(record["variant"])).rows[0]
        except (InvalidSheet, KeyError, ValueError):
            return [], []
        if row.ns is None or row.oe is None:
            return [], [(_("Donne"), [_("annulled")])]
        roi = bool(result.get("roi_au_bout")) if isinstance(result, dict) else False
        return ["N/S", "O/E"], [
            (_("plis"), [row.ns.plis, row.oe.plis]),
            (_("points"), [row.ns.points, row.oe.points]),
            (_("Total"), [row.ns.total, row.oe.total]),
            (_("Roi au bout"), [_("yes") if roi else _("no")]),
        ]

    def record_target(self, record: dict[str, Any]) -> tuple[str, list[Partie]] | None:
        """Roimat's parties in progress under the record's variant (the latest 50): the donne
        is added as the next one (``views.donne_add_record``)."""
        recent = parties().filter(game="roimat", options__variant=record.get("variant"))[:50]
        found = [partie for partie in recent if not partie.sheet.complete]
        return reverse("scoring:donne_add_record"), found

    # -- its donnes (the lifecycle: ``adapters.entries``, ``services.entry_record``)

    def entry_value(self, row: Donne) -> DonneEntry:
        return row.to_entry()

    def check_entries(self, partie: Partie, values: list[DonneEntry]) -> None:
        try:
            compute_sheet(values, rules_of(partie))
        except InvalidSheet as error:
            raise SheetRefused(sheet_error_message(error)) from None

    def entry_row(self, partie: Partie, value: DonneEntry, number: int) -> Donne:
        return Donne.from_entry(value, partie=partie, number=number)

    def change_action(self, old: Donne, value: DonneEntry) -> str:
        """Annulling a donne and counting it again are versions of their own (§5)."""
        if old.annulled != value.annulled:
            return EntryVersion.Action.ANNUL if value.annulled else EntryVersion.Action.RESTORE
        return EntryVersion.Action.CORRECT

    def value_data(self, value: DonneEntry) -> dict:
        return donne_to_dict(value)

    def data_value(self, data: dict, number: int) -> DonneEntry:
        return donne_from_dict(data, number)

    def version_words(self, partie: Partie, entry: Donne, data: dict) -> str:
        """N/S's plis and points, the Roi au bout, whether it was annulled."""
        plis, points = data.get("plis_ns", 0), data.get("points_ns", 0)
        words = [
            "N/S "
            + ngettext("%(count)s pli", "%(count)s plis", plis) % {"count": plis}
            + " / "
            + ngettext("%(points)s point", "%(points)s points", points) % {"points": points}
        ]
        if data.get("roi_au_bout"):
            words.append(_("Roi au bout"))
        if data.get("annulled"):
            words.append(_("annulled"))
        return ", ".join(words)

    # -- the entry form: the donne's columns, with the engine's bounds (ROIMAT.md §7, §10)

    def entry_fields(self, partie: Partie, number: int) -> list[EntryField]:
        """The dealer and the trump's colour as buttons, the announcer's atouts (may be left
        blank), the four contres and surcontres, N/S's plis and points (O/E's shown as they
        are typed), the Roi au bout and each player's fautes de jeu."""
        seats = tuple((seat, self.seat_label(partie, seat)) for seat in SEATS)
        return [
            EntryField("dealer", "choice", DEALER, choices=seats, group="dealer", style="seats"),
            EntryField(
                "trump",
                "choice",
                capfirst(gettext_lazy("trump")),
                choices=tuple(COLOUR_CHOICES),
                group="trump",
                style="colours",
            ),
            EntryField(
                "trumps",
                "number",
                capfirst(gettext_lazy("number of trumps")),
                MIN_TRUMPS,
                TRICKS,
                required=False,
                group="trump",
            ),
            *(EntryField(key, "flag", label, group="contres") for key, label in ANNOUNCEMENTS),
            EntryField(
                "plis_ns",
                "number",
                capfirst(gettext_lazy("plis N/S")),
                0,
                TRICKS,
                group="result",
                other=("O/E", TRICKS),
            ),
            EntryField(
                "points_ns",
                "number",
                capfirst(gettext_lazy("points N/S")),
                0,
                TOTAL_POINTS,
                group="result",
                other=("O/E", TOTAL_POINTS),
            ),
            EntryField(
                "roi_au_bout",
                "flag",
                gettext_lazy("Roi au bout (the trump Roi won the last pli)"),
                group="result",
            ),
            EntryField(
                "faults",
                "number",
                gettext_lazy("Faults of %(player)s"),
                0,
                MAX_FAULTS_PER_DONNE,
                per_seat=True,
                group="faults",
            ),
        ]

    def entry_groups(self, partie: Partie, number: int) -> list[EntryGroup]:
        return [
            EntryGroup("dealer", DEALER),
            EntryGroup("trump", gettext_lazy("Trump (colour of the Roi)")),
            EntryGroup(
                "contres",
                gettext_lazy("Contres and surcontres"),
                hint=gettext_lazy(
                    "Taking team (the dealer's): contre on the 5 plis, surcontre on the Roi. "
                    "Other team: contre on the Roi, surcontre on the 5 plis."
                ),
                style="toggles",
            ),
            EntryGroup("result", gettext_lazy("Result")),
            EntryGroup("faults", gettext_lazy("Fautes de jeu"), style="faults", closed=True),
        ]

    def seat_field(self, key: str, index: int, seat: str) -> str:
        """``faults_n`` … ``faults_o``: the donne's columns."""
        return f"{key}_{seat.lower()}"

    def seat_label(self, partie: Partie, seat: str) -> str:
        """``"N · Annie"``: the seat first, as the table sits."""
        names = partie.players_by_seat
        return f"{seat} · {names[seat]}" if seat in names else seat

    def entry_initial(self, partie: Partie, stored: Donne | None) -> dict[str, Any]:
        """A stored donne's columns; a new donne's dealer proposed by rotation
        (``next_dealer``), its plis and points empty (a "0" there turns a typed 5 into 50),
        no fault."""
        if stored is None:
            initial: dict[str, Any] = {"dealer": next_dealer(donne_entries(partie))}
        else:
            initial = {name: getattr(stored, name) for name in ENTRY_FIELDS}
        for seat in SEATS:
            name = self.seat_field("faults", 0, seat)
            initial[name] = getattr(stored, name) if stored is not None else 0
        return initial

    def entry_read(
        self,
        partie: Partie,
        number: int,
        stored: Donne | None,
        values: Mapping[str, Any],
        seats: list[dict[str, Any]],
    ) -> DonneEntry:
        """The donne (a correction keeps whether it is annulled), checked as ROIMAT.md §7
        says (``validate_donne``), each problem on its field."""
        counts = {
            self.seat_field("faults", 0, s): c["faults"] for s, c in zip(SEATS, seats, strict=True)
        }
        entry = DonneEntry(
            faults=fault_seats(counts.get),
            annulled=stored.annulled if stored is not None else False,
            **{name: values.get(name) for name in ENTRY_FIELDS if name != "annulled"},
        )
        problems = validate_donne(entry)
        if problems:
            raise EntryRefused([FieldProblem(p.field, problem_message(p)) for p in problems])
        return entry

    def seat_name(self, partie: Partie, seat: str) -> str:
        """The player and his seat: ``"Annie (N)"``."""
        return f"{partie.players_by_seat.get(seat, '?')} ({seat})"

    def live_value(self, result: DonneEntry, record: dict[str, Any]) -> DonneEntry:
        """The donne with its Roi column: how many atouts the announcer was dealt
        (``atouts``)."""
        return replace(result, trumps=atouts(record))

    refusal_reasons = ("plis", "points", "contres", "fautes", "autre")

    def entry_words(self, partie: Partie, entry: Donne, data: dict | None = None) -> list[str]:
        if data is None:
            rows = {row.number: row for row in partie.sheet.rows}
            return donne_in_words(partie, entry, rows.get(entry.number))
        other = Donne.from_entry(donne_from_dict(data), partie=partie, number=entry.number)
        return donne_in_words(partie, other, None)  # its score is not on the sheet

    def may_decide(self, partie: Partie, entered_seat: str, seat: str) -> bool:
        return seat in SEATS and (not entered_seat or team_of(seat) != team_of(entered_seat))

    def player_figures(self, player) -> dict[str, Any] | None:
        """His ``stats`` (``PlayerStats``) over the parties that have a result (a donne
        counted), and the players he sat with most (``partners``) and against
        (``opponents``), eight each (the most parties first, then by name) with their
        counts: from his kept totals (``scoring.totals``), two queries."""
        kept = kept_totals(player, self.key, self._figures_of)
        if kept is None:
            return None
        names = dict(
            Player.objects.filter(pk__in=[*kept.partners, *kept.opponents]).values_list(
                "pk", "name"
            )
        )

        def most(counts: Mapping[str, int]) -> list[tuple[str, int]]:
            named = [(names[int(pk)], count) for pk, count in counts.items() if int(pk) in names]
            return sorted(named, key=lambda pair: (-pair[1], pair[0]))[:8]

        return {
            "template": "scoring/_roimat_player.html",
            "stats": added_up([kept.figures]),
            "partners": most(kept.partners),
            "opponents": most(kept.opponents),
        }

    @staticmethod
    def _figures_of(teams: dict[int, str]) -> dict[int, dict[str, int]]:
        """Each partie's figures for a team ({partie id: team}), from its sheet: for results
        stored before their figures were."""
        return {p.pk: partie_figures(p.sheet, teams[p.pk]) for p in parties().filter(pk__in=teams)}

    # -- evenings

    def new_partie(self, *, players, options, date, place="", table="", created_by=None):
        seated = dict(zip(SEATS, players, strict=True))
        sheet = SheetInput(
            rules=rules_of_options(options),
            players={seat: p.name for seat, p in seated.items()},
            donnes=(),
            date=date,
            place=place,
            table=table,
        )
        return self.store(sheet, seated, created_by)

    def simulated_sheet(
        self, seed: int, players: int, options: Mapping[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A partie played to its end (ROIMAT.md §6) by ``simulate_partie``, as
        ``roimat_simulate --parties`` plays it from the same seed. ``options`` are the
        ``RuleSet``'s (``variant``, ``rounding``, ``fault_counting``, ``donnes``, ``target``)
        and the simulation's own: ``players``' kind is ``strategy`` (``random``, the default,
        or ``heuristic``), ``fault_rate`` the chance of a forbidden card (0 to 1, default 0)."""
        rules_options = dict(options)
        strategy = rules_options.pop("strategy", "random")
        fault_rate = simulation_rate(rules_options)
        rules_options.pop("fault_rate", None)
        if strategy not in PLAYERS:
            raise SheetRefused(f"strategy: {strategy!r}, not one of {', '.join(PLAYERS)}")
        try:
            rules = RuleSet(**rules_options)
        except (TypeError, ValueError) as error:
            raise SheetRefused(f"{', '.join(rules_options)}: {error}") from None
        records = simulate_partie(rules, seed, strategy, fault_rate)
        return sheet_to_dict(partie_sheet(rules, records)), records

    def simulate(self, partie: Partie, seed: int) -> bool:
        records = simulate_partie(rules_of(partie), seed, "heuristic", 0.01)
        Donne.objects.bulk_create(
            Donne.from_entry(entry_of_record(r), partie=partie, number=n)
            for n, r in enumerate(records, start=1)
        )
        services.after_change(partie)
        return True

    # -- a table at a distance

    playable = True

    def live_seats(self, players: int) -> list[str]:
        return list(SEATS)

    def live_seat_words(self, seat: str) -> str:
        """North, East, South, West."""
        return str(dict(SEAT_CHOICES)[seat])

    def live_parts(self, table: RemoteTable) -> tuple[RoimatTable, RoimatSheet, Robot]:
        """Roimat's donnes dealt from the table's code (``RoimatTable``), its Table de marque
        (``RoimatSheet``) and its heuristic players (``ROBOT``)."""
        rules = rules_of_options(table.options)
        return RoimatTable(rules, random.Random(table.code)), RoimatSheet(rules), ROBOT


def field_label(field: str) -> str:
    """A donne's field in words (its label on the form), or its key when it has none."""
    try:
        return str(Donne._meta.get_field(field).verbose_name)
    except FieldDoesNotExist:
        return field


def donne_in_words(partie: Partie, donne: Donne, row) -> list[str]:
    """A donne as the other team checks it before it counts: the dealer by name, the trump
    colour, every contre and surcontre, both teams' plis and points, the Roi au bout, the
    fautes by name, and the score it gives each team (``row``: its line of the computed
    sheet)."""
    names = partie.players_by_seat
    lines = [
        _("Dealer: %(name)s") % {"name": names.get(donne.dealer, donne.dealer)},
        _("Trump: %(colour)s") % {"colour": donne.get_trump_display()}
        + (
            " ("
            + ngettext("%(count)s trump", "%(count)s trumps", donne.trumps)
            % {"count": donne.trumps}
            + ")"
            if donne.trumps
            else ""
        ),
    ]
    bids = [
        str(label)[:1].lower() + str(label)[1:]
        for field, label in (
            ("contre_plis", _("contre on the 5 plis")),
            ("surcontre_plis", _("surcontre on the 5 plis")),
            ("contre_roi", _("contre on the Roi au bout")),
            ("surcontre_roi", _("surcontre on the Roi au bout")),
        )
        if getattr(donne, field)
    ]
    lines.append(
        _("Contres: %(bids)s")
        % {"bids": ", ".join(bids) if bids else pgettext("no contre", "none")}
    )
    for team, plis, points in (
        ("ns", donne.plis_ns, donne.points_ns),
        ("oe", 9 - donne.plis_ns, 128 - donne.points_ns),
    ):
        lines.append(
            _("%(team)s: %(plis)s, %(points)s")
            % {
                "team": team_names(partie, team),
                "plis": ngettext("%(count)s pli", "%(count)s plis", plis) % {"count": plis},
                "points": ngettext("%(points)s point", "%(points)s points", points)
                % {"points": points},
            }
        )
    lines.append(_("Roi au bout: %(made)s") % {"made": _("yes") if donne.roi_au_bout else _("no")})
    faults = [
        elide(
            ngettext("%(count)s faute of %(name)s", "%(count)s fautes of %(name)s", count)
            % {"count": count, "name": names.get(seat, seat)}
        )
        for seat, count in Counter(donne.faults).items()
    ]
    lines.append(
        _("Fautes: %(faults)s")
        % {"faults": ", ".join(faults) if faults else pgettext("no faute", "none")}
    )
    if donne.annulled:
        lines.append(_("Annulled: it scores nothing."))
    elif row is not None and row.ns is not None and row.oe is not None:
        lines.append(
            _("Score of the donne: %(ns)s %(ns_total)+d, %(oe)s %(oe_total)+d")
            % {
                "ns": team_names(partie, "ns"),
                "ns_total": row.ns.total,
                "oe": team_names(partie, "oe"),
                "oe_total": row.oe.total,
            }
        )
    return lines
