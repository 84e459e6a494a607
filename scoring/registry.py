"""The games the site knows, each registered once with its adapter.

An adapter is everything the site needs of one game, behind one interface: its computed sheet
and the words that sum it up, each player's result (for rankings, ratings and the league), its
documents (JSON, PDF, Excel), its entry form at a table and how a tournament seats and fills
its tables. Pages, exports, commands, tournaments and the league ask the partie's adapter
(``Partie.adapter``) and never test which game it is; the sheet page is every game's
(``scoring.views.partie_detail``), drawn from the adapter's layout and words: an adapter
knows no HTTP.

The built-in games register in ``scoring.adapters`` (Roimat, then Roi, Römer, Rumoli and
Differenzler); a sixth game registers its own adapter with ``register`` (a game of individual
players' counts needs only its plain-Python rules and ``adapters.tabular.TabularAdapter``).
"""

from __future__ import annotations

import datetime
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as default_of
from typing import TYPE_CHECKING, Any, TypeVar

from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.exports.sheet import sheet_pdf, sheet_xlsx
from scoring.games.base import option_problems
from scoring.messages import game_problem_message, round_text
from scoring.option_fields import option_field
from scoring.play.layout import SheetLayout
from scoring.play.live import LiveTable, SheetRules, seat_names
from scoring.play.options import OptionSpec
from scoring.play.players import Player
from scoring.play.state import GameState, Table
from scoring.replay import entry_labels

# Names for the annotations only, never imported when the site runs: the catalogue is below
# the models (``scoring.models`` imports it, for ``Partie.adapter``), so it may describe them
# but not use them (import-linter counts no import under TYPE_CHECKING: pyproject.toml).
if TYPE_CHECKING:
    from django.forms import Field, Form

    from scoring.models import Partie, Player, PlayerResult, RemoteTable


#: The most entries (donnes, rounds) a partie of the site holds, entered or imported: the
#: longest a club plays (a Roimat partie to 10,000 points is about 120 donnes), so that a
#: partie's pages, documents and phone cost a bounded time (issue 58).
MAX_ENTRIES = 500


#: The texts of ``messages.ROUND_TEXTS`` that the pages show without a number
#: (``GameAdapter.round_words``).
ROUND_PAGE_TEXTS = (
    "enter",
    "delete_last",
    "delete_last_asked",
    "record",
    "correct_this",
    "not_over",
    "over",
)


class SheetRefused(ValueError):
    """A sheet or an entry the game's rules refuse; ``str()`` is one line for the user that
    names the donne or round and the field."""


class EntryTaken(SheetRefused):
    """Another phone got there first: the donne or round was already entered, or changed
    since the form was shown. A table's page then moves on rather than showing the stale
    form again."""


class EntryAhead(SheetRefused):
    """A new entry numbered past the next one: an earlier entry was never recorded (refused,
    or discarded on the phone that queued them). Shown on the form, what was typed kept."""


@dataclass(frozen=True)
class EntryField:
    """A field of a game's entry form, as the game declares it (``GameAdapter.entry_fields``).

    - ``key``: the form field's name (of a per-seat field, ``GameAdapter.seat_field`` makes
      each seat's name from it);
    - ``kind``: ``"number"`` (a whole number within ``minimum``..``maximum``), ``"choice"``
      (one of ``choices``, (value, label) pairs), ``"flag"`` (ticked or not) or ``"text"``
      (typed words the game reads itself, at most ``maximum`` characters: Römer's cards);
    - ``label``, ``help``: in the user's language (lazy translations, or the engine's
      French);
    - ``per_seat``: one field for each seat, else one for the entry;
    - ``required``: refused when left blank (a number left blank is None, a choice ``""``);
    - ``group``: the card of the page that holds it (``EntryGroup.key``); a per-seat field
      without one is drawn on its player's card, behind the disclosure when ``more``;
    - ``taps``: a choice drawn as buttons to tap (else a list), ``style`` the buttons' look
      (``"seats"``, ``"colours"``);
    - ``other``: (the other side's name, the total) of a number whose other side's value
      (the total minus it) the page shows as it is typed;
    - ``attrs``: extra attributes of its input (Römer's ``data-total-url``).
    """

    key: str
    kind: str
    label: Any
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[tuple[str, Any], ...] = ()
    per_seat: bool = False
    required: bool = True
    help: Any = ""
    group: str = ""
    more: bool = False
    taps: bool = True
    style: str = ""
    other: tuple[str, int] | None = None
    attrs: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class EntryGroup:
    """A card of the entry page: its ``legend`` and ``hint`` (user's language), the ``style``
    of the box that holds its fields (``"faults"``: a grid of numbers), and whether it is a
    disclosure (``closed``) that opens once one of its fields is filled in or refused."""

    key: str
    legend: Any
    hint: Any = ""
    style: str = ""
    closed: bool = False


