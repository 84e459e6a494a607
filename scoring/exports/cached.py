"""Workbooks whose formulas carry their values: a viewer that does not recalculate (a phone's
mail preview, a quick look) shows the totals too, and Excel or LibreOffice still recalculate
the live formulas when a cell is edited.

openpyxl writes a formula with an empty cached value; ``workbook_bytes`` fills in the values
the site computed, in the saved file's worksheet XML.
"""

from __future__ import annotations

import io
import re
import zipfile

from openpyxl import Workbook


def workbook_bytes(book: Workbook, values: dict[str, int | float]) -> bytes:
    """The .xlsx file of ``book`` (one worksheet), each formula cell named in ``values``
    (``"B12"``) carrying that value as its cached result."""
    buffer = io.BytesIO()
    book.save(buffer)
    if not values:
        return buffer.getvalue()

    def fill(match: re.Match[str]) -> str:
        value = values.get(match["ref"])
        if value is None:
            return match[0]
        return f"{match['start']}<f>{match['formula']}</f><v>{value}</v></c>"

    cell = re.compile(
        r'(?P<start><c r="(?P<ref>[A-Z]+[0-9]+)"[^>]*>)<f>(?P<formula>[^<]*)</f><v\s*/></c>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dest:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = cell.sub(fill, data.decode("utf-8")).encode("utf-8")
            dest.writestr(item, data)
    return out.getvalue()
