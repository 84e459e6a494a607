"""What anyone reads: the parties, their sheets and documents, the check of a donne record,
the replay of any game's record."""

from django.urls import path

from scoring import game_views, remote_views, roimat_views, views

urlpatterns = [
    path("parties/", views.partie_list, name="partie_list"),
    path("parties/<int:pk>/", views.partie_detail, name="partie_detail"),
    path("parties/<int:pk>/sheet.pdf", views.partie_pdf, name="partie_pdf"),
    path("parties/<int:pk>/sheet.xlsx", views.partie_xlsx, name="partie_xlsx"),
    path("parties/<int:pk>/sheet.json", views.partie_json, name="partie_json"),
    path("donnes/replay/", roimat_views.donne_replay, name="donne_replay"),
    path("jeux/<str:game>/cards/", game_views.card_total, name="card_total"),
    path("jeux/<str:game>/replay/", views.game_replay, name="game_replay"),
    path("distance/<str:code>/", remote_views.remote_table, name="remote_table"),
    path("distance/<str:code>/seat/", remote_views.remote_seat, name="remote_seat"),
    path(
        "distance/<str:code>/donnes/<int:number>/",
        remote_views.remote_donne,
        name="remote_donne",
    ),
]
