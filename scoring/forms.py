"""Forms of the score sheets: a Roimat donne, an import, an email, a seat at a remote table."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, validate_email
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import registry
from scoring.jsoninput import MAX_CHARS, JsonRefused, read_json
from scoring.messages import elide, problem_message
from scoring.models import (
    COLOUR_CHOICES,
    ENTRY_FIELDS,
    Donne,
    Partie,
    fault_seats,
)
from scoring.roimat.scoring import DonneEntry, validate_donne
from scoring.roimat.seats import SEATS

SEAT_LABELS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "O": gettext_lazy("West"),
}


def bounded_formfield(db_field, **kwargs):
    """A ModelForm's field for ``db_field`` (``Meta.formfield_callback``): a number column
    takes the bounds of its validators (the rules' ``Min``/``MaxValueValidator``, else the
    column's range) as ``min_value``/``max_value``, so that the form refuses a number out
    of them on its field before any ``clean`` computes with it, and the page's input carries
    them as ``min``/``max``."""
    if isinstance(db_field, models.IntegerField) and db_field.choices is None:
        validators = db_field.validators
        lows = [v.limit_value for v in validators if isinstance(v, MinValueValidator)]
        highs = [v.limit_value for v in validators if isinstance(v, MaxValueValidator)]
        if lows:
            kwargs.setdefault("min_value", max(lows))
        if highs:
            kwargs.setdefault("max_value", min(highs))
    return db_field.formfield(**kwargs)


def chosen_options(cleaned: Mapping[str, Any], names: Mapping[str, str]) -> dict[str, Any]:
    """The rule options a form's fields gave (``names``: option → field name), those left
    blank out: a blank option takes the rules' default."""
    return {
        option: cleaned[name]
        for option, name in names.items()
        if cleaned.get(name) not in (None, "")
    }


FAULT_FIELDS = [f"faults_{seat.lower()}" for seat in SEATS]
ANNOUNCEMENT_FIELDS = ["contre_plis", "contre_roi", "surcontre_plis", "surcontre_roi"]


class EntryBoundField(forms.BoundField):
    """A field of a table's entry form, as the error summary names it: by its label, or
    where its widget has one, by its ``data-label`` (a player's field: his name and the
    label, since every player's fields have the same labels)."""

    @property
    def summary_label(self) -> str:
        """The field's name in the summary of the form's problems."""
        return str(self.field.widget.attrs.get("data-label") or self.label)


class DonneForm(forms.ModelForm):
    """One donne, new or corrected, checked against the rules and the rest of the sheet.

    Each refusal of ROIMAT.md §7 appears on its field. The whole sheet is checked again when
    the donne is stored (``services.entry_record``): a donne after the end, or a correction
    that would put a later donne after the new end, is refused there. ``stored``: the donne
    corrected (None for a new one); ``value()``: the donne as entered.
    """

    class Meta:
        model = Donne
        fields = [*(name for name in ENTRY_FIELDS if name != "annulled"), *FAULT_FIELDS]
        formfield_callback = bounded_formfield
        widgets = {
            "dealer": forms.RadioSelect,
            "trump": forms.RadioSelect,
            **{
                name: forms.NumberInput(attrs={"inputmode": "numeric"})
                for name in ("plis_ns", "points_ns", "trumps", *FAULT_FIELDS)
            },
        }

    bound_field_class = EntryBoundField

    key = forms.CharField(required=False, widget=forms.HiddenInput, max_length=40)
    expected = forms.IntegerField(required=False, widget=forms.HiddenInput)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, partie: Partie, number: int | None = None, ask_seat=False, **kwargs):
        self.partie = partie
        self.number = number
        super().__init__(*args, **kwargs)
        self.stored = self.instance if number is not None else None
        # What lets the server recognise a resubmission, a donne entered meanwhile by another
        # phone, and a correction made from an old version.
        self.fields["key"].initial = uuid.uuid4().hex
        if number is None:
            self.fields["expected"].initial = len(partie.entries()) + 1
            # A new donne's plis and points start empty: a "0" there turns a typed 5 into 50.
            given = kwargs.get("initial") or {}
            self.initial.update({n: given.get(n) for n in ("plis_ns", "points_ns")})
        else:
            self.fields["version"].initial = self.instance.version
        if ask_seat:
            # No seat chosen in advance: a forgotten change would send the check to the wrong
            # team, so the player taps his own seat for each donne.
            self.fields["entered_seat"] = forms.ChoiceField(
                label=gettext_lazy("Entered by"),
                choices=self.seat_choices(),
                widget=forms.RadioSelect,
            )
        names = partie.players_by_seat
        self.fields["trump"].choices = COLOUR_CHOICES  # no blank choice among the colours
        self.fields["dealer"].choices = self.seat_choices()
        for seat, name in zip(SEATS, FAULT_FIELDS, strict=True):
            player = names.get(seat, seat)
            self.fields[name].label = elide(_("Faults of %(player)s") % {"player": player})

    def seat_choices(self, seats=SEATS) -> list[tuple[str, str]]:
        """``("N", "N · Annie")`` … for the seats given."""
        names = self.partie.players_by_seat
        return [(s, f"{s} · {names[s]}" if s in names else s) for s in seats]

    @property
    def announcement_fields(self):
        """The four contre and surcontre fields, for the taps of the entry page."""
        return [self[name] for name in ANNOUNCEMENT_FIELDS]

    @property
    def fault_fields(self):
        """The four players' fault counts."""
        return [self[name] for name in FAULT_FIELDS]

    @property
    def show_faults(self) -> bool:
        """Open the faults section when a fault is entered or refused."""
        return any(f.errors or str(f.value() or "0") != "0" for f in self.fault_fields)

    def value(self) -> DonneEntry:
        """The donne as entered (needs ``cleaned_data``)."""
        data = self.cleaned_data
        faults = fault_seats(data.get)
        annulled = self.instance.annulled if self.number is not None else False
        values = {f: data.get(f) for f in ENTRY_FIELDS if f != "annulled"}
        return DonneEntry(faults=faults, annulled=annulled, **values)

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        entry = self.value()
        for problem in validate_donne(entry):
            field = problem.field if problem.field in self.fields else None
            self.add_error(field, problem_message(problem))
        return cleaned


