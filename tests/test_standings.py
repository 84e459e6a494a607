"""Tournament rankings on plain values (no database)."""

import pytest

from tournaments.engine.standings import Result, rank


def results(rows):
    out = []
    for ns, oe, total_ns, total_oe in rows:
        out += [Result(p, total_ns, total_oe) for p in ns]
        out += [Result(p, total_oe, total_ns) for p in oe]
    return out


EVENING = results(
    [
        (("Annie", "Claire"), ("Bernard", "Denis"), 300, -100),
        (("Annie", "Bernard"), ("Claire", "Denis"), 150, 200),
        (("Annie", "Denis"), ("Bernard", "Claire"), 100, 100),
    ]
)


def test_ranking_by_wins_then_points_then_difference():
    table = rank(EVENING)
    assert [(s.entrant, s.wins, s.points) for s in table] == [
        ("Claire", 2.5, 600.0),  # won, won, drew
        ("Annie", 1.5, 550.0),
        ("Denis", 1.5, 200.0),
        ("Bernard", 0.5, 150.0),
    ]
    assert [s.rank for s in table] == [1, 2, 3, 4]


def test_order_of_criteria_is_the_tournaments_choice():
    table = rank(EVENING, order=("points",))
    assert [s.entrant for s in table] == ["Claire", "Annie", "Denis", "Bernard"]
    table = rank(EVENING, order=("diff", "wins"))
    assert table[0].entrant == "Claire" and table[0].diff == 400 + 50 + 0


def test_equal_criteria_share_a_rank():
    table = rank(results([(("A", "B"), ("C", "D"), 100, 100)]))
    assert [s.rank for s in table] == [1, 1, 1, 1]


def test_sit_out_scores_the_average_of_the_other_rounds():
    rows = results([(("A", "B"), ("C", "D"), 200, 0), (("A", "C"), ("B", "D"), 100, 50)])
    table = {s.entrant: s for s in rank(rows, sat_out={"A": 1}, entrants=["E"])}
    assert table["A"].points == 450.0  # 300 in 2 rounds, + 150 for the round sat out
    assert table["A"].wins == 3.0 and table["A"].average == 150.0
    none = {s.entrant: s for s in rank(rows, sat_out={"A": 1}, sit_out_rule="none")}
    assert none["A"].points == 300.0 and none["A"].average == 150.0
    assert table["E"].parties == 0 and table["E"].rank == 5


def test_unknown_criterion_is_refused():
    with pytest.raises(ValueError, match="criterion"):
        rank(EVENING, order=("luck",))


def test_one_ranking_with_ties_for_standings_and_league():
    from tournaments.engine.ranking import ranked

    rows = [("Denis", 3), ("Annie", 1), ("Claire", 1), ("Bernard", 2), ("Eve", 2)]
    assert ranked(rows, key=lambda r: r[1], name=lambda r: r[0]) == [
        (1, ("Annie", 1)),
        (1, ("Claire", 1)),
        (3, ("Bernard", 2)),
        (3, ("Eve", 2)),
        (5, ("Denis", 3)),
    ]
    assert ranked([], key=lambda r: r, name=str) == []


def test_who_never_sat_down_comes_after_those_who_played_and_lost():
    lost = [Result("Bernard", -150, 300), Result("Claire", 40, 90)]
    entrants = ["Absent", "Bernard", "Claire", "Sorti"]
    table = rank(lost, entrants=entrants, sat_out={"Sorti": 1})
    # A round sat out counts (0 points here); never sitting down comes last.
    assert [s.entrant for s in table] == ["Claire", "Sorti", "Bernard", "Absent"]


def test_parties_won_read_alike_whole_or_halved():
    from django.utils import translation

    from tournaments.tables import wins_text

    with translation.override("fr"):
        assert [wins_text(v) for v in (0, 0.0, 2.5, 3.0)] == ["0", "0", "2,5", "3"]
