"""How a score reads on the sheets and the phone: with its sign, green when positive, red when
negative (the sign says it too, for whoever does not see the colour)."""

from django import template
from django.utils.html import format_html

from scoring.messages import FAULT_COUNTING_LABELS, VARIANT_LABELS
from scoring.roimat.rules import rules_of_options

register = template.Library()


@register.filter
def signed(value):
    """A score (points, chips) as ``<span class="score-pos">+40</span>``, ``score-neg`` with
    ``-40``, ``score-zero`` with ``0``; anything not a whole number as it is (an empty cell)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "" if value is None else value
    kind = "pos" if value > 0 else "neg" if value < 0 else "zero"
    return format_html('<span class="score-{}">{}{}</span>', kind, "+" if value > 0 else "", value)


@register.filter
def rules_label(options: object, name: str) -> str:
    """A Roimat rule option in words: ``{{ partie.options|rules_label:"variant" }}`` (the rule
    set), ``"fault_counting"`` (per player or per team); its default when not given."""
    rules = rules_of_options(options if isinstance(options, dict) else {})
    if name == "variant":
        return str(VARIANT_LABELS[rules.variant])
    return str(FAULT_COUNTING_LABELS[rules.fault_counting])
