"""A stored partie's documents: PDF, Excel and JSON (made by its game's adapter), with their
file names."""

from __future__ import annotations

import json

from scoring.history import sheet_json
from scoring.models import Partie

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON = "application/json"


def filename(partie: Partie, extension: str) -> str:
    """``roimat-2026-11-22-p12.pdf``: game, date and number of the partie."""
    return f"{partie.game}-{partie.played_on:%Y-%m-%d}-p{partie.pk}.{extension}"


def partie_pdf(partie: Partie) -> bytes:
    """The partie's sheet as PDF bytes (the Table de marque for Roimat)."""
    return partie.adapter.pdf(partie)


def partie_xlsx(partie: Partie) -> bytes:
    """The partie's sheet as .xlsx bytes, with live formulas."""
    return partie.adapter.xlsx(partie)


def partie_json(partie: Partie) -> str:
    """The partie as its JSON score sheet (text), importable back with the same totals: the
    game's format, its waiting entries and its history (``history.sheet_json``)."""
    return json.dumps(sheet_json(partie), ensure_ascii=False, indent=1)
