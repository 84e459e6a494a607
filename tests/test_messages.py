"""One message catalogue: the engines raise codes with English defaults; Roimat's site package
(``scoring.adapters.roimat.messages``) translates every code Roimat can raise, with the same
parameters; the other games' problems carry their English text, the msgid the site
translates: the generic ones and each game's own (its package's ``messages``)."""

import importlib
import importlib.util
import pkgutil
import re

import pytest
from django.utils import translation

from scoring import games, messages
from scoring.adapters.roimat import messages as roimat_messages
from scoring.games import base as games_base
from scoring.games import records as game_records
from scoring.games.differenzler.state import DifferenzlerState
from scoring.games.roi.state import RoiState
from scoring.games.romer.state import RomerState
from scoring.games.rumoli.state import RumoliState
from scoring.play.verify import Refusal
from scoring.roimat import problems, scoring
from scoring.roimat.state import RoimatState

CATALOGUES = [
    (scoring.MESSAGES, roimat_messages.MESSAGES),
    (problems.MESSAGES, roimat_messages.RECORD_MESSAGES),
]


def game_catalogues():
    """The games' problem texts by code: the generic ones, then each game package's own."""
    catalogues = [games_base.MESSAGES, game_records.MESSAGES]
    for package in pkgutil.iter_modules(games.__path__):
        name = f"scoring.games.{package.name}.messages"
        if package.ispkg and importlib.util.find_spec(name) is not None:
            own = importlib.import_module(name)
            catalogues += [own.SHEET_MESSAGES, getattr(own, "RECORD_MESSAGES", {})]
    return catalogues


GAME_TEXTS = [text for catalogue in game_catalogues() for text in catalogue.values()]


def parameters(text: str) -> set[str]:
    """The names a message needs: ``{name}``/``{name!r}`` or ``%(name)s``/``%(name)r``."""
    return set(re.findall(r"\{(\w+)", text)) | set(re.findall(r"%\((\w+)\)", text))


@pytest.mark.parametrize("engine, site", CATALOGUES)
def test_every_engine_code_is_translated_with_its_parameters(engine, site):
    assert set(engine) <= set(site), f"codes without a translation: {set(engine) - set(site)}"
    for code, text in engine.items():
        assert parameters(str(site[code])) <= parameters(text) | {"field"}, code


@pytest.mark.parametrize("engine, site", CATALOGUES)
def test_every_translation_is_of_a_code_an_engine_raises(engine, site):
    assert set(site) <= set(engine), f"translations of no code: {set(site) - set(engine)}"


def test_the_game_packages_own_their_problems():
    assert len(game_catalogues()) >= 8  # the generic two, then Roi, Rumoli, Differenzler


def test_no_game_code_is_both_generic_and_a_games_own():
    catalogues = game_catalogues()
    generic = set(catalogues[0]) | set(catalogues[1])
    for own in catalogues[2:]:
        assert not generic & set(own)


@pytest.mark.parametrize("text", GAME_TEXTS)
def test_every_game_problem_text_is_translated_with_its_parameters(text):
    with translation.override("fr"):
        french = translation.gettext(text)
    assert french != text, f"no French for {text!r}"
    assert parameters(french) <= parameters(text)


#: Every game's play state, with the refusal texts of its own.
PLAY_STATES = [RoimatState, RoiState, DifferenzlerState, RumoliState, RomerState]
REFUSAL_TEXTS = [text for cls in PLAY_STATES for text in cls.refusal_messages.values()]


def test_the_play_states_own_their_refusals_and_the_site_lists_only_generic_ones():
    for cls in PLAY_STATES:
        assert cls.refusal_messages, cls.game
        assert not set(cls.refusal_messages) & set(messages.REFUSAL_MESSAGES), cls.game


@pytest.mark.parametrize("text", REFUSAL_TEXTS)
def test_every_refusal_text_of_a_game_is_translated_with_its_parameters(text):
    with translation.override("fr"):
        french = translation.gettext(text)
    assert french != text, f"no French for {text!r}"
    # who was to move and the move in words; for a record's fact, the values its
    # ``RecordError.params`` give (Roimat's: the seat, a card, what is stated and computed)
    assert parameters(french) <= parameters(text)
    assert parameters(text) <= {"player", "move", "seat", "card", "stated", "computed"}


def test_a_games_own_refusal_reads_in_french_in_a_replay():
    refusal = Refusal("trick 2, play 3", "must_trump", "english", 5, 1, "VT")
    with translation.override("fr"):
        text = messages.refusal_text(refusal, lambda seat: f"joueur {seat + 1}", DifferenzlerState)
    assert text == (
        "pli 2, carte 3 (joueur 2 VT) : atout demandé : joueur 2 a un atout autre que le Bour"
        " [must_trump]"
    )


#: Every game's moves and record fields in words, its own.
WORD_TEXTS = [
    text
    for cls in PLAY_STATES
    for words in (cls.move_words, cls.place_names)
    for text in words.values()
]


@pytest.mark.parametrize("text", WORD_TEXTS)
def test_every_move_and_field_word_of_a_game_is_translated(text):
    with translation.override("fr"):
        french = translation.gettext(text)
    assert french != text, f"no French for {text!r}"
    assert parameters(french) == parameters(text) <= {"rest"}


def test_a_move_reads_in_its_games_words_and_a_card_as_written():
    with translation.override("fr"):
        assert messages.move_words("bid 3", RumoliState.move_words) == (
            "offre 3 jetons pour la main morte"
        )
        assert messages.move_words("annonce 42", DifferenzlerState.move_words).startswith("annonce")
        assert messages.move_words("10C", RoiState.move_words) == "10C"
        # A word of another game is not this game's.
        assert messages.move_words("bid 3", DifferenzlerState.move_words) == "bid 3"
