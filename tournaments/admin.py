from django.contrib import admin
from django.db import models

from scoring.admin import with_players
from scoring.forms import LimitedJSONField

from .models import Season, Tournament


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "start", "end", "kind", "min_evenings", "best"]
    # A search of the parties (by player, place, table) and their names once chosen, not a
    # selector naming every partie of the club's years.
    autocomplete_fields = ["parties"]

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        """The parties chosen named with their players read at once (``with_players``)."""
        if db_field.name == "parties":
            kwargs["queryset"] = with_players(db_field.remote_field.model.objects.all())
        return super().formfield_for_manytomany(db_field, request, **kwargs)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    formfield_overrides = {models.JSONField: {"form_class": LimitedJSONField}}
    list_display = ["name", "date", "game", "format", "rounds", "season", "finished"]
    list_filter = ["season", "game", "format", "finished"]
    list_select_related = ["season"]
