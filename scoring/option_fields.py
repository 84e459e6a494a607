"""A game's rule option as a form field, written once for every game: the new-partie form,
a table at a distance and a tournament ask the options (``OptionSpec``) the same
way.

A whole number is a number box within the option's bounds; a choice, a button to tap for each
value (with its note, if the game gives one); a flag, one toggle button. Each starts at the
rules' default and may be left blank (the default then applies:
``scoring.forms.chosen_options``). Labels, help lines, choice labels and notes are the game's
English texts, translated here. An option asked only with another's value
(``OptionSpec.asked_with``) says so to the page (``data-asked-with``): ``option-asked.js``
shows it only while that value is chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.play.options import OptionSpec

if TYPE_CHECKING:
    from scoring.registry import GameAdapter

#: The field templates of the options asked by buttons (``Field.template_name``).
CHOICE_TEMPLATE = "scoring/_option_choice.html"
FLAG_TEMPLATE = "scoring/_option_flag.html"


class NotedRadioSelect(forms.RadioSelect):
    """Buttons to tap, each choice with its ``note`` (value → text; none for most)."""

    def __init__(self, notes: dict[str, object], **kwargs) -> None:
        super().__init__(**kwargs)
        self.notes = notes

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        option["note"] = self.notes.get(str(value), "")
        return option


class TickedOnly(forms.BooleanField):
    """A toggle whose unticked value is left out of the options: the rules' default, no (so
    that a partie's options hold only what the club chose)."""

    def clean(self, value):
        return super().clean(value) or None


def option_field(spec: OptionSpec) -> forms.Field:
    """The form field of rule option ``spec``: an ``IntegerField`` (a whole number), a
    ``ChoiceField`` drawn as buttons (a choice) or a ``BooleanField`` drawn as a toggle (a
    flag; one off by default is written only when ticked), starting at the default, not
    required."""
    field: forms.Field
    if spec.kind == "whole":
        field = forms.IntegerField(min_value=spec.minimum, max_value=spec.maximum)
    elif spec.kind == "choice":
        choices = [(value, gettext_lazy(label)) for value, label in spec.choice_labels()]
        notes = {value: gettext_lazy(note) for value, note in spec.notes}
        field = forms.ChoiceField(choices=choices, widget=NotedRadioSelect(notes))
        field.template_name = CHOICE_TEMPLATE
    else:
        field = forms.BooleanField() if spec.default else TickedOnly()
        field.template_name = FLAG_TEMPLATE
    field.required = False
    field.initial = spec.default
    field.label = capfirst(gettext_lazy(spec.label)) if spec.label else None
    field.help_text = gettext_lazy(spec.help) if spec.help else ""
    if spec.asked_with is not None:
        field.widget.attrs["data-asked-with"] = "=".join(spec.asked_with)
    return field


def option_words(adapter: GameAdapter, options: dict[str, Any]) -> list[str]:
    """A partie's or a table's rule options in words, as its form asks them: each one's label
    and value (a choice by its label, a flag as yes or no); an option asked only with another's
    value (``OptionSpec.asked_with``) only with that value, as its form shows it."""
    fields = adapter.option_fields()
    words = []
    for key, value in options.items():
        field, spec = fields.get(key), adapter.option_specs.get(key)
        if field is None:
            continue
        if spec is not None and spec.asked_with is not None:
            other, needed = spec.asked_with
            if str(options.get(other)) != needed:
                continue
        if isinstance(value, bool):
            shown = _("yes") if value else _("no")
        else:
            shown = dict(getattr(field, "choices", None) or ()).get(value, value)
        words.append(_("%(option)s: %(value)s") % {"option": field.label, "value": shown})
    return words
