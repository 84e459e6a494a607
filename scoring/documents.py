"""A stored partie's documents: PDF, Excel and JSON, with their file names."""

from __future__ import annotations

import json

from django.conf import settings

from scoring.exports.pdf import sheet_pdf
from scoring.exports.xlsx import sheet_xlsx
from scoring.models import Partie
from scoring.roimat.notation import sheet_to_dict

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON = "application/json"


def filename(partie: Partie, extension: str) -> str:
    """``roimat-2026-11-22-p12.pdf``: date and number of the partie."""
    return f"roimat-{partie.played_on:%Y-%m-%d}-p{partie.pk}.{extension}"


def partie_pdf(partie: Partie) -> bytes:
    """The partie's Table de marque as PDF bytes."""
    return sheet_pdf(partie.to_sheet_input(), partie.sheet, settings.CLUB_NAME)


def partie_xlsx(partie: Partie) -> bytes:
    """The partie's Table de marque as .xlsx bytes, with live formulas."""
    return sheet_xlsx(partie.to_sheet_input(), partie.sheet, settings.CLUB_NAME)


def partie_json(partie: Partie) -> str:
    """The partie as a §10 score sheet (text), importable back unchanged."""
    return json.dumps(sheet_to_dict(partie.to_sheet_input()), ensure_ascii=False, indent=1)
