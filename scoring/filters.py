"""Filters of the parties list (django-filter): by player, date range, game and rule set
(a game's ``variant`` option, where it has one)."""

import django_filters
from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.models import Partie, Player


def rule_sets() -> list[tuple[str, str]]:
    """Every game's rule sets in the catalogue, in words (``"Roimat — Club, 8 donnes"``): the
    choices of its option ``variant``, where it has one."""
    choices = []
    for adapter in registry.REGISTRY.values():
        spec = adapter.option_specs.get("variant")
        if spec is not None and spec.kind == "choice":
            for value, words in zip(spec.choices, spec.labels, strict=False):
                choices.append((value, f"{adapter.name} — {gettext(words)}"))
    return choices


class PartieFilter(django_filters.FilterSet):
    player = django_filters.ModelChoiceFilter(
        label=_("Player"), queryset=Player.objects.all(), field_name="seats__player"
    )
    date_from = django_filters.DateFilter(
        label=_("From"),
        field_name="played_on",
        lookup_expr="gte",
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    date_to = django_filters.DateFilter(
        label=_("To"),
        field_name="played_on",
        lookup_expr="lte",
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    game = django_filters.ChoiceFilter(label=_("Game"), choices=registry.choices)
    variant = django_filters.ChoiceFilter(
        label=_("rules"), field_name="options__variant", choices=rule_sets
    )

    class Meta:
        model = Partie
        fields = ["player", "date_from", "date_to", "game", "variant"]
