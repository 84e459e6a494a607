"""What can be wrong with a donne record or a move: a place, a stable code, its values.

The English text of each code is here; the site and the commands translate the code
(``scoring.messages``). Used by ``donne`` (``IllegalMove``), ``record`` (``RecordError``) and
``verify`` (``Problem``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring.play.state import gettext_noop

#: The play state's refusals of its own (``state.RoimatState.refusal``): ``%(player)s`` is who
#: was to move, by name, ``%(move)s`` the move in words; the site translates them.
REFUSAL_MESSAGES = {
    "illegal_card": gettext_noop("%(move)s breaks §9 (follow, climb over, trump)"),
    "needs_choice": gettext_noop("%(move)s: the seat that plays next is not one §8 allows"),
    "announcement_refused": gettext_noop("announcement %(move)s not allowed"),
    "no_play_now": gettext_noop("no card can be played now"),
    "surcontre_without_contre": gettext_noop("a surcontre needs its contre"),
    "wrong_winner": gettext_noop("won by %(seat)s (%(card)s), not %(stated)s"),
    "wrong_faults": gettext_noop("the plays give %(computed)s, not %(stated)s"),
}

#: The moves in words by their first word (``GameState.move_words``): an announcement
#: (``S roi V``: the seat, then the rest), a contre or surcontre answered (``contre_plis oui``).
MOVE_WORDS = {
    **dict.fromkeys(("N", "E", "S", "O"), gettext_noop("announces %(rest)s")),
    "contre_plis": gettext_noop("contre on the 5 plis: %(rest)s"),
    "contre_roi": gettext_noop("contre on the Roi au bout: %(rest)s"),
    "surcontre_plis": gettext_noop("surcontre on the 5 plis: %(rest)s"),
    "surcontre_roi": gettext_noop("surcontre on the Roi au bout: %(rest)s"),
}

#: The record's own fields in words (``GameState.place_names``): the contres and surcontres.
PLACE_NAMES = {
    "contre_plis": gettext_noop("contre on the 5 plis"),
    "contre_roi": gettext_noop("contre on the Roi au bout"),
    "surcontre_plis": gettext_noop("surcontre on the 5 plis"),
    "surcontre_roi": gettext_noop("surcontre on the Roi au bout"),
}

#: The other words of a move's text and the codes a seat's view holds, in words
#: (``GameState.token_words``): the Roi announced, a donne annulled, a contre's answer, the
#: colours (a trump), the contres made.
TOKEN_WORDS = {
    "roi": gettext_noop("the Roi"),
    "annule": gettext_noop("— annul the donne (king sec)"),
    "oui": gettext_noop("yes"),
    "non": gettext_noop("no"),
    "J": gettext_noop("yellow"),
    "R": gettext_noop("red"),
    "V": gettext_noop("green"),
    "B": gettext_noop("blue"),
    **PLACE_NAMES,
}

MESSAGES: dict[str, str] = {
    "not_json": "not JSON: %(detail)s",
    "not_object": "a record is a JSON object",
    "not_seat": "%(value)r is not a seat",
    "four_hands": "needs the four hands N, E, S, O",
    "nine_cards": "a hand holds 9 cards",
    "not_card": "%(value)r is not a card",
    "card_twice": "%(card)s twice",
    "too_many_pions": "more than four %(card)s",
    "not_deck": "not the 36-card deck: %(card)s once too often",
    "not_variant": "%(value)r is not a variant",
    "not_colour": "%(value)r is not a colour",
    "void_mismatch": "a donne is void exactly when the taking team holds no Roi",
    "no_tricks": "a list of tricks",
    "no_plays": "needs its plays",
    "bad_play": "a play is {seat, card}",
    "out_of_turn": "%(seat)s plays, but %(turn)s was to play",
    "not_in_hand": "%(seat)s does not hold %(card)s",
    "needs_choice": "%(card)s needs the seat that plays next",
    "no_play_now": "no card can be played now",
    "announcement_refused": "announcement %(move)s not allowed",
    "bid_out_of_order": "%(name)s is not the announcement due now",
    "no_result": "the donne has no result: not played to the end",
    "not_dealers_team": "%(seat)s is not of the dealer's team",
    "no_trump_roi": "%(seat)s does not hold R%(trump)s",
    "dealer_announces": "the dealer holds a Roi and announces",
    "annul_refused": "a donne is annulled only on a king sec, under the official rules",
    "surcontre_without_contre": "a surcontre needs its contre",
    "unmarked_fault": "breaks §9 and is not marked as a fault",
    "marked_legal": "marked as a fault but allowed by §9",
    "wrong_winner": "won by %(seat)s (%(card)s), not %(stated)s",
    "wrong_faults": "the plays give %(computed)s, not %(stated)s",
    "unfinished": "%(count)s tricks, not 9 complete ones",
    "wrong_result": "the tricks give %(computed)s, not %(stated)s",
}


@dataclass(frozen=True)
class Place:
    """Where in a record: a ``field`` (``"deal"``, ``"announcer"``, ``"result"`` …), or a
    ``trick`` and ``play`` (1-based) with the ``seat`` and ``card`` played; ``seat`` alone
    with ``field="deal"`` names a hand."""

    field: str = ""
    trick: int = 0
    play: int = 0
    seat: str = ""
    card: str = ""

    def __str__(self) -> str:
        if self.trick and self.play:
            played = f" ({self.seat} {self.card})" if self.card else ""
            return f"trick {self.trick}, play {self.play}{played}"
        if self.trick:
            return f"trick {self.trick}"
        return f"{self.field} {self.seat}".strip()


@dataclass(frozen=True)
class Problem:
    """One thing wrong: its ``place``, ``code`` (a key of ``MESSAGES``) and ``params``."""

    place: Place
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The problem in English."""
        return MESSAGES[self.code] % self.params

    def __str__(self) -> str:
        where = str(self.place)
        return f"{where}: {self.message}" if where else self.message
