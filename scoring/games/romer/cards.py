"""Römer's cards (seed ``romer-regle.txt``, "Les cartes"), as values and as text codes.

105 cards: 21 in each of 5 colours (1 to 5, as on the sheet), 7 of them Césars (no combat
value, no points) and 14 valued cards, each with a combat value 1 to 7 and a point value
III, V, X or XX (3, 5, 10, 20). The seed gives neither how the combat values are spread nor
which point value goes with which card; Römer's rule option ``values`` says it
(``LAYOUTS``): every combat value twice in each colour, and

- ``inverse`` (the default): the weaker a card in combat, the more it scores: combat 1 and 2
  are XX, 3 and 4 X, 5 and 6 V, 7 III; what wins a pli is not what scores in a team;
- ``direct``: the stronger, the more it scores: 7 and 6 are XX, 5 and 4 X, 3 and 2 V, 1 III.

Both give each colour four XX, four X, four V and two III (146 points).

A card is ``(colour, combat, points)``, a César ``(colour, 0, 0)``. Its code is the colour,
then ``C`` for a César, else the combat value and the points in Roman numerals: ``3C``,
``15XX``, ``27III``.

>>> code((1, 5, 20)), card("27III"), card("3C")
('15XX', (2, 7, 3), (3, 0, 0))
"""

from __future__ import annotations

import re
from typing import Any

Card = tuple[int, int, int]
COLOURS = range(1, 6)
COMBATS = range(1, 8)
CESARS_PER_COLOUR = 7
ROMAN = {3: "III", 5: "V", 10: "X", 20: "XX"}
POINTS_OF = {text: points for points, text in ROMAN.items()}
#: The points of each combat value 1 to 7, by layout (rule option ``values``).
LAYOUTS = {
    "inverse": (20, 20, 10, 10, 5, 5, 3),
    "direct": (3, 5, 5, 10, 10, 20, 20),
}
DEFAULT_LAYOUT = "inverse"
CODE = re.compile(r"([1-5])(?:C|([1-7])(III|XX|V|X))")


def code(card: Card) -> str:
    """The card's text code."""
    colour, combat, points = card
    return f"{colour}C" if combat == 0 else f"{colour}{combat}{ROMAN[points]}"


def card(text: Any) -> Card | None:
    """The card of a text code (of any layout), or None when ``text`` is not one."""
    match = CODE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        return None
    colour, combat, points = match.groups()
    if combat is None:
        return (int(colour), 0, 0)
    return (int(colour), int(combat), POINTS_OF[points])


def deck(layout: str = DEFAULT_LAYOUT) -> tuple[Card, ...]:
    """The 105 cards of ``layout`` (a key of ``LAYOUTS``), colour by colour: the Césars, then
    each combat value twice. Raises ``KeyError`` for another layout."""
    points = LAYOUTS[layout]
    return tuple(
        one
        for colour in COLOURS
        for one in [
            *[(colour, 0, 0)] * CESARS_PER_COLOUR,
            *((colour, combat, points[combat - 1]) for combat in COMBATS for _copy in (1, 2)),
        ]
    )


#: The tint of each colour (its code in ``card_faces``: ``r1`` … ``r5``); the seed names no
#: colour, so a colour is named by its number, as on the sheet.
TINTS = {colour: f"r{colour}" for colour in COLOURS}
CESAR_SYMBOL = "C"


def face(card: Card) -> dict[str, str]:
    """How the live page draws ``card`` (``GameState.card_faces``): its combat value large
    (``symbol``, ``C`` for a César), its points in Roman numerals (``rank``, ``César`` for a
    César), its colour's tint, and its ``name`` in a text (``5·XX``, ``César``)."""
    colour, combat, points = card
    if combat == 0:
        return {"symbol": CESAR_SYMBOL, "rank": "César", "tint": TINTS[colour], "name": "César"}
    roman = ROMAN[points]
    return {
        "symbol": str(combat),
        "rank": roman,
        "tint": TINTS[colour],
        "name": f"{combat}·{roman}",
    }


def faces() -> dict[str, dict[str, str]]:
    """The face of every card of every layout, by code."""
    return {code(c): face(c) for layout in LAYOUTS for c in deck(layout)}


#: The sheet's point values (``rules.VALUES``), as drawn: the highest first, the César last.
SHEET_VALUES = (20, 10, 5, 3, 0)


def sheet_faces(layout: str = DEFAULT_LAYOUT) -> tuple[dict[str, Any], ...]:
    """Each card of the sheet, ``[colour, points]`` (0 for a César), colour by colour, as the
    entry form draws it to be tapped: its points large (``symbol``: ``XX`` … ``III``, ``C``
    for a César), below them the combat values that carry them in ``layout`` (``rank``:
    ``1·2``; ``César``), its colour's ``tint``, its ``name`` in a text (``XX``, ``César``),
    and the ``copies`` of it in the deck of ``layout`` (a key of ``LAYOUTS``; ``KeyError``
    for another).

    >>> [(f["symbol"], f["rank"], f["copies"]) for f in sheet_faces()[:5]]
    [('XX', '1·2', 4), ('X', '3·4', 4), ('V', '5·6', 4), ('III', '7', 2), ('C', 'César', 7)]
    """
    cards = deck(layout)
    faces = []
    for colour in COLOURS:
        for points in SHEET_VALUES:
            same = [c for c in cards if c[0] == colour and c[2] == points]
            combats = sorted({combat for _colour, combat, _points in same})
            cesar = points == 0
            faces.append(
                {
                    "card": [colour, points],
                    "copies": len(same),
                    "symbol": CESAR_SYMBOL if cesar else ROMAN[points],
                    "rank": "César" if cesar else "·".join(str(c) for c in combats),
                    "tint": TINTS[colour],
                    "name": "César" if cesar else ROMAN[points],
                }
            )
    return tuple(faces)
