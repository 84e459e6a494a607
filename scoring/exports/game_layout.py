"""Another game's sheet as a plain table (rounds × players, then the totals), and its PDF and
Excel documents. Plain Python: no Django import."""

from __future__ import annotations

from scoring.games.base import Game, GameSheet
from scoring.games.notation import GameSheetInput

from .layout import STOPPED, table_words
from .tabular import table_pdf, table_xlsx

TOTAL = "Total"
#: The mark of a round listed but in no total (awaiting the other players, or after one that is).
PENDING = "en attente, non comptée"


def game_sheet_table(
    game: Game, sheet_input: GameSheetInput, sheet: GameSheet, club: str = "", closing: str = ""
) -> tuple[str, list[str], list[str], list[list]]:
    """``game``'s title, heading lines (the winners, or the status of an unfinished game:
    ``STOPPED`` by ``closing``), column titles and rows: each counted round's points per player, the
    totals, then the pending rounds (in no total), each marked ``PENDING``."""
    names = list(sheet_input.players)
    rows = [
        [
            game.round_spec(n, len(names), sheet_input.options).name
            + (f" ({PENDING})" if n > sheet.counted else ""),
            *scores,
        ]
        for n, scores in enumerate(sheet.scores, start=1)
    ]
    rows.insert(sheet.counted, [TOTAL, *sheet.totals])
    when = f"{sheet_input.date:%d/%m/%Y}" if sheet_input.date else ""
    heading = [
        " · ".join(p for p in (when, sheet_input.place, table_words(sheet_input.table)) if p)
    ]
    if sheet.finished:
        heading.append("Gagnant : " + ", ".join(names[w] for w in sheet.winners))
    else:
        heading.append(STOPPED.get(closing, STOPPED[""]))
    title = " — ".join(p for p in ("Feuille de marque", game.name, club) if p)
    return title, [line for line in heading if line], ["Manche", *names], rows


def game_sheet_pdf(
    game: Game,
    sheet_input: GameSheetInput,
    sheet: GameSheet,
    club: str = "",
    closing: str = "",
) -> bytes:
    """The sheet as an A4 PDF (bytes)."""
    return table_pdf(*game_sheet_table(game, sheet_input, sheet, club, closing))


def game_sheet_xlsx(
    game: Game,
    sheet_input: GameSheetInput,
    sheet: GameSheet,
    club: str = "",
    closing: str = "",
) -> bytes:
    """The sheet as a workbook (bytes) whose totals are live ``SUM`` formulas."""
    title, heading, headers, rows = game_sheet_table(game, sheet_input, sheet, club, closing)
    counted = sheet.counted
    return table_xlsx(
        title, headers, rows[:counted], total=TOTAL, after=rows[counted + 1 :], heading=heading
    )
