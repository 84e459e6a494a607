"""Every game's cards and moves in words, named once (``scoring.messages``) for the live page
(its ``cardNames``) and the replay page: a card of a game's own pack by its name and colour,
the French pack's by rank and suit sign, a card sent on to a seat with the seat's name, a
kind of move with its card named (#53)."""

import pytest
from django.utils import translation

from scoring import registry
from scoring.messages import card_face, card_name, card_names, move_card, move_text


@pytest.fixture(autouse=True)
def french():
    with translation.override("fr"):
        yield


def words(game: str, text: str) -> str:
    adapter = registry.get(game)
    return move_text(text, adapter.state, adapter.live_seat_words)


@pytest.mark.parametrize(
    ("game", "code", "name"),
    [
        ("roimat", "CJ", "Cavalier jaune"),
        ("roimat", "PB", "Pion bleu"),
        ("roi", "10C", "10\u2665"),
        ("differenzler", "AP", "A\u2660"),
        ("rumoli", "DK", "D\u2666"),
        ("romer", "57III", "7·III couleur 5"),
        ("romer", "3C", "César couleur 3"),
    ],
)
def test_each_games_cards_are_named_as_the_live_page_names_them(game, code, name):
    state = registry.get(game).state
    assert card_name(code, state) == name
    assert card_names(state)[code] == name


@pytest.mark.parametrize(
    ("game", "move", "said"),
    [
        ("roimat", "CJ", "Cavalier jaune"),
        ("roimat", "DV>N", "Dame vert \u2192 Nord"),
        ("roimat", "S roi V", "annonce le Roi vert"),
        ("roi", "10C", "10\u2665"),
        ("differenzler", "annonce 12", "annonce : 12 points"),
        ("rumoli", "play 10C", "joue 10\u2665"),
        ("rumoli", "bid 3", "offre 3 jetons pour la main morte"),
        ("romer", "pose 22XX", "ajoute 2·XX couleur 2 à son équipe"),
        ("romer", "trump 3C", "pose César couleur 3 comme atout"),
    ],
)
def test_each_games_moves_are_said_with_their_cards_named(game, move, said):
    assert words(game, move) == said


def test_a_card_is_drawn_with_its_face_and_a_move_gives_its_card():
    romer = registry.get("romer").state
    face = card_face("57III", romer)
    assert face is not None and (face["symbol"], face["rank"], face["tint"]) == ("7", "III", "r5")
    roimat = registry.get("roimat").state
    played = move_card("DV>N", roimat)
    assert played is not None and played["code"] == "DV" and played["to"] == "N"
    assert move_card("S roi V", roimat) is None
    roi = registry.get("roi").state
    assert card_face("10C", roi) == {"code": "10C", "name": "10\u2665", "red": True}
    assert card_face("XX", roi) is None and card_name("XX", roi) == "XX"
