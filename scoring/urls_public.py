"""What anyone reads: the parties, their sheets and documents, the replay of any game's
record (Roimat's at its old address too), the tables at a distance."""

from django.urls import path

from scoring import remote_views, views

urlpatterns = [
    path("parties/", views.partie_list, name="partie_list"),
    path("parties/<int:pk>/", views.partie_detail, name="partie_detail"),
    path("parties/<int:pk>/sheet.pdf", views.partie_pdf, name="partie_pdf"),
    path("parties/<int:pk>/sheet.xlsx", views.partie_xlsx, name="partie_xlsx"),
    path("parties/<int:pk>/sheet.json", views.partie_json, name="partie_json"),
    # Roimat's replay page's old address, which links and records name: the page of every game.
    path("donnes/replay/", views.game_replay, {"game": "roimat"}, name="donne_replay"),
    path("jeux/<str:game>/cards/", views.card_total, name="card_total"),
    path("jeux/<str:game>/replay/", views.game_replay, name="game_replay"),
    path("distance/<str:code>/", remote_views.remote_table, name="remote_table"),
    path("distance/<str:code>/seat/", remote_views.remote_seat, name="remote_seat"),
    path(
        "distance/<str:code>/donnes/<int:number>/",
        remote_views.remote_donne,
        name="remote_donne",
    ),
]
