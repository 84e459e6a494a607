from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments and league")

    def ready(self) -> None:
        from scoring.signals import partie_changed
        from tournaments.ratings import on_partie_changed

        partie_changed.connect(on_partie_changed, dispatch_uid="tournaments.ratings")
