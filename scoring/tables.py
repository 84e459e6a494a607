"""The parties list (django-tables2)."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from scoring.games import GAMES
from scoring.models import Partie


class PartieTable(tables.Table):
    """One line per partie of any game; scores come from the engines, so they do not sort in
    the database."""

    played_on = tables.DateColumn(format="d/m/Y", linkify=True)
    game = tables.Column(_("Game"), empty_values=(), orderable=False)
    players = tables.Column(_("Players"), empty_values=(), orderable=False)
    score = tables.Column(_("Score"), empty_values=(), orderable=False)
    donnes = tables.Column(_("Donnes"), empty_values=(), orderable=False)
    status = tables.Column(_("Result"), empty_values=(), orderable=False)

    class Meta:
        model = Partie
        fields = ["played_on", "place", "table"]
        sequence = ["played_on", "place", "table", "game", "players", "score", "donnes",
                    "status"]  # fmt: skip
        attrs = {"class": "list"}
        order_by = ["-played_on"]

    def render_game(self, record):
        if record.is_roimat:
            return f"Roimat — {record.get_variant_display()}"
        return GAMES[record.game].name

    def render_players(self, record):
        if record.is_roimat:
            return f"{record.team_names('ns')} / {record.team_names('oe')}"
        return ", ".join(str(p) for p in record.players_in_order)

    def render_score(self, record):
        if record.is_roimat:
            return f"{record.sheet.total_ns} / {record.sheet.total_oe}"
        return " / ".join(str(t) for t in record.game_sheet.totals)

    def render_donnes(self, record):
        return record.sheet.counted if record.is_roimat else len(record.game_sheet.scores)

    def render_status(self, record):
        if not record.is_roimat:
            sheet = record.game_sheet
            if not sheet.finished:
                return _("in progress")
            names = [str(p) for p in record.players_in_order]
            return _("%(team)s win") % {"team": ", ".join(names[w] for w in sheet.winners)}
        sheet = record.sheet
        if not sheet.finished:
            return _("in progress")
        if sheet.winner is None:
            return _("draw")
        return _("%(team)s win") % {"team": record.team_names(sheet.winner)}
