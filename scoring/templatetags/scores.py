"""How a score reads on the sheets and the phone: with its sign, green when positive, red when
negative (the sign says it too, for whoever does not see the colour)."""

from django import template
from django.utils.html import format_html

register = template.Library()


@register.filter
def signed(value):
    """A score (points, chips) as ``<span class="score-pos">+40</span>``, ``score-neg`` with
    ``-40``, ``score-zero`` with ``0``; anything not a whole number as it is (an empty cell)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "" if value is None else value
    kind = "pos" if value > 0 else "neg" if value < 0 else "zero"
    return format_html('<span class="score-{}">{}{}</span>', kind, "+" if value > 0 else "", value)
