"""Differenzler's own problems, by code: English texts with ``%(name)s`` parameters, which the
site translates (``gettext_noop`` marks them for ``makemessages``); a code any game raises is
in ``scoring.games.base`` or ``scoring.games.records``."""

from ..base import gettext_noop, problem_maker
from ..records import record_problem_maker

#: A sheet's (``check``).
SHEET_MESSAGES = {
    "no_such_points": gettext_noop("no set of cards makes %(value)s points"),
    "no_such_deal": gettext_noop("no deal of the cards gives these points"),
    "last_trick": gettext_noop("one player wins the last trick, not %(count)s"),
    "last_points": gettext_noop("the last trick alone is worth 5 points, not %(value)s"),
    "trump_differs": gettext_noop("the players' entries name different trumps"),
    "bad_colour": gettext_noop("%(value)r is not a colour (T, K, C or P)"),
}

#: The English texts of the state's refusals of a card (``state.why_refused``).
RECORD_MESSAGES = {
    "must_trump": gettext_noop(
        "trump was led: player %(player)s holds a trump other than the Buur"
    ),
    "undertrump": gettext_noop("player %(player)s holds the colour led and may not undertrump"),
}

#: The play state's refusals (``state``): ``%(player)s`` is who was to move, by name,
#: ``%(move)s`` the move in words.
REFUSAL_MESSAGES = {
    "must_trump": gettext_noop("trump was led: %(player)s holds a trump other than the Buur"),
    "undertrump": gettext_noop("%(player)s holds the colour led and may not undertrump"),
    "range": gettext_noop("an estimate is 0 to 157 points"),
    "estimates_written": gettext_noop("the estimates are written: a card is played"),
    "estimate_first": gettext_noop("%(player)s writes his estimate first"),
}

#: The moves in words (``GameState.move_words``) and the record's own fields.
MOVE_WORDS = {"annonce": gettext_noop("estimate: %(rest)s points")}
SECRET_WORDS = {"annonce": gettext_noop("writes down an estimate")}
PLACE_NAMES = {"estimates": gettext_noop("estimates")}

problem = problem_maker(SHEET_MESSAGES)
record_problem = record_problem_maker(RECORD_MESSAGES)
