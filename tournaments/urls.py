from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("players/new/", views.player_create, name="player_create"),
    path("joueurs/<int:pk>/", views.player_detail, name="player"),
    path("joueurs/<int:pk>/resend/<int:tournament>/", views.player_resend, name="resend"),
    path("tournois/<int:pk>/send/", views.results_send, name="send"),
    path("tournois/", views.tournament_list, name="list"),
    path("tournois/new/", views.tournament_create, name="create"),
    path("tournois/<int:pk>/", views.tournament_detail, name="detail"),
    path("tournois/<int:pk>/register/", views.registration_add, name="register"),
    path(
        "tournois/<int:pk>/present/<int:registration>/", views.registration_toggle, name="present"
    ),
    path("tournois/<int:pk>/rounds/start/", views.round_start, name="round_start"),
    path("tournois/<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("tournois/<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="swap"),
    path("tournois/<int:pk>/close/", views.tournament_close, name="close"),
    path("tournois/<int:pk>/ranking.<str:kind>", views.ranking_export, name="ranking_export"),
    path(
        "tournois/<int:pk>/rounds/<int:number>/plan.pdf", views.round_plan_export, name="plan_pdf"
    ),
    path("tournois/<int:pk>/screen/", views.room_screen, name="screen"),
    path("saisons/", views.season_list, name="seasons"),
    path("saisons/<int:pk>/", views.season_detail, name="season"),
    path("saisons/<int:pk>/chart.svg", views.season_chart, name="season_chart"),
    path("saisons/<int:pk>/standings.<str:kind>", views.season_export, name="season_export"),
    path("t/<str:code>/", views.table_entry, name="table_entry"),
    path("t/<str:code>/confirm/<int:number>/", views.table_confirm, name="table_confirm"),
]
