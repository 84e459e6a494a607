"""Forms of the other games' sheets: a new partie, and a round entered player by player."""

from __future__ import annotations

import uuid

from django import forms
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.messages import game_problem_message
from scoring.models import Partie, Player
from scoring.registry import GameAdapter


class GamePartieForm(forms.Form):
    """A new partie of another game: date, place, table, players in seat order, options."""

    played_on = forms.DateField(
        label=gettext_lazy("date"), initial=timezone.localdate,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )  # fmt: skip
    place = forms.CharField(label=gettext_lazy("place"), required=False, max_length=120)
    table = forms.CharField(label=gettext_lazy("table"), required=False, max_length=40)

    def __init__(self, *args, adapter: GameAdapter, **kwargs):
        super().__init__(*args, **kwargs)
        self.adapter = adapter
        low, high = adapter.table_sizes
        for n in range(1, high + 1):
            self.fields[f"player_{n}"] = forms.ModelChoiceField(
                Player.objects.all(), required=n <= low,
                label=_("Player %(n)s") % {"n": n},
            )  # fmt: skip
        for key, label, make in adapter.options:
            self.fields[f"option_{key}"] = make()
            self.fields[f"option_{key}"].label = label

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

    def options(self) -> dict:
        return {key: self.cleaned_data[f"option_{key}"] for key, _label, _m in self.adapter.options}


def parse_team(text: str) -> list[list[int]]:
    """A Römer team typed as ``"1:20 1:5 2:10"`` (colour:value, trump first).

    Raises ``ValidationError`` naming the card that cannot be read."""
    cards = []
    for token in text.replace(",", " ").split():
        colour, _sep, value = token.partition(":")
        if not (colour.isdigit() and value.isdigit()):
            raise forms.ValidationError(
                _("%(card)s: a card is colour:value, as 2:10.") % {"card": token}
            )
        cards.append([int(colour), int(value)])
    return cards


class GameRoundForm(forms.Form):
    """One round of another game, new or (``game_round``) corrected: each player's fields.
    Card fields are typed as ``colour:value`` (Römer); the adapter's ``complete`` field may be
    left blank for one player and is computed from the others' (Differenzler's points). At a
    table (``ask_seat``) the player who enters it is named, for the others to check it; a new
    round carries the phone's idempotency key and the number it expects."""

    key = forms.CharField(required=False, widget=forms.HiddenInput, max_length=40)
    expected = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, data=None, *, partie: Partie, game_round=None, ask_seat: bool = False, **kwargs
    ):
        self.partie, self.game_round = partie, game_round
        self.number = game_round.number if game_round else len(partie.game_rounds.all()) + 1
        super().__init__(data, initial=self.initial_of(game_round) if game_round else {}, **kwargs)
        self.fields["key"].initial = uuid.uuid4().hex
        self.fields["expected"].initial = self.number
        if ask_seat:
            self.fields["entered_seat"] = forms.ChoiceField(
                label=gettext_lazy("Entered by"),
                choices=[(str(n), str(p)) for n, p in enumerate(partie.players_in_order, 1)],
            )
        self.adapter = partie.adapter
        self.game = self.adapter.game
        self.players = partie.players_in_order
        self.spec = self.game.round_spec(self.number, len(self.players), partie.options)
        for index in range(len(self.players)):
            for spec in self.spec.fields:
                name = f"p{index}_{spec.key}"
                if spec.key in self.adapter.card_fields:
                    total_url = reverse("scoring:card_total", args=[self.adapter.key])
                    self.fields[name] = forms.CharField(
                        required=False,
                        max_length=500,
                        help_text=_("colour:value, trump first, e.g. 1:20 1:5"),
                        label=spec.label,
                        widget=forms.TextInput(attrs={"data-total-url": total_url}),
                    )
                else:
                    self.fields[name] = forms.IntegerField(
                        min_value=spec.minimum, max_value=spec.maximum,
                        required=spec.key != self.completed_field,
                        label=spec.label,
                        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                    )  # fmt: skip

    def initial_of(self, game_round) -> dict[str, object]:
        """The fields of a stored round, as typed (cards back to ``colour:value``)."""
        adapter = self.partie.adapter
        spec = adapter.game.round_spec(
            game_round.number, len(self.partie.players_in_order), self.partie.options
        )
        initial = {}
        for index, entry in enumerate(game_round.entries):
            for field in spec.fields:
                value = entry.get(field.key)
                if field.key in adapter.card_fields:
                    value = " ".join(f"{c}:{v}" for c, v in value or [])
                initial[f"p{index}_{field.key}"] = value
        return initial

    @property
    def completed_field(self) -> str | None:
        """The field one player may leave blank, computed from the others'."""
        return self.adapter.complete[0] if self.adapter.complete else None

    @property
    def hint(self):
        return self.adapter.hint

    def rows(self):
        """The fields player by player, for the template."""
        return [(player, [self[f"p{i}_{s.key}"] for s in self.spec.fields])
                for i, player in enumerate(self.players)]  # fmt: skip

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        entries = [{} for _player in self.players]
        for index, entry in enumerate(entries):
            for spec in self.spec.fields:
                value = cleaned.get(f"p{index}_{spec.key}")
                if spec.key in self.adapter.card_fields:
                    try:
                        value = parse_team(value or "")
                    except forms.ValidationError as error:
                        self.add_error(f"p{index}_{spec.key}", error)
                        continue
                entry[spec.key] = value
        if self.completed_field and not self.errors:
            field, complete, refusal = self.adapter.complete
            values = [e.get(field) for e in entries]
            if None in values:
                try:
                    values = complete(values)
                except ValueError:
                    self.add_error(None, str(refusal))
                    return cleaned
                for entry, value in zip(entries, values, strict=True):
                    entry[field] = value
        if self.errors:
            return cleaned
        previous = [r.entries for r in self.partie.game_rounds.all()][: self.number - 1]
        for problem in self.game.check(self.spec, entries, previous, self.partie.options):
            name = f"p{problem.player}_{problem.field}"
            self.add_error(name if name in self.fields else None, game_problem_message(problem))
        cleaned["entries"] = entries
        return cleaned
