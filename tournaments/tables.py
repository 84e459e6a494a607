"""Tables of the tournaments' pages (django-tables2)."""

import django_tables2 as tables
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from tournaments.engine.standings import METRICS

#: A column a phone leaves out (``site.css``: under 700 px), so that the main figure fits.
WIDE_ONLY = {"th": {"class": "wide-only"}, "td": {"class": "wide-only"}}


class StandingTable(tables.Table):
    """The ranking: rank, entrant (each player a link to his page), parties, sit-outs and
    each criterion; a phone shows the rank, the entrant, the wins and the points."""

    rank = tables.Column(_("Rank"))
    name = tables.Column(_("Player"))
    parties = tables.Column(_("Parties"), attrs=WIDE_ONLY)
    sat_out = tables.Column(_("Sat out"), attrs=WIDE_ONLY)
    wins = tables.Column(METRICS["wins"].name)
    points = tables.Column(METRICS["points"].name)
    diff = tables.Column(METRICS["diff"].name, attrs=WIDE_ONLY)
    average = tables.Column(METRICS["average"].name, attrs=WIDE_ONLY)

    class Meta:
        attrs = {"class": "list standings"}
        orderable = True

    def render_name(self, record, value):
        entrant = record.get("entrant")
        if isinstance(entrant, int):
            return format_html(
                '<a href="{}">{}</a>', reverse("tournaments:player", args=[entrant]), value
            )
        if isinstance(entrant, tuple) and len(entrant) == len(value.split(" & ")):
            return format_html_join(
                " & ",
                '<a href="{}">{}</a>',
                (
                    (reverse("tournaments:player", args=[pk]), name)
                    for pk, name in zip(entrant, value.split(" & "), strict=True)
                ),
            )
        return value

    def render_wins(self, value):
        return wins_text(value)


class SeasonTable(tables.Table):
    """The league standings of a season."""

    rank = tables.Column(_("Rank"), default="–")
    move = tables.Column(_("Move"), default="")
    name = tables.Column(
        _("Player"), linkify=lambda record: reverse("tournaments:player", args=[record["player"]])
    )
    evenings = tables.Column(_("Evenings"), attrs=WIDE_ONLY)
    value = tables.Column(_("Value"), attrs={"td": {"class": "total"}})
    points = tables.Column(_("Points"))
    wins = tables.Column(_("Parties won"), attrs=WIDE_ONLY)
    average = tables.Column(_("Average"), attrs=WIDE_ONLY)
    rating = tables.Column(_("Rating"), default="–", attrs=WIDE_ONLY)

    class Meta:
        attrs = {"class": "list standings"}

    def render_wins(self, value):
        return wins_text(value)

    def render_move(self, value):
        if value is None or value == "":
            return ""
        return f"▲{value}" if value > 0 else f"▼{-value}" if value < 0 else "="


class TournamentTable(tables.Table):
    """The evenings, newest first: date, name (a link) with its place, format, rounds."""

    date = tables.DateColumn("d/m/Y", verbose_name=_("Date"))
    name = tables.Column(_("Tournament"), linkify=True)
    format = tables.Column(_("Format"))
    rounds = tables.Column(_("Rounds"))

    class Meta:
        attrs = {"class": "list"}
        orderable = False
        empty_text = _("No tournament yet.")

    def render_name(self, record, value):
        return f"{value} · {record.place}" if record.place else value


def wins_text(value) -> str:
    """Parties won, a draw counting ½: "3", "2,5" (never "0" beside "0,0")."""
    return floatformat(value, -1)
