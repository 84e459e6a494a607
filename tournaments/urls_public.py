"""What visitors read: evenings and their rankings, the room screen, the league, players."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("tournois/", views.tournament_list, name="list"),
    path("tournois/<int:pk>/", views.tournament_detail, name="detail"),
    path("tournois/<int:pk>/ranking.<str:kind>", views.ranking_export, name="ranking_export"),
    path("tournois/<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("tournois/<int:pk>/screen/", views.room_screen, name="screen"),
    path("saisons/", views.season_list, name="seasons"),
    path("saisons/<int:pk>/", views.season_detail, name="season"),
    path("saisons/<int:pk>/chart.svg", views.season_chart, name="season_chart"),
    path("saisons/<int:pk>/standings.<str:kind>", views.season_export, name="season_export"),
    path("joueurs/<int:pk>/", views.player_detail, name="player"),
    path("joueurs/<int:pk>/resend/<int:tournament>/", views.player_resend, name="resend"),
]
