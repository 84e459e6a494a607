"""The end of a round and of a partie at a remote table of any game, in plain Python: what a
round put on the sheet (its own points, not the totals), the winners named once the partie
is over, and Differenzler's simulated players, who estimate from their hand."""

import random

from scoring.games.differenzler.rules import DIFFERENZLER
from scoring.games.differenzler.state import ESTIMATOR, DifferenzlerState
from scoring.games.roi.rules import ROI
from scoring.games.roi.state import RoiState
from scoring.games.simulate import GameSheetRules, dealing_table
from scoring.play.live import LiveTable, seat_names
from scoring.play.players import GREEDY
from scoring.roimat.rules import RuleSet
from scoring.roimat.seats import SEATS
from scoring.roimat.state import RoimatTable
from scoring.roimat.table import ROBOT, RoimatSheet


def game_table(rules, state, players, options, robot, seed="1"):
    dealing = dealing_table(rules, state, players, options, random.Random(seed))
    sheet = GameSheetRules(rules, players, options)
    table = LiveTable(dealing, sheet, seat_names(players), seed, robot)
    table.start()
    return table


def views_after_each_round(table: LiveTable, robot, rounds: int):
    """The table's view (a spectator's) just after each of its first ``rounds`` rounds that
    put something on the sheet, the moves made one by one by ``robot`` through ``play``."""
    views = []
    rng = random.Random(0)
    while len(views) < rounds and not table.finished:
        state = table.state
        table.play(table.to_move(), table.seq, state.move_text(robot.choose(state, rng)))
        if len(table.results) > len(views):
            views.append(table.view(None))
    return views


def test_each_round_over_shows_its_own_points_then_the_totals():
    table = game_table(ROI, RoiState, 4, {}, GREEDY)
    views = views_after_each_round(table, GREEDY, 3)
    totals = dict.fromkeys(seat_names(4), 0)
    for number, view in enumerate(views, start=1):
        own = view["ended"]["scores"]
        spec = ROI.round_spec(number, 4, {})
        assert list(own.values()) == ROI.score(spec, table.results[number - 1])
        assert view["ended"]["name"] == spec.name
        totals = {seat: totals[seat] + points for seat, points in own.items()}
        assert view["totals"] == totals
    assert views[1]["ended"]["scores"] != views[1]["totals"]  # not the running totals


def test_the_winners_are_named_once_the_partie_is_over():
    table = game_table(DIFFERENZLER, DifferenzlerState, 4, {"rounds": 2}, ESTIMATOR)
    assert table.view("1")["winners"] == []
    table.play_robots(seat_names(4))
    view = table.view("2")
    assert view["finished"]
    best = min(view["totals"].values())
    assert view["winners"] == [s for s, t in view["totals"].items() if t == best]
    assert view["winners"]


def test_a_roimat_partie_over_names_the_winning_team():
    rules = RuleSet("club-8")
    table = LiveTable(RoimatTable(rules, random.Random("2")), RoimatSheet(rules), SEATS, "2", ROBOT)
    table.start()
    table.play_robots(SEATS)
    view = table.view(None)
    totals = view["totals"]
    if totals["N"] == totals["E"]:
        assert view["winners"] == []
    else:
        team = "NS" if totals["N"] > totals["E"] else "EO"
        assert sorted(view["winners"]) == sorted(team)
    scores = view["ended"]["scores"]
    assert scores["N"] == scores["S"] and scores["E"] == scores["O"]


def test_a_finished_tour_shows_each_estimate_and_the_points_taken():
    table = game_table(DIFFERENZLER, DifferenzlerState, 4, {"rounds": 2}, ESTIMATOR)
    (view,) = views_after_each_round(table, ESTIMATOR, 1)
    before, entries = view["before"], table.results[0]
    assert before["estimates"] == [e["estimate"] for e in entries]
    assert before["points"] == [e["points"] for e in entries]  # the last pli's 5 with them
    assert sum(before["points"]) == 157
    differences = [abs(e["estimate"] - e["points"]) for e in entries]
    assert list(view["ended"]["scores"].values()) == differences


def differences(player, tours: int, seed: str) -> float:
    """The mean |estimate − points| of four ``player``s over ``tours`` tours."""
    rng = random.Random(seed)
    table = DifferenzlerState.table({}, rng)
    total = 0
    for _tour in range(tours):
        state = table.deal()
        while not state.is_over():
            state.push(player.choose(state, rng))
        table.collect(state)
        total += sum(abs(e["estimate"] - e["points"]) for e in state.result())
    return total / (4 * tours)


def test_differenzler_robots_estimate_from_their_hand_and_miss_by_less_than_zero():
    estimating = differences(ESTIMATOR, 1000, "tours")
    always_zero = differences(GREEDY, 1000, "tours")
    assert estimating < always_zero


def test_differenzler_robots_do_not_all_write_zero():
    table = game_table(DIFFERENZLER, DifferenzlerState, 4, {"rounds": 3}, ESTIMATOR)
    table.play_robots(seat_names(4))
    estimates = [e["estimate"] for entries in table.results for e in entries]
    assert len(set(estimates)) > 3 and 0 < sum(estimates) / len(estimates) < 157
