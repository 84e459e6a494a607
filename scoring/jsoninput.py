"""Reading a JSON document a user typed or uploaded (a score sheet, a donne record), with the
limits that keep a hostile one from reaching a server error: its size, its nesting, the length
of its numbers, one document only. Used by the site's forms and by the commands.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from django.utils.translation import gettext as _

#: The largest document read, in characters (a whole partie's records fit many times over).
MAX_CHARS = 2_000_000
#: The deepest nesting of arrays and objects (a score sheet needs 4, a record 5).
MAX_DEPTH = 32
#: The most digits of a whole number (a score needs 6).
MAX_DIGITS = 30
#: Characters no text of the site may hold: NUL (which PostgreSQL does not store) and the lone
#: halves of a surrogate pair (``"\\ud800"`` in JSON: no UTF-8 encodes them, so no database
#: stores them and no page shows them).
UNREADABLE = re.compile("[\x00\ud800-\udfff]")


class JsonRefused(ValueError):
    """A document that is not read; ``str()`` says why, in the user's language, with its
    line when there is one."""


def read_json(text: str, *, first_line: bool = False) -> Any:
    """The decoded document. With ``first_line``, a file of documents one a line (JSON
    lines, as ``roimat_simulate`` writes) gives its first one.

    Raises ``JsonRefused`` when it is longer than ``MAX_CHARS``, nested deeper than
    ``MAX_DEPTH``, holds a number of more than ``MAX_DIGITS`` digits, ``NaN``,
    ``Infinity`` or a number too large for a float (``1e400``), a NUL character or a lone
    surrogate (``unreadable``) in any of its strings, is not JSON, or (without
    ``first_line``) is followed by anything else."""
    if len(text) > MAX_CHARS:
        raise JsonRefused(
            _("The document is too long (%(size)s characters, %(max)s at most).")
            % {"size": len(text), "max": MAX_CHARS}
        )
    if first_line and text.strip():
        text = text.strip().splitlines()[0]
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise JsonRefused(
            _("The document is nested %(depth)s levels deep (%(max)s at most).")
            % {"depth": depth, "max": MAX_DEPTH}
        )
    try:
        document = json.loads(
            text, parse_int=whole_number, parse_float=finite_number, parse_constant=no_constant
        )
    except json.JSONDecodeError as error:
        if error.msg == "Extra data":
            raise JsonRefused(
                _("Line %(line)s: only one JSON document is read here, and more follows.")
                % {"line": error.lineno}
            ) from None
        raise JsonRefused(
            _("This is not JSON (line %(line)s): %(msg)s")
            % {"line": error.lineno, "msg": error.msg}
        ) from None
    if unreadable_in(document):
        raise JsonRefused(
            _(
                "A text of the document holds a character the site does not store (NUL, "
                "\\u0000, or half of a surrogate pair, \\ud800)."
            )
        )
    return document


def unreadable(text: str) -> bool:
    """Whether ``text`` holds a character of ``UNREADABLE`` (NUL, a lone surrogate)."""
    return UNREADABLE.search(text) is not None


def unreadable_in(value: Any) -> bool:
    """Whether any string of a decoded JSON value (keys included) is ``unreadable``."""
    if isinstance(value, str):
        return unreadable(value)
    if isinstance(value, dict):
        return any(unreadable(k) or unreadable_in(v) for k, v in value.items())
    if isinstance(value, list):
        return any(unreadable_in(item) for item in value)
    return False


def nesting(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (outside its strings), without parsing."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def whole_number(digits: str) -> int:
    """A JSON integer, refused beyond ``MAX_DIGITS`` digits."""
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise JsonRefused(
            _("A number of %(count)s digits: %(max)s at most.")
            % {"count": len(digits.lstrip("-")), "max": MAX_DIGITS}
        )
    return int(digits)


def finite_number(text: str) -> float:
    """A JSON number with a fraction or an exponent, refused when it overflows to infinity
    (``1e400``) or is written with more than ``MAX_DIGITS`` characters."""
    number = float(text) if len(text) <= MAX_DIGITS else math.inf
    if not math.isfinite(number):
        raise JsonRefused(_("%(name)s is not a number of a score sheet.") % {"name": text[:40]})
    return number


def no_constant(name: str) -> Any:
    """``NaN``, ``Infinity``: not numbers of a score sheet."""
    raise JsonRefused(_("%(name)s is not a number of a score sheet.") % {"name": name})
