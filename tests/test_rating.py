"""Ratings on plain values (no database)."""

from tournaments.engine.rating import Skill, places_of, rate


def test_winners_go_up_losers_down():
    ratings = rate({}, [["a", "b"], ["c", "d"]], [0, 1])
    assert ratings["a"].mu > Skill().mu > ratings["c"].mu
    assert ratings["a"].parties == 1 and ratings["a"].sigma < Skill().sigma


def test_beating_a_stronger_team_gains_more():
    strong = {p: Skill(35, 3, 20) for p in ("c", "d")}
    upset = rate(strong, [["a", "b"], ["c", "d"]], [0, 1])
    normal = rate({}, [["a", "b"], ["c", "d"]], [0, 1])
    assert upset["a"].mu - Skill().mu > normal["a"].mu - Skill().mu


def test_places_from_totals():
    assert places_of([100, -50, 100, 20]) == [0, 2, 0, 1]
    assert places_of([12, 5, 30], higher_wins=False) == [1, 0, 2]
    ratings = rate({}, [["a"], ["b"], ["c"]], places_of([12, 5, 30], higher_wins=False))
    assert ratings["b"].mu > ratings["a"].mu > ratings["c"].mu
