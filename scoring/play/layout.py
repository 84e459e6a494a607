"""The sheet interface: what a game's score sheet looks like, declared by the game from its
computed sheet and drawn, naming no game, as PDF and Excel (``scoring.exports.sheet``) and on
the sheet pages (``templates/scoring/_sheet_layout.html``).

A ``SheetLayout`` is the paper sheet as data: its title and heading lines, its columns in
groups (a team's columns under one tint), its lines in order (each entry that counts, the
cumul or total lines, then the entries in no total, muted), the lines under it (the result)
and a chart of the cumuls. A total or cumul cell is a ``Formula``: the spreadsheet formula the
workbook keeps live (a plain ``SUM`` of the column, ``column_sum``, or the game's own, such as
Roimat's rounded team total) with the value the engine computed, which the PDF prints and the
workbook caches. A column marked ``phone`` is one a phone's narrow page needs first.

Plain Python: no Django, no game. The words are French, as on the club's paper sheets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

#: The kinds of a line: an entry that counts, a cumul or total line, an entry listed but in no
#: total (awaiting a decision, or after one that does), an annulled entry.
ROW, CUMUL, PENDING, ANNULLED = "row", "cumul", "pending", "annulled"
#: The kinds drawn muted (grey): in no total.
MUTED = frozenset({PENDING, ANNULLED})


@dataclass(frozen=True)
class Ref:
    """A cell a formula reads: the column ``column`` (its key) on line ``line`` (an index
    into ``SheetLayout.lines``), or on the formula's own line when ``line`` is None."""

    column: str
    line: int | None = None


@dataclass(frozen=True)
class Formula:
    """A live cell: ``text``, a spreadsheet formula without its ``=``, whose ``{name}`` fields
    are the cells ``refs`` names (``"SUM({first}:{last})"``), and ``value``, the engine's
    value of it (what the PDF prints, and the workbook shows before it recalculates).
    ``str()`` is the value."""

    text: str
    refs: Mapping[str, Ref]
    value: int | float

    def __str__(self) -> str:
        return str(self.value)


Cell = str | int | float | Formula | None
Printed = str | int | float | None


def _printed(cell: Cell) -> Printed:
    """A cell as printed: a formula's value."""
    return cell.value if isinstance(cell, Formula) else cell


def column_sum(column: str, first: int, last: int, value: int | float) -> Formula | int:
    """The live ``SUM`` of ``column`` from line ``first`` to line ``last`` (indices into the
    layout's lines, inclusive), worth ``value``; a plain 0 when the range is empty."""
    if last < first:
        return 0
    refs = {"first": Ref(column, first), "last": Ref(column, last)}
    return Formula("SUM({first}:{last})", refs, value)


@dataclass(frozen=True)
class Column:
    """One column: its ``key`` (what formulas name), its ``title``, its ``width`` in
    characters (a spreadsheet's unit: the PDF shares the page's width in proportion),
    ``align`` (``"left"`` for words, ``"center"``), ``colour`` (hex: its values drawn bold in
    it, a team's total), ``points`` (its values are scores: a page writes them signed and
    coloured by their sign) and ``phone`` (one a phone's narrow page needs first: Roimat's
    Donneur, Donne, Plis and Total, its compact table's; every column of a game of players'
    counts)."""

    key: str
    title: str
    width: float = 9
    align: str = "center"
    colour: str = ""
    points: bool = False
    phone: bool = False


@dataclass(frozen=True)
class Group:
    """Columns side by side under one heading (``title``, "" for none) and one ``tint`` (hex
    background of their titles, "" for the plain one): a team's columns. ``key`` names the
    group on a page (its CSS class: ``"ns"``)."""

    columns: tuple[Column, ...]
    title: str = ""
    tint: str = ""
    key: str = ""


@dataclass(frozen=True)
class Line:
    """One line of the sheet: its ``kind`` (``ROW``, ``CUMUL``, ``PENDING``, ``ANNULLED``),
    one cell per column in order (None for an empty one), the entry's ``number`` (None on a
    cumul line: a page's links to correct it), ``row``, the engine's own row of an entry, for
    a page that shows more of it, and ``under``: what a page writes smaller under each cell
    (a player's cumul so far; empty for nothing)."""

    kind: str
    cells: tuple[Cell, ...]
    row: Any = None
    number: int | None = None
    under: tuple[Cell, ...] = ()

    @property
    def values(self) -> tuple[Printed, ...]:
        """The cells as printed: a formula's value."""
        return tuple(_printed(c) for c in self.cells)


