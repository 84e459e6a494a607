from django.apps import AppConfig
from django.db.models.signals import post_migrate, pre_delete
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Score sheets")

    def ready(self) -> None:
        # Imported here, not at the top: these modules define or import models, which Django
        # loads only after every app's config (importing them with this module would raise
        # AppRegistryNotReady). No cycle is hidden: nothing imports scoring.apps.
        import scoring.adapters  # noqa: F401  (registers the club's games)
        from scoring.access import ensure_roles
        from scoring.freshness import watch
        from scoring.models import Partie, Player, Seat
        from scoring.remote import on_partie_changed
        from scoring.signals import partie_changed
        from scoring.totals import forget_partie

        # After the last app's permissions exist (the club's roles span both apps).
        post_migrate.connect(ensure_roles, dispatch_uid="scoring.roles")
        # The pages of totals keep their figures until one of these changes (the donnes and
        # rounds: through ``scoring.results.store_results``, which every change calls).
        watch(Player, Partie, Seat)
        # A partie deleted takes its results with it, past ``results.write_results``.
        # A remote partie corrected after its end: its live pages show the sheet's totals.
        partie_changed.connect(on_partie_changed, dispatch_uid="scoring.remote")
        pre_delete.connect(forget_partie, sender=Partie, dispatch_uid="scoring.totals")
