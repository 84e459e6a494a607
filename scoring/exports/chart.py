"""Line charts drawn with reportlab's graphics: a sheet's cumuls (``SheetLayout.chart``), a
season's standings.

The same ``Drawing`` goes into a PDF and, rendered as SVG, onto a page.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from html import escape

from reportlab.graphics import renderSVG
from reportlab.graphics.charts.legends import LineLegend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors

from scoring.play.layout import Chart

PALETTE = ("#1f5fa8", "#c0392b", "#2e8b57", "#d4a900", "#7b3fa0", "#555555", "#e67e22")


#: A chart for a page: drawn about as wide as a phone's page (the picture scales to the page's
#: width), so that its labels read at ``font_size`` px on a phone (at least 11 px at 390 px).
SCREEN = {"width": 360, "height": 240, "font_size": 12}
#: The legend's names a row, at most; more names take more rows.
LEGEND_COLUMN = 120


def line_chart(
    series: Mapping[str, Sequence[tuple[float, float]]],
    x_label: str,
    width: float = 480,
    height: float = 200,
    palette: dict[str, colors.Color] | None = None,
    font_size: float = 8,
) -> Drawing:
    """Lines of (x, y) points, one per name, with a legend and a dotted zero line; size and
    ``font_size`` (every label's) in points (1/72 inch) on paper, pixels on a page (``SCREEN``).
    Names beyond the palette reuse its colours. A line of more points than fit one every
    two points of the plot's width is drawn through as many of them (``thinned``), so that
    a long history costs no more to draw than it shows."""
    drawing = Drawing(width, height)
    per_row = max(1, int(width // LEGEND_COLUMN))
    legend_rows = -(-max(len(series), 1) // per_row)
    plot = LinePlot()
    plot.x, plot.y = font_size * 5, font_size * 3.5
    plot.width = width - plot.x - font_size * 1.5
    plot.height = height - plot.y - font_size * (1.5 * legend_rows + 1)
    plot.xValueAxis.labels.fontSize = plot.yValueAxis.labels.fontSize = font_size
    fit = max(int(plot.width // 2), 2)
    plot.data = [thinned(points, fit) or [(0, 0)] for points in series.values()]
    xs = [x for points in plot.data for x, _y in points]
    values = [v for points in plot.data for _x, v in points]
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = min(xs), max(max(xs), min(xs) + 1)
    span = plot.xValueAxis.valueMax - plot.xValueAxis.valueMin
    most = max(int(plot.width // (font_size * 3)), 1)  # x labels that fit side by side
    plot.xValueAxis.valueStep = 1 if span <= most else -(-span // most)
    # The values' own range, with zero: a rating between -7.5 and 9 is not drawn on 0 to 100.
    plot.yValueAxis.valueMin = min(0, *values)
    plot.yValueAxis.valueMax = max(0, *values, plot.yValueAxis.valueMin + 1)
    pairs = []
    for index, name in enumerate(series):
        colour = (palette or {}).get(name) or colors.HexColor(PALETTE[index % len(PALETTE)])
        plot.lines[index].strokeColor = colour
        plot.lines[index].strokeWidth = 2
        if len(plot.data[index]) <= 20:  # dots help on short lines, clutter long ones
            plot.lines[index].symbol = makeMarker("FilledCircle", size=4)
            plot.lines[index].symbol.fillColor = colour
        pairs.append((colour, name))
    drawing.add(plot)
    low, high = plot.yValueAxis.valueMin, plot.yValueAxis.valueMax
    zero = plot.y + plot.height * (0 - low) / (high - low)
    drawing.add(
        Line(
            plot.x, zero, plot.x + plot.width, zero, strokeColor=colors.grey, strokeDashArray=[2, 2]
        )
    )
    legend = LineLegend()
    legend.x, legend.y = plot.x, height - font_size
    legend.fontSize = font_size
    legend.columnMaximum = legend_rows
    legend.deltay = font_size * 1.5
    legend.deltax = max(70, width / per_row - 10)
    legend.dx, legend.dy = font_size * 1.5, font_size * 0.6
    legend.colorNamePairs = pairs
    legend.alignment = "right"
    drawing.add(legend)
    drawing.add(
        String(width / 2, font_size * 0.4, x_label, fontSize=font_size, textAnchor="middle")
    )
    return drawing


def thinned(points: Sequence[tuple[float, float]], at_most: int) -> list[tuple[float, float]]:
    """``points`` if there are ``at_most`` (2 or more) or fewer, else ``at_most`` of them
    evenly spread, the first and the last kept."""
    if len(points) <= at_most:
        return list(points)
    step = (len(points) - 1) / (at_most - 1)
    return [points[round(i * step)] for i in range(at_most)]


def svg_of(drawing: Drawing) -> str:
    """A drawing as inline SVG text (no XML prolog), its styles written as presentation
    attributes (``fill="…"``): a page's Content-Security-Policy blocks inline ``style``
    attributes, not these."""
    svg = renderSVG.drawToString(drawing)
    return STYLE_ATTRIBUTE.sub(_presentation, svg[svg.index("<svg") :])


#: An inline ``style`` attribute of renderSVG's output (its properties are all SVG
#: presentation attributes: fill, stroke, stroke-width, font-family, font-size, clip-path …).
STYLE_ATTRIBUTE = re.compile(r'\bstyle="([^"]*)"')


def _presentation(match: re.Match[str]) -> str:
    """``style="fill: red; stroke-width: 1"`` as ``fill="red" stroke-width="1"``."""
    pairs = (part.split(":", 1) for part in match.group(1).split(";") if ":" in part)
    return " ".join(f'{name.strip()}="{escape(value.strip())}"' for name, value in pairs)


def chart_drawing(
    chart: Chart, width: float = 480, height: float = 200, font_size: float = 8
) -> Drawing:
    """A sheet's chart (``SheetLayout.chart``) drawn by ``line_chart``, each name in its
    colour."""
    palette = {name: colors.HexColor(hex_) for name, hex_ in chart.colours.items()}
    return line_chart(chart.series, chart.x_label, width, height, palette, font_size)


def chart_svg(chart: Chart) -> str:
    """A sheet's chart as an SVG document (text), for its page."""
    return svg_of(chart_drawing(chart, **SCREEN))
