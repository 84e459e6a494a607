"""Any game's sheet as PDF (reportlab) and Excel (openpyxl), drawn from its declared layout
(``scoring.play.layout.SheetLayout``); the one writer, naming no game.

Both documents show the title, the heading lines, the columns under their groups' headings,
every line (cumul lines tinted and bold, entries in no total greyed), the result under the
table; the PDF adds the chart. The workbook keeps each ``Formula`` live and caches the
engine's value in it (``cached.workbook_bytes``), so that it shows the totals before it
recalculates and still adds up when a player edits a cell.

A sheet too wide for A4 portrait at about ``NATURAL`` a character of its columns' widths is
laid out landscape; its columns share the page's width in proportion, never wider than
``WIDEST`` a character.
"""

from __future__ import annotations

import io
from typing import Any
from xml.sax.saxutils import escape

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, NamedStyle, PatternFill, Side
from openpyxl.styles.fonts import DEFAULT_FONT
from openpyxl.utils import get_column_letter
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from scoring.play.layout import CUMUL, MUTED, Cell, Column, Formula, SheetLayout

from .cached import workbook_bytes
from .chart import chart_drawing

MARGIN = 10 * mm
#: A character of a column's width on paper: the natural width, and the widest.
NATURAL = 1.6 * mm
WIDEST = 2.2 * mm
PLAIN = "#eeeeee"  # the titles of a group without a tint, and the cumul lines
MUTED_COLOUR = "#888888"


#: What a cell with nothing to print holds in the PDF's table: no flowable, which reportlab
#: skips, where an empty text would cost a text object of its own in the page (about half the
#: cells of a Roimat sheet are empty). Its line keeps the height of its other cells' text.
EMPTY: tuple[()] = ()


def is_wide(layout: SheetLayout) -> bool:
    """Whether the sheet is printed landscape: its columns at ``NATURAL`` a character are
    wider than A4 portrait between the margins."""
    return sum(c.width for c in layout.columns) * NATURAL > A4[0] - 2 * MARGIN


def _text(cell: Cell) -> str:
    return "" if cell is None else str(cell)


# -- PDF ---------------------------------------------------------------------------------------


def sheet_pdf(layout: SheetLayout) -> bytes:
    """The sheet as an A4 PDF (bytes), landscape when wide (``is_wide``); the table continues
    with its headings on the next pages when long."""
    buffer = io.BytesIO()
    page = landscape(A4) if is_wide(layout) else A4
    doc = SimpleDocTemplate(
        buffer,
        pagesize=page,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=layout.title,
        author=layout.club,
    )
    styles = getSampleStyleSheet()
    story = [Paragraph(escape(layout.title), styles["Title"])]
    story += [Paragraph(escape(line), styles["Normal"]) for line in layout.heading]
    story.append(Spacer(0, 4 * mm))
    story.append(_table(layout, page[0] - 2 * MARGIN))
    for line in layout.footer:
        story.append(Spacer(0, 3 * mm))
        story.append(Paragraph(f"<b>{escape(line)}</b>", styles["Normal"]))
    if layout.chart is not None:
        story.append(Spacer(0, 3 * mm))
        width = min(170 * mm, page[0] - 2 * MARGIN)
        chart = chart_drawing(layout.chart, width, 55 * mm)
        chart.hAlign = "CENTER"  # under the table
        story.append(chart)
    doc.build(story)
    return buffer.getvalue()


