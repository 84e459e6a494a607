"""PDF and Excel sheets read back: they show the engine's totals (no database).

The workbook's formulas are evaluated by the ``formulas`` package, as a spreadsheet would.
"""

import io
import re
import tempfile
from pathlib import Path

import formulas
import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from pypdf import PdfReader

from scoring.exports.sheet import sheet_pdf, sheet_xlsx, title_row
from scoring.roimat.layout import column, sheet_layout, sheet_lines
from scoring.roimat.notation import parse_sheet
from scoring.roimat.partie import compute_sheet
from tests.conftest import load


def computed(name):
    sheet_input = parse_sheet(load(f"{name}.json"))
    return sheet_input, compute_sheet(sheet_input.donnes, sheet_input.rules)


def cell_name(col: int, row: int) -> str:
    """``A1``-style name of a 0-based column and 1-based row."""
    return f"{get_column_letter(col + 1)}{row}"


#: The worksheet row of a Table de marque's column titles.
HEADER_ROW = title_row(sheet_layout(*computed("club8-partie")))


def test_layout_has_the_paper_columns_and_t_lines():
    sheet_input, sheet = computed("club8-partie")
    titles = [c.title for c in sheet_layout(sheet_input, sheet).columns]
    assert len(titles) == 19
    for title in [
        "Roi",
        "Donneur",
        "Donne",
        "C",
        "SC",
        "Plis N/S",
        "Contrat N/S",
        "Points N/S",
        "Total N/S",
        "Plis O/E",
        "Contrat O/E",
        "Points O/E",
        "Total O/E",
    ]:
        assert title in titles
    kinds = [line.kind for line in sheet_lines(sheet, sheet_input.players)]
    # Donne 1, then each further donne followed by its T line, as on the paper sheet.
    assert kinds == ["row"] + ["row", "cumul"] * 7
    t_lines = [line for line in sheet_lines(sheet, sheet_input.players) if line.kind == "cumul"]
    assert t_lines[-1].values[column("ns", "Total")] == -302
    assert t_lines[-1].values[column("oe", "Total")] == 54


def test_pdf_shows_players_totals_and_winner():
    sheet_input, sheet = computed("club8-partie")
    layout = sheet_layout(sheet_input, sheet, "Roimat Club d'Antony")
    reader = PdfReader(io.BytesIO(sheet_pdf(layout)))
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape
    text = " ".join(page.extract_text() for page in reader.pages)
    for expected in [
        "Table de marque",
        "Annie",
        "Bernard",
        "Claire",
        "Denis",
        "-302",
        "54",
        "730",
        "-326",
        "Gagnants : Denis & Bernard",
    ]:
        assert expected in text
    assert "Roimat Club d'Antony" in reader.metadata.title


