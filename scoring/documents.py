"""A stored partie's documents: PDF, Excel and JSON, with their file names."""

from __future__ import annotations

import json

from django.conf import settings

from scoring.exports.game_layout import game_sheet_pdf, game_sheet_table, game_sheet_xlsx
from scoring.exports.pdf import sheet_pdf
from scoring.exports.xlsx import sheet_xlsx
from scoring.games.notation import GameSheetInput, game_sheet_to_dict
from scoring.models import Partie
from scoring.roimat.notation import sheet_to_dict

PDF = "application/pdf"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON = "application/json"


def filename(partie: Partie, extension: str) -> str:
    """``roimat-2026-11-22-p12.pdf``: date and number of the partie."""
    return f"roimat-{partie.played_on:%Y-%m-%d}-p{partie.pk}.{extension}"


def partie_pdf(partie: Partie) -> bytes:
    """The partie's sheet as PDF bytes (the Table de marque for Roimat)."""
    if not partie.is_roimat:
        return game_sheet_pdf(game_sheet_input(partie), partie.game_sheet, settings.CLUB_NAME)
    return sheet_pdf(partie.to_sheet_input(), partie.sheet, settings.CLUB_NAME)


def partie_xlsx(partie: Partie) -> bytes:
    """The partie's sheet as .xlsx bytes (Roimat's with live formulas)."""
    if not partie.is_roimat:
        return game_sheet_xlsx(game_sheet_input(partie), partie.game_sheet, settings.CLUB_NAME)
    return sheet_xlsx(partie.to_sheet_input(), partie.sheet, settings.CLUB_NAME)


def partie_json(partie: Partie) -> str:
    """The partie as its JSON score sheet (text), importable back unchanged."""
    if not partie.is_roimat:
        data = game_sheet_to_dict(game_sheet_input(partie))
    else:
        data = sheet_to_dict(partie.to_sheet_input())
    return json.dumps(data, ensure_ascii=False, indent=1)


def game_sheet_input(partie: Partie) -> GameSheetInput:
    """Another game's partie as its JSON sheet."""
    return GameSheetInput(
        game=partie.game,
        players=tuple(str(p) for p in partie.players_in_order),
        rounds=tuple(tuple(r.entries) for r in partie.game_rounds.all()),
        options=dict(partie.options),
        date=partie.played_on,
        place=partie.place,
        table=partie.table,
    )


def game_table(partie: Partie) -> tuple[str, list[str], list[str], list[list]]:
    """Another game's sheet as a plain table (``game_sheet_table``)."""
    return game_sheet_table(game_sheet_input(partie), partie.game_sheet, settings.CLUB_NAME)
