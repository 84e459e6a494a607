"""A tournament's ranking as rows with names, and as a plain table for its documents (the
ranking page's exports and the results emailed after the evening)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.models import Player
from tournaments.models import Tournament
from tournaments.services import ranking_notes, standings
from tournaments.tables import StandingTable

RANKING_COLUMNS = ("rank", "name", "parties", "sat_out", "wins", "points", "diff", "average")


def standing_rows(tournament: Tournament) -> list[dict]:
    """The ranking as rows with names, for the tables and the room screen."""
    names = dict(
        Player.objects.filter(registrations__tournament=tournament).values_list("pk", "name")
    )
    rows = []
    for line in standings(tournament):
        entrant = line.entrant
        name = (
            " & ".join(names.get(p, "?") for p in entrant)
            if isinstance(entrant, tuple)
            else names.get(entrant, "?")
        )
        rows.append({**line.__dict__, "name": name})
    return rows


def ranking_table(tournament: Tournament) -> tuple[str, list[str], list[str], list[list]]:
    """Title, heading lines, column titles and rows of the ranking."""
    headers = [StandingTable.base_columns[c].verbose_name for c in RANKING_COLUMNS]
    rows = [[row[c] for c in RANKING_COLUMNS] for row in standing_rows(tournament)]
    heading = [" · ".join(p for p in (f"{tournament.date:%d/%m/%Y}", tournament.place) if p)]
    heading += ranking_notes(tournament)
    return f"{_('Ranking')} — {tournament.name}", heading, headers, rows