def evaluate(data: bytes, inputs: dict | None = None):
    """Cell name (``K8``) → computed value of the workbook's first sheet."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.xlsx"
        path.write_bytes(data)
        model = formulas.ExcelModel().loads(str(path)).finish()
    solution = model.calculate(inputs=inputs or {})
    values = {}
    for key, ranges in solution.items():
        cell = key.rsplit("!", 1)[-1]
        values[cell] = ranges.value[0][0]
    return values


@pytest.fixture(scope="module")
def club8_workbook():
    sheet_input, sheet = computed("club8-partie")
    return sheet_input, sheet, sheet_xlsx(sheet_layout(sheet_input, sheet))


def total_cells(sheet_input, sheet):
    """For each line, worksheet row → (kind, N/S value, O/E value) from the engine."""
    lines = sheet_lines(sheet, sheet_input.players)
    return {
        HEADER_ROW + 1 + i: (
            line.kind,
            line.values[column("ns", "Total")],
            line.values[column("oe", "Total")],
        )
        for i, line in enumerate(lines)
    }


def test_workbook_totals_are_formulas_whose_values_equal_the_site(club8_workbook):
    sheet_input, sheet, data = club8_workbook
    ws = load_workbook(io.BytesIO(data)).active
    values = evaluate(data)
    for row, (_kind, ns, oe) in total_cells(sheet_input, sheet).items():
        for team, expected in (("ns", ns), ("oe", oe)):
            name = cell_name(column(team, "Total"), row)
            assert str(ws[name].value).startswith("=")
            assert values[name] == expected, name
    assert ws.cell(row=HEADER_ROW, column=1).value == "Roi"


def test_workbook_adds_up_again_when_a_player_edits_a_cell(club8_workbook):
    sheet_input, sheet, data = club8_workbook
    rows = total_cells(sheet_input, sheet)
    last_row = max(rows)
    second_donne = HEADER_ROW + 2  # donne 2: O/E contred the plis, coefficient 2, 95 points
    points = cell_name(column("oe", "Points"), second_donne)
    ws_name = "'[sheet.xlsx]TABLE DE MARQUE'!"
    values = evaluate(data, {ws_name + points: 85})
    assert values[cell_name(column("oe", "Total"), second_donne)] == 100 + 2 * 85
    assert values[cell_name(column("oe", "Total"), last_row)] == 54 - 20


def test_rounded_workbook_rounds_like_the_engine():
    sheet_input, sheet = computed("official-rounded")
    data = sheet_xlsx(sheet_layout(sheet_input, sheet))
    values = evaluate(data)
    for row, (_kind, ns, oe) in total_cells(sheet_input, sheet).items():
        assert values[cell_name(column("ns", "Total"), row)] == ns
        assert values[cell_name(column("oe", "Total"), row)] == oe


def test_workbook_totals_carry_their_values_for_viewers_that_do_not_recalculate(club8_workbook):
    sheet_input, sheet, data = club8_workbook
    live = load_workbook(io.BytesIO(data)).active
    shown = load_workbook(io.BytesIO(data), data_only=True).active  # the cached values only
    for row, (_kind, ns, oe) in total_cells(sheet_input, sheet).items():
        for team, expected in (("ns", ns), ("oe", oe)):
            name = cell_name(column(team, "Total"), row)
            assert str(live[name].value).startswith("=")
            assert shown[name].value == expected, name


def test_another_game_through_the_same_writer_totals_the_rounds_that_count_and_lists_the_rest():
    """Roi, its last two manches pending: the Total line adds up the eight that count with
    live SUMs carrying the engine's totals, the two pending ones come under it, marked, in no
    formula; the PDF is portrait A4 and says the same."""
    from scoring.games.base import compute
    from scoring.games.layout import PENDING_MARK
    from scoring.games.layout import sheet_layout as game_layout
    from scoring.games.roi.rules import ROI
    from scoring.games.roi.state import RoiState
    from scoring.games.simulate import played_sheets, simulate_records

    sheet_input, _records = simulate_records(ROI, played_sheets(ROI, RoiState), seed=4)
    sheet = compute(ROI, 4, sheet_input.rounds, counts=8)
    assert sheet.pending == 2 and sheet.totals != compute(ROI, 4, sheet_input.rounds).totals
    layout = game_layout(ROI, sheet_input, sheet, "Club")
    data = sheet_xlsx(layout)
    top = title_row(layout)
    live = load_workbook(io.BytesIO(data)).active
    shown = load_workbook(io.BytesIO(data), data_only=True).active
    values = evaluate(data)
    total_row = top + 9
    assert live.cell(row=total_row, column=1).value == "Total"
    for player, expected in enumerate(sheet.totals):
        name = cell_name(player + 1, total_row)
        assert (
            live[name].value
            == f"=SUM({cell_name(player + 1, top + 1)}:{cell_name(player + 1, top + 8)})"
        )
        assert shown[name].value == expected and values[name] == expected
    for row in (total_row + 1, total_row + 2):
        assert PENDING_MARK in live.cell(row=row, column=1).value
        assert all(not str(c.value).startswith("=") for c in live[row])
    reader = PdfReader(io.BytesIO(sheet_pdf(layout)))
    box = reader.pages[0].mediabox
    assert float(box.width) < float(box.height)  # portrait
    text = reader.pages[0].extract_text()
    assert re.search(r"Total\s+" + r"\s+".join(str(t) for t in sheet.totals), text)
    assert text.count(PENDING_MARK) == 2


def test_names_print_as_they_are_written_never_as_markup_or_formulas():
    """A player named ``=1+1`` or ``<b>Zoé & Cie`` is text in the workbook and the PDF."""
    from dataclasses import replace

    sheet_input, sheet = computed("club8-partie")
    players = {**sheet_input.players, "N": "=1+1", "E": "<b>Zoé & Cie"}
    layout = sheet_layout(replace(sheet_input, players=players), sheet, club="=Club")
    book = load_workbook(io.BytesIO(sheet_xlsx(layout)))
    texts = [c for row in book.active.iter_rows(values_only=True) for c in row]
    assert "=1+1" in texts and "<b>Zoé & Cie" in texts
    cell = next(c for row in book.active.iter_rows() for c in row if c.value == "=1+1")
    assert cell.data_type == "s"  # text, not a formula
    text = PdfReader(io.BytesIO(sheet_pdf(layout))).pages[0].extract_text()
    assert "<b>Zoé & Cie" in text and "=1+1" in text


def test_plain_tables_total_row_carries_its_values_and_the_pdf_a_decimal_comma():
    from django.utils import translation
    from django.utils.formats import number_format
    from pypdf import PdfReader

    from scoring.exports.tabular import table_pdf, table_xlsx

    rows = [["Annie", 12, 1.5], ["Bernard", 30, 2.25]]
    data = table_xlsx("Classement", ["Nom", "Points", "Moyenne"], rows, total="Total")
    shown = load_workbook(io.BytesIO(data), data_only=True).active
    assert load_workbook(io.BytesIO(data)).active["B6"].value == "=SUM(B4:B5)"
    assert (shown["B6"].value, shown["C6"].value) == (42, 3.75)
    with translation.override("fr"):
        pdf = table_pdf("Classement", [], ["Nom", "Moy."], rows, decimal=number_format)
        text = PdfReader(io.BytesIO(pdf)).pages[0]
        assert "1,5" in text.extract_text() and "2,25" in text.extract_text()


def test_workbook_cells_are_styled_as_the_sheet_prints():
    """What a player sees of the workbook's styles: the title big and bold, the column titles
    bold, centred, wrapped and tinted like their group, every cell of the table framed, each
    column aligned its way, a T line bold and grey-tinted, a team's Total in its colour; Roi's
    pending manches greyed, its Total line bold."""
    from scoring.games.base import compute
    from scoring.games.layout import sheet_layout as game_layout
    from scoring.games.roi.rules import ROI
    from scoring.games.roi.state import RoiState
    from scoring.games.simulate import played_sheets, simulate_records
    from scoring.roimat.layout import TEAM_COLOURS, TEAM_TINTS

    sheet_input, sheet = computed("club8-partie")
    layout = sheet_layout(sheet_input, sheet)
    ws = load_workbook(io.BytesIO(sheet_xlsx(layout))).active
    assert ws["A1"].font.b and ws["A1"].font.sz == 14
    titles = {c.value: c for c in ws[HEADER_ROW]}
    for title in ("Roi", "Donneur", "Total N/S", "Points O/E"):
        cell = titles.get(title) or next(c for t, c in titles.items() if t and title in t)
        assert cell.font.b and cell.alignment.horizontal == "center" and cell.alignment.wrap_text
        assert cell.border.left.style == "thin" and cell.border.bottom.style == "thin"
    ns_total = column("ns", "Total") + 1
    assert ws.cell(HEADER_ROW, ns_total).fill.fgColor.rgb == "00" + TEAM_TINTS["ns"][1:].upper()
    first, t_line = HEADER_ROW + 1, HEADER_ROW + 3  # donne 1, donne 2, then its T line
    roi, points = ws.cell(first, 1), ws.cell(first, column("ns", "Points") + 1)
    assert roi.alignment.horizontal == "left" and points.alignment.horizontal == "center"
    assert not roi.font.b and not points.font.b and roi.fill.fill_type is None
    assert points.border.left.style == "thin" and points.border.left.color.rgb == "00999999"
    for col in (1, column("oe", "Points") + 1):
        cell = ws.cell(t_line, col)
        assert cell.font.b and cell.fill.fill_type == "solid"
        assert cell.fill.fgColor.rgb == "00EEEEEE"
    for row in (first, t_line):
        total = ws.cell(row, column("oe", "Total") + 1)
        assert total.font.b and total.font.color.rgb == "00" + TEAM_COLOURS["oe"][1:].upper()
    assert ws.cell(t_line, column("oe", "Total") + 1).fill.fgColor.rgb == "00EEEEEE"

    roi_input, _records = simulate_records(ROI, played_sheets(ROI, RoiState), seed=4)
    roi_layout = game_layout(ROI, roi_input, compute(ROI, 4, roi_input.rounds, counts=8), "Club")
    ws = load_workbook(io.BytesIO(sheet_xlsx(roi_layout))).active
    top = title_row(roi_layout)
    total, pending = ws.cell(top + 9, 2), ws.cell(top + 10, 2)
    assert total.font.b and total.fill.fgColor.rgb == "00EEEEEE"
    assert pending.font.color.rgb == "00888888" and not pending.font.b
    assert pending.alignment.horizontal == "center" and pending.border.top.style == "thin"


def test_a_long_sheet_is_paged_as_one_long_table_would_be(monkeypatch):
    """The PDF's table handed to reportlab a page at a time (``PagedTable``) prints the same
    pages as the one long table reportlab splits itself: the same lines on each page, under
    the headings repeated, long names wrapped in their cells included."""
    from reportlab.platypus import Table

    from scoring.exports import sheet as writer
    from scoring.roimat.notation import SheetInput
    from scoring.roimat.record import entry_of_record, record_of
    from scoring.roimat.rules import RuleSet
    from scoring.roimat.simulate import simulate_donnes

    rules = RuleSet("official-1000", target=100_000)
    donnes = tuple(entry_of_record(record_of(s)) for s in simulate_donnes(60, seed=3))
    players = {"N": "Marie-Christine de la Tour d'Auvergne", "E": "Bernard", "S": "Li", "O": "Zoé"}
    sheet_input = SheetInput(rules=rules, players=players, donnes=donnes)
    layout = sheet_layout(sheet_input, compute_sheet(donnes, rules), "Club")

    def pages(data: bytes) -> list[str]:
        return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]

    paged = pages(sheet_pdf(layout))
    paging = writer._table

    def one_long_table(layout, room) -> Table:
        table = paging(layout, room)
        return table.table(len(table.lines))

    monkeypatch.setattr(writer, "_table", one_long_table)
    assert len(paged) > 2 and paged == pages(sheet_pdf(layout))
    assert "Donneur" in paged[1]  # the headings again on the next page
