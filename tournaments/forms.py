"""Forms of the players' and tournaments' pages."""

import itertools

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import registry
from scoring.models import Partie, Player
from scoring.registry import NAME_LENGTH
from tournaments.engine.standings import DEFAULT_ORDER, METRICS

from .models import Registration, Tournament


class PlayerForm(forms.ModelForm):
    """A new player of the club: the name written on the sheets and an email address."""

    class Meta:
        model = Player
        fields = ["name", "email"]


def ranking_orders() -> list[tuple[str, str]]:
    """The rankings a director may choose: one to three criteria of ``METRICS`` in order
    (``"wins,points,diff"``), the usual one first, each named in words."""
    orders = [",".join(DEFAULT_ORDER)] + [
        ",".join(keys)
        for size in (1, 2, 3)
        for keys in itertools.permutations(METRICS, size)
        if keys != DEFAULT_ORDER
    ]
    return [(order, " › ".join(METRICS[k].name for k in order.split(","))) for order in orders]


class RankingField(forms.ChoiceField):
    """The ranking criteria, chosen in words; ``"wins, points"`` reads as ``"wins,points"``."""

    def to_python(self, value):
        return ",".join(k.strip() for k in str(value or "").split(",") if k.strip())


class TournamentForm(forms.ModelForm):
    """A new tournament: date, place, rules, format, rounds, ranking."""

    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=registry.choices)
    variant = forms.ChoiceField(label=gettext_lazy("Rules"), choices=Partie.Variant.choices)
    ranking = RankingField(label=gettext_lazy("Ranking criteria"), choices=ranking_orders)

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "place",
            "season",
            "game",
            "variant",
            "rounding",
            "format",
            "rounds",
            "table_size",
            "ranking",
            "sit_out_rule",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def clean(self):
        cleaned = super().clean()
        game = cleaned.get("game")
        adapter = registry.get(game) if game else None
        if adapter is not None and not adapter.partners:
            if cleaned.get("format") != Tournament.Format.INDIVIDUAL:
                self.add_error("format", _("Games without partners are played individually."))
            low, high = adapter.table_sizes
            size = cleaned.get("table_size")
            if size is not None and not low <= size <= high:
                self.add_error(
                    "table_size",
                    _("%(game)s is played by %(low)s to %(high)s.")
                    % {"game": adapter.name, "low": low, "high": high},
                )
        return cleaned

    def clean_rounds(self):
        rounds = self.cleaned_data["rounds"]
        if not 1 <= rounds <= 30:
            raise forms.ValidationError(_("Between 1 and 30 rounds."))
        return rounds


class RegistrationForm(forms.Form):
    """Register a player (a known one, or a new name at the door), with his partner in a pairs
    tournament."""

    player = forms.ModelChoiceField(
        Player.objects.all(), label=gettext_lazy("Player"), required=False
    )
    new_name = forms.CharField(
        label=gettext_lazy("or a new player"), required=False, max_length=NAME_LENGTH
    )
    partner = forms.ModelChoiceField(
        Player.objects.all(), label=gettext_lazy("Partner"), required=False
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        self.tournament = tournament
        super().__init__(*args, **kwargs)
        # The player list offers only those not registered yet.
        taken = tournament.registrations.values_list("player", flat=True)
        self.fields["player"].queryset = Player.objects.exclude(pk__in=taken)
        if not tournament.is_pairs:
            del self.fields["partner"]

    def clean(self):
        cleaned = super().clean()
        if self.tournament.finished:
            raise forms.ValidationError(_("The tournament is closed."))
        name = (cleaned.get("new_name") or "").strip()
        player = cleaned.get("player")
        if bool(player) == bool(name):
            raise forms.ValidationError(_("Choose a player or type a new name."))
        if name:
            player = Player.objects.filter(name__iexact=name).first() or Player(name=name)
        if player.pk and self.tournament.registrations.filter(player=player).exists():
            self.add_error("player", _("%(name)s is already registered.") % {"name": player})
        cleaned["the_player"] = player
        return cleaned

    def save(self) -> Registration:
        player = self.cleaned_data["the_player"]
        if not player.pk:
            player.save()
        return Registration.objects.create(
            tournament=self.tournament,
            player=player,
            partner=self.cleaned_data.get("partner"),
            checked_in=True,
        )