def _table(layout: SheetLayout, room: float) -> Flowable:
    columns = layout.columns
    scale = min(room / sum(c.width for c in columns), WIDEST)
    widths = [c.width * scale for c in columns]
    dense = scale < 2 * mm
    size, title_size, padding = (8, 7, 1.5) if dense else (10, 10, 3)
    body = ParagraphStyle("cell", fontName="Helvetica", fontSize=size, leading=size * 1.2)
    bold = ParagraphStyle(
        "title", parent=body, fontName="Helvetica-Bold", fontSize=title_size, alignment=TA_CENTER
    )

    measured: dict[tuple[str, str, float], float] = {}  # a text's width, once a document

    def fitted(text: str, width: float, style: ParagraphStyle) -> str | Paragraph:
        """The text as is when it fits its column, else a paragraph that wraps in it."""
        key = (text, style.fontName, style.fontSize)
        drawn = measured.get(key)
        if drawn is None:
            drawn = measured[key] = stringWidth(text, style.fontName, style.fontSize)
        if drawn <= width - 6:
            return text
        return Paragraph(escape(text), style)

    data: list[list[object]] = []
    style: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), "Helvetica", size),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), padding),
        ("BOTTOMPADDING", (0, 0), (-1, -1), padding),
    ]
    if layout.group_titles:
        row: list[object] = []
        for group in layout.groups:
            first = len(row)
            row += [group.title] + [""] * (len(group.columns) - 1)
            style.append(("SPAN", (first, 0), (len(row) - 1, 0)))
            if group.title:
                tint = colors.HexColor(group.tint or PLAIN)
                style.append(("BACKGROUND", (first, 0), (len(row) - 1, 0), tint))
        data.append(row)
    top = len(data)
    data.append([fitted(c.title, w, bold) for c, w in zip(columns, widths, strict=True)])
    style.append(("FONT", (0, 0), (-1, top), "Helvetica-Bold", title_size))
    style.append(("ALIGN", (0, 0), (-1, top), "CENTER"))
    first = 0
    for group in layout.groups:
        last = first + len(group.columns) - 1
        tint = colors.HexColor(group.tint or PLAIN)
        style.append(("BACKGROUND", (first, top), (last, top), tint))
        first = last + 1
    start = top + 1
    aligned = {
        "left": ParagraphStyle("left", parent=body, alignment=TA_LEFT),
        "center": ParagraphStyle("center", parent=body, alignment=TA_CENTER),
    }
    for index, column in enumerate(columns):
        align = "LEFT" if column.align == "left" else "CENTER"
        style.append(("ALIGN", (index, start), (index, -1), align))
        if column.colour:
            style.append(("TEXTCOLOR", (index, start), (index, -1), colors.HexColor(column.colour)))
            style.append(("FONT", (index, start), (index, -1), "Helvetica-Bold", size))
    lines: list[list[object]] = []
    marks: list[tuple[tuple, ...]] = []  # each line's own style commands, across the line
    cumul = (("BACKGROUND", colors.HexColor(PLAIN)), ("FONT", "Helvetica-Bold", size))
    muted = (("TEXTCOLOR", colors.HexColor(MUTED_COLOUR)),)
    for line in layout.lines:
        texts = [_text(cell) for cell in line.cells]
        if any(texts):  # an empty cell draws nothing; a line of empty cells keeps its height
            lines.append(
                [
                    fitted(text, width, aligned[column.align]) if text else EMPTY
                    for text, column, width in zip(texts, columns, widths, strict=True)
                ]
            )
        else:
            lines.append(list(texts))
        marks.append(cumul if line.kind == CUMUL else muted if line.kind in MUTED else ())
    heights = [_height(cells, widths, size * 1.2, padding) for cells in lines]
    return PagedTable(data, style, lines, marks, heights, widths)


def _height(cells: list[object], widths: list[float], leading: float, padding: float) -> float:
    """A line's height in the PDF's table, as reportlab counts it: its tallest cell, a text's
    lines at ``leading`` or a paragraph wrapped in its column (within the cell's 6-point side
    paddings, reportlab's), an empty cell none, with ``padding`` above and below."""
    tallest = 0.0
    for cell, width in zip(cells, widths, strict=True):
        if isinstance(cell, Paragraph):
            tallest = max(tallest, cell.wrap(width - 12, 1e6)[1])
        elif isinstance(cell, str):
            tallest = max(tallest, leading * len(cell.split("\n")))
    return tallest + 2 * padding


