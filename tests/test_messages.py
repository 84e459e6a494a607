"""One message catalogue: the engines raise codes with English defaults; ``scoring.messages``
translates every code they can raise, with the same parameters."""

import re

import pytest

from scoring import messages
from scoring.games import base as games_base
from scoring.games import records as game_records
from scoring.roimat import problems, scoring

CATALOGUES = [
    (scoring.MESSAGES, messages.MESSAGES),
    (problems.MESSAGES, messages.RECORD_MESSAGES),
    (games_base.MESSAGES, messages.GAME_MESSAGES),
    (game_records.MESSAGES, messages.GAME_RECORD_MESSAGES),
]


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
