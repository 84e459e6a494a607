"""The club's other games on plain values: Roi and Differenzler sheets, their checks, and the
simulations that verify them over thousands of rounds (no database)."""

import random

import pytest

from scoring.games.base import InvalidGameSheet, compute
from scoring.games.differenzler.play import legal as jass_legal
from scoring.games.differenzler.rules import DIFFERENZLER, complete_points
from scoring.games.differenzler.state import DifferenzlerState
from scoring.games.roi.rules import MANCHES, ROI
from scoring.games.roi.state import RoiState, deal
from scoring.games.romer import ROMER
from scoring.games.rumoli.rules import RUMOLI

MANCHE_TOTALS = [-26, -26, -48, -40, -160, -20, 65, 65, 65, 65]


def play_manche(rng, manche, dealer):
    """Manche ``manche`` (0–9) dealt by ``dealer`` and played by random players: the
    entries."""
    state = RoiState(manche, dealer, deal(rng))
    state.play_random(rng)
    return state.result()


def play_game(rng):
    """A whole game of Roi played by random players: its 10 manches' entries."""
    return [play_manche(rng, manche, (-manche) % 4) for manche in range(len(MANCHES))]


def test_every_roi_manche_sums_to_its_total_over_simulated_play():
    rng = random.Random(1)
    specs = ROI.rounds(4, {})
    for manche, expected in enumerate(MANCHE_TOTALS):
        for _deal in range(150):
            entries = play_manche(rng, manche, dealer=rng.randrange(4))
            assert ROI.check(specs[manche], entries) == []
            assert sum(ROI.score(specs[manche], entries)) == expected


def test_a_whole_roi_game_sums_to_minus_sixty():
    rng = random.Random(2)
    for _game in range(100):
        sheet = compute(ROI, 4, play_game(rng))
        assert sheet.finished and sum(sheet.totals) == -60
        assert sheet.winners and all(sheet.totals[w] == max(sheet.totals) for w in sheet.winners)


def test_rounds_after_those_that_count_are_listed_but_in_no_total():
    """A whole Roi game of which 7 manches count: its totals are the cumul after manche 7,
    not finished; the last 3 manches are listed with their scores, pending."""
    rounds = play_game(random.Random(3))
    whole = compute(ROI, 4, rounds)
    sheet = compute(ROI, 4, rounds, counts=7)
    assert sheet.scores == whole.scores and sheet.totals == whole.cumuls[6] != whole.totals
    assert (sheet.counted, sheet.pending) == (7, 3)
    assert not sheet.finished and sheet.winners == () and sheet.complete
    assert compute(ROI, 4, rounds[:1], counts=0).totals == (0, 0, 0, 0)


ROI_REFUSALS = [
    # (manche, entries, field, code)
    (0, [{"plis": 4}, {"plis": 4}, {"plis": 4}, {"plis": 4}], "plis", "sum"),
    (
        2,
        [{"rois_valets": 9}, {"rois_valets": 0}, {"rois_valets": 0}, {"rois_valets": 0}],
        "rois_valets",
        "range",
    ),
    (5, [{"dernier": 1}, {"dernier": 1}, {"dernier": 0}, {"dernier": 0}], "dernier", "sum"),
    (
        6,
        [
            {"plis": 13, "atouts": 13},
            {"plis": 0},
            {"plis": 0, "atouts": 0},
            {"plis": 0, "atouts": 0},
        ],
        "atouts",
        "missing",
    ),
]


@pytest.mark.parametrize("manche, entries, field, code", ROI_REFUSALS)
def test_roi_checks_refuse_wrong_counts_naming_the_field(manche, entries, field, code):
    problems = ROI.check(ROI.rounds(4, {})[manche], entries)
    assert [(p.field, p.code) for p in problems][:1] == [(field, code)]
    rounds = [play_manche(random.Random(m), m, 0) for m in range(manche)] + [entries]
    with pytest.raises(InvalidGameSheet, match=f"round {manche + 1}"):
        compute(ROI, 4, rounds)


