"""Forms of the score sheets: any game's entry (``EntryForm``, over the fields the game
declares), an import, an email, a seat at a remote table."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import uuid
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from django import forms
from django.conf import settings
from django.core.cache import caches
from django.core.validators import MaxValueValidator, MinValueValidator, validate_email
from django.db import models
from django.utils.functional import Promise, cached_property
from django.utils.html import json_script
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_lazy, override
from django.utils.translation import gettext as _

from scoring import registry
from scoring.history import read_sheet_json
from scoring.jsoninput import MAX_CHARS, JsonRefused, read_json
from scoring.messages import elide
from scoring.models import (
    Partie,
)

SEAT_LABELS = {
    "N": gettext_lazy("North"),
    "E": gettext_lazy("East"),
    "S": gettext_lazy("South"),
    "O": gettext_lazy("West"),
}


#: The cache of the drawings of new entry forms (``EntryForm.render``): the serving
#: process's memory (``settings.CACHES``), each drawing a function of its key alone.
DRAWINGS = "entry-forms"

#: The words of the entry form's script (``static/js/entry-form.js``), which fills in their
#: ``{name}`` on the phone (a ``%(name)s`` would be read by the translation).
SCRIPT_STRINGS = {
    "one": gettext_lazy("1 entry waiting to be sent:"),
    "many": gettext_lazy("{n} entries waiting to be sent:"),
    "sending": gettext_lazy("Sending…"),
    "offline": gettext_lazy("No network: sent as soon as it returns."),
    "server": gettext_lazy("The server did not answer ({status}): new try in {s} s."),
    "refused": gettext_lazy("Refused by the server ({status}):"),
    "retry": gettext_lazy("Try again"),
    "discard": gettext_lazy("Discard it"),
    "sure": gettext_lazy("Discard the entry {entry} for good? It will not be sent."),
    "paused": gettext_lazy("They leave once the entry shown is recorded."),
    "choose": gettext_lazy("choose one"),
    "fill": gettext_lazy("to fill in"),
    "min": gettext_lazy("at least {min}"),
    "max": gettext_lazy("at most {max}"),
    "whole": gettext_lazy("a whole number"),
    "stale": gettext_lazy(
        "This phone's draft of {entry} was not sent: another phone entered it meanwhile."
    ),
    "compare": gettext_lazy("Send it to compare"),
    "unreachable": gettext_lazy("The site cannot be reached: new try in {s} s."),
    "now": gettext_lazy("Send now"),
    "draft": gettext_lazy("Draft kept by this phone, not sent yet."),
}


@functools.lru_cache
def script_strings(language: str | None) -> SafeString:
    """``SCRIPT_STRINGS`` in ``language``, as the JSON script element the page carries
    (``#entry-strings``): made once for each language, where seventeen translations looked up
    at each drawing were a fifth of the entry form's time."""
    with override(language):
        return json_script(
            {key: str(words) for key, words in SCRIPT_STRINGS.items()}, "entry-strings"
        )


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


class EntryBoundField(forms.BoundField):
    """A field of a table's entry form, as the error summary names it: by its label, or
    where its widget has one, by its ``data-label`` (a player's field: his name and the
    label, since every player's fields have the same labels)."""

    @property
    def summary_label(self) -> str:
        """The field's name in the summary of the form's problems."""
        return str(self.field.widget.attrs.get("data-label") or self.label)


class YesNoField(forms.BooleanField):
    """A box to tick, read as 1 (ticked) or 0: a per-seat number of 0 or 1 that may be left
    blank (Rumoli's irregularity 2, a stop)."""

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)

    def to_python(self, value) -> int:  # type: ignore[override]
        return int(super().to_python(value))


def entry_formfield(spec: registry.EntryField) -> forms.Field:
    """The form field of declared entry field ``spec``: a number within its bounds, typed on
    a phone (one of 0 or 1 that may be left blank: a box to tick), a choice (buttons to tap,
    else a list with a blank choice when it may be left blank), a flag, or a text of at most
    ``maximum`` characters."""
    common = {"label": spec.label, "help_text": spec.help}
    attrs = dict(spec.attrs)
    if spec.kind == "flag":
        return forms.BooleanField(required=False, widget=forms.CheckboxInput(attrs), **common)
    if spec.kind == "choice":
        blank = [] if spec.required or spec.taps else [("", "–")]
        widget = forms.RadioSelect(attrs) if spec.taps else forms.Select(attrs)
        return forms.ChoiceField(
            choices=[*blank, *spec.choices], required=spec.required, widget=widget, **common
        )
    if spec.kind == "text":
        return forms.CharField(
            required=spec.required,
            max_length=spec.maximum,
            widget=forms.TextInput(attrs),
            **common,
        )
    if not spec.required and (spec.minimum, spec.maximum) == (0, 1):
        return YesNoField(**common)
    return forms.IntegerField(
        min_value=spec.minimum,
        max_value=spec.maximum,
        required=spec.required,
        widget=forms.NumberInput({"inputmode": "numeric", **attrs}),
        **common,
    )


