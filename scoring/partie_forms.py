"""Forms that open a partie of any game: a new partie and a table at a distance, their players
and the game's rule options."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.forms import chosen_options, seat_label
from scoring.models import Player, site_abandon_seconds
from scoring.registry import GameAdapter


class GameOptionsForm(forms.Form):
    """A form with a game's rule options (``GameAdapter.option_fields``), each field named
    ``option_<key>``."""

    option_keys: list[str]
    adapter: GameAdapter

    def add_option_fields(self, adapter: GameAdapter) -> None:
        """Add the fields of ``adapter``'s rule options."""
        options = adapter.option_fields()
        self.option_keys = list(options)
        for key, field in options.items():
            self.fields[f"option_{key}"] = field

    def options(self) -> dict:
        """The rule options chosen; one left blank takes the rules' default."""
        return chosen_options(self.cleaned_data, {key: f"option_{key}" for key in self.option_keys})

    def clean(self):
        """The options together, as the game checks them (``option_problems``)."""
        cleaned = super().clean()
        if not self.errors:
            for problem in self.adapter.option_problems(self.options()):
                self.add_error(None, problem)
        return cleaned


class GamePartieForm(GameOptionsForm):
    """A new partie of any game: date, place, table, the players in seat order (each seat
    named as the sheet names it: North … at Roimat, Player 1 … elsewhere), options."""

    played_on = forms.DateField(
        label=gettext_lazy("date"),
        initial=timezone.localdate,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    place = forms.CharField(label=gettext_lazy("place"), required=False, max_length=120)
    table = forms.CharField(label=gettext_lazy("table"), required=False, max_length=40)

    def __init__(self, *args, adapter: GameAdapter, **kwargs):
        super().__init__(*args, **kwargs)
        self.adapter = adapter
        low, high = adapter.table_sizes
        for n, seat in enumerate(adapter.live_seats(high), start=1):
            self.fields[f"player_{n}"] = forms.ModelChoiceField(
                Player.objects.all(), required=n <= low, label=seat_label(seat)
            )
        self.add_option_fields(adapter)

    def clean(self):
        cleaned = super().clean()
        seen = set()
        for n in range(1, self.adapter.table_sizes[1] + 1):
            player = cleaned.get(f"player_{n}")
            if player is not None and player.pk in seen:
                self.add_error(f"player_{n}", _("This player already has a seat."))
            elif player is not None:
                seen.add(player.pk)
        return cleaned

    def players(self) -> list[Player]:
        high = self.adapter.table_sizes[1]
        chosen = (self.cleaned_data.get(f"player_{n}") for n in range(1, high + 1))
        return [p for p in chosen if p is not None]


#: The delays a table may set before an absent player's seat may be given, in seconds.
ABANDON_CHOICES = [10, 20, 30, 60]


class LiveTableForm(GameOptionsForm):
    """A table at a distance of a game played move by move: how many players (within its
    table sizes, each a button to tap), its rule options (a field left blank takes the
    rules' default) and how long a player may be away before his seat may be given to a
    simulated player (``abandon_seconds``; blank: the site's ``REMOTE_ABANDON_SECONDS``)."""

    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"), coerce=int, widget=forms.RadioSelect
    )
    abandon_seconds = forms.TypedChoiceField(
        label=gettext_lazy("An absent player's seat may be given to a simulated player after"),
        choices=[(n, f"{n} s") for n in ABANDON_CHOICES],
        coerce=int,
        empty_value=None,
        required=False,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, adapter: GameAdapter, **kwargs):
        super().__init__(*args, **kwargs)
        self.adapter = adapter
        low, high = adapter.table_sizes
        self.fields["players"].choices = [(n, str(n)) for n in range(low, high + 1)]
        self.fields["players"].initial = 4 if low <= 4 <= high else low
        self.fields["abandon_seconds"].initial = site_abandon_seconds()
        self.add_option_fields(adapter)
        for key in self.option_keys:  # shown with the rules' default, which a blank keeps
            field = self.fields[f"option_{key}"]
            field.required = False
            spec = adapter.option_specs.get(key)
            if spec is not None:
                field.initial = spec.default
