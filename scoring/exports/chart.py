"""The cumul of both teams across the donnes, drawn with reportlab's graphics.

The same ``Drawing`` goes into the PDF and, rendered as SVG, onto the sheet page.
"""

from __future__ import annotations

from reportlab.graphics import renderSVG
from reportlab.graphics.charts.legends import LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors

from scoring.roimat.partie import Sheet

TEAM_COLOURS = {"ns": colors.HexColor("#1f5fa8"), "oe": colors.HexColor("#c0392b")}


def cumul_series(sheet: Sheet) -> dict[str, list[tuple[int, int]]]:
    """Per team, (counted donne, cumul in points) points, starting from (0, 0)."""
    series: dict[str, list[tuple[int, int]]] = {"ns": [(0, 0)], "oe": [(0, 0)]}
    for row in sheet.rows:
        if row.counted is None or row.ns is None or row.oe is None:
            continue
        series["ns"].append((row.counted, row.ns.cumul))
        series["oe"].append((row.counted, row.oe.cumul))
    return series


def cumul_chart(sheet: Sheet, width: float = 480, height: float = 200) -> Drawing:
    """A line chart of both cumuls (points) per counted donne; size in points (1/72 inch)."""
    series = cumul_series(sheet)
    drawing = Drawing(width, height)
    plot = LinePlot()
    plot.x, plot.y = 45, 30
    plot.width, plot.height = width - 60, height - 55
    plot.data = [series["ns"], series["oe"]]
    donnes = max(len(series["ns"]) - 1, 1)
    values = [v for points in plot.data for _x, v in points]
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, donnes
    plot.xValueAxis.valueStep = 1 if donnes <= 16 else max(donnes // 8, 1)
    plot.yValueAxis.valueMin = min(0, *values)
    plot.yValueAxis.valueMax = max(100, *values)
    for index, team in enumerate(("ns", "oe")):
        plot.lines[index].strokeColor = TEAM_COLOURS[team]
        plot.lines[index].strokeWidth = 2
        plot.lines[index].symbol = makeMarker("FilledCircle", size=4)
    plot.lines[0].symbol.fillColor = TEAM_COLOURS["ns"]
    plot.lines[1].symbol.fillColor = TEAM_COLOURS["oe"]
    drawing.add(plot)
    low, high = plot.yValueAxis.valueMin, plot.yValueAxis.valueMax
    zero = plot.y + plot.height * (0 - low) / (high - low)
    drawing.add(
        Line(
            plot.x, zero, plot.x + plot.width, zero, strokeColor=colors.grey, strokeDashArray=[2, 2]
        )
    )
    legend = LineLegend()
    legend.x, legend.y = 50, height - 8
    legend.columnMaximum = 1
    legend.deltax = 70
    legend.colorNamePairs = [(TEAM_COLOURS["ns"], "N/S"), (TEAM_COLOURS["oe"], "O/E")]
    legend.alignment = "right"
    drawing.add(legend)
    drawing.add(String(width / 2, 4, "Donnes", fontSize=8, textAnchor="middle"))
    return drawing


def cumul_chart_svg(sheet: Sheet) -> str:
    """The chart as an SVG document (text), for the sheet page."""
    svg = renderSVG.drawToString(cumul_chart(sheet))
    return svg[svg.index("<svg") :]  # drop the XML prolog and doctype for inline use
