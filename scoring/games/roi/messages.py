"""Roi's own problems, by code: English texts with ``%(name)s`` parameters, which the site
translates (``gettext_noop`` marks them for ``makemessages``); a code any game raises is in
``scoring.games.base`` or ``scoring.games.records``."""

from ..base import gettext_noop, problem_maker

#: A sheet's (``check``).
SHEET_MESSAGES = {
    "without_trick": gettext_noop("%(value)s %(label)s taken without winning a trick"),
    "beyond_tricks": gettext_noop("%(value)s %(label)s do not fit in %(plis)s tricks of 4 cards"),
}

#: The play state's refusals (``state``): ``%(player)s`` is who was to move, by name,
#: ``%(move)s`` the move in words.
REFUSAL_MESSAGES = {
    "must_discard_highest": gettext_noop(
        "%(player)s cannot follow and must discard his highest card (first manche)"
    ),
}

problem = problem_maker(SHEET_MESSAGES)
