"""Tables of the tournaments' pages (django-tables2)."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournaments.engine.standings import METRICS


class StandingTable(tables.Table):
    """The ranking: rank, entrant, parties, sit-outs and each criterion."""

    rank = tables.Column(_("Rank"))
    name = tables.Column(_("Player"))
    parties = tables.Column(_("Parties"))
    sat_out = tables.Column(_("Sat out"))
    wins = tables.Column(METRICS["wins"].name)
    points = tables.Column(METRICS["points"].name)
    diff = tables.Column(METRICS["diff"].name)
    average = tables.Column(METRICS["average"].name)

    class Meta:
        attrs = {"class": "list standings"}
        orderable = True