class LimitedJSONField(forms.JSONField):
    """A JSON field read with the site's limits (``jsoninput.read_json``: length, depth,
    digits, no ``NaN`` or infinity), refusing on the field what Django's would let through
    or fail on: the admin's rule options."""

    def to_python(self, value):
        if isinstance(value, str) and value not in self.empty_values and not self.disabled:
            try:
                read_json(value)
            except JsonRefused as error:
                raise forms.ValidationError(str(error), code="invalid") from None
        return super().to_python(value)

    def bound_data(self, data, initial):
        if isinstance(data, str) and not self.disabled:
            try:
                read_json(data)
            except JsonRefused:
                return forms.fields.InvalidJSONInput(data)
        return super().bound_data(data, initial)


class JsonUploadForm(forms.Form):
    """A JSON document uploaded as a file or pasted; ``json_value()`` decodes it."""

    file = forms.FileField(label=gettext_lazy("JSON file"), required=False)
    text = forms.CharField(
        label=gettext_lazy("or paste the JSON"), widget=forms.Textarea, required=False
    )

    #: Whether a file of documents one a line gives its first (records), or is refused.
    first_line = False
    #: The longest document read, in characters (and bytes of a file).
    max_chars = MAX_CHARS

    def json_value(self):
        """The decoded document (``jsoninput.read_json``, with its limits).

        Raises ``ValidationError`` when nothing was given, the file is too large, or the
        document is refused.
        """
        upload = self.cleaned_data.get("file")
        if upload and upload.size > self.max_chars:
            raise forms.ValidationError(
                _("The file is too large (%(size)s bytes, %(max)s at most).")
                % {"size": upload.size, "max": self.max_chars}
            )
        raw = (
            upload.read().decode("utf-8", errors="replace")
            if upload
            else self.cleaned_data.get("text")
        )
        if not (raw or "").strip():
            raise forms.ValidationError(_("Choose a file or paste a sheet."))
        if len(raw or "") > self.max_chars:
            raise forms.ValidationError(
                _("The document is too long (%(size)s characters, %(max)s at most).")
                % {"size": len(raw or ""), "max": self.max_chars}
            )
        try:
            return read_json(raw, first_line=self.first_line)
        except JsonRefused as error:
            raise forms.ValidationError(str(error)) from None


class SheetImportForm(JsonUploadForm):
    """A §10 JSON score sheet, uploaded as a file or pasted."""

    def clean(self):
        cleaned = super().clean()
        data = self.json_value()
        game = data.get("game", "roimat") if isinstance(data, dict) else "roimat"
        if game not in registry.REGISTRY:
            raise forms.ValidationError(
                _("game: %(game)r is not a game of the club.") % {"game": game}
            )
        cleaned["adapter"] = registry.get(game)
        try:
            cleaned["sheet"] = cleaned["adapter"].read_sheet(data)
        except registry.SheetRefused as error:
            raise forms.ValidationError(str(error)) from None
        return cleaned

    @property
    def adapter(self) -> registry.GameAdapter:
        """The sheet's game."""
        return self.cleaned_data["adapter"]

    @property
    def sheet(self):
        """The sheet read, as the game's adapter reads it (``read_sheet``)."""
        return self.cleaned_data["sheet"]