@functools.lru_cache(maxsize=128)
def game_fields(
    adapter: registry.GameAdapter,
    language: str | None,
    ask_seat: bool,
    specs: tuple[registry.EntryField, ...],
    seats: tuple[tuple[str, str, str], ...],
) -> Mapping[str, forms.Field]:
    """The game's fields of an entry form, by name: who entered it (``ask_seat``: a button
    for each seat), then each of ``specs`` (a per-seat one once for each seat); ``seats``:
    each seat with its button's label and its player, ``language`` the page's (a label
    naming a player is made in it).

    Kept for the last 128 shapes of form (about 22 KB each: 3 MB at most) and shared by
    their forms, never changed after: a field is only read when a form checks or draws it
    (Django copies a form class's fields for each form; these are made for none in
    particular). A table's page, when a process first draws it, makes them for the
    submissions that follow. Building the thirty fields of a Roimat donne was a sixth of a
    table's first submission (``docs/performance.md``)."""
    fields: dict[str, forms.Field] = {}
    if ask_seat:
        fields["entered_seat"] = forms.ChoiceField(
            label=gettext_lazy("Entered by"),
            choices=[(seat, label) for seat, label, _player in seats],
            widget=forms.RadioSelect,
        )
    for spec in specs:
        if not spec.per_seat:
            fields[spec.key] = entry_formfield(spec)
            continue
        for index, (seat, _label, player) in enumerate(seats):
            fields[adapter.seat_field(spec.key, index, seat)] = field = entry_formfield(spec)
            if "%(player)s" in str(spec.label):  # the label names him: "Fautes d'Annie"
                field.label = elide(str(spec.label) % {"player": player})
            else:
                field.widget.attrs["data-label"] = f"{player} · {spec.label}"
    return MappingProxyType(fields)