class PagedTable(Flowable):
    """The sheet's table, handed to reportlab one page of lines at a time: each page's
    ``Table`` holds the headings (``head``, styled by ``fixed``, whose column-wide commands
    run to the last row) and the lines that fit, each line styled across by its ``marks``
    (``(command, *values)``). Its pages are those of one long ``Table`` split page by page,
    headings repeated; but reportlab would recount every remaining row's spans and heights at
    each page (its cost growing as pages × lines), where this counts a page's lines from their
    ``heights`` (``_height``) and the headings' (measured once). Should reportlab find a
    page's table taller after all, it splits that table itself: nothing is lost."""

    def __init__(
        self,
        head: list[list[object]],
        fixed: list[tuple],
        lines: list[list[object]],
        marks: list[tuple[tuple, ...]],
        heights: list[float],
        widths: list[float],
        first: int = 0,
    ) -> None:
        super().__init__()
        self.hAlign = "CENTER"  # as a Table
        self.head, self.fixed, self.lines, self.marks = head, fixed, lines, marks
        self.heights, self.widths, self.first = heights, widths, first
        self.measured_head: float | None = None
        self.part: Table | None = None  # the page's table, once wrapped

    def table(self, count: int) -> Table:
        """The headings and the next ``count`` lines as one ``Table``."""
        style = list(self.fixed)
        row = len(self.head)
        for marks in self.marks[self.first : self.first + count]:
            style += [(name, (0, row), (-1, row), *values) for name, *values in marks]
            row += 1
        data = self.head + self.lines[self.first : self.first + count]
        table = Table(data, colWidths=self.widths, repeatRows=len(self.head))
        table.setStyle(TableStyle(style))
        return table

    def fitting(self, width: float, height: float) -> int:
        """How many of the next lines fit in ``height`` under the headings (all of them when
        they all fit, 0 when none does), counted from the lines' ``heights``."""
        room, count = height - self.head_height(width, height), 0
        for line_height in self.heights[self.first :]:
            room -= line_height
            if room < 0:
                break
            count += 1
        return count

    def head_height(self, width: float, height: float) -> float:
        """The headings' height, measured by reportlab once."""
        if self.measured_head is None:
            head = Table(self.head, colWidths=self.widths, repeatRows=len(self.head))
            head.setStyle(TableStyle(self.fixed))
            self.measured_head = head.wrap(width, height)[1]
        return self.measured_head

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        left = len(self.lines) - self.first
        if self.fitting(availWidth, availHeight) < left:  # too tall: the frame splits it
            self.part = None
            return availWidth, availHeight + 1
        self.part = self.table(left)
        return self.part.wrap(availWidth, availHeight)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        count = self.fitting(availWidth, availHeight)
        if count == 0:
            return []  # not even one line under the headings: the next page
        rest = PagedTable(
            self.head,
            self.fixed,
            self.lines,
            self.marks,
            self.heights,
            self.widths,
            self.first + count,
        )
        rest.measured_head = self.measured_head
        # a page's table that reportlab finds taller after all, it splits itself
        return [self.table(count), rest]

    def draw(self) -> None:
        assert self.part is not None  # wrapped first, by the frame
        self.part.drawOn(self.canv, 0, 0)


# -- Excel -------------------------------------------------------------------------------------

THIN = Side(style="thin", color="999999")
BORDER = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)


def _fill(hex_: str) -> PatternFill:
    return PatternFill("solid", fgColor=hex_.lstrip("#").upper())


def _put(cell: Any, value: str | int | float | None) -> Any:
    """Write a value in a cell, as a value: a text that begins with ``=`` (a player named so)
    stays text, never a formula (only a layout's ``Formula`` is one)."""
    cell.value = value
    if isinstance(value, str) and value.startswith("="):
        cell.data_type = "s"
    return cell


#: How a named style of the table's cells says each alignment (its name in the spreadsheet's
#: list of styles).
ALIGN_WORDS = {"left": "à gauche", "center": "centrée", "right": "à droite"}


