"""Filters of the parties list (django-filter): by player, date range, game and Roimat's
rules."""

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import registry
from scoring.messages import VARIANT_LABELS
from scoring.models import Partie, Player


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
        label=_("rules"), field_name="options__variant", choices=list(VARIANT_LABELS.items())
    )

    class Meta:
        model = Partie
        fields = ["player", "date_from", "date_to", "game", "variant"]
