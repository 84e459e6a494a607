"""League standings rules on plain values (no database)."""

import pytest

from tournaments.engine.league import (
    EveningResult,
    LeagueRule,
    league_standings,
    movement,
    progression,
)

SEASON = [
    # player, evening, place, points, parties, wins
    EveningResult("Annie", 1, 1, 600, 4, 3),
    EveningResult("Bernard", 1, 2, 300, 4, 2),
    EveningResult("Claire", 1, 3, -100, 4, 1),
    EveningResult("Annie", 2, 3, -50, 4, 1),
    EveningResult("Bernard", 2, 1, 500, 4, 3),
    EveningResult("Denis", 2, 2, 400, 4, 2),
    EveningResult("Annie", 3, 2, 100, 4, 2),
    EveningResult("Bernard", 3, 3, 0, 4, 2),
    EveningResult("Denis", 3, 1, 200, 4, 3),
]


def table(rule):
    return [(line.player, line.value, line.rank) for line in league_standings(SEASON, rule)]


def test_ranking_points_on_the_clubs_scale():
    assert table(LeagueRule()) == [
        ("Annie", 25 + 16 + 20, 1),
        ("Bernard", 20 + 25 + 16, 1),
        ("Denis", 20 + 25, 3),
        ("Claire", 16, 4),
    ]


def test_other_rules():
    assert table(LeagueRule("points"))[0] == ("Bernard", 800, 1)
    assert table(LeagueRule("wins"))[:2] == [("Bernard", 7, 1), ("Annie", 6, 2)]
    assert table(LeagueRule("average"))[:2] == [("Denis", 75.0, 1), ("Bernard", 66.7, 2)]


def test_minimum_evenings_and_best_n():
    lines = league_standings(SEASON, LeagueRule(min_evenings=3))
    assert [(line.player, line.rank) for line in lines] == [
        ("Annie", 1),
        ("Bernard", 1),
        ("Claire", None),
        ("Denis", None),
    ]
    best = league_standings(SEASON, LeagueRule(best=2))
    assert [(line.player, line.value, line.counted, line.rank) for line in best][:3] == [
        ("Annie", 45, 2, 1),
        ("Bernard", 45, 2, 1),
        ("Denis", 45, 2, 1),
    ]


def test_movement_since_the_last_evening():
    before = league_standings(SEASON[:6], LeagueRule())
    after = league_standings(SEASON, LeagueRule())
    moves = movement(before, after)
    assert moves == {"Annie": 1, "Bernard": 0, "Denis": 0, "Claire": 0}


@pytest.mark.parametrize(
    "rule",
    [
        LeagueRule(),
        LeagueRule(best=2),
        LeagueRule("points", best=1),
        LeagueRule("wins"),
        LeagueRule("average", best=2),
        LeagueRule(min_evenings=3),
    ],
)
def test_the_charts_progression_is_the_standings_after_each_evening(rule):
    import random

    chance = random.Random(7)
    players = [f"P{i}" for i in range(9)]
    season = [
        EveningResult(
            player, evening, place, chance.randint(-400, 900), 4, chance.choice([0, 1.5, 3])
        )
        for evening in range(1, 31)
        for place, player in enumerate(chance.sample(players, 6), start=1)
    ]
    evenings = list(range(1, 31))
    chart = progression(season, rule, players[:5], evenings)
    for player in players[:5]:
        assert chart[player][0] == (0, 0.0)
        for index, evening in enumerate(evenings, start=1):
            lines = league_standings([r for r in season if r.evening <= evening], rule)
            expected = next((line.value for line in lines if line.player == player), 0)
            assert chart[player][index] == (index, expected)


def test_bad_rules_are_refused():
    with pytest.raises(ValueError):
        LeagueRule("luck")
    with pytest.raises(ValueError):
        LeagueRule(best=0)