class RecordForm(JsonUploadForm):
    """A donne record (ROIMAT.md §10: one JSON object), uploaded or pasted; of a file of
    records one a line, the first."""

    first_line = True

    file = forms.FileField(label=gettext_lazy("Record file (.json or .jsonl)"), required=False)
    text = forms.CharField(
        label=gettext_lazy("or paste the record"), widget=forms.Textarea, required=False
    )

    def clean(self):
        cleaned = super().clean()
        record = self.json_value()
        if not isinstance(record, dict):
            raise forms.ValidationError(_("A record is one JSON object."))
        cleaned["record"] = record
        cleaned["raw"] = json.dumps(record, ensure_ascii=False)
        return cleaned


class GameRecordForm(RecordForm):
    """One round's record of the game ``adapter`` (as ``manage.py simulate GAME`` writes it),
    uploaded or pasted, for its replay: at most ``max_chars`` characters, and of that game
    (``"game"``; a record without it is Roimat's). A problem is the error of the field it
    came by (the file, else the pasted text)."""

    #: A round's record is a few kilobytes; a Rumoli coup of 7 players stays under 10,000.
    max_chars = 100_000

    def __init__(self, *args, adapter: registry.GameAdapter, **kwargs):
        super().__init__(*args, **kwargs)
        self.adapter = adapter

    def clean(self):
        field = "file" if self.cleaned_data.get("file") else "text"
        try:
            cleaned = super().clean()
        except forms.ValidationError as error:
            self.add_error(field, error)
            return self.cleaned_data
        game = cleaned["record"].get("game", "roimat")
        if game != self.adapter.key:
            self.add_error(
                field,
                _("game: this is a record of %(game)s, not of %(name)s.")
                % {"game": record_game_name(game), "name": self.adapter.name},
            )
        return cleaned


def record_game_name(key: Any) -> str:
    """A record's ``game`` value in words: the name of a game of the club, else as written
    (cut short)."""
    adapter = registry.REGISTRY.get(key) if isinstance(key, str) else None
    return adapter.name if adapter else repr(key)[:40]


class EmailSheetForm(forms.Form):
    """Who receives a sheet: players with an address, the club's address, other addresses."""

    players = forms.MultipleChoiceField(
        label=gettext_lazy("Players"), required=False, widget=forms.CheckboxSelectMultiple
    )
    club = forms.BooleanField(label=gettext_lazy("The club's address"), required=False)
    others = forms.CharField(
        label=gettext_lazy("Other addresses"),
        required=False,
        help_text=gettext_lazy("Separated by commas."),
    )

    def __init__(self, *args, partie: Partie, **kwargs):
        super().__init__(*args, **kwargs)
        addresses = partie.email_addresses()
        named = {p.email: p.name for p in partie.players_by_seat.values() if p.email}
        self.fields["players"].choices = [(a, f"{named[a]} <{a}>") for a in addresses]
        self.fields["players"].initial = addresses
        if settings.CLUB_EMAIL:
            self.fields["club"].label = _("The club (%(address)s)") % {
                "address": settings.CLUB_EMAIL
            }
            self.fields["club"].initial = True
        else:
            del self.fields["club"]

    def clean_others(self) -> list[str]:
        addresses = [a.strip() for a in self.cleaned_data["others"].split(",") if a.strip()]
        for address in addresses:
            try:
                validate_email(address)
            except forms.ValidationError:
                raise forms.ValidationError(
                    _("%(address)s is not an email address.") % {"address": address}
                ) from None
        return addresses

    def recipients(self) -> list[str]:
        """Every chosen address once, once the form is valid."""
        chosen = list(self.cleaned_data["players"])
        if self.cleaned_data.get("club"):
            chosen.append(settings.CLUB_EMAIL)
        chosen += self.cleaned_data["others"]
        if not chosen:
            raise forms.ValidationError(_("Choose at least one recipient."))
        return list(dict.fromkeys(chosen))

    def clean(self):
        cleaned = super().clean()
        if not self.errors:
            cleaned["recipients"] = self.recipients()
        return cleaned


class RemoteSeatForm(forms.Form):
    """An empty seat of a remote table (``seats``: its seats' names) taken with the player's
    name."""

    seat = forms.ChoiceField(label=gettext_lazy("Seat"))
    name = forms.CharField(label=gettext_lazy("Your name"), max_length=80, required=False)

    def __init__(self, *args: Any, seats: Sequence[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [(seat, seat_label(seat)) for seat in seats]


def seat_label(seat: str) -> str:
    """A seat in words: North, East … at Roimat's four seats, "Player 2" at another game's."""
    if seat in SEAT_LABELS:
        return str(SEAT_LABELS[seat])
    return _("Player %(n)s") % {"n": seat}
