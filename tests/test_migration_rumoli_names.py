"""Rumoli's stored rounds take the seed's names of its irregularities (issue 23, point 5):
``irregular`` → ``irregularite_2``, ``wrong_lead`` → ``irregularite_1`` in every Rumoli round of
a database made before; another game's rounds are untouched; the migration goes back too."""

import pytest

from tests.test_migration_rules_in_options import latest, migrate

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoring", "0008_roimat_rules_in_options")]
AFTER = [("scoring", "0009_rumoli_irregularities_named")]
OLD = {"dealer": 1, "stake": 8, "collected": 0, "cards_left": 3, "irregular": 1, "wrong_lead": 2}
NEW = {
    "dealer": 1,
    "stake": 8,
    "collected": 0,
    "cards_left": 3,
    "irregularite_2": 1,
    "irregularite_1": 2,
}
OTHER = {"points": 3, "irregular": 1}  # not Rumoli's: never renamed


@pytest.fixture
def old_rounds():
    """A Rumoli round and another game's, stored before the renaming: their ids."""
    apps = migrate(BEFORE)
    Partie = apps.get_model("scoring", "Partie")
    GameRound = apps.get_model("scoring", "GameRound")
    rumoli = Partie.objects.create(game="rumoli", options={"rounds": 1})
    roi = Partie.objects.create(game="roi")
    ids = {
        "rumoli": GameRound.objects.create(partie=rumoli, number=1, entries=[OLD] * 3).pk,
        "roi": GameRound.objects.create(partie=roi, number=1, entries=[OTHER] * 3).pk,
    }
    yield ids
    migrate(latest())  # the suite's schema, for the tests after this one


@pytest.mark.parametrize(
    "old, new, seed",
    [
        ("wrong_lead", "irregularite_1", "Irrégularités : 1- Si un joueur entame une Couleur"),
        ("irregular", "irregularite_2", "2- Si on s'aperçoit qu'un joueur a interrompu le jeu"),
    ],
)
def test_stored_rumoli_rounds_take_the_seeds_names_and_give_them_back(old_rounds, old, new, seed):
    apps = migrate(AFTER)
    GameRound = apps.get_model("scoring", "GameRound")
    entries = GameRound.objects.get(pk=old_rounds["rumoli"]).entries
    assert entries == [NEW] * 3 and [e[new] for e in entries] == [OLD[old]] * 3
    assert not any(old in e for e in entries)
    assert GameRound.objects.get(pk=old_rounds["roi"]).entries == [OTHER] * 3
    apps = migrate(BEFORE)
    GameRound = apps.get_model("scoring", "GameRound")
    entries = GameRound.objects.get(pk=old_rounds["rumoli"]).entries
    assert entries == [OLD] * 3 and not any(new in e for e in entries)
    assert GameRound.objects.get(pk=old_rounds["roi"]).entries == [OTHER] * 3
