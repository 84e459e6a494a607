"""Admin of the score sheets. Donnes are corrected on the site's entry page, where the rules are
checked against the whole sheet, so the admin shows them read-only.

A partie is named by its players (``Partie.__str__``): every list or selector of parties
reads them with it (``with_players``), so that a page costs the same queries for a club's
years of parties as for a few."""

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.forms import LimitedJSONField

from .models import ENTRY_FIELDS, Donne, Partie, Player, Seat


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "email"]
    search_fields = ["name", "email"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    max_num = 4
    autocomplete_fields = ["player"]


class DonneInline(admin.TabularInline):
    model = Donne
    extra = 0
    can_delete = False
    fields = ["number", *ENTRY_FIELDS, "faults", "edit"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description=_("correct"))
    def edit(self, donne):
        url = reverse("scoring:donne_edit", args=[donne.partie_id, donne.number])
        return format_html('<a href="{}">{}</a>', url, _("correct on the site"))


def with_players(parties: QuerySet[Partie]) -> QuerySet[Partie]:
    """``parties`` with their seats and players read in two queries, as their names need."""
    return parties.prefetch_related("seats__player")


@admin.register(Partie)
class PartieAdmin(admin.ModelAdmin):
    formfield_overrides = {models.JSONField: {"form_class": LimitedJSONField}}
    list_display = ["__str__", "game", "played_on", "place", "table"]
    list_filter = ["game", "played_on"]
    search_fields = ["place", "table", "seats__player__name"]
    date_hierarchy = "played_on"
    inlines = [SeatInline, DonneInline]

    def get_queryset(self, request):
        """The parties with their players (their names, on the list and the selectors
        searching them: ``autocomplete_fields``)."""
        return with_players(super().get_queryset(request))
