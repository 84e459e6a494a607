"""A game's rule options, described once for every game: their kind, default and
bounds, checked the same way, and the words the site asks them with (``scoring.option_fields``).
Plain Python."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OptionSpec:
    """A rule option of a game: ``kind`` is ``"whole"`` (a whole number from ``minimum`` to
    ``maximum``), ``"choice"`` (one of ``choices``) or ``"flag"`` (true or false); ``default``
    applies when the sheet does not give it.

    How the site asks it, in English texts it translates (marked with ``gettext_noop``):
    ``label``, a ``help`` line, and for a choice the ``labels`` of its ``choices`` (in their
    order; a choice without one is shown as it is stored) and their ``notes`` (a line under
    some labels: (value, note) pairs). ``asked_with``: (another option's key, one of its
    values) when the option is a rule of that choice only (Roimat's target, of the official
    rules): the forms ask it only while that value is chosen."""

    kind: str
    default: Any
    minimum: int = 0
    maximum: int = 0
    choices: tuple[str, ...] = ()
    label: str = ""
    help: str = ""
    labels: tuple[str, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    asked_with: tuple[str, str] | None = None

    @classmethod
    def of_choices(
        cls,
        default: str,
        choices: Mapping[str, str],
        label: str,
        help: str = "",
        notes: Mapping[str, str] | None = None,
    ) -> OptionSpec:
        """A choice option: ``choices`` maps each value to its English label, in order;
        ``notes`` some values to a line under their label."""
        return cls(
            "choice",
            default,
            choices=tuple(choices),
            label=label,
            help=help,
            labels=tuple(choices.values()),
            notes=tuple((notes or {}).items()),
        )

    def choice_labels(self) -> list[tuple[str, str]]:
        """(value, English label) of each choice."""
        labels = self.labels + self.choices[len(self.labels) :]
        return list(zip(self.choices, labels, strict=True))

    def problem(self, value: Any) -> tuple[str, dict[str, Any]] | None:
        """What is wrong with ``value`` for this option, as a problem's code and its
        parameters (``not_whole``, ``range``, ``choice``, ``not_flag``), or None."""
        if self.kind == "whole":
            if isinstance(value, bool) or not isinstance(value, int):
                return "not_whole", {"value": value}
            if not self.minimum <= value <= self.maximum:
                return "range", {"minimum": self.minimum, "maximum": self.maximum, "value": value}
        elif self.kind == "choice" and value not in self.choices:
            return "choice", {"choices": ", ".join(self.choices), "value": value}
        elif self.kind == "flag" and not isinstance(value, bool):
            return "not_flag", {"value": value}
        return None
