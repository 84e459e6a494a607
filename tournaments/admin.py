from django.contrib import admin
from django.db import models

from scoring.forms import LimitedJSONField

from .models import Season, Tournament


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "start", "end", "kind", "min_evenings", "best"]
    filter_horizontal = ["parties"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    formfield_overrides = {models.JSONField: {"form_class": LimitedJSONField}}
    list_display = ["name", "date", "game", "format", "rounds", "season", "finished"]
    list_filter = ["season", "game", "format", "finished"]
