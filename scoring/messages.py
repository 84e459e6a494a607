"""The engine's refusals (``EntryProblem`` codes) in the user's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.roimat.partie import InvalidSheet
from scoring.roimat.scoring import EntryProblem

MESSAGES = {
    "bad_seat": gettext_lazy("%(value)r is not a seat (N, E, S or O)."),
    "bad_colour": gettext_lazy("%(value)r is not a colour (J, R, V or B)."),
    "plis_range": gettext_lazy("Plis must be between 0 and 9, not %(value)s."),
    "points_range": gettext_lazy("Points must be between 0 and 128, not %(value)s."),
    "points_for_plis": gettext_lazy(
        "%(plis)s plis hold between %(low)s and %(high)s points, not %(value)s."
    ),
    "surcontre_without_contre": gettext_lazy("A surcontre on the %(contract)s needs its contre."),
    "roi_without_pli": gettext_lazy(
        "The Roi au bout needs a pli for the taking team, which won none."
    ),
    "faults_range": gettext_lazy("A player makes at most 9 faults in a donne."),
    "trumps_range": gettext_lazy("The number of trumps must be between 1 and 9, not %(value)s."),
    "after_end": gettext_lazy("The partie was already over."),
    "not_integer": gettext_lazy("%(field)s must be a whole number, not %(value)r."),
    "not_boolean": gettext_lazy("%(field)s must be true or false, not %(value)r."),
    "unknown_field": gettext_lazy("Unknown field %(field)r."),
    "missing": gettext_lazy("%(field)s is missing."),
    "bad_value": gettext_lazy("%(field)s cannot be %(value)r."),
}


def problem_message(problem: EntryProblem) -> str:
    """The problem's message in the active language."""
    return str(MESSAGES[problem.code]) % {"field": problem.field, **problem.params}


def sheet_error_message(error: InvalidSheet) -> str:
    """One line naming the donne (when it is one), the field and the problem."""
    message = problem_message(error.problem)
    if error.donne is None:
        return f"{error.problem.field}: {message}"
    if error.problem.field == "donne":  # the donne as a whole (entered after the end)
        return _("donne %(number)s: %(message)s") % {"number": error.donne, "message": message}
    return _("donne %(number)s, %(field)s: %(message)s") % {
        "number": error.donne,
        "field": error.problem.field,
        "message": message,
    }
