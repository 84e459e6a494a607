from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from scoring.signals import partie_changed


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments and league")

    def ready(self) -> None:
        # Imported here, not at the top: the ratings import models, which Django loads only
        # after every app's config (AppRegistryNotReady otherwise). No cycle is hidden:
        # nothing imports tournaments.apps.
        from tournaments.ratings import on_partie_changed

        partie_changed.connect(on_partie_changed, dispatch_uid="tournaments.ratings")
