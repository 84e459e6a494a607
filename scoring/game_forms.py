"""Forms of every game's partie (a new partie, a table at a distance: its players and rule
options) and of the other games' rounds, entered player by player."""

from __future__ import annotations

import uuid

from django import forms
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.forms import EntryBoundField, chosen_options, seat_label
from scoring.messages import game_problem_message
from scoring.models import Partie, Player
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


class LiveTableForm(GameOptionsForm):
    """A table at a distance of a game played move by move: how many players (within its
    table sizes, each a button to tap) and its rule options (a field left blank takes the
    rules' default)."""

    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"), coerce=int, widget=forms.RadioSelect
    )

    def __init__(self, *args, adapter: GameAdapter, **kwargs):
        super().__init__(*args, **kwargs)
        self.adapter = adapter
        low, high = adapter.table_sizes
        self.fields["players"].choices = [(n, str(n)) for n in range(low, high + 1)]
        self.fields["players"].initial = 4 if low <= 4 <= high else low
        self.add_option_fields(adapter)
        for key in self.option_keys:  # shown with the rules' default, which a blank keeps
            field = self.fields[f"option_{key}"]
            field.required = False
            spec = adapter.option_specs.get(key)
            if spec is not None:
                field.initial = spec.default


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


class YesNoField(forms.BooleanField):
    """A box to tick, read as 1 (ticked) or 0."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)

    def to_python(self, value) -> int:  # type: ignore[override]
        return int(super().to_python(value))


def number_field(spec, required: bool) -> forms.Field:
    """A player's whole number of a round, within the field's bounds, typed on a phone; a
    field of 0 or 1 that may be left blank (Rumoli's irregularity 2, a stop) is a box to tick."""
    if spec.blank and (spec.minimum, spec.maximum) == (0, 1):
        return YesNoField(label=spec.label)
    return forms.IntegerField(
        min_value=spec.minimum,
        max_value=spec.maximum,
        required=required,
        label=spec.label,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )


class GameRoundForm(forms.Form):
    """One round of another game, new or (``game_round``) corrected: each player's fields.
    Card fields are typed as ``colour:value`` (Römer); the adapter's ``complete`` field may be
    left blank for one player and is computed from the others' (Differenzler's points). At a
    table (``ask_seat``) the player who enters it is named, for the others to check it; a new
    round carries the phone's idempotency key and the number it expects, a correction the
    version it was made from. A player's field carries his name (``data-label``), for the
    summary of problems. ``stored``: the round corrected (None for a new one); ``value()``:
    each player's entry, once valid."""

    bound_field_class = EntryBoundField

    key = forms.CharField(required=False, widget=forms.HiddenInput, max_length=40)
    expected = forms.IntegerField(required=False, widget=forms.HiddenInput)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, data=None, *, partie: Partie, game_round=None, ask_seat: bool = False, **kwargs
    ):
        self.partie, self.game_round = partie, game_round
        self.stored = game_round
        self.number = game_round.number if game_round else len(partie.game_rounds.all()) + 1
        super().__init__(data, initial=self.initial_of(game_round) if game_round else {}, **kwargs)
        self.fields["key"].initial = uuid.uuid4().hex
        self.fields["expected"].initial = None if game_round else self.number
        self.fields["version"].initial = game_round.version if game_round else None
        if ask_seat:
            self.fields["entered_seat"] = forms.ChoiceField(
                label=gettext_lazy("Entered by"),
                choices=[(str(n), str(p)) for n, p in enumerate(partie.players_in_order, 1)],
                widget=forms.RadioSelect,  # no player chosen in advance (see DonneForm)
            )
        self.adapter = partie.adapter
        self.game = self.adapter.game
        self.players = partie.players_in_order
        self.spec = self.game.round_spec(self.number, len(self.players), partie.options)
        for index, player in enumerate(self.players):
            for spec in self.player_specs:
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
                    required = not spec.blank and spec.key != self.completed_field
                    self.fields[name] = number_field(spec, required)
            for spec in self.noted_specs:  # noted when the table noted it
                self.fields[f"p{index}_{spec.key}"] = number_field(spec, required=False)
            for spec in (*self.player_specs, *self.noted_specs):
                widget = self.fields[f"p{index}_{spec.key}"].widget
                widget.attrs["data-label"] = f"{player} · {spec.label}"
        if self.adapter.one_player:
            key, label = self.adapter.one_player
            required = self.one_player_required
            self.fields[f"round_{key}"] = forms.ChoiceField(
                label=label,
                required=required,
                choices=[
                    *([] if required else [("", "–")]),
                    *((str(n), str(p)) for n, p in enumerate(self.players)),
                ],
                widget=forms.RadioSelect if required else forms.Select,
            )
            if required and not game_round:
                self.fields[f"round_{key}"].initial = self.next_in_turn(key)
        if self.adapter.round_choice:
            key, label, choices = self.adapter.round_choice
            self.fields[f"round_{key}"] = forms.ChoiceField(
                label=label, required=False, choices=[("", "–"), *choices]
            )

    @property
    def one_player_required(self) -> bool:
        """Whether the field noted by naming one player is one every round needs (Rumoli's
        dealer), rather than one the table may note (Differenzler's last trick)."""
        one = self.adapter.one_player
        return bool(one) and any(spec.key == one[0] for spec in self.spec.fields)

    def next_in_turn(self, key: str) -> str | None:
        """The player after the one named in the round before (the deal passes to the left),
        as the proposed choice; None for the first round."""
        rounds = list(self.partie.game_rounds.all())
        if not rounds:
            return None
        before = [index for index, e in enumerate(rounds[-1].entries) if e.get(key) == 1]
        return str((before[0] + 1) % len(self.players)) if before else None

    @property
    def player_specs(self):
        """The fields each player types (not the one noted by naming a player)."""
        one = self.adapter.one_player[0] if self.adapter.one_player else None
        return [spec for spec in self.spec.fields if spec.key != one]

    def initial_of(self, game_round) -> dict[str, object]:
        """The fields of a stored round, as typed (cards back to ``colour:value``)."""
        adapter = self.partie.adapter
        spec = adapter.game.round_spec(
            game_round.number, len(self.partie.players_in_order), self.partie.options
        )
        initial = {}
        for index, entry in enumerate(game_round.entries):
            if adapter.round_choice and adapter.round_choice[0] in entry:
                initial[f"round_{adapter.round_choice[0]}"] = entry[adapter.round_choice[0]]
            if adapter.one_player and entry.get(adapter.one_player[0]) == 1:
                initial[f"round_{adapter.one_player[0]}"] = str(index)
            for field in (*spec.fields, *spec.optional):
                value = entry.get(field.key)
                if field.key in adapter.card_fields:
                    value = " ".join(f"{c}:{v}" for c, v in value or [])
                initial[f"p{index}_{field.key}"] = value
        return initial

    @property
    def noted_specs(self):
        """The optional fields each player may note (not the one of ``one_player``)."""
        one = self.adapter.one_player[0] if self.adapter.one_player else None
        return [spec for spec in self.spec.optional if spec.key != one]

    @property
    def completed_field(self) -> str | None:
        """The field one player may leave blank, computed from the others'."""
        return self.adapter.complete[0] if self.adapter.complete else None

    @property
    def hint(self):
        return self.adapter.hint

    def rows(self):
        """The fields player by player, for the template: (player, the fields every round
        needs, the others behind a disclosure — those the rules fill in when left blank, then
        those the table may note —, whether the disclosure opens: one of its fields is filled
        in or refused)."""
        rows = []
        for i, player in enumerate(self.players):
            needed = [self[f"p{i}_{s.key}"] for s in self.player_specs if not s.blank]
            more = [self[f"p{i}_{s.key}"] for s in self.player_specs if s.blank]
            more += [self[f"p{i}_{s.key}"] for s in self.noted_specs]
            shown = any(f.errors or f.value() not in (None, "", False) for f in more)
            rows.append((player, needed, more, shown))
        return rows

    @property
    def more_summary(self) -> str:
        """What the disclosure of each player's card holds, in words."""
        blank = [str(s.label) for s in self.player_specs if s.blank]
        if not blank:
            return _("Details, if the table noted them")
        if self.noted_specs:
            blank.append(_("details"))
        text = ", ".join(blank)
        return text[:1].upper() + text[1:]

    @property
    def blank_note(self) -> str:
        """Once above the players' cards, when some fields may be left blank: how they read."""
        if not any(s.blank for s in self.player_specs):
            return ""
        return _("Fields left blank are as the rules say: the rules' stake, 0 for the others.")

    def value(self) -> list[dict]:
        """Each player's entry of the round, as the engine reads it (needs ``cleaned_data``)."""
        return self.cleaned_data["entries"]

    def round_fields(self):
        """The fields of the round as a whole (Differenzler's trump)."""
        return [self[name] for name in self.fields if name.startswith("round_")]

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        entries = [{} for _player in self.players]
        for index, entry in enumerate(entries):
            for spec in self.player_specs:
                value = cleaned.get(f"p{index}_{spec.key}")
                if spec.key in self.adapter.card_fields:
                    try:
                        value = parse_team(value or "")
                    except forms.ValidationError as error:
                        self.add_error(f"p{index}_{spec.key}", error)
                        continue
                entry[spec.key] = value
            for spec in self.noted_specs:
                value = cleaned.get(f"p{index}_{spec.key}")
                if value is not None:
                    entry[spec.key] = value
        if self.adapter.one_player and cleaned.get(f"round_{self.adapter.one_player[0]}"):
            key, chosen = (
                self.adapter.one_player[0],
                int(cleaned[f"round_{self.adapter.one_player[0]}"]),
            )
            for index, entry in enumerate(entries):
                entry[key] = int(index == chosen)
        entries = [self.game.filled(self.spec, e, self.partie.options) for e in entries]
        if self.adapter.round_choice and cleaned.get(f"round_{self.adapter.round_choice[0]}"):
            key = self.adapter.round_choice[0]
            for entry in entries:
                entry[key] = cleaned[f"round_{key}"]
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
            if problem.player is None and f"round_{problem.field}" in self.fields:
                name = f"round_{problem.field}"
            self.add_error(name if name in self.fields else None, game_problem_message(problem))
        cleaned["entries"] = entries
        return cleaned