@dataclass(frozen=True)
class FieldProblem:
    """A refusal of an entry as its game's checks say it: the field's ``key`` (None: the
    entry as a whole), the ``seat`` index of a per-seat field, the ``message`` in the user's
    language."""

    key: str | None
    message: str
    seat: int | None = None


class EntryRefused(ValueError):
    """An entry form's values that the game's checks refuse: ``problems``, each a
    ``FieldProblem``."""

    def __init__(self, problems: list[FieldProblem]):
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


def simulation_rate(options: Mapping[str, Any]) -> float:
    """The rate of fautes or irregularities a simulation makes, ``options["fault_rate"]``
    (0 to 1; 0 when not given): not a rule, the simulation's alone. Raises ``SheetRefused``
    for anything but a number from 0 to 1."""
    rate = options.get("fault_rate", 0.0)
    if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 <= rate <= 1:
        raise SheetRefused(_("fault_rate: %(value)r is not a rate from 0 to 1") % {"value": rate})
    return float(rate)


#: The longest player name (``Player.name``).
NAME_LENGTH = 80


#: The longest place and table of a partie's heading (``Partie.place``, ``Partie.table``).
HEADING_LENGTHS = {"place": 120, "table": 40}


def check_heading(names, **heading: str) -> None:
    """The players and heading of an imported sheet, as the database stores them: each name
    at most ``NAME_LENGTH`` characters and seated once, the place and table within
    ``HEADING_LENGTHS``, no NUL character; raises ``SheetRefused`` naming the field."""
    for field, text in [*(("players", n) for n in names), *heading.items()]:
        if "\x00" in text:
            raise SheetRefused(_("%(field)s: a NUL character cannot be stored.") % {"field": field})
        longest = HEADING_LENGTHS.get(field, NAME_LENGTH)
        if len(text) > longest:
            raise SheetRefused(
                _("%(field)s: %(count)s characters, %(max)s at most.")
                % {"field": field, "count": len(text), "max": longest}
            )
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise SheetRefused(_("players: %(name)s has two seats.") % {"name": name})
        seen.add(name.casefold())


@dataclass(frozen=True)
class Pending:
    """An entry awaiting the other side's decision at a table: its ``number``, the entry in
    words (``summary``: one line per item, the resulting score last), who entered it and who
    may accept or refuse it (``choices``: seat, label)."""

    number: int
    summary: list[str]
    entered_by: str
    choices: list[tuple[str, str]]


@dataclass(frozen=True)
class Rival:
    """An entry stored at a table and another phone's different numbers for it, both in words
    (``stored``, ``other``: lines as ``Pending.summary``), for the table to choose;
    ``entered_by``: who typed the other version, ``stored_by``: who typed the stored one
    (names and seats); ``accepted``: the stored one counts already (taking the other's makes
    it pending again); ``choices``: the seats (seat, label) of whoever chooses, who names
    himself."""

    number: int
    stored: list[str]
    other: list[str]
    entered_by: str
    stored_by: str = ""
    accepted: bool = False
    choices: list[tuple[str, str]] = default_of(default_factory=list)


@dataclass(frozen=True)
class Side:
    """One line of a table's heading: a team or a player (``label``), the names, the total."""

    label: str
    names: str
    total: int
    #: What names the side on a page (its CSS class: a team's ``ns``), "" for none.
    key: str = ""
    #: Whether its total is written signed, green or red (``GameAdapter.signed_totals``).
    signed: bool = True
    #: The side's players (``Player``), whose names the sheet page links to their pages.
    players: tuple[Any, ...] = ()


