"""The engine's refusals (``EntryProblem`` codes) in the user's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.games.base import GameProblem, InvalidGameSheet
from scoring.roimat.partie import InvalidSheet
from scoring.roimat.problems import Place, Problem
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
PLACE_FIELDS = {
    "deal": gettext_lazy("deal"),
    "announcer": gettext_lazy("announcer"),
    "dealer": gettext_lazy("dealer"),
    "trump": gettext_lazy("trump"),
    "tricks": gettext_lazy("tricks"),
    "faults": gettext_lazy("faults"),
    "result": gettext_lazy("result"),
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


#: The other games' refusals (``scoring.games.base.GameProblem``), in the user's language.
GAME_MESSAGES = {
    "missing": gettext_lazy("missing"),
    "unknown": gettext_lazy("not known here"),
    "range": gettext_lazy("must be between %(minimum)s and %(maximum)s, not %(value)s"),
    "sum": gettext_lazy("the players' %(label)s add up to %(total)s, not %(expected)s"),
    "players": gettext_lazy("this game is played by %(minimum)s to %(maximum)s players, "
                            "not %(value)s"),
    "after_end": gettext_lazy("the game was already over"),
    "bad_card": gettext_lazy("%(value)r is not a card (a colour 1 to 5 and a value 0, 3, 5, "
                             "10 or 20)"),
    "one_dealer": gettext_lazy("one player deals, not %(count)s"),
    "stake": gettext_lazy("the stake is %(expected)s chips, not %(value)s"),
    "sale_not_dealer": gettext_lazy("only the dealer receives the price of the dead hand"),
    "irregular_collects": gettext_lazy("a player who committed an irregularity collects "
                                       "nothing"),
    "board": gettext_lazy("%(collected)s chips collected, but the board held %(available)s"),
    "two_winners": gettext_lazy("only one player goes out first and wins the coup"),
}  # fmt: skip


def game_problem_message(problem: GameProblem) -> str:
    """An other game's refusal in the user's language, capitalised as a sentence."""
    text = str(GAME_MESSAGES[problem.code]) % problem.params
    return text[:1].upper() + text[1:] + "."


def game_sheet_error_message(error: InvalidGameSheet, players: list[str] | None = None) -> str:
    """One line naming the round, the player and the field."""
    problem = error.problem
    parts = []
    if error.round:
        parts.append(_("round %(number)s") % {"number": error.round})
    if problem.player is not None:
        name = players[problem.player] if players else str(problem.player + 1)
        parts.append(_("player %(name)s") % {"name": name})
    parts.append(problem.field)
    return f"{', '.join(parts)}: {game_problem_message(problem)}"