class EntryForm(forms.Form):
    """One donne or round of any game, new or (``stored``) corrected, built from the fields
    its game declares (``GameAdapter.entry_fields``) and checked by the game's rules
    (``entry_read``); the director's and the table's phone's.

    At a table (``ask_seat``) the player who enters it taps his seat, for the other side to
    check it; no seat is chosen in advance, a forgotten change would send the check to the
    wrong side. A new entry carries the phone's idempotency key and the number it expects, a
    correction the version it was made from: what lets the server recognise a resubmission,
    an entry made meanwhile by another phone and a correction of an old version. A per-seat
    field carries its player's name (``data-label``) for the summary of problems.
    ``number``: the entry corrected (None for a new one), ``entry_number``: the entry's;
    ``value()``: the game's value of the entry, once valid. ``count`` and ``initial``: the
    partie's number of entries and the first values (``GameAdapter.entry_initial``), given
    by a caller that knows them (a table's kept page), else read from the partie. The whole
    sheet is checked again when it is stored (``services.entry_record``). The fields are
    built when first read (``fields``): a table's page whose drawing is kept builds none."""

    bound_field_class = EntryBoundField
    #: Its templates, drawn by Jinja2 (``clubsite.forms_renderer``) where a page writes
    #: ``{{ form }}`` (``render``): the hidden keys, then the summary of problems and the cards
    #: of its fields.
    keys_template_name = "scoring/_entry_keys.html"
    template_name = "scoring/entry_fields.html"

    key = forms.CharField(required=False, widget=forms.HiddenInput, max_length=40)
    expected = forms.IntegerField(required=False, widget=forms.HiddenInput)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput)
    #: The number of the entry a correction corrects (empty for a new entry): the server
    #: takes a posted form as a correction only when it says so.
    correct = forms.IntegerField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        data=None,
        *,
        partie: Partie,
        stored: Any = None,
        ask_seat: bool = False,
        count: int | None = None,
        initial: Mapping[str, Any] | None = None,
    ) -> None:
        self.partie, self.stored, self.ask_seat = partie, stored, ask_seat
        self.adapter = adapter = partie.adapter
        self.number = stored.number if stored is not None else None
        if count is None:
            count = len(adapter.stored_entries(partie))
        self.entry_number = stored.number if stored is not None else count + 1
        if initial is None:
            initial = adapter.entry_initial(partie, stored)
        super().__init__(data, initial=dict(initial))
        #: The hidden keys' values (``key``, ``expected``, ``version``, ``correct``): what the
        #: server expects now, drawn on every page (``keys_template_name``).
        self.keys = {
            "key": uuid.uuid4().hex,
            "expected": None if stored is not None else self.entry_number,
            "version": stored.version if stored is not None else None,
            "correct": stored.number if stored is not None else None,
        }
        self.seats = adapter.seats(partie)
        self.specs = adapter.entry_fields(partie, self.entry_number)
        self.notes = adapter.entry_notes(partie, self.entry_number)
        self.names: dict[tuple[str, int | None], str] = {}
        for spec in self.specs:
            indexes = enumerate(self.seats) if spec.per_seat else [(None, None)]
            for index, seat in indexes:
                name = spec.key if seat is None else adapter.seat_field(spec.key, index, seat)
                self.names[spec.key, index] = name
        # The keys' fields, Django's copy of the declared ones; the game's are added when the
        # fields are first read (``fields``): a page whose form's drawing is kept reads none.
        self.key_fields = self.__dict__.pop("fields")

    @cached_property
    def fields(self) -> dict[str, forms.Field]:
        """The form's fields: the hidden keys, who entered it (``ask_seat``), then the game's
        (``specs``, a per-seat field once for each seat), built when first read; the game's
        are those of every form of the same shape (``game_fields``)."""
        adapter, partie = self.adapter, self.partie
        fields = self.key_fields
        for name, value in self.keys.items():
            fields[name].initial = value
        seats = tuple(
            (seat, adapter.seat_label(partie, seat), adapter.seat_player(partie, seat))
            for seat in self.seats
        )
        specs = tuple(self.specs)
        fields.update(game_fields(adapter, get_language(), self.ask_seat, specs, seats))
        return fields

    def __getitem__(self, name: str) -> forms.BoundField:
        """The bound field ``name``. A name that is none of the form's fields raises
        ``KeyError`` without building them: a Django template looks ``form.number`` up as
        ``form["number"]`` before it reads the attribute."""
        if "fields" not in self.__dict__ and not self.has_field(name):
            raise KeyError(f"{name!r} is not a field of the entry form")
        return super().__getitem__(name)

    def has_field(self, name: str) -> bool:
        """Whether the form has a field ``name``, known without building them."""
        return (
            name in self.key_fields
            or (name == "entered_seat" and self.ask_seat)
            or name in self.names.values()
        )

    def get_context(self) -> dict[str, Any]:
        """What its template reads: the form alone (Django's lists of its fields, each with
        its errors, would be made for nothing)."""
        return {"form": self}

    def render(self, template_name=None, context=None, renderer=None) -> SafeString:
        """The form as a page writes it (``{{ form }}``): its hidden keys, drawn each time
        (a new idempotency key for each page), then its fields. A new form's fields (not
        bound) are drawn once for what they are drawn from (``drawn_from``) and kept in the
        ``DRAWINGS`` cache while the templates are (Jinja2 does not reload them: not in
        ``DEBUG``): each phone of a table loads the same form until its partie changes, and
        drawing its thirty fields was a third of the page's time."""
        renderer = renderer or self.renderer
        keys = renderer.render(self.keys_template_name, {"form": self})
        kept = not self.is_bound and template_name is None and context is None
        if not kept or getattr(renderer, "reloads_templates", True):
            return mark_safe(keys + super().render(template_name, context, renderer))
        drawings = caches[DRAWINGS]
        name = hashlib.blake2b(repr(self.drawn_from()).encode(), digest_size=16).hexdigest()
        fields = drawings.get(name)
        if fields is None:
            fields = super().render(renderer=renderer)
            drawings.set(name, fields)
        return mark_safe(keys + fields)

    __str__ = __html__ = render

    def drawn_from(self) -> tuple:
        """All that the drawing of the new form's fields reads, as plain values (``plain``):
        the page's language, the game's fields and cards and lines (in that language), the
        seats with their players, and the first values."""
        adapter, partie = self.adapter, self.partie
        return plain(
            (
                get_language(),
                type(self).__qualname__,
                self.auto_id,
                self.ask_seat,
                self.specs,
                self.notes,
                self.declared_groups,
                [
                    (s, adapter.seat_label(partie, s), adapter.seat_player(partie, s))
                    for s in self.seats
                ],
                self.initial,
            )
        )

    @functools.cached_property
    def declared_groups(self) -> list[registry.EntryGroup]:
        """The game's cards of this entry (``GameAdapter.entry_groups``)."""
        return self.adapter.entry_groups(self.partie, self.entry_number)

    def script_strings(self) -> SafeString:
        """The words of the form's script in the page's language (``script_strings``)."""
        return script_strings(get_language())

    def field_of(self, spec: registry.EntryField, index: int | None = None) -> forms.BoundField:
        """The bound field of ``spec`` (of the seat ``index`` for a per-seat field)."""
        return self[self.names[spec.key, index]]

    def groups(self) -> list[dict[str, Any]]:
        """The game's cards with their fields (each seat's for a per-seat field), for the
        template: ``group``, ``fields`` (spec, bound field), ``open`` (a disclosure with a
        field filled in or refused)."""
        cards = []
        for group in self.declared_groups:
            fields = []
            for spec in self.specs:
                if spec.group != group.key:
                    continue
                indexes = range(len(self.seats)) if spec.per_seat else [None]
                fields += [(spec, self.field_of(spec, index)) for index in indexes]
            cards.append({"group": group, "fields": fields, "open": filled_in(fields)})
        return cards

    def players(self) -> list[dict[str, Any]]:
        """Each player's card of the per-seat fields with no group: ``player``, the fields
        he must fill in (``needed``), those behind the disclosure (``more``) and whether it
        opens (a field of it filled in or refused)."""
        own = [spec for spec in self.specs if spec.per_seat and not spec.group]
        if not own:
            return []
        cards = []
        for index, seat in enumerate(self.seats):
            needed = [(s, self.field_of(s, index)) for s in own if not s.more]
            more = [(s, self.field_of(s, index)) for s in own if s.more]
            player = self.adapter.seat_player(self.partie, seat)
            cards.append(
                {"player": player, "needed": needed, "more": more, "open": filled_in(more)}
            )
        return cards

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        values = {s.key: cleaned.get(s.key) for s in self.specs if not s.per_seat}
        seats = [
            {s.key: cleaned.get(self.names[s.key, index]) for s in self.specs if s.per_seat}
            for index in range(len(self.seats))
        ]
        try:
            cleaned["value"] = self.adapter.entry_read(
                self.partie, self.entry_number, self.stored, values, seats
            )
        except registry.EntryRefused as refused:
            for problem in refused.problems:
                name = self.names.get((problem.key, problem.seat)) if problem.key else None
                self.add_error(name, problem.message)
        return cleaned

    def value(self) -> Any:
        """The entry's value, as the game reads it (needs a valid form)."""
        return self.cleaned_data["value"]


