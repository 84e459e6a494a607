"""Römer's own problems, by code: English texts with ``%(name)s`` parameters, which the site
translates (``gettext_noop`` marks them for ``makemessages``); a code any game raises is in
``scoring.games.base`` or ``scoring.games.records``."""

from ..base import gettext_noop, problem_maker

#: A sheet's (``rules.Romer.check``).
SHEET_MESSAGES = {
    "bad_card": gettext_noop(
        "%(value)r is not a card (a colour 1 to 5 and a value 0, 3, 5, 10 or 20)"
    ),
    "deck_cesars": gettext_noop(
        "the teams hold %(count)s Césars of colour %(colour)s, the deck %(available)s"
    ),
    "deck_valued": gettext_noop(
        "the teams hold %(count)s valued cards of colour %(colour)s, the deck %(available)s"
    ),
    "two_sevens": gettext_noop("only one team reaches seven cards: the manche ends at once"),
}

#: A round record's: none of its own (its records are checked by its play state).
RECORD_MESSAGES: dict[str, str] = {}

#: The moves in words (``GameState.move_words``) and the record's own fields.
MOVE_WORDS = {
    "trump": gettext_noop("places %(rest)s as his trump"),
    "pose": gettext_noop("adds %(rest)s to his team"),
    "lead": gettext_noop("leads %(rest)s"),
    "play": gettext_noop("plays %(rest)s"),
    "end": gettext_noop("ends the manche"),
}
#: A card tapped in the hand: each kind of move it may make (``GameState.choice_words``).
CHOICE_WORDS = {
    "pose": gettext_noop("Add it to my team"),
    "lead": gettext_noop("Lead it"),
    "trump": gettext_noop("Make it my new trump"),
}
#: The colours' names (``cards.TINTS``: the seed names them by number, as the sheet does).
TOKEN_WORDS = {
    "r1": gettext_noop("colour 1"),
    "r2": gettext_noop("colour 2"),
    "r3": gettext_noop("colour 3"),
    "r4": gettext_noop("colour 4"),
    "r5": gettext_noop("colour 5"),
}
#: The legend of the cards on the live page (``GameState.card_legend``).
CARD_LEGEND = (
    ("24X", gettext_noop("Large figure: the combat value, 1 to 7; the highest wins the trick.")),
    (
        "",
        gettext_noop(
            "XX, X, V, III: the card's points in a team (20, 10, 5, 3); a card of the "
            "team's trump colour counts once per its place in the team."
        ),
    ),
    ("3C", gettext_noop("C: a César, no combat value and no points; it makes the team grow.")),
    (
        "",
        gettext_noop(
            "The colour, 1 to 5 as on the sheet, is written on the card and tints it; "
            "? is a card of another team, face down."
        ),
    ),
)
#: The legend of the cards a team is tapped from on the entry form (``rules.sheet_deck``):
#: (a sample ``[colour, value]`` or None, text).
SHEET_LEGEND = (
    (
        (2, 20),
        gettext_noop(
            "Large figure: the card's points, XX, X, V or III (20, 10, 5, 3); below, the "
            "combat values of the cards that carry them."
        ),
    ),
    ((3, 0), gettext_noop("C: a César, no points; it makes the team grow.")),
    (
        None,
        gettext_noop(
            "The colour, 1 to 5, is written on the card and tints it. The first card tapped "
            "is the trump: a card of its colour counts once per its place in the team."
        ),
    ),
    (
        None,
        gettext_noop(
            "Tap the cards of the team in their order; tap a card of the team to take it out. "
            "The figure in the corner says how many of that card the deck still has."
        ),
    ),
)
PLACE_NAMES = {"pile": gettext_noop("draw pile"), "shuffle": gettext_noop("shuffle number")}

#: The play state's refusals (``state``): ``%(player)s`` is who was to move, by name,
#: ``%(move)s`` the move in words.
REFUSAL_MESSAGES = {
    "opening_trump": gettext_noop("%(player)s first places his trump card"),
    "must_play": gettext_noop("a trick is being played: %(player)s plays a card to it"),
    "no_pli": gettext_noop("no trick is being played: a card is led"),
    "alone": gettext_noop("%(player)s alone holds cards: he adds to his team or ends the manche"),
    "not_alone": gettext_noop("the manche is ended only by the last player holding cards"),
    "must_place_trump": gettext_noop("%(player)s has no trump: he places a new one"),
}

problem = problem_maker(SHEET_MESSAGES)
