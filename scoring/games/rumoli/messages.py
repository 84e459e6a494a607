"""Rumoli's own problems, by code: English texts with ``%(name)s`` parameters, which the site
translates (``gettext_noop`` marks them for ``makemessages``); a code any game raises is in
``scoring.games.base`` or ``scoring.games.records``."""

from ..base import gettext_noop, problem_maker
from ..records import record_problem_maker

#: A sheet's (``check``).
SHEET_MESSAGES = {
    "one_dealer": gettext_noop("one player deals, not %(count)s"),
    "stake": gettext_noop("the stake is %(expected)s chips, not %(value)s"),
    "sale_not_dealer": gettext_noop("only the dealer receives the price of the dead hand"),
    "board": gettext_noop("%(collected)s chips collected, but the board held %(available)s"),
    "two_winners": gettext_noop("only one player goes out first and wins the coup"),
    "one_buyer": gettext_noop("only one player, the highest bidder, buys the dead hand"),
    "dealt": gettext_noop("%(value)s cards left, but %(dealt)s were dealt to this hand"),
    "boodle_card": gettext_noop(
        "%(card)s: %(collected)s chips collected, but the card held %(available)s"
    ),
    "boodle_twice": gettext_noop("%(card)s is played once: only one player collects it"),
    "boodle_sum": gettext_noop("the chips by boodle card add up to %(total)s, not %(value)s"),
    "fault_penalty": gettext_noop(
        "the leads of a card other than the lowest make this penalty %(expected)s chips, "
        "not %(value)s"
    ),
    "penalty_unexplained": gettext_noop(
        "%(value)s chips of penalty paid without an irregularity to explain them"
    ),
    "penalty_card": gettext_noop(
        "%(value)s chips of penalty received: irregularity 2 pays the chips on the card kept "
        "from him (the cards held %(cards)s)"
    ),
    "whole_cards": gettext_noop(
        "%(value)s chips collected: a player collects all the chips of a boodle card, and the "
        "cards held %(cards)s"
    ),
    "cards_shared": gettext_noop(
        "the collections do not share out whole boodle cards, one card to one player (the "
        "cards held %(cards)s)"
    ),
}

#: A round record's (``play.verify``).
RECORD_MESSAGES = {
    "not_move": gettext_noop(
        "%(value)r is no card led, played or taken back, nor a stop of the sequence (lead, "
        "play, stop or take_back)"
    ),
    "coup_over": gettext_noop("the coup was already over"),
    "coup_not_over": gettext_noop("the record stops before the coup is over"),
    "not_next": gettext_noop("%(card)s does not follow %(last)s: the sequence needs %(expected)s"),
    "sequence_goes_on": gettext_noop(
        "player %(player)s holds %(card)s, the next card of the sequence"
    ),
    "sequence_stopped": gettext_noop("the sequence stopped: a new one is led"),
    "lead_expected": gettext_noop("player %(player)s leads a new sequence"),
    "colour_again": gettext_noop(
        "%(card)s leads the colour just played: it is taken back (irregularity 3)"
    ),
    "take_back": gettext_noop("only a lead in the colour just played is taken back"),
    "stop_without_card": gettext_noop(
        "player %(player)s does not hold %(card)s and cannot stop the sequence"
    ),
    "dead_hand_price": gettext_noop("the dealer takes the dead hand without a price"),
    "dead_hand_buyer": gettext_noop(
        "the highest bidder buys the dead hand, at his bid, as the partie's options read a tie "
        "and a bid of 0"
    ),
    "stakes_agreed": gettext_noop(
        "player %(player)s stakes %(value)s in all, not the agreed %(expected)s"
    ),
    "stakes_standard": gettext_noop(
        "player %(player)s stakes %(value)s, not %(expected)s on each boodle card"
    ),
}

#: The play state's refusals (``state``): ``%(player)s`` is who was to move, by name,
#: ``%(move)s`` the move in words.
REFUSAL_MESSAGES = {
    "coup_over": gettext_noop("the coup was already over"),
    "not_now": gettext_noop("%(move)s is not a move %(player)s may make now"),
    "not_next": gettext_noop("%(move)s does not follow the sequence"),
    "not_move": gettext_noop("this is no card, bid or choice of Rumoli"),
    "irregularity_1": gettext_noop(
        "%(move)s: not the lowest card of its colour (irregularity 1, to be marked irregularite_1)"
    ),
    "irregularity_3": gettext_noop(
        "%(move)s: the colour just played, taken back at once (irregularity 3)"
    ),
    "dead_hand_buyer": gettext_noop(
        "the highest bidder buys the dead hand, at his bid, as the partie's options read a tie "
        "and a bid of 0"
    ),
    "dead_hand_price": gettext_noop("the dealer takes the dead hand without a price"),
    "stakes_agreed": gettext_noop("the stakes are not the agreed ones"),
    "stakes_standard": gettext_noop("the stakes are not the standard ones"),
}

#: The moves in words (``GameState.move_words``) and the record's own fields.
MOVE_WORDS = {
    "keep": gettext_noop("keeps his hand and sells the dead hand"),
    "no_sale": gettext_noop("keeps his hand and does not sell the dead hand"),
    "take": gettext_noop("takes the dead hand"),
    "bid": gettext_noop("bids %(rest)s chips for the dead hand"),
    "lead": gettext_noop("leads %(rest)s"),
    "play": gettext_noop("plays %(rest)s"),
    "stop": gettext_noop("stops the sequence"),
    "take_back": gettext_noop("takes back %(rest)s"),
}
PLACE_NAMES = {
    "dead_hand": gettext_noop("dead hand"),
    "dead_hand.bids": gettext_noop("bids for the dead hand"),
    "stakes": gettext_noop("stakes"),
    "board": gettext_noop("board"),
}

problem = problem_maker(SHEET_MESSAGES)
record_problem = record_problem_maker(RECORD_MESSAGES)
