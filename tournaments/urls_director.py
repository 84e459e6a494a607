"""What the director does with a club account: evenings, players, rounds, closing, results."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("players/new/", views.player_create, name="player_create"),
    path("tournois/new/", views.tournament_create, name="create"),
    path("tournois/<int:pk>/register/", views.registration_add, name="register"),
    path(
        "tournois/<int:pk>/present/<int:registration>/", views.registration_toggle, name="present"
    ),
    path("tournois/<int:pk>/rounds/start/", views.round_start, name="round_start"),
    path("tournois/<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="swap"),
    path(
        "tournois/<int:pk>/rounds/<int:number>/remote/",
        views.round_remote_open,
        name="round_remote",
    ),
    path(
        "tournois/<int:pk>/rounds/<int:number>/plan.pdf", views.round_plan_export, name="plan_pdf"
    ),
    path("tournois/<int:pk>/close/", views.tournament_close, name="close"),
    path("tournois/<int:pk>/notes/<int:note>/answer/", views.note_answer, name="note_answer"),
    path("tournois/<int:pk>/send/", views.results_send, name="send"),
]