class GameAdapter(ABC):
    """One game on the site. Subclasses set the attributes and implement the methods.

    - ``key``: the game's key in URLs, JSON sheets and the ``Partie.game`` column;
    - ``name``: its name on pages;
    - ``partners``: True for a game of two teams of partners at the four seats N, E, S, O
      (tournaments may then seat fixed pairs), False for individual players;
    - ``table_sizes``: fewest and most players at a table;
    - ``option_specs``: the rule options a tournament may set in ``game_options``
      (``scoring.play.options.OptionSpec`` by key, from the game's package; none by
      default);
    - ``rules``: the engine's rules of the game (plain Python: a ``scoring.games.base.Game``,
      Roimat's ``scoring.roimat.rules``);
    - ``state``: a round of the game played move by move (``scoring.play.state.GameState``:
      its seeded simulation, its records read back and verified move by move, by
      ``scoring.play``), None for a game not played card by card.
    """

    key: str
    name: str
    partners: bool = False
    #: Whether a total is a score written signed, green above 0 and red below (Roimat's
    #: points, Rumoli's chips), or a count of penalty points written as it is, where the lowest
    #: total wins (Differenzler's differences): on the sheet, the heading and the live page.
    signed_totals: bool = True
    table_sizes: tuple[int, int] = (4, 4)
    option_specs: Mapping[str, OptionSpec] = {}
    rules: Any = None
    state: type[GameState[Any, Any]] | None = None
    #: Whether its results carry figures (``PlayerResult.figures``) that a player's page adds
    #: up (``player_figures``), kept added up for each player (``scoring.totals``).
    totals: bool = False

    def option_problems(self, options: Any) -> list[str]:
        """What is wrong with a tournament's ``game_options`` (a JSON object of the game's
        rule options), each in the user's language: not an object, an unknown key, a value
        of the wrong kind or out of the option's bounds (``option_specs``). Empty when
        sound."""
        if not isinstance(options, dict):
            return [_("The rule options are an object of named options, such as {}.")]
        return [
            f"{problem.field}: {game_problem_message(problem)}"
            for problem in option_problems(self.option_specs, options)
        ]

    # -- the computed sheet -------------------------------------------------------------------

    @abstractmethod
    def compute(self, partie: Partie) -> Any:
        """The computed sheet of a stored partie, the engine's own type: every entry listed,
        the totals, ``finished`` and the winner of those that count (``Partie.counts``), the
        later ones pending; ``counted``, ``pending`` and ``complete`` as the engines say."""

    @abstractmethod
    def counted(self, partie: Partie) -> int:
        """Donnes or rounds that count so far (confirmed)."""

    @abstractmethod
    def players_text(self, partie: Partie) -> str:
        """The players in a few words (``"Annie & Claire / Bernard & Denis"``)."""

    @abstractmethod
    def score_text(self, partie: Partie) -> str:
        """The totals in a few words (``"120 / -80"``)."""

    @abstractmethod
    def winners_text(self, partie: Partie) -> str | None:
        """Who won a finished partie (names), ``""`` on a draw, None while it goes on."""

    def status(self, partie: Partie) -> str:
        """The partie's status as a code, the same wherever it is shown or exported:
        "won", "draw", "in_progress", or what the evening's close decided for it unfinished
        ("played": stopped, counted as played; "excluded": not counted; "later": to finish
        after the close; ``Partie.closing``)."""
        if partie.closing == "excluded":
            return "excluded"
        winners = self.winners_text(partie)
        if winners is None:
            return {"played": "played", "later": "later"}.get(partie.closing, "in_progress")
        return "won" if winners else "draw"

    def status_text(self, partie: Partie) -> str:
        """The partie's status in words (``status``), the same on every page that shows it
        (the lists, the player's page, the table's phone, the JSON sheet): "won by Annie &
        Bernard", "draw", "in progress", "stopped, counted as played", "not counted", "to
        finish after the close"."""
        status = self.status(partie)
        if status == "won":  # one player or a team alike
            return _("won by %(team)s") % {"team": self.winners_text(partie)}
        words = {
            "excluded": _("not counted"),
            "played": _("stopped, counted as played"),
            "later": _("to finish after the close"),
            "in_progress": _("in progress"),
            "draw": _("draw"),
        }
        return str(words[status])

    def record_problems(self, record: Any) -> list[str]:
        """Every rule one of the game's round records (decoded JSON, as its own simulation
        writes them) breaks, each one line in the user's language naming where, as the game's
        own verifier words it; empty when the record is sound (and for a game without
        records)."""
        return []

    def label(self, partie: Partie) -> str:
        """The game and its rules, for lists."""
        return self.name

    @abstractmethod
    def results(self, partie: Partie) -> list[PlayerResult]:
        """Each player's result (unsaved ``PlayerResult`` rows), none before the first donne
        or round: ``points`` his own or his team's (negative where the lowest total wins),
        ``against`` the other team's or the best other player's, ``outcome`` 1/0 when the
        game decides it, None to compare the totals."""

    @abstractmethod
    def outcome(self, partie: Partie) -> tuple[list[list[int]], list[int]] | None:
        """(teams of player ids, each team's score, the higher the better) of a finished
        partie, for the ratings; None while it goes on."""

    @abstractmethod
    def refused_words(self, partie: Partie) -> dict[str, str] | None:
        """A stored entry the rules refuse (the sheet's ``refused``), as the sheet page names
        it: its ``name`` (``"Donne 3"``), the ``message`` naming the field or player, the
        ``edit`` page correcting it and that link's words (``action``); None when every entry
        counts."""

    def sides(self, partie: Partie) -> list[Side]:
        """One line per team or player with its total, of the entries that count."""
        pairs = zip(partie.players_in_order, partie.sheet.totals, strict=True)
        return [
            Side(str(player), "", total, signed=self.signed_totals, players=(player,))
            for player, total in pairs
        ]

    # -- documents ----------------------------------------------------------------------------

    @abstractmethod
    def sheet_dict(self, partie: Partie) -> dict[str, Any]:
        """The partie as its JSON score sheet, importable back unchanged."""

    @abstractmethod
    def layout(self, partie: Partie) -> SheetLayout:
        """The partie's sheet as printed (``scoring.play.layout``), the club's name in its
        title, the status its evening's closing gave it under the sheet."""

    def pdf(self, partie: Partie) -> bytes:
        """The sheet as a PDF document."""
        return sheet_pdf(self.layout(partie))

    def xlsx(self, partie: Partie) -> bytes:
        """The sheet as an Excel workbook with live formulas."""
        return sheet_xlsx(self.layout(partie))

    @abstractmethod
    def result_text(self, partie: Partie) -> str:
        """The result in one line, for the email that sends the sheet."""

    @abstractmethod
    def read_sheet(self, data: Any) -> Any:
        """A decoded JSON sheet of this game, checked whole; raises ``SheetRefused``."""

    @abstractmethod
    def computed_dict(self, sheet: Any) -> dict[str, Any]:
        """The computed sheet, as JSON, of a sheet ``read_sheet`` accepted."""

    @abstractmethod
    def sheet_layout(self, sheet: Any, club: str) -> SheetLayout:
        """The layout of a sheet ``read_sheet`` accepted, ``club`` in its title."""

    def sheet_documents(self, sheet: Any, club: str) -> tuple[bytes, bytes]:
        """(PDF, Excel) of a sheet ``read_sheet`` accepted."""
        layout = self.sheet_layout(sheet, club)
        return sheet_pdf(layout), sheet_xlsx(layout)

    @abstractmethod
    def import_sheet(self, sheet: Any, created_by: Any = None) -> Partie:
        """Store a sheet ``read_sheet`` accepted, finding players by name (adding new ones)."""

    # -- pages --------------------------------------------------------------------------------

    def new_partie_url(self) -> str:
        """The page that starts a partie of this game (players and rule options)."""
        return reverse("scoring:game_partie_create", args=[self.key])

    @property
    def created_text(self) -> str:
        """What the director is told once a partie is created: to enter its first round."""
        return self.round_text("created")

    def start_url(self, partie: Partie) -> str:
        """Where a new partie's first entry is made: its sheet page."""
        return partie.get_absolute_url()

    def replay_url(self) -> str | None:
        """The page that replays a record of this game move by move (``scoring:game_replay``);
        None for a game not played move by move (no ``state``)."""
        return reverse("scoring:game_replay", args=[self.key]) if self.state else None

    # -- the replay page (``scoring.replays``)

    def seat_words(self, seat: int) -> str:
        """A seat of a round's record (0-based) in words: "player 2"."""
        return _("player %(n)s") % {"n": seat + 1}

    def running_points(self, returns: Sequence[int]) -> list[tuple[str, int]]:
        """The points a replay shows after each pli, from the state's ``returns`` (one a
        seat): (its head, its points), one a seat."""
        return [(self.seat_words(seat), points) for seat, points in enumerate(returns)]

    def replay_result(
        self, record: dict[str, Any], result: Any
    ) -> tuple[list[str], list[tuple[str, list[Any]]]]:
        """What a replay shows of the ``result`` a sound finished round of ``record`` puts on
        the sheet (its record's ``result``: one entry a seat, or one object): the columns'
        heads (a seat's words each; none for one object) and the rows, (the field in words,
        its values)."""
        per_seat = isinstance(result, list)
        entries = result if per_seat else [result]
        labels = entry_labels(self.rules)
        keys: dict[str, None] = {}
        for entry in entries:
            keys.update(dict.fromkeys(entry))
        heads = [self.seat_words(seat) for seat in range(len(entries))] if per_seat else []
        return heads, [(labels.get(k, k), [e.get(k, "") for e in entries]) for k in keys]

    def record_target(self, record: dict[str, Any]) -> tuple[str, list[Partie]] | None:
        """Where a director may add a sound round's ``record`` on a sheet: the page that adds
        it (a POST of ``record`` and ``partie``) and the parties in progress it may go to;
        None when the game offers none."""
        return None

    def round_text(self, key: str, **params: Any) -> str:
        """Message ``key`` about the game's round (``messages.ROUND_TEXTS``) in the user's
        language, in the game's own word and agreeing with it (``entry_name``,
        ``entry_gender``); ``params``: ``n``, the round's number."""
        return round_text(key, self.entry_name, self.entry_gender, **params)

    @property
    def round_words(self) -> dict[str, str]:
        """The pages' texts about the game's round that take no number, by key of
        ``messages.ROUND_TEXTS`` (``enter``, ``delete_last``, ``record`` …), for a template."""
        return {key: self.round_text(key) for key in ROUND_PAGE_TEXTS}

    def seats(self, partie: Partie) -> list[str]:
        """The partie's seats in the order of the table plan."""
        return sorted(partie.players_by_seat)

    #: What is entered one at a time, for headings and the entry lifecycle's messages: the
    #: game's own word for its round (``messages.ROUND_NOUNS``: a donne, a manche, a tour, a
    #: coup), and its gender in French (``"f"`` or ``"m"``), which the messages about it agree
    #: with (``round_text``: « la manche est enregistrée », « le tour est enregistré »).
    entry_name: Any = ""
    entry_gender: str = "f"
    #: What the sheet page says under the sheet (how a total is made), its chart's caption,
    #: and whether an entry may be annulled and restored on it (Roimat's donne, §5).
    sheet_legend: Any = ""
    chart_caption: Any = ""
    annuls: bool = False
    #: Whether the engine plays the game (simulations, a replay move by move).
    simulated: bool = True
    #: The module of the game's own pages' addresses (a dotted path: ``"….roimat.urls"``),
    #: which the site includes among a club account's; "" for none.
    urls: str = ""
    #: The partie's relation that holds what is entered (``donnes`` at Roimat,
    #: ``game_rounds`` elsewhere).
    entries_relation: str = "game_rounds"
    #: The entry form's CSS class and the game's own static script that helps typing, if any
    #: (every game's form has js/entry-form.js: its queue, drafts and summary of problems).
    entry_class: str = ""
    entry_script: str = ""

    # -- the entries' one lifecycle (``services.entry_record``, ``adapters.entries``) ----------
    # An entry is a value of the engine's (Roimat's ``DonneEntry``, another game's list of
    # each player's numbers), stored in a row of ``entries_relation`` (``models.Entry``).

    @abstractmethod
    def entry_value(self, row: Any) -> Any:
        """What the engine reads of a stored entry ``row`` (``models.Entry``)."""

    @abstractmethod
    def check_entries(self, partie: Partie, values: list[Any]) -> None:
        """Check the partie's whole sheet as it would stand with ``values`` (its entries'
        values, in order), as its rules do; raises ``SheetRefused`` naming the entry and the
        field, in the user's language."""

    @abstractmethod
    def entry_row(self, partie: Partie, value: Any, number: int) -> Any:
        """An unsaved row of ``entries_relation`` holding ``value`` as entry ``number`` of the
        partie (its lifecycle fields left at their defaults)."""

    def change_action(self, old: Any, value: Any) -> str:
        """The version a correction of stored row ``old`` to ``value`` keeps
        (``EntryVersion.Action``): ``"correct"``. Roimat's annulment and its undoing are
        versions of their own."""
        return "correct"

    @abstractmethod
    def value_data(self, value: Any) -> dict:
        """An entry's value as JSON (``services.entry_data``: what a version keeps)."""

    @abstractmethod
    def data_value(self, data: dict, number: int) -> Any:
        """The value of entry ``number`` that ``value_data`` wrote as ``data``."""

    # -- the entry form (``forms.EntryForm``, one for every game), over what the game declares

    @abstractmethod
    def entry_fields(self, partie: Partie, number: int) -> list[EntryField]:
        """The fields of entry ``number`` of the partie, in the order of the page, with their
        bounds (``EntryField``)."""

    def entry_groups(self, partie: Partie, number: int) -> list[EntryGroup]:
        """The cards of the entry page that hold fields (``EntryField.group``), in order."""
        return []

    def entry_notes(self, partie: Partie, number: int) -> dict[str, str]:
        """Lines of the entry page, each optional: ``heading`` (above the fields: a Roi
        round's contract), ``note`` (above the players' cards), ``more`` (the summary of each
        player's disclosure), ``hint`` (under the fields), ``deck`` (JSON: the cards a card
        field's team is tapped from, ``GameAdapter.card_deck``)."""
        return {}

    @abstractmethod
    def entry_form(
        self,
        partie: Partie,
        data: Mapping[str, Any] | None,
        *,
        stored: Any = None,
        ask_seat: bool = False,
        count: int | None = None,
        initial: Mapping[str, Any] | None = None,
    ) -> Form:
        """The entry form over the declared fields (bound to ``data`` when given), the
        director's and the table's phone's: a new entry (``stored`` None), else the
        correction of stored row ``stored``; ``ask_seat``: the player who enters it taps his
        seat. The form has ``partie``, ``number`` (the entry corrected, None for a new one),
        ``stored`` and, once valid, ``value()`` and the phone's ``key``, ``expected`` and
        ``version`` in its ``cleaned_data``. ``count`` (the partie's stored entries) and
        ``initial`` (``entry_initial``'s first values), when the caller knows them (a table's
        kept page), spare reading the partie's entries; else they are read from it."""

    def seat_field(self, key: str, index: int, seat: str) -> str:
        """The form field's name of per-seat field ``key`` for the seat ``seat`` (its
        ``index`` in the partie's seats): ``p0_points``."""
        return f"p{index}_{key}"

    @abstractmethod
    def entry_initial(self, partie: Partie, stored: Any) -> dict[str, Any]:
        """The form's first values by field name: those of stored row ``stored``, or of a
        new entry (``stored`` None: a dealer proposed by rotation)."""

    @abstractmethod
    def entry_read(
        self,
        partie: Partie,
        number: int,
        stored: Any,
        values: Mapping[str, Any],
        seats: list[dict[str, Any]],
    ) -> Any:
        """The value of entry ``number`` (``stored``: the row corrected, or None) from the
        form's cleaned ``values`` of the entry's fields by key and ``seats``, each seat's
        values by key, checked by the game's rules; raises ``EntryRefused`` naming the
        fields refused."""

    def seat_player(self, partie: Partie, seat: str) -> str:
        """The player at ``seat`` (``"Annie"``; the seat itself when it is empty)."""
        return str(partie.players_by_seat.get(seat, seat))

    def seat_label(self, partie: Partie, seat: str) -> str:
        """A seat as the entry form's buttons name it (``"Annie"``)."""
        return self.seat_player(partie, seat)

    def seat_name(self, partie: Partie, seat: str) -> str:
        """The player at ``seat`` as the table's pages name him (``"Annie"``)."""
        return str(partie.players_by_seat.get(seat, "?"))

    def live_value(self, result: Any, record: dict[str, Any]) -> Any:
        """The entry of a round played at a remote table, from its ``GameState.result()`` and
        its ``to_record()``: the result as it is."""
        return result

    @abstractmethod
    def table_form(self, partie: Partie, data: Mapping[str, Any] | None) -> Form | None:
        """The entry form at a tournament table (bound to ``data`` when given): the
        correction of an entry the other side refused, else the next donne or round (the
        form's ``number`` is None for a new one); None once the partie is over."""

    @abstractmethod
    def table_record(self, form: Form, *, author: str) -> str:
        """Store the valid ``form`` of ``table_form``, pending until the other side decides;
        returns what to tell the table. Raises ``SheetRefused`` (nothing stored) when the
        sheet or another phone refuses it."""

    @abstractmethod
    def table_resent(self, partie: Partie, key: str) -> str | None:
        """What to tell a table whose phone sends again a submission already stored (by its
        idempotency ``key``), as ``table_record`` told it the first time; None when no entry
        holds ``key`` (an empty one included)."""

    @abstractmethod
    def pending(self, partie: Partie) -> list[Pending]:
        """Entries awaiting the other side's decision (refused ones are being corrected)."""

    @abstractmethod
    def may_decide(self, partie: Partie, entered_seat: str, seat: str) -> bool:
        """Whether the player at ``seat`` is of the other side than ``entered_seat``'s."""

    #: The reasons a player may give, in a tap, for refusing an entry
    #: (``EntryVersion.Reason`` values).
    refusal_reasons: Sequence[str] = ("points", "autre")

    def entry(self, partie: Partie, number: int) -> Any:
        """Stored entry ``number`` of the partie, or None."""
        return next((e for e in self.stored_entries(partie) if e.number == number), None)

    # -- a second phone's different numbers for a stored entry --------------------------------

    @abstractmethod
    def entry_words(self, partie: Partie, entry: Any, data: dict | None = None) -> list[str]:
        """Stored ``entry`` in words (as ``Pending.summary``), or, given ``data`` (its
        ``services.entry_data`` form), the other numbers a second phone typed for it."""

    def version_words(self, partie: Partie, entry: Any, data: dict) -> str:
        """A version of stored ``entry`` (``data``: its ``value_data``) in a few words, for
        the entry's history on its correction page: its words (``entry_words``) on one
        line."""
        return "; ".join(self.entry_words(partie, entry, data))

    @abstractmethod
    def form_data(self, form: Form) -> dict:
        """What the valid table ``form`` holds, in the ``services.entry_data`` form."""

    @abstractmethod
    def stored_entries(self, partie: Partie) -> list[Any]:
        """The partie's stored donnes or rounds (``models.Entry``), in order."""

    def started(self, partie: Partie) -> bool:
        """Whether the partie's table has begun: a donne or round is stored, even one that
        awaits the other side's decision or was refused. Until then its players may be
        swapped, and a table on paper may move to a distance."""
        return bool(self.stored_entries(partie))

    def player_figures(self, player: Player) -> dict[str, Any] | None:
        """The game's figures for a player's page over his parties of this game (``template``
        to include and its context), or None: read from his kept totals (``totals``,
        ``scoring.totals.kept_totals``), at a cost that grows neither with his parties nor
        with their donnes."""
        return None

    # -- evenings -----------------------------------------------------------------------------

    def option_fields(self) -> dict[str, Field]:
        """The form fields of the game's rule options (``option_specs``) by option key, each
        labelled and bounded as the rules say (``scoring.option_fields``), for the new-partie,
        remote-table and new-tournament forms."""
        return {key: option_field(spec) for key, spec in self.option_specs.items()}

    @abstractmethod
    def new_partie(
        self,
        *,
        players: Sequence[Player],
        options: Mapping[str, Any],
        date: datetime.date,
        place: str = "",
        table: str = "",
        created_by: Any = None,
    ) -> Partie:
        """Store a new partie with ``players`` in seat order and no donne or round yet."""

    def simulated_sheet(
        self, seed: int, players: int, options: Mapping[str, Any]
    ) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
        """A whole sheet played to its end by the engine's simulated players from ``seed``
        (the same sheet for the same arguments), at a table of ``players`` (within
        ``table_sizes``): (the sheet as decoded JSON, which ``read_sheet`` reads back, the
        record of each of its rounds in order, which ``record_problems`` and the game's play
        state check card by card). ``options`` are the sheet's rule options and those the
        simulation alone reads (an irregularities' rate, the players' kind: not rules, not
        written on the sheet). None for a game the engine cannot play; raises
        ``SheetRefused`` for options the game refuses."""
        return None

    def simulate(self, partie: Partie, seed: int) -> bool:
        """Fill a new partie with a whole game played by the engine's simulated players;
        False when the game has no simulation."""
        return False

    # -- a table at a distance (``scoring.remote``)

    #: Whether the game can be played at a remote table (``live_game``).
    playable: bool = False

    def live_url(self) -> str | None:
        """The page that opens a table at a distance of this game; None for a game not
        played at a distance."""
        return reverse("scoring:live_create", args=[self.key]) if self.playable else None

    def live_seats(self, players: int) -> list[str]:
        """The seats of a remote table of ``players`` (``scoring.play.live.seat_names``)."""
        return seat_names(players)

    def live_seat_words(self, seat: str) -> str:
        """A seat of a remote table in words, as its page names it: "Player 2"."""
        return _("Player %(n)s") % {"n": seat}

    def live_game(self, table: RemoteTable) -> LiveTable:
        """The game of a remote table as it stands (``LiveTable`` over the game's
        ``live_parts``), rebuilt from what it stored (its moves, each round dealt again as
        its hands were stored: ``RemoteMove`` and ``RemoteDonne`` rows), or ready to ``start``
        when nothing was dealt. Raises ``MoveRefused("bad_move")`` when a stored move cannot
        be made again."""
        dealing, sheet, robot = self.live_parts(table)
        seats = [place.seat for place in table.seats.order_by("id")]
        if not table.donnes.exists():
            return LiveTable(dealing, sheet, seats, table.code, robot)
        moves = table.moves.order_by("seq").values_list("number", "text")
        dealt = dict(table.donnes.values_list("number", "hands"))
        return LiveTable.resume(dealing, sheet, seats, table.code, moves, dealt, robot)

    def live_parts(self, table: RemoteTable) -> tuple[Table[Any], SheetRules, Player]:
        """What a remote table of the game plays with: its rounds' dealing (``Table``,
        seeded by the table's code), its sheet's rules and its simulated players' way of
        playing."""
        raise NotImplementedError(f"{self.key} is not played at a distance")

    def live_record(
        self, partie: Partie, entry: Any, *, record: dict[str, Any], key: str, author: str
    ) -> int:
        """Write a round played at a remote table on its partie's sheet (``entry``: the
        round's ``GameState.result()``, ``record``: its ``to_record()``); its number on the
        sheet. ``key`` makes a second
        write of the same round store nothing more."""
        raise NotImplementedError(f"{self.key} is not played at a distance")


#: The registered adapters by key, in menu order.
REGISTRY: dict[str, GameAdapter] = {}


A = TypeVar("A", bound=GameAdapter)


def register(adapter: A) -> A:
    """Add a game (replacing one of the same key); returns the adapter."""
    REGISTRY[adapter.key] = adapter
    return adapter


def unregister(key: str) -> None:
    """Remove a game (tests of a toy game)."""
    REGISTRY.pop(key, None)


def get(key: str) -> GameAdapter:
    """The adapter of game ``key``; raises ``KeyError`` for a game not registered."""
    return REGISTRY[key]


def choices() -> list[tuple[str, str]]:
    """(key, name) of every game, for forms and filters."""
    return [(key, adapter.name) for key, adapter in REGISTRY.items()]
