"""The Table de marque as an Excel workbook (openpyxl), laid out like the PDF.

Every Total cell is a live formula, ``Contrat + C/SC × Points`` (the product rounded to the
ten under the rounding option, a faulty team's positive total set to 0 and its penalty
subtracted: ROIMAT.md §5), and every T cell is ``previous cumul + Total``, so the sheet still
adds up when a player edits a cell. Each formula also carries the value the site computed, for
viewers that do not recalculate.
"""

from __future__ import annotations

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter

from scoring.roimat.notation import SheetInput
from scoring.roimat.partie import Sheet

from .cached import workbook_bytes
from .layout import column, headers, heading, result_line, sheet_lines, title

HEADER_ROW = 7  # the column titles; the title and heading lines stand above
THIN = Side(style="thin", color="999999")
BORDER = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
FILLS = {
    "ns": PatternFill("solid", fgColor="E8F0FA"),
    "oe": PatternFill("solid", fgColor="FBEAEA"),
    "cumul": PatternFill("solid", fgColor="EEEEEE"),
}


def cell_name(col: int, row: int) -> str:
    """``A1``-style name of a 0-based column and 1-based row."""
    return f"{get_column_letter(col + 1)}{row}"


def total_formula(team: str, row: int, rounding: bool) -> str:
    """The Total cell's formula on worksheet row ``row`` (§5)."""
    contrat, coef, points, penalty = (
        cell_name(column(team, name), row) for name in ("Contrat", "C/SC", "Points", "Pén.")
    )
    product = f"{coef}*{points}"
    if rounding:
        product = f"ROUND({product},-1)"
    base = f"({contrat}+{product})"
    return f"=IF(AND({penalty}>0,{base}>0),0,{base})-{penalty}"


def sheet_xlsx(sheet_input: SheetInput, sheet: Sheet, club: str = "", closing: str = "") -> bytes:
    """The workbook (bytes of an .xlsx file) of a computed sheet; ``closing`` as in
    ``result_line``. A pending donne's line has no formula: it is in no total."""
    book = Workbook()
    ws = book.active
    ws.title = "Table de marque"
    ws["A1"] = title(sheet_input, club)
    ws["A1"].font = Font(bold=True, size=14)
    for offset, text in enumerate(heading(sheet_input), start=2):
        ws.cell(row=offset, column=1, value=text)
    titles = headers()
    for col, text in enumerate(titles):
        cell = ws.cell(row=HEADER_ROW, column=col + 1, value=text)
        cell.font = Font(bold=True)
        cell.border = BORDER
        cell.alignment = Alignment(horizontal="center", wrap_text=True)
        if col >= column("oe", "C"):
            cell.fill = FILLS["oe"]
        elif col >= column("ns", "C"):
            cell.fill = FILLS["ns"]
    # The cells holding each team's last donne total and its cumul so far: donne 1's total is
    # its own cumul; each T line adds the donne above it to the previous cumul.
    totals: dict[str, str] = {}
    cumuls: dict[str, str] = {}
    values: dict[str, int | float] = {}  # each formula's value, as the site computed it
    row = HEADER_ROW
    for line in sheet_lines(sheet, sheet_input.players):
        row += 1
        for col, value in enumerate(line.cells):
            cell = ws.cell(row=row, column=col + 1, value=value)
            cell.border = BORDER
            if col >= 2:
                cell.alignment = Alignment(horizontal="center")
            if line.kind == "cumul":
                cell.fill = FILLS["cumul"]
            elif line.kind in ("annulled", "pending"):
                cell.font = Font(color="888888")
        for team in ("ns", "oe") if line.kind in ("donne", "cumul") else ():
            col = column(team, "Total")
            here = cell_name(col, row)
            if line.kind == "donne":
                formula = total_formula(team, row, sheet.rules.rounding)
                totals[team] = here
                cumuls.setdefault(team, here)
            else:
                formula = f"={cumuls[team]}+{totals[team]}"
                cumuls[team] = here
            if isinstance(line.cells[col], int | float):
                values[here] = line.cells[col]
            ws.cell(row=row, column=col + 1, value=formula).font = Font(bold=True)
    ws.cell(
        row=row + 2, column=1, value=result_line(sheet, sheet_input.players, closing)
    ).font = Font(bold=True)
    ws.column_dimensions["A"].width = 12
    ws.column_dimensions["B"].width = 14
    for col in range(2, len(titles)):
        ws.column_dimensions[get_column_letter(col + 1)].width = 9
    ws.freeze_panes = ws.cell(row=HEADER_ROW + 1, column=4)
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    return workbook_bytes(book, values)