def test_roi_needs_four_players_and_ten_manches():
    with pytest.raises(InvalidGameSheet, match="4 to 4 players"):
        compute(ROI, 3, [])
    rng = random.Random(3)
    with pytest.raises(InvalidGameSheet, match="already over"):
        compute(ROI, 4, play_game(rng) + [play_manche(rng, 0, 0)])
    assert [name for _k, name, _c in MANCHES][6:] == [
        "Atout trèfle",
        "Atout carreau",
        "Atout cœur",
        "Atout pique",
    ]


def test_differenzler_rounds_hold_157_points_over_simulated_play():
    rng = random.Random(4)
    spec = DIFFERENZLER.rounds(4, {})[0]
    table = DifferenzlerState.table({}, rng)  # the deal moving one seat a round
    for _round in range(2000):
        state = table.deal()
        state.play_random(rng)
        table.collect(state)
        entries = state.result()
        assert sum(e["points"] for e in entries) == 157
        assert DIFFERENZLER.check(spec, entries) == []
        assert DIFFERENZLER.score(spec, entries) == [
            abs(e["estimate"] - e["points"]) for e in entries
        ]


def test_differenzler_lowest_total_difference_wins_after_the_clubs_rounds():
    rounds = [
        [
            {"estimate": 40, "points": 42},
            {"estimate": 30, "points": 20},
            {"estimate": 50, "points": 50},
            {"estimate": 40, "points": 45},
        ],
        [
            {"estimate": 10, "points": 0},
            {"estimate": 60, "points": 57},
            {"estimate": 40, "points": 60},
            {"estimate": 40, "points": 40},
        ],
    ]
    sheet = compute(DIFFERENZLER, 4, rounds, {"rounds": 2})
    assert sheet.totals == (12, 13, 20, 5) and sheet.finished and sheet.winners == (3,)
    assert not compute(DIFFERENZLER, 4, rounds, {"rounds": 3}).finished


def test_differenzler_refuses_points_that_do_not_add_up():
    entries = [{"estimate": 40, "points": 40}] * 4
    problems = DIFFERENZLER.check(DIFFERENZLER.rounds(4, {})[0], entries)
    assert [(p.field, p.code) for p in problems] == [("points", "sum")]
    assert "add up to 160, not 157" in problems[0].message


def test_differenzler_fourth_players_points_are_computed():
    assert complete_points([40, None, 50, 30]) == [40, 37, 50, 30]
    with pytest.raises(ValueError):
        complete_points([100, None, 50, 30])
    with pytest.raises(ValueError):
        complete_points([None, None, 50, 30])


JASS = [
    # (hand, cards already played, trump, expected legal set)
    ([("C", 6), ("C", 14), ("T", 9)], [("C", 10)], "T", {("C", 6), ("C", 14), ("T", 9)}),
    ([("K", 6), ("T", 7)], [("C", 10)], "T", {("K", 6), ("T", 7)}),  # void: any card
    # A trump was played: no lower trump while another card is allowed.
    ([("C", 6), ("T", 7)], [("C", 10), ("T", 12)], "T", {("C", 6)}),
    # Void in the colour led: he may undertrump (seed §4.5).
    ([("T", 7), ("T", 14)], [("C", 10), ("T", 12)], "T", {("T", 7), ("T", 14)}),
    ([("C", 6), ("T", 7), ("T", 14)], [("C", 10), ("T", 12)], "T", {("C", 6), ("T", 14)}),
    ([("T", 7), ("T", 8)], [("C", 10), ("T", 12)], "T", {("T", 7), ("T", 8)}),  # no choice
    # Trump led: play trump, but the Buur need not follow.
    ([("T", 8), ("C", 6)], [("T", 10)], "T", {("T", 8)}),
    ([("T", 11), ("C", 6)], [("T", 10)], "T", {("T", 11), ("C", 6)}),
]


@pytest.mark.parametrize("hand, plays, trump, expected", JASS)
def test_differenzler_obligations(hand, plays, trump, expected):
    assert set(jass_legal(hand, plays, trump)) == expected


@pytest.mark.parametrize(
    "cards, points",
    [
        ([], 0),
        ([[1, 5]], 5),
        ([[1, 5], [2, 10], [1, 20]], 5 + 10 + 3 * 20),
        (
            [[3, 0], [3, 20], [3, 3], [4, 20], [3, 5], [3, 10], [3, 20]],
            0 + 40 + 9 + 20 + 25 + 60 + 140,
        ),  # a XX of trump in 7th position scores 140
    ],
)
def test_romer_team_points(cards, points):
    from scoring.games.romer import team_points

    assert team_points(cards) == points


