from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("players/new/", views.player_create, name="player_create"),
]