def plain(value: Any) -> Any:
    """``value`` as plain values whose ``repr`` says all of it: a lazy translation as its text
    in the current language, a dataclass as its name and the tuple of its fields, a mapping
    as the tuple of its sorted items, a list as a tuple (``EntryForm.drawn_from``)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind in (list, tuple):
        return tuple([plain(item) for item in value])
    if isinstance(value, Promise):
        return str(value)
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), plain(v)) for k, v in value.items()))
    if dataclasses.is_dataclass(value):
        return (kind.__qualname__, *[plain(item) for item in vars(value).values()])
    return value


#: The types ``plain`` keeps as they are.
_PLAIN = frozenset((str, int, bool, float, type(None)))


def filled_in(fields: Sequence[tuple[registry.EntryField, forms.BoundField]]) -> bool:
    """Whether one of ``fields`` is refused or holds something other than its blank (0 for
    a number that starts at 0)."""
    return any(
        bound.errors or str(bound.value() or "0") not in ("0", "False") for _spec, bound in fields
    )


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
            cleaned["sheet"], cleaned["waiting"] = read_sheet_json(cleaned["adapter"], data)
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

    @property
    def waiting(self) -> list[dict[str, Any]]:
        """Its entries that did not count yet (``history.read_sheet_json``)."""
        return self.cleaned_data["waiting"]


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
