"""Each game speaks of its round in its own word, with French agreeing with it (#53): une
donne (Roimat), une manche (Roi, Römer), un tour (Differenzler), un coup (Rumoli), on the
sheet page, the entry page and in the messages of an entry, each written once
(``messages.ROUND_TEXTS``, ``GameAdapter.round_text``)."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import registry
from scoring.games.base import GameProblem, InvalidGameSheet
from scoring.messages import game_sheet_error_message
from tests.test_site_games import new_game

pytestmark = pytest.mark.django_db

WORDS = {
    "roi": ("une manche", "Manche"),
    "romer": ("une manche", "Manche"),
    "differenzler": ("un tour", "Tour"),
    "rumoli": ("un coup", "Coup"),
}


@pytest.mark.parametrize("game", sorted(WORDS))
def test_each_games_sheet_page_uses_its_own_round_word(secretary, game):
    count = 5 if game == "rumoli" else 4
    options = {"rounds": 3} if game == "differenzler" else {}
    partie = new_game(secretary, game, count, **options)
    said, noun = WORDS[game]
    page = secretary.get(partie.get_absolute_url(), follow=True).content.decode()
    assert f"Saisir {said}" in page
    entry = secretary.get(reverse("scoring:entry_create", args=[partie.pk])).content.decode()
    article = {"une": "la", "un": "le"}[said.split()[0]]
    assert f"Enregistrer {article} {noun.lower()}" in entry
    if noun != "Manche":
        assert "manche" not in page.lower() and "manche" not in entry.lower()


@pytest.mark.parametrize(
    ("game", "recorded", "created"),
    [
        ("roimat", "Donne 3 enregistrée.", "Entrez la première donne."),
        ("roi", "Manche 3 enregistrée.", "Entrez la première manche."),
        ("differenzler", "Tour 3 enregistré.", "Entrez le premier tour."),
        ("rumoli", "Coup 3 enregistré.", "Entrez le premier coup."),
    ],
)
def test_the_messages_of_a_round_agree_with_its_word(game, recorded, created):
    adapter = registry.get(game)
    with translation.override("fr"):
        assert adapter.round_text("recorded", n=3) == recorded
        assert adapter.created_text.endswith(created)


def test_a_tables_messages_agree_with_a_masculine_round():
    differenzler, roimat = registry.get("differenzler"), registry.get("roimat")
    with translation.override("fr"):
        assert differenzler.round_text("removed", n=2).startswith(
            "Tour 2 n'existe plus (le directeur l'a supprimé) : entrez-le"
        )
        assert roimat.round_text("removed", n=2).startswith(
            "Donne 2 n'existe plus (le directeur l'a supprimée) : entrez-la"
        )
        assert differenzler.round_text("too_late", n=4) == (
            "La partie est finie : tour 4 n'a pas été enregistré. Voyez la feuille de marque."
        )
        assert registry.get("rumoli").round_text("refused", n=1).startswith("Refusé : coup 1")


def test_a_refused_round_is_named_in_its_games_word():
    problem = GameProblem(1, "estimate", "missing")
    with translation.override("fr"):
        said = game_sheet_error_message(
            InvalidGameSheet(3, problem), ["Anne", "Bruno"], registry.get("differenzler").entry_name
        )
        assert said.startswith("tour 3, joueur Bruno, estimate")
        assert game_sheet_error_message(InvalidGameSheet(3, problem)).startswith("manche 3")
