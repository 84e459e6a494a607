"""Forms of the other games' sheets: a new partie, and a round entered player by player."""

from __future__ import annotations

from django import forms
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
    place = forms.CharField(label=gettext_lazy("place"), required=False)
    table = forms.CharField(label=gettext_lazy("table"), required=False)

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
    """One round of another game: each player's fields. Card fields are typed as
    ``colour:value`` (Römer); the adapter's ``complete`` field may be left blank for one player
    and is computed from the others' (Differenzler's points)."""

    def __init__(self, *args, partie: Partie, number: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.partie, self.number = partie, number
        self.adapter = partie.adapter
        self.game = self.adapter.game
        self.players = partie.players_in_order
        self.spec = self.game.round_spec(number, len(self.players), partie.options)
        for index in range(len(self.players)):
            for spec in self.spec.fields:
                name = f"p{index}_{spec.key}"
                if spec.key in self.adapter.card_fields:
                    self.fields[name] = forms.CharField(
                        required=False, help_text=_("colour:value, trump first, e.g. 1:20 1:5"),
                        label=spec.label)  # fmt: skip
                else:
                    self.fields[name] = forms.IntegerField(
                        min_value=spec.minimum, max_value=spec.maximum,
                        required=spec.key != self.completed_field,
                        label=spec.label,
                        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                    )  # fmt: skip

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
