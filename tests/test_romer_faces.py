"""Römer's cards as the live page draws them (``RomerState.card_faces``): each names its
combat value, its points in Roman numerals and its colour, so that no player reads a code."""

from scoring.games.romer.cards import LAYOUTS, ROMAN, code, deck
from scoring.games.romer.state import RomerState


def test_every_card_of_every_layout_shows_combat_points_and_colour():
    for layout in LAYOUTS:
        for colour, combat, points in deck(layout):
            face = RomerState.card_faces[code((colour, combat, points))]
            assert face["tint"] == f"r{colour}"
            assert face["tint"] in RomerState.token_words  # the colour named in words
            if combat == 0:
                assert (face["symbol"], face["name"]) == ("C", "César")
            else:
                assert (face["symbol"], face["rank"]) == (str(combat), ROMAN[points])
                assert face["name"] == f"{combat}·{ROMAN[points]}"


def test_the_legend_draws_cards_of_the_deck_and_each_choice_is_worded():
    drawn = [sample for sample, _text in RomerState.card_legend if sample]
    assert drawn and all(sample in RomerState.card_faces for sample in drawn)
    # The kinds a card tapped may ask between (a pli's card is played at once).
    assert set(RomerState.choice_words) == {"pose", "lead", "trump"}
