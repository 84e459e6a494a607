"""Roimat's sheet layout: the paper Table de marque (seed, "Table de marque"), declared once
for the sheet page, the PDF and the workbook (``scoring.play.layout``).

The sheet has, per team, the columns C, SC, Plis, Contrat, Points, C/SC and Total, after the
shared Roi, Donneur and Donne columns. Donne 1's total is its own cumul; from donne 2 on a
line ``T`` after each donne carries both cumuls in the Total columns. This project adds a
``Pén.`` column per team, the fault penalty (ROIMAT.md §5), so that every total can be read
off its line.

Every Total cell is a live formula, ``Contrat + C/SC × Points`` (the product rounded to the
ten under the rounding option, a faulty team's positive total set to 0 and its penalty
subtracted: ROIMAT.md §5), and every T cell is ``previous cumul + Total``, so that a workbook
still adds up when a player edits a cell.
"""

from __future__ import annotations

import datetime

from scoring.play.layout import (
    ANNULLED,
    CUMUL,
    PENDING,
    ROW,
    STOPPED,
    Cell,
    Chart,
    Column,
    Formula,
    Group,
    Line,
    Ref,
    SheetLayout,
    table_words,
)

from .cards import COLOURS
from .notation import SheetInput
from .partie import DonneRow, Sheet

TEAMS = ("ns", "oe")
TEAM_LABELS = {"ns": "N/S", "oe": "O/E"}
TEAM_TITLES = {"ns": "Nord/Sud", "oe": "Ouest/Est"}
#: Each team's colour: its Total column, its line on the chart.
TEAM_COLOURS = {"ns": "#1f5fa8", "oe": "#c0392b"}
TEAM_TINTS = {"ns": "#e8f0fa", "oe": "#fbeaea"}
SEAT_NAMES = {"N": "Nord", "E": "Est", "S": "Sud", "O": "Ouest"}
VARIANT_NAMES = {"club-8": "Club, 8 donnes", "official-1000": "Officielle, 1 000 points"}

#: The team columns, in order: title and key in ``TeamScore`` (None for C and SC, the
#: team's announcements).
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
SHARED = Group(
    (
        Column("roi", "Roi", width=12, align="left"),
        Column("dealer", "Donneur", width=14, align="left", phone=True),
        Column("donne", "Donne", phone=True),
    )
)


def key(team: str, name: str) -> str:
    """The key of a team's column: ``key("oe", "Total")`` is ``"oe.Total"``."""
    return f"{team}.{name}"


def team_group(team: str) -> Group:
    """A team's eight columns, tinted, its Total in its colour."""
    return Group(
        tuple(
            Column(
                key(team, name),
                f"{name} {TEAM_LABELS[team]}" if field else name,
                colour=TEAM_COLOURS[team] if name == "Total" else "",
                points=name == "Total",
                phone=name in ("Plis", "Total"),
            )
            for name, field in TEAM_COLUMNS
        ),
        title=TEAM_TITLES[team],
        tint=TEAM_TINTS[team],
        key=team,
    )


GROUPS = (SHARED, team_group("ns"), team_group("oe"))
COLUMNS = tuple(c for group in GROUPS for c in group.columns)
KEYS = [c.key for c in COLUMNS]


def column(team: str, name: str) -> int:
    """0-based index of a team column, e.g. ``column("oe", "Total")``."""
    return KEYS.index(key(team, name))


def roi_cell(row: DonneRow) -> str:
    """The Roi column: trump colour and, when known, the number of atouts (``"rouge 5"``)."""
    colour = COLOURS.get(row.entry.trump, row.entry.trump)
    return f"{colour} {row.entry.trumps}" if row.entry.trumps else colour


