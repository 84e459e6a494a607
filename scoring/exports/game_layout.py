"""Another game's sheet as a plain table (rounds × players, then the totals), and its PDF and
Excel documents. Plain Python: no Django import."""

from __future__ import annotations

from scoring.games import GAMES
from scoring.games.base import GameSheet
from scoring.games.notation import GameSheetInput

from .tabular import table_pdf, table_xlsx

TOTAL = "Total"


def game_sheet_table(
    sheet_input: GameSheetInput, sheet: GameSheet, club: str = ""
) -> tuple[str, list[str], list[str], list[list]]:
    """Title, heading lines, column titles and rows: each round's points per player, then
    the totals."""
    game = GAMES[sheet_input.game]
    names = list(sheet_input.players)
    rows = [
        [game.round_spec(n, len(names), sheet_input.options).name, *scores]
        for n, scores in enumerate(sheet.scores, start=1)
    ]
    rows.append([TOTAL, *sheet.totals])
    when = f"{sheet_input.date:%d/%m/%Y}" if sheet_input.date else ""
    heading = [" · ".join(p for p in (when, sheet_input.place, sheet_input.table) if p)]
    if sheet.finished:
        heading.append("Gagnant : " + ", ".join(names[w] for w in sheet.winners))
    title = " — ".join(p for p in ("Feuille de marque", game.name, club) if p)
    return title, [line for line in heading if line], ["Manche", *names], rows


def game_sheet_pdf(sheet_input: GameSheetInput, sheet: GameSheet, club: str = "") -> bytes:
    """The sheet as an A4 PDF (bytes)."""
    return table_pdf(*game_sheet_table(sheet_input, sheet, club))


def game_sheet_xlsx(sheet_input: GameSheetInput, sheet: GameSheet, club: str = "") -> bytes:
    """The sheet as a workbook (bytes) whose totals are live ``SUM`` formulas."""
    title, _heading, headers, rows = game_sheet_table(sheet_input, sheet, club)
    return table_xlsx(title, headers, rows[:-1], total=TOTAL)
