"""Forms of the players' and tournaments' pages."""

import itertools
from collections.abc import Sequence

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import registry
from scoring.forms import bounded_formfield, chosen_options
from scoring.models import Player
from scoring.registry import NAME_LENGTH
from tournaments.engine.standings import DEFAULT_ORDER, METRICS

from .models import Registration, Season, TableNote, Tournament


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
    """A new tournament: date, place, the game and its rules, format, rounds, ranking.

    Each game's rules are its own fields (``game_fields``): its rule options
    (``GameAdapter.option_fields``, named ``<game>-<option>``, stored in ``game_options``;
    one left blank takes the rules' default). Only the chosen game's are
    read: the page's script shows them alone, and without it the others' are ignored."""

    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=registry.choices)
    ranking = RankingField(label=gettext_lazy("Ranking criteria"), choices=ranking_orders)

    class Meta:
        model = Tournament
        formfield_callback = bounded_formfield
        fields = [
            "name",
            "date",
            "place",
            "season",
            "game",
            "format",
            "rounds",
            "table_size",
            "ranking",
            "sit_out_rule",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        #: Each game's fields by game key, and its rule options' fields by option key.
        self.game_fields: dict[str, list[str]] = {}
        self.option_names: dict[str, dict[str, str]] = {}
        for key, adapter in registry.REGISTRY.items():
            fields = adapter.option_fields()
            names = {option: f"{key}-{option}" for option in fields}
            for option, field in fields.items():
                field.required = False
                self.fields[names[option]] = field
            self.option_names[key] = names
            self.game_fields[key] = list(names.values())
        # A new evening belongs to the season running today, when one does.
        if not self.is_bound and self.instance.pk is None and "season" in self.fields:
            today = timezone.localdate()
            current = Season.objects.filter(start__lte=today, end__gte=today).order_by("-start")
            found = current.values_list("pk", flat=True).first()
            if found is not None:
                self.initial.setdefault("season", found)

    def full_clean(self):
        """Validate with the chosen game's rules alone read: the other games' fields keep
        their initial values meanwhile (as disabled fields do), then show what was typed."""
        chosen = self.data.get(self.add_prefix("game"))
        others = [n for key, names in self.game_fields.items() if key != chosen for n in names]
        for name in others:
            self.fields[name].disabled = True
        try:
            super().full_clean()
        finally:
            for name in others:
                self.fields[name].disabled = False

    def general_fields(self) -> tuple[list[str], list[str]]:
        """The names of the fields of no one game, in order: up to the game's choice, and
        after it."""
        own = {name for names in self.game_fields.values() for name in names}
        names = [name for name in self.fields if name not in own]
        cut = names.index("game") + 1
        return names[:cut], names[cut:]

    def fields_before_game(self) -> list[forms.BoundField]:
        """The fields above the games' rules: name, date, place, season, the game."""
        return [self[name] for name in self.general_fields()[0]]

    def fields_after_game(self) -> list[forms.BoundField]:
        """The fields below the games' rules: format, rounds, tables, ranking."""
        return [self[name] for name in self.general_fields()[1]]

    def game_groups(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """(game key, its name, its fields) of each game that has rules to choose."""
        return [
            (key, registry.get(key).name, [self[name] for name in names])
            for key, names in self.game_fields.items()
            if names
        ]

    def clean(self):
        """The chosen game's rule options, those given, become the tournament's
        ``game_options`` once the game's own check finds nothing wrong with them."""
        cleaned = super().clean()
        key = cleaned.get("game")
        names = self.option_names.get(key or "")
        if names is None or any(name not in cleaned for name in names.values()):
            return cleaned
        options = chosen_options(cleaned, names)
        # The fields hold the rules' bounds; the game's own check has the last word.
        problems = registry.get(key).option_problems(options)
        for problem in problems:
            self.add_error(None, problem)
        if not problems:
            self.instance.game_options = options
        return cleaned


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


class TableNoteForm(forms.Form):
    """« Signaler un problème » on a table's phone: about which donne or round (or the table
    as a whole; one of the last ``RECENT`` entered, so that the phone's page does not grow
    with the partie), who writes (optional), and what is wrong, in at most
    ``TableNote.LENGTH`` characters. ``numbers``: the partie's entries' numbers in order (the
    last ``RECENT`` are offered), when the caller knows them (a table's kept page), else
    read from the partie."""

    RECENT = 30

    number = forms.TypedChoiceField(
        label=gettext_lazy("About"), coerce=int, empty_value=None, required=False
    )
    seat = forms.ChoiceField(label=gettext_lazy("I am"), required=False, widget=forms.RadioSelect)
    text = forms.CharField(
        label=gettext_lazy("What is wrong"),
        max_length=TableNote.LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def __init__(self, *args, partie, numbers: Sequence[int] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        adapter = partie.adapter
        if numbers is None:
            numbers = [row.number for row in adapter.stored_entries(partie)]
        self.fields["number"].choices = [("", _("the table as a whole"))] + [
            (number, f"{adapter.entry_name} {number}") for number in numbers[-self.RECENT :]
        ]
        self.fields["seat"].choices = [
            (seat, adapter.seat_name(partie, seat)) for seat in adapter.seats(partie)
        ]

    def clean_text(self) -> str:
        text = self.cleaned_data["text"].strip()
        if "\x00" in text:
            raise forms.ValidationError(_("A NUL character cannot be stored."))
        return text


class NoteAnswerForm(forms.Form):
    """The director's answer to a table's note, shown on the table's phones."""

    answer = forms.CharField(
        label=gettext_lazy("Answer"),
        max_length=TableNote.LENGTH,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