def test_romer_plays_to_the_target_and_refuses_bad_cards():
    team = [[1, 20]] * 7  # 20 × (1 + … + 7) = 560
    weak = [[2, 3]]
    sheet = compute(ROMER, 3, [[{"cards": team}, {"cards": weak}, {"cards": []}]])
    assert sheet.totals == (560, 3, 0) and sheet.finished and sheet.winners == (0,)
    low = compute(ROMER, 3, [[{"cards": weak}] * 3], {"target": 1000})
    assert not low.finished
    problems = ROMER.check(
        ROMER.round_spec(1, 3, {}),
        [{"cards": [[6, 5]]}, {"cards": [[1, 4]]}, {"cards": team + weak}],
    )
    assert [(p.player, p.code) for p in problems] == [
        (0, "bad_card"),
        (1, "bad_card"),
        (2, "range"),
    ]


def rumoli_coup():
    """A sound coup of 3 players: the dealer sold the dead hand for 2; the second player
    collected 12 chips and went out."""
    return [
        {
            "dealer": 1,
            "stake": 8,
            "sale": 2,
            "collected": 0,
            "cards_left": 3,
            "penalty": 0,
            "irregularite_2": 0,
        },
        {
            "dealer": 0,
            "stake": 4,
            "sale": -2,
            "collected": 12,
            "cards_left": 0,
            "penalty": 0,
            "irregularite_2": 0,
        },
        {
            "dealer": 0,
            "stake": 4,
            "sale": 0,
            "collected": 0,
            "cards_left": 5,
            "penalty": 0,
            "irregularite_2": 0,
        },
    ]


def test_rumoli_scores_a_coup():
    spec = RUMOLI.round_spec(1, 3, {})
    entries = rumoli_coup()
    assert RUMOLI.check(spec, entries) == []
    # The winner collects 12 and receives 3 + 5 for the cards left.
    assert RUMOLI.score(spec, entries) == [-8 + 2 - 3, -4 - 2 + 12 + 8, -4 - 5]


RUMOLI_REFUSALS = [
    ({(1, "dealer"): 1}, "dealer", "one_dealer"),
    ({(2, "stake"): 3}, "stake", "stake"),
    ({(1, "sale"): -3}, "sale", "sum"),
    ({(2, "sale"): 2, (0, "sale"): 0, (1, "sale"): -2}, "sale", "sale_not_dealer"),
    ({(1, "collected"): 17}, "collected", "board"),
    ({(1, "collected"): 6}, "collected", "whole_cards"),
    ({(2, "cards_left"): 0}, "cards_left", "two_winners"),
    ({(0, "penalty"): -3}, "penalty", "sum"),
]


@pytest.mark.parametrize("changes, field, code", RUMOLI_REFUSALS)
def test_rumoli_refuses_a_ledger_that_loses_chips(changes, field, code):
    problems = RUMOLI.check(RUMOLI.round_spec(1, 3, {}), _changed(changes))
    assert (field, code) in [(p.field, p.code) for p in problems]


def _changed(changes):
    entries = rumoli_coup()
    for (player, key), value in changes.items():
        entries[player][key] = value
    return entries


def test_rumoli_board_carries_over():
    first = rumoli_coup()
    first[1]["collected"] = 0  # nobody collects: 16 chips stay on the board
    second = rumoli_coup()
    second[1]["collected"] = 16 + 16
    assert RUMOLI.check(RUMOLI.round_spec(2, 3, {}), second, [first]) == []
    second[1]["collected"] = 33
    problems = RUMOLI.check(RUMOLI.round_spec(2, 3, {}), second, [first])
    assert [p.code for p in problems] == ["board"]


@pytest.mark.parametrize("chips", [4, 5])
def test_rumoli_chips_on_one_card_without_a_total_are_refused(chips):
    """A player who says he took a boodle card's chips but collected nothing in all (the
    phone's per-card field filled, not the total) is refused, not a server error."""
    entries = _changed({(0, "collected_vp"): chips})
    problems = RUMOLI.check(RUMOLI.round_spec(1, 3, {}), entries)
    assert problems and {p.player for p in problems} <= {0, None}