def total_formula(team: str, rounding: bool, value: int) -> Formula:
    """A donne's Total cell of ``team`` (§5), read off its own line."""
    product = "{coef}*{points}"
    if rounding:
        product = f"ROUND({product},-1)"
    base = "({contrat}+" + product + ")"
    text = "IF(AND({penalty}>0," + base + ">0),0," + base + ")-{penalty}"
    refs = {
        field: Ref(key(team, name))
        for field, name in (
            ("contrat", "Contrat"),
            ("coef", "C/SC"),
            ("points", "Points"),
            ("penalty", "Pén."),
        )
    }
    return Formula(text, refs, value)


#: The Donne cell of a donne listed but in no total (``DonneRow.pending``).
PENDING_MARK = "en attente"


def sheet_lines(sheet: Sheet, players: dict[str, str]) -> list[Line]:
    """Every line of the Table de marque, donne lines and T lines, in order; a pending donne
    is marked ``PENDING_MARK`` in its Donne cell, its totals are no formulas and it has no T
    line. ``players``: names by seat, for the Donneur column."""
    lines: list[Line] = []
    width = len(COLUMNS)
    # The lines holding each team's cumul so far: donne 1's total is its own cumul; each T
    # line adds the donne above it to the previous cumul.
    cumul_at: dict[str, int] = {}
    for row in sheet.rows:
        dealer = players.get(row.entry.dealer, row.entry.dealer)
        shared: list[Cell] = [roi_cell(row), dealer]
        if row.counted is None:
            mark = f"annulée, {PENDING_MARK}" if row.pending else "annulée"
            cells = [*shared, mark, *([None] * (width - 3))]
            lines.append(Line(ANNULLED, tuple(cells), row, row.number))
            continue
        cells = [*shared, PENDING_MARK if row.pending else row.counted]
        for team in TEAMS:
            score = row.team(team)
            c, sc = row.entry.announcements(team)
            cells += [c or None, sc or None]
            values = [getattr(score, name) for _title, name in TEAM_COLUMNS if name]
            if score is not None and not row.pending:
                values[-1] = total_formula(team, sheet.rules.rounding, score.total)
            cells += values
        if row.pending:
            lines.append(Line(PENDING, tuple(cells), row, row.number))
            continue
        here = len(lines)
        lines.append(Line(ROW, tuple(cells), row, row.number))
        if row.counted > 1:
            cumul: list[Cell] = [None] * width
            cumul[2] = "T"
            for team in TEAMS:
                score = row.team(team)
                if score is None:
                    continue
                refs = {"cumul": Ref(key(team, "Total"), cumul_at[team])}
                refs["total"] = Ref(key(team, "Total"), here)
                cumul[column(team, "Total")] = Formula("{cumul}+{total}", refs, score.cumul)
                cumul_at[team] = here + 1
            lines.append(Line(CUMUL, tuple(cumul)))
        else:
            cumul_at = dict.fromkeys(TEAMS, here)
    return lines


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


def cumul_chart(sheet: Sheet) -> Chart:
    """Both teams' cumuls (points) per counted donne, from (0, 0)."""
    series: dict[str, list[tuple[float, float]]] = {"ns": [(0, 0)], "oe": [(0, 0)]}
    for row in sheet.rows:
        if row.counted is None or row.pending or row.ns is None or row.oe is None:
            continue
        series["ns"].append((row.counted, row.ns.cumul))
        series["oe"].append((row.counted, row.oe.cumul))
    named = {TEAM_LABELS[team]: points for team, points in series.items()}
    colours = {TEAM_LABELS[team]: colour for team, colour in TEAM_COLOURS.items()}
    return Chart(named, "Donnes", colours)


def sheet_layout(
    sheet_input: SheetInput, sheet: Sheet, club: str = "", closing: str = ""
) -> SheetLayout:
    """The Table de marque of a computed sheet (``closing`` as in ``result_line``)."""
    players = dict(sheet_input.players)
    return SheetLayout(
        name="Table de marque",
        game="Roimat",
        club=club,
        heading=tuple(heading(sheet_input)),
        groups=GROUPS,
        lines=tuple(sheet_lines(sheet, players)),
        footer=(result_line(sheet, players, closing),),
        chart=cumul_chart(sheet),
        frozen=len(SHARED.columns),
    )
