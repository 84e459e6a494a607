"""The lines and columns of the paper Table de marque (seed, "Table de marque").

The sheet has, per team, the columns C, SC, Plis, Contrat, Points, C/SC and Total, after the
shared Roi, Donneur and Donne columns. Donne 1's total is its own cumul; from donne 2 on a
line ``T`` after each donne carries both cumuls in the Total columns. This project adds a
``Pén.`` column per team, the fault penalty (ROIMAT.md §5), so that every total can be read
off its line.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from scoring.roimat.cards import COLOURS
from scoring.roimat.notation import SheetInput
from scoring.roimat.partie import DonneRow, Sheet

TEAM_LABELS = {"ns": "N/S", "oe": "O/E"}
SEAT_NAMES = {"N": "Nord", "E": "Est", "S": "Sud", "O": "Ouest"}
VARIANT_NAMES = {"club-8": "Club, 8 donnes", "official-1000": "Officielle, 1 000 points"}

#: The team columns, in order, each with its key in ``TeamScore`` (None for C and SC).
TEAM_COLUMNS: tuple[tuple[str, str | None], ...] = (
    ("C", None),
    ("SC", None),
    ("Plis", "plis"),
    ("Contrat", "contrat"),
    ("Points", "points"),
    ("C/SC", "coefficient"),
    ("Pén.", "penalty"),
    ("Total", "total"),
)
SHARED_COLUMNS = ("Roi", "Donneur", "Donne")


def headers() -> list[str]:
    """Column titles of the sheet, left to right (19 columns)."""
    titles = list(SHARED_COLUMNS)
    for team in ("ns", "oe"):
        titles += [f"{name} {TEAM_LABELS[team]}" if key else name for name, key in TEAM_COLUMNS]
    return titles


def column(team: str, name: str) -> int:
    """0-based index of a team column, e.g. ``column("oe", "Total")``."""
    names = [n for n, _key in TEAM_COLUMNS]
    return len(SHARED_COLUMNS) + (0 if team == "ns" else len(names)) + names.index(name)


@dataclass(frozen=True)
class Line:
    """One printed line: ``kind`` is ``"donne"``, ``"cumul"`` (the T line), ``"annulled"`` or
    ``"pending"`` (a donne listed with its own score but in no total, and no T line).

    ``cells`` holds one value per column (str, int or None for an empty cell); ``row`` is the
    donne's computed row (None on a T line).
    """

    kind: str
    cells: tuple[str | int | None, ...]
    row: DonneRow | None = None


def roi_cell(row: DonneRow) -> str:
    """The Roi column: trump colour and, when known, the number of atouts (``"rouge 5"``)."""
    colour = COLOURS.get(row.entry.trump, row.entry.trump)
    return f"{colour} {row.entry.trumps}" if row.entry.trumps else colour


#: The Donne cell of a donne listed but in no total (``DonneRow.pending``).
PENDING = "en attente"


def sheet_lines(sheet: Sheet, players: dict[str, str]) -> list[Line]:
    """Every line of the Table de marque, donne lines and T lines, in order; a pending donne
    is marked ``PENDING`` in its Donne cell and has no T line."""
    lines: list[Line] = []
    width = len(headers())
    for row in sheet.rows:
        dealer = players.get(row.entry.dealer, row.entry.dealer)
        shared: list[str | int | None] = [roi_cell(row), dealer]
        if row.counted is None:
            mark = f"annulée, {PENDING}" if row.pending else "annulée"
            cells = [*shared, mark, *([None] * (width - 3))]
            lines.append(Line("annulled", tuple(cells), row))
            continue
        cells = [*shared, PENDING if row.pending else row.counted]
        for team in ("ns", "oe"):
            score = row.team(team)
            c, sc = row.entry.announcements(team)
            cells += [c or None, sc or None]
            cells += [getattr(score, key) for _name, key in TEAM_COLUMNS if key]
        if row.pending:
            lines.append(Line("pending", tuple(cells), row))
            continue
        lines.append(Line("donne", tuple(cells), row))
        if row.counted > 1:
            cumul: list[str | int | None] = [None] * width
            cumul[2] = "T"
            cumul[column("ns", "Total")] = row.ns.cumul if row.ns else None
            cumul[column("oe", "Total")] = row.oe.cumul if row.oe else None
            lines.append(Line("cumul", tuple(cumul)))
    return lines


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


def title(sheet_input: SheetInput, club: str = "") -> str:
    """``"Table de marque — Roimat — <club>"``."""
    return " — ".join(part for part in ("Table de marque", "Roimat", club) if part)


def heading(sheet_input: SheetInput) -> list[str]:
    """The lines under the title: date, place and table, rules, and the two teams."""
    rules = sheet_input.rules
    when = sheet_input.date or datetime.date.today()
    where = ", ".join(p for p in (sheet_input.place, table_words(sheet_input.table)) if p)
    options = [VARIANT_NAMES[rules.variant]]
    if rules.rounding:
        options.append("arrondi à la dizaine")
    if rules.plays_to_target and rules.target != 1000:
        options.append(f"en {rules.target} points")
    teams = [
        f"{TEAM_LABELS[t]} : "
        + " & ".join(f"{sheet_input.players.get(s, '?')} ({SEAT_NAMES[s]})" for s in seats)
        for t, seats in (("ns", "NS"), ("oe", "OE"))
    ]
    first = f"{when:%d/%m/%Y}" + (f" — {where}" if where else "")
    return [first, "Règle : " + ", ".join(options), *teams]


#: An unfinished partie's status by the decision taken when its evening closed
#: (``Partie.closing``): finish later, count as played so far, do not count.
STOPPED = {
    "": "Partie en cours",
    "later": "Partie en cours, à finir après la clôture de la soirée",
    "played": "Partie arrêtée à la clôture de la soirée, comptée telle que jouée",
    "excluded": "Partie arrêtée à la clôture de la soirée, non comptée",
}


def result_line(sheet: Sheet, players: dict[str, str], closing: str = "") -> str:
    """The result under the sheet: totals (of the donnes that count, saying how many are
    left out) and the winner, or the status of an unfinished partie (``STOPPED`` by
    ``closing``, the decision taken when its evening closed)."""
    totals = f"Total N/S {sheet.total_ns} — Total O/E {sheet.total_oe}"
    if sheet.pending:
        left = "donne en attente" if sheet.pending == 1 else "donnes en attente"
        totals += f" (sans {sheet.pending} {left})"
    if not sheet.finished:
        return f"{totals}. {STOPPED.get(closing, STOPPED[''])}."
    if sheet.winner is None:
        return f"{totals}. Égalité."
    seats = "NS" if sheet.winner == "ns" else "OE"
    names = " & ".join(players.get(s, s) for s in seats)
    return f"{totals}. Gagnants : {names} ({TEAM_LABELS[sheet.winner]})."
