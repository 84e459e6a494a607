"""What visitors read: evenings and their rankings, the room screen, the league, players."""

from django.urls import path, register_converter

from tournaments import views


class ExportKind:
    """The formats a table of results is downloaded in: ``pdf`` or ``xlsx`` (else 404)."""

    regex = "pdf|xlsx"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ExportKind, "export")

urlpatterns = [
    path("tournois/", views.tournament_list, name="list"),
    path("tournois/<int:pk>/", views.tournament_detail, name="detail"),
    path("tournois/<int:pk>/ranking.<export:kind>", views.ranking_export, name="ranking_export"),
    path("tournois/<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("tournois/<int:pk>/screen/", views.room_screen, name="screen"),
    path("saisons/", views.season_list, name="seasons"),
    path("saisons/<int:pk>/", views.season_detail, name="season"),
    path("saisons/<int:pk>/chart.svg", views.season_chart, name="season_chart"),
    path("saisons/<int:pk>/standings.<export:kind>", views.season_export, name="season_export"),
    path("joueurs/<int:pk>/", views.player_detail, name="player"),
    path("joueurs/<int:pk>/resend/<int:tournament>/", views.player_resend, name="resend"),
]
