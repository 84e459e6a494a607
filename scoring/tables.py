"""The parties list (django-tables2)."""

import copy

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_tables2 import RequestConfig

from scoring.models import Partie

#: A column a phone leaves out (``site.css``: under 700 px), so that the main figure fits.
WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}


def configure(request, table: tables.Table, per_page: int | None = None) -> tables.Table:
    """Sort and paginate ``table`` from the query string, as django-tables2's
    ``RequestConfig``, with the page size fixed by the page (``per_page``; None: one page) so
    that no query string can ask for a page size the paginator fails on; a page number out of
    range shows the last page."""
    query = request.GET.copy()
    query.pop(table.prefixed_per_page_field, None)
    safe = copy.copy(request)
    safe.GET = query
    paginate = {"per_page": per_page, "silent": True} if per_page else False
    RequestConfig(safe, paginate=paginate).configure(table)
    return table


class PartieTable(tables.Table):
    """One line per partie of any game, in the words of its game's adapter; scores come from
    the engines, so they do not sort in the database."""

    played_on = tables.DateColumn(verbose_name=_("Date"), format="d/m/Y", linkify=True)
    game = tables.Column(_("Game"), empty_values=(), orderable=False, attrs=WIDE_ONLY)
    players = tables.Column(_("Players"), empty_values=(), orderable=False)
    score = tables.Column(_("Score"), empty_values=(), orderable=False)
    donnes = tables.Column(
        pgettext_lazy("donnes or rounds that count", "Counted"),
        empty_values=(),
        orderable=False,
        attrs=WIDE_ONLY,
    )
    status = tables.Column(_("Result"), empty_values=(), orderable=False)
    place = tables.Column(attrs=WIDE_ONLY)
    table = tables.Column(attrs=WIDE_ONLY)

    class Meta:
        model = Partie
        fields = ["played_on", "place", "table"]
        # The figures first (a phone shows the date, the score and the result, then what fits).
        sequence = ["played_on", "score", "status", "players", "game", "place", "table", "donnes"]
        attrs = {"class": "list"}
        order_by = ["-played_on"]

    def render_table(self, record):
        return record.table_label

    def render_game(self, record):
        return record.adapter.label(record)

    def render_players(self, record):
        return record.adapter.players_text(record)

    def render_score(self, record):
        return record.adapter.score_text(record)

    def render_donnes(self, record):
        return record.adapter.counted(record)

    def render_status(self, record):
        return record.adapter.status_text(record)
