"""What a club account writes: new parties, donnes and rounds, corrections, imports, emails."""

from django.urls import include, path
from django.views.generic import RedirectView

from scoring import entry_views, registry, remote_views, views

urlpatterns = [
    # Roimat's new partie, where its page was before every game had the same one.
    path(
        "parties/new/",
        RedirectView.as_view(pattern_name="scoring:game_partie_create", permanent=True),
        {"game": "roimat"},
        name="partie_create",
    ),
    path("parties/import/", views.partie_import, name="partie_import"),
    path("parties/<int:pk>/email/", views.partie_email, name="partie_email"),
    # Every game's entries (``entry_views``): the Roimat names and addresses are kept.
    path("parties/<int:pk>/entries/new/", entry_views.entry_edit, name="entry_create"),
    path("parties/<int:pk>/entries/<int:number>/", entry_views.entry_edit, name="entry_edit"),
    path(
        "parties/<int:pk>/entries/delete-last/",
        entry_views.entry_delete_last,
        name="entry_delete_last",
    ),
    path("parties/<int:pk>/donnes/new/", entry_views.entry_edit, name="donne_create"),
    path("parties/<int:pk>/donnes/<int:number>/", entry_views.entry_edit, name="donne_edit"),
    path(
        "parties/<int:pk>/donnes/delete-last/",
        entry_views.entry_delete_last,
        name="donne_delete_last",
    ),
    # Roimat's table at a distance, where its page was before every game had the same one.
    path(
        "distance/",
        RedirectView.as_view(pattern_name="scoring:live_create", permanent=True),
        {"game": "roimat"},
        name="remote_create",
    ),
    path("distance/<str:code>/robot/", remote_views.remote_robot, name="remote_robot"),
    path("jeux/<str:game>/distance/", remote_views.live_create, name="live_create"),
    path("jeux/<str:game>/new/", views.partie_create, name="game_partie_create"),
    path("parties/<int:pk>/rounds/new/", entry_views.entry_edit, name="game_round_create"),
    path("parties/<int:pk>/rounds/<int:number>/", entry_views.entry_edit, name="game_round_edit"),
    # Each game's own pages, from its package (``GameAdapter.urls``).
    *(path("", include(adapter.urls)) for adapter in registry.REGISTRY.values() if adapter.urls),
]
