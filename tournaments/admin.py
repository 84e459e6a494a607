from django.contrib import admin

from .models import Season, Tournament


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "start", "end", "kind", "min_evenings", "best"]
    filter_horizontal = ["parties"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "game", "format", "rounds", "season", "finished"]
    list_filter = ["season", "game", "format", "finished"]
