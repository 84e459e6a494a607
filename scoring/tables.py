"""The parties list (django-tables2)."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from scoring.models import Partie


class PartieTable(tables.Table):
    """One line per partie; totals come from the engine, so they do not sort in the database."""

    played_on = tables.DateColumn(format="d/m/Y", linkify=True)
    ns = tables.Column(_("N/S"), empty_values=(), orderable=False)
    oe = tables.Column(_("O/E"), empty_values=(), orderable=False)
    total_ns = tables.Column(_("Total N/S"), empty_values=(), orderable=False)
    total_oe = tables.Column(_("Total O/E"), empty_values=(), orderable=False)
    donnes = tables.Column(_("Donnes"), empty_values=(), orderable=False)
    status = tables.Column(_("Result"), empty_values=(), orderable=False)

    class Meta:
        model = Partie
        fields = ["played_on", "place", "table", "variant"]
        sequence = [
            "played_on",
            "place",
            "table",
            "variant",
            "ns",
            "oe",
            "total_ns",
            "total_oe",
            "donnes",
            "status",
        ]
        attrs = {"class": "list"}
        order_by = ["-played_on"]

    def render_ns(self, record):
        return record.team_names("ns")

    def render_oe(self, record):
        return record.team_names("oe")

    def render_total_ns(self, record):
        return record.sheet.total_ns

    def render_total_oe(self, record):
        return record.sheet.total_oe

    def render_donnes(self, record):
        return record.sheet.counted

    def render_status(self, record):
        sheet = record.sheet
        if not sheet.finished:
            return _("in progress")
        if sheet.winner is None:
            return _("draw")
        return _("%(team)s win") % {"team": record.team_names(sheet.winner)}
