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
        from scoring.freshness import watch
        from tournaments import league, ratings
        from tournaments.models import Registration, Round, Season, Table, Tournament

        partie_changed.connect(ratings.on_partie_changed, dispatch_uid="tournaments.ratings")
        partie_changed.connect(league.on_partie_changed, dispatch_uid="tournaments.league")
        # The league's and the players' pages keep their figures until one of these changes
        # (the ratings: ``tournaments.ratings`` says when).
        watch(Season, Tournament, Registration, Round, Table)
