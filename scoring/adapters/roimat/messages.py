"""Roimat's codes in the user's language: the engine's refusals of a donne (``EntryProblem``
codes, ``scoring.roimat.scoring``), the problems of a donne record (``scoring.roimat.problems``)
and where they stand, its rule sets and how its fault penalties are counted."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.messages import PLACE_FIELDS
from scoring.roimat.partie import InvalidSheet
from scoring.roimat.problems import Place, Problem
from scoring.roimat.rules import FAULT_COUNTING_WORDS, VARIANT_WORDS
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
    "target_range": gettext_lazy("The target must be between 1 and %(max)s points, not %(value)s."),
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


#: The problems of a donne record (``scoring.roimat.problems``), in the user's language.
RECORD_MESSAGES = {
    "not_json": gettext_lazy("not JSON: %(detail)s"),
    "not_object": gettext_lazy("a record is a JSON object"),
    "not_seat": gettext_lazy("%(value)r is not a seat"),
    "four_hands": gettext_lazy("needs the four hands N, E, S, O"),
    "nine_cards": gettext_lazy("a hand holds 9 cards"),
    "not_card": gettext_lazy("%(value)r is not a card"),
    "card_twice": gettext_lazy("%(card)s twice"),
    "too_many_pions": gettext_lazy("more than four %(card)s"),
    "not_deck": gettext_lazy("not the 36-card deck: %(card)s once too often"),
    "not_variant": gettext_lazy("%(value)r is not a variant"),
    "not_colour": gettext_lazy("%(value)r is not a colour"),
    "void_mismatch": gettext_lazy("a donne is void exactly when the taking team holds no Roi"),
    "no_tricks": gettext_lazy("a list of tricks"),
    "no_plays": gettext_lazy("needs its plays"),
    "bad_play": gettext_lazy("a play is {seat, card}"),
    "out_of_turn": gettext_lazy("%(seat)s plays, but %(turn)s was to play"),
    "not_in_hand": gettext_lazy("%(seat)s does not hold %(card)s"),
    "needs_choice": gettext_lazy("%(card)s needs the seat that plays next"),
    "no_play_now": gettext_lazy("no card can be played now"),
    "announcement_refused": gettext_lazy("announcement %(move)s not allowed"),
    "bid_out_of_order": gettext_lazy("%(name)s is not the announcement due now"),
    "no_result": gettext_lazy("the donne has no result: not played to the end"),
    "not_dealers_team": gettext_lazy("%(seat)s is not of the dealer's team"),
    "no_trump_roi": gettext_lazy("%(seat)s does not hold R%(trump)s"),
    "dealer_announces": gettext_lazy("the dealer holds a Roi and announces"),
    "annul_refused": gettext_lazy(
        "a donne is annulled only on a king sec, under the official rules"
    ),
    "surcontre_without_contre": gettext_lazy("a surcontre needs its contre"),
    "unmarked_fault": gettext_lazy("breaks §9 and is not marked as a fault"),
    "marked_legal": gettext_lazy("marked as a fault but allowed by §9"),
    "wrong_winner": gettext_lazy("won by %(seat)s (%(card)s), not %(stated)s"),
    "wrong_faults": gettext_lazy("the plays give %(computed)s, not %(stated)s"),
    "unfinished": gettext_lazy("%(count)s tricks, not 9 complete ones"),
    "wrong_result": gettext_lazy("the tricks give %(computed)s, not %(stated)s"),
}


def place_text(place: Place) -> str:
    """Where a record problem stands, in the user's language (``"pli 3, carte 2 (S PB)"``)."""
    if place.trick and place.play:
        text = _("trick %(trick)s, play %(play)s") % {"trick": place.trick, "play": place.play}
        return text + (f" ({place.seat} {place.card})" if place.card else "")
    if place.trick:
        return _("trick %(trick)s") % {"trick": place.trick}
    return f"{PLACE_FIELDS.get(place.field, place.field)} {place.seat}".strip()


def record_problem_text(problem: Problem) -> str:
    """A record problem as one line in the user's language."""
    message = str(RECORD_MESSAGES[problem.code]) % problem.params
    where = place_text(problem.place)
    return _("%(where)s: %(message)s") % {"where": where, "message": message} if where else message


#: Roimat's rule sets and how its fault penalties are counted, in the user's language (the
#: words of ``scoring.roimat.rules``: ROIMAT.md §1, §5, §6).
VARIANT_LABELS = {key: gettext_lazy(words) for key, words in VARIANT_WORDS.items()}
FAULT_COUNTING_LABELS = {key: gettext_lazy(words) for key, words in FAULT_COUNTING_WORDS.items()}