class BodyStyles:
    """The styles of a workbook's table cells, each made once for the workbook and applied to
    every cell that wears it as one named style (``NamedStyle``): openpyxl then looks up no
    font, fill, border or alignment per cell, which it would hash and compare each time.

    A cell's style follows its line's kind and its column: framed by ``BORDER``, aligned as
    its column says; greyed on a line in no total (``MUTED``), else bold in its column's
    colour if it has one, else bold on a cumul line; a cumul line tinted ``PLAIN``."""

    def __init__(self, book: Workbook) -> None:
        self.book = book
        self.made: dict[tuple[str, str, bool, bool], str] = {}
        self.muted = Font(color=MUTED_COLOUR.lstrip("#"))
        self.bold = Font(bold=True)
        self.cumul = _fill(PLAIN)

    def body(self, kind: str, column: Column) -> str:
        """The name of the style of ``column``'s cell on a line of ``kind`` (made at its first
        cell): a cell wears it by name, which openpyxl finds without comparing styles."""
        muted, cumul = kind in MUTED, kind == CUMUL
        colour = "" if muted else column.colour
        key = (column.align, colour, muted, cumul)
        style = self.made.get(key)
        if style is None:
            style = self.made[key] = self._make(column.align, colour, muted, cumul)
        return style

    def _make(self, align: str, colour: str, muted: bool, cumul: bool) -> str:
        words = [f"Cellule {ALIGN_WORDS.get(align, align)}"]
        font = DEFAULT_FONT
        if muted:
            font = self.muted
            words.append("grisée")
        elif colour:
            font = Font(bold=True, color=colour.lstrip("#").upper())
            words.append(f"en gras, {colour.lstrip('#').upper()}")
        elif cumul:
            font = self.bold
            words.append("en gras")
        if cumul:
            words.append("sur fond gris")
        style = NamedStyle(
            name=", ".join(words),
            font=font,
            fill=self.cumul if cumul else PatternFill(),
            border=BORDER,
            alignment=Alignment(horizontal=align),
        )
        self.book.add_named_style(style)
        return style.name


def title_row(layout: SheetLayout) -> int:
    """The worksheet row (1-based) of the column titles: under the title (row 1), the
    heading lines, an empty row and the groups' headings, if any. The sheet's lines follow
    it, one a row."""
    return 3 + len(layout.heading) + (1 if layout.group_titles else 0)


def sheet_xlsx(layout: SheetLayout) -> bytes:
    """The sheet as a workbook (bytes of an .xlsx file), laid out like the PDF; each
    ``Formula`` cell is live and carries the engine's value."""
    book = Workbook()
    ws = book.active
    ws.title = layout.name[:31]
    _put(ws.cell(row=1, column=1), layout.title).font = Font(bold=True, size=14)
    for offset, text in enumerate(layout.heading, start=2):
        _put(ws.cell(row=offset, column=1), text)
    columns = layout.columns
    titles = title_row(layout)
    centred = Alignment(horizontal="center", vertical="center", wrap_text=True)
    bold = Font(bold=True)
    first = 1
    for group in layout.groups:
        fill = _fill(group.tint or PLAIN)
        if group.title:
            last = first + len(group.columns) - 1
            cell = _put(ws.cell(row=titles - 1, column=first), group.title)
            cell.font, cell.fill, cell.alignment = bold, fill, centred
            ws.merge_cells(
                start_row=titles - 1, start_column=first, end_row=titles - 1, end_column=last
            )
        for column in group.columns:
            cell = _put(ws.cell(row=titles, column=first), column.title)
            cell.font, cell.fill, cell.alignment, cell.border = bold, fill, centred, BORDER
            ws.column_dimensions[get_column_letter(first)].width = column.width
            first += 1
    keys = {column.key: index for index, column in enumerate(columns)}

    def name(column: str, line: int) -> str:
        return f"{get_column_letter(keys[column] + 1)}{titles + 1 + line}"

    values: dict[str, int | float] = {}  # each formula's value, as the engine computed it
    styles = BodyStyles(book)
    for index, line in enumerate(layout.lines):
        row = titles + 1 + index
        for col, (value, column) in enumerate(zip(line.cells, columns, strict=True), start=1):
            cell = ws.cell(row=row, column=col)
            if isinstance(value, Formula):
                refs = {
                    field: name(ref.column, index if ref.line is None else ref.line)
                    for field, ref in value.refs.items()
                }
                cell.value = "=" + value.text.format(**refs)
                values[cell.coordinate] = value.value
            else:
                _put(cell, value)
            cell.style = styles.body(line.kind, column)
    below = titles + len(layout.lines) + 2
    for offset, text in enumerate(layout.footer, start=below):
        _put(ws.cell(row=offset, column=1), text).font = bold
    ws.freeze_panes = ws.cell(row=titles + 1, column=layout.frozen + 1)
    ws.page_setup.orientation = "landscape" if is_wide(layout) else "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    return workbook_bytes(book, values)
