from django.contrib import admin

from .models import Player, Season, Tournament


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "email"]
    search_fields = ["name", "email"]


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "start", "end", "kind", "min_evenings", "best"]
    filter_horizontal = ["parties"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "game", "format", "rounds", "season", "finished"]
    list_filter = ["season", "game", "format", "finished"]
