from django.urls import path

from scoring import game_views, views

app_name = "scoring"

urlpatterns = [
    path("parties/", views.partie_list, name="partie_list"),
    path("parties/new/", views.partie_create, name="partie_create"),
    path("parties/import/", views.partie_import, name="partie_import"),
    path("parties/<int:pk>/", views.partie_detail, name="partie_detail"),
    path("jeux/<str:game>/new/", game_views.game_partie_create, name="game_partie_create"),
    path("parties/<int:pk>/rounds/new/", game_views.game_round_edit, name="game_round_create"),
    path(
        "parties/<int:pk>/rounds/<int:number>/", game_views.game_round_edit, name="game_round_edit"
    ),
    path("donnes/replay/", views.donne_replay, name="donne_replay"),
    path("donnes/replay/add/", views.donne_add_record, name="donne_add_record"),
    path("parties/<int:pk>/donnes/new/", views.donne_create, name="donne_create"),
    path("parties/<int:pk>/donnes/<int:number>/", views.donne_edit, name="donne_edit"),
    path("parties/<int:pk>/donnes/<int:number>/annul/", views.donne_annul, name="donne_annul"),
    path("parties/<int:pk>/donnes/delete-last/", views.donne_delete_last, name="donne_delete_last"),
    path("parties/<int:pk>/sheet.pdf", views.partie_pdf, name="partie_pdf"),
    path("parties/<int:pk>/sheet.xlsx", views.partie_xlsx, name="partie_xlsx"),
    path("parties/<int:pk>/sheet.json", views.partie_json, name="partie_json"),
    path("parties/<int:pk>/email/", views.partie_email, name="partie_email"),
]
