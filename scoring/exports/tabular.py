"""Plain tables (a ranking, a table plan) as PDF (reportlab) or Excel (openpyxl): a title,
heading lines, column titles and rows of values."""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from .cached import workbook_bytes

Row = Sequence[object]


def qr_drawing(url: str, size: float = 24 * mm) -> Drawing:
    """A QR code of ``url``, ``size`` wide, to put in a cell of ``table_pdf``."""
    widget = QrCodeWidget(url, barBorder=1)
    left, bottom, right, top = widget.getBounds()
    drawing = Drawing(
        size, size, transform=[size / (right - left), 0, 0, size / (top - bottom), 0, 0]
    )
    drawing.add(widget)
    return drawing


def table_pdf(
    title: str,
    heading: Sequence[str],
    headers: Row,
    rows: Sequence[Row],
    decimal: Callable[[float | Decimal], str] = str,
) -> bytes:
    """An A4 portrait PDF (bytes): the title, heading lines, then the table, whose column
    titles repeat on every page. A cell may hold a drawing or a flowable (a QR code) as is;
    ``decimal`` writes a decimal number (rounded to 2 places) the language's way, which the
    site knows and these exports do not (Django's ``number_format``: a comma in French)."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        title=title,
        leftMargin=12 * mm,
        rightMargin=12 * mm,
        topMargin=12 * mm,
        bottomMargin=12 * mm,
    )
    styles = getSampleStyleSheet()
    story = [Paragraph(title, styles["Title"])]
    story += [Paragraph(line, styles["Normal"]) for line in heading]
    story.append(Spacer(0, 4 * mm))
    data = [[str(h) for h in headers]] + [[_cell(v, decimal) for v in r] for r in rows]
    table = Table(data, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Helvetica", 10),
                ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 10),
                ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f7f7f7")]),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
    )
    story.append(table)
    doc.build(story)
    return buffer.getvalue()


def _cell(value: object, decimal: Callable[[float | Decimal], str]) -> object:
    """A PDF cell: a drawing as is, a decimal number written by ``decimal``, else text."""
    if isinstance(value, Flowable):  # a Drawing is one
        return value
    if isinstance(value, float | Decimal):
        return decimal(round(value, 2))
    return "" if value is None else str(value)


def table_xlsx(
    title: str,
    headers: Row,
    rows: Sequence[Row],
    total: str = "",
    after: Sequence[Row] = (),
    heading: Sequence[str] = (),
) -> bytes:
    """A workbook (bytes of an .xlsx file): the title in A1, the ``heading`` lines in A2 (one
    after the other: what the PDF says under its title), column titles in row 3, rows
    below, values kept as numbers where they are. With ``total`` (its label), a row adds
    up each numeric column with a live ``SUM`` formula, so it still adds up when a cell is
    edited, and carries its value for viewers that do not recalculate. The rows ``after``
    (those in no total) come under it."""
    book = Workbook()
    bold, muted = Font(bold=True), Font(color="888888")  # made once, worn by many cells
    sheet = book.active
    sheet.title = title[:31]
    sheet["A1"] = title
    sheet["A1"].font = Font(bold=True, size=14)
    if heading:
        sheet["A2"] = " — ".join(heading)
    for col, header in enumerate(headers, start=1):
        sheet.cell(row=3, column=col, value=str(header)).font = bold
        sheet.column_dimensions[get_column_letter(col)].width = max(10, len(str(header)) + 2)
    for offset, row in enumerate(rows, start=4):
        for col, value in enumerate(row, start=1):
            sheet.cell(row=offset, column=col, value=value)
    values: dict[str, int | float] = {}
    if total:
        last = 3 + len(rows)
        sheet.cell(row=last + 1, column=1, value=total).font = bold
        for col in range(2, len(headers) + 1):
            if all(isinstance(r[col - 1], int | float) for r in rows):
                letter = get_column_letter(col)
                formula = f"=SUM({letter}4:{letter}{last})" if rows else 0
                cell = sheet.cell(row=last + 1, column=col, value=formula)
                cell.font = bold
                values[cell.coordinate] = sum(r[col - 1] for r in rows)
    for offset, row in enumerate(after, start=5 + len(rows)):
        for col, value in enumerate(row, start=1):
            sheet.cell(row=offset, column=col, value=value).font = muted
    sheet.freeze_panes = "A4"
    return workbook_bytes(book, values)
