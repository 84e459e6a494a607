from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Score sheets")

    def ready(self) -> None:
        import scoring.adapters  # noqa: F401  (registers the club's games)
