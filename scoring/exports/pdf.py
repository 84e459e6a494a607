"""The Table de marque as a PDF: A4 landscape, laid out like the paper sheet (reportlab)."""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from scoring.roimat.notation import SheetInput
from scoring.roimat.partie import Sheet

from .chart import TEAM_COLOURS, cumul_chart
from .layout import SHARED_COLUMNS, column, headers, heading, result_line, sheet_lines, title

NS_TINT = colors.HexColor("#e8f0fa")
OE_TINT = colors.HexColor("#fbeaea")
CUMUL_TINT = colors.HexColor("#eeeeee")


def sheet_pdf(sheet_input: SheetInput, sheet: Sheet, club: str = "", closing: str = "") -> bytes:
    """The PDF document (bytes) of a computed sheet; prints on one A4 landscape page for a
    partie of 8 donnes, the table continuing with its headings on the next pages if longer."""
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=landscape(A4),
        leftMargin=10 * mm,
        rightMargin=10 * mm,
        topMargin=10 * mm,
        bottomMargin=10 * mm,
        title=title(sheet_input, club),
        author=club or "Roimat",
    )
    styles = getSampleStyleSheet()
    story = [Paragraph(title(sheet_input, club), styles["Title"])]
    story += [Paragraph(line, styles["Normal"]) for line in heading(sheet_input)]
    story.append(Spacer(0, 4 * mm))
    story.append(_table(sheet_input, sheet))
    story.append(Spacer(0, 3 * mm))
    story.append(
        Paragraph(f"<b>{result_line(sheet, sheet_input.players, closing)}</b>", styles["Normal"])
    )
    story.append(Spacer(0, 3 * mm))
    story.append(cumul_chart(sheet, width=170 * mm, height=55 * mm))
    doc.build(story)
    return buffer.getvalue()


def _table(sheet_input: SheetInput, sheet: Sheet) -> Table:
    lines = sheet_lines(sheet, sheet_input.players)
    data = [headers()] + [["" if c is None else str(c) for c in line.cells] for line in lines]
    shared = len(SHARED_COLUMNS)
    widths = [20 * mm, 24 * mm, 12 * mm] + [13.5 * mm] * (len(data[0]) - shared)
    table = Table(data, colWidths=widths, repeatRows=1)
    ns_first, ns_last = column("ns", "C"), column("ns", "Total")
    oe_first, oe_last = column("oe", "C"), column("oe", "Total")
    style = [
        ("FONT", (0, 0), (-1, -1), "Helvetica", 8),
        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 7),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("ALIGN", (2, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (ns_first, 0), (ns_last, 0), NS_TINT),
        ("BACKGROUND", (oe_first, 0), (oe_last, 0), OE_TINT),
        ("TEXTCOLOR", (ns_last, 1), (ns_last, -1), TEAM_COLOURS["ns"]),
        ("TEXTCOLOR", (oe_last, 1), (oe_last, -1), TEAM_COLOURS["oe"]),
        ("FONT", (ns_last, 1), (ns_last, -1), "Helvetica-Bold", 8),
        ("FONT", (oe_last, 1), (oe_last, -1), "Helvetica-Bold", 8),
    ]
    for index, line in enumerate(lines, start=1):
        if line.kind == "cumul":
            style.append(("BACKGROUND", (0, index), (-1, index), CUMUL_TINT))
        elif line.kind in ("annulled", "pending"):
            style.append(("TEXTCOLOR", (0, index), (-1, index), colors.grey))
    table.setStyle(TableStyle(style))
    return table
