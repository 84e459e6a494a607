from django.apps import AppConfig
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils.translation import gettext_lazy as _

from scoring.signals import partie_changed, results_rebuilt


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments and league")

    def ready(self) -> None:
        # Imported here, not at the top: the ratings import models, which Django loads only
        # after every app's config (AppRegistryNotReady otherwise). No cycle is hidden:
        # nothing imports tournaments.apps.
        from scoring.freshness import watch
        from scoring.models import Partie
        from tournaments import league, live, ratings
        from tournaments.models import (
            EveningLeague,
            Registration,
            Round,
            Season,
            Table,
            Tournament,
        )

        partie_changed.connect(ratings.on_partie_changed, dispatch_uid="tournaments.ratings")
        partie_changed.connect(league.on_partie_changed, dispatch_uid="tournaments.league")
        # Every phone of the partie's table shows it as it now stands (``tournaments.live``).
        partie_changed.connect(live.on_partie_changed, dispatch_uid="tournaments.live")
        # The league's and the players' pages keep their figures until one of these changes
        # (the ratings: ``tournaments.ratings`` says when).
        watch(Season, Tournament, Registration, Round, Table)
        # What a closed evening gives the league is stored again whenever what its ranking
        # reads changes (``tournaments.league``).
        results_rebuilt.connect(league.store_all_evenings, dispatch_uid="tournaments.league")
        for model in (Tournament, Registration, Round, Table):
            uid = f"tournaments.league:{model._meta.label}"
            post_save.connect(league.on_evening_saved, sender=model, dispatch_uid=f"{uid}:save")
            post_delete.connect(league.on_evening_saved, sender=model, dispatch_uid=f"{uid}:del")
        # A season's totals are counted again when one of its stored evenings goes.
        post_delete.connect(
            league.forget_season, sender=EveningLeague, dispatch_uid="tournaments.league:season"
        )
        post_save.connect(league.on_partie_saved, sender=Partie, dispatch_uid="tournaments.league")
        m2m_changed.connect(
            league.on_sit_out_changed,
            sender=Round.sit_out.through,
            dispatch_uid="tournaments.league:sit_out",
        )