@dataclass(frozen=True)
class Chart:
    """Lines of (x, y) points by name (a team's or a player's cumul per entry), the x axis's
    label and each name's colour (hex; the chart's palette for the others)."""

    series: Mapping[str, Sequence[tuple[float, float]]]
    x_label: str
    colours: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SheetLayout:
    """A game's sheet as printed: ``name`` (``"Table de marque"``), the game's and the club's
    names (the title), the ``heading`` lines under the title, the column ``groups``, the
    ``lines``, the ``footer`` lines under the table (the result, in bold), the ``chart`` (or
    None) and the ``frozen`` first columns that stay in view when the sheet scrolls sideways.
    """

    name: str
    game: str
    groups: tuple[Group, ...]
    lines: tuple[Line, ...]
    heading: tuple[str, ...] = ()
    footer: tuple[str, ...] = ()
    chart: Chart | None = None
    club: str = ""
    frozen: int = 1

    @property
    def title(self) -> str:
        """``"Table de marque — Roimat — <club>"``."""
        return " — ".join(part for part in (self.name, self.game, self.club) if part)

    @property
    def columns(self) -> tuple[Column, ...]:
        """Every column, left to right."""
        return tuple(c for group in self.groups for c in group.columns)

    @property
    def group_titles(self) -> bool:
        """Whether a line of group headings stands above the column titles."""
        return any(group.title for group in self.groups)

    def phone(self) -> SheetLayout | None:
        """The sheet with only the columns a phone's narrow page needs first
        (``Column.phone``), every line kept, for the page to show before the whole sheet;
        None when every column is one (the whole sheet is then the phone's)."""
        keep = [column.phone for column in self.columns]
        if all(keep):
            return None

        def kept(cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
            return tuple(c for c, k in zip(cells, keep, strict=True) if k) if cells else cells

        groups = tuple(
            replace(group, columns=tuple(c for c in group.columns if c.phone))
            for group in self.groups
            if any(c.phone for c in group.columns)
        )
        lines = tuple(
            replace(line, cells=kept(line.cells), under=kept(line.under)) for line in self.lines
        )
        return replace(self, groups=groups, lines=lines, frozen=0)

    def cells(self) -> list[tuple[Line, list[tuple[Group, Column, Printed, Printed]]]]:
        """Each line with its cells, each with its group, its column, its value as printed
        (a formula's value) and what goes under it (``Line.under``, None for nothing): what
        a page's template draws."""
        placed = [(group, column) for group in self.groups for column in group.columns]
        drawn = []
        for line in self.lines:
            under = [_printed(c) for c in line.under] or [None] * len(placed)
            cells = zip(placed, line.values, under, strict=True)
            drawn.append((line, [(g, c, value, below) for (g, c), value, below in cells]))
        return drawn


def evening_table(table: str) -> tuple[str, str] | None:
    """(round, table) of a club evening's table, stored as ``round.table`` (``"1.2"``:
    round 1, table 2); None for a table typed otherwise."""
    round_, dot, number = table.partition(".")
    return (round_, number) if dot and round_.isdigit() and number.isdigit() else None


def table_words(table: str) -> str:
    """The table as a person reads it on a sheet: a club evening's ``"1.2"`` is
    ``"Table 2 — tour 1"``, any other ``"table 7"``; empty without one (the site's pages say
    it in the reader's language: ``Partie.table_label``)."""
    if not table:
        return ""
    evening = evening_table(table)
    return f"Table {evening[1]} — tour {evening[0]}" if evening else f"table {table}"


#: An unfinished partie's status by the decision taken when its evening closed
#: (``Partie.closing``): finish later, count as played so far, do not count. The words are
#: the pages' (``GameAdapter.status_text`` in French), so that a sheet printed says what the
#: lists and the phones say.
STOPPED = {
    "": "Partie en cours",
    "later": "Partie à finir après la clôture",
    "played": "Partie arrêtée, comptée telle que jouée",
    "excluded": "Partie non comptée",
}
