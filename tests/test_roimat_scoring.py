"""Scoring of one donne and of a partie, row by row (ROIMAT.md §4–7, seed §7 and §12).

Plain values: no database.
"""

import pytest

from scoring.roimat.partie import InvalidSheet, compute_sheet, next_dealer
from scoring.roimat.rules import RuleSet
from scoring.roimat.scoring import DonneEntry, coefficient, round_to_ten, validate_donne
from scoring.roimat.stats import player_stats

CLUB = RuleSet("club-8")
OFFICIAL = RuleSet("official-1000")


def donne(**kwargs) -> DonneEntry:
    values = {"dealer": "N", "trump": "R", "plis_ns": 5, "points_ns": 70, "roi_au_bout": True}
    values.update(kwargs)
    return DonneEntry(**values)


# The seed's table (§7) of the taking team's possibilities: ROI, 5 plis, made, failed.
# Dealer N: the taking team is N/S. "Réussi" = each announcement succeeds, "Echec" = fails;
# the two mixed lines are one success and one failure.
#   contre on the plis succeeds when O/E makes fewer than 5 plis (N/S 5+);
#   surcontre on the roi succeeds when the Roi au bout is made.
EP_TABLE = [
    # (contre_plis, surcontre_roi, plis_ns, roi_au_bout, expected coefficient of N/S)
    (True, False, 5, True, +2),  # - C  réussi  +X2
    (True, False, 4, True, -2),  # - C  échec   -X2
    (False, True, 5, True, +4),  # SC - réussi  +X4
    (False, True, 5, False, -4),  # SC - échec  -X4
    (True, True, 6, True, +6),  # SC C réussi  +X6
    (True, True, 3, False, -6),  # SC C échec   -X6
    (True, True, 3, True, +2),  # SC* C°: +4 − 2
    (True, True, 6, False, -2),  # SC° C*: +2 − 4
]


@pytest.mark.parametrize("contre_plis, surcontre_roi, plis_ns, roi, expected", EP_TABLE)
def test_taking_team_coefficient_follows_the_seed_table(
    contre_plis, surcontre_roi, plis_ns, roi, expected
):
    entry = donne(
        contre_plis=contre_plis,
        contre_roi=surcontre_roi,  # a surcontre answers the other team's contre
        surcontre_roi=surcontre_roi,
        plis_ns=plis_ns,
        points_ns=60,
        roi_au_bout=roi,
    )
    assert coefficient(entry, "ns") == expected


# "Même chose pour l'équipe adverse": O/E's contre on the roi and surcontre on the plis.
EA_TABLE = [
    # (contre_roi, surcontre_plis, plis_ns, roi_au_bout, expected coefficient of O/E)
    (True, False, 5, False, +2),
    (True, False, 5, True, -2),
    (False, True, 4, True, +4),
    (False, True, 5, True, -4),
    (True, True, 3, False, +6),
    (True, True, 6, True, -6),
    (True, True, 3, True, +2),  # surcontre made, contre failed: +4 − 2
    (True, True, 6, False, -2),  # contre made, surcontre failed: +2 − 4
]


@pytest.mark.parametrize("contre_roi, surcontre_plis, plis_ns, roi, expected", EA_TABLE)
def test_other_team_coefficient_mirrors_the_table(
    contre_roi, surcontre_plis, plis_ns, roi, expected
):
    entry = donne(
        contre_roi=contre_roi,
        contre_plis=surcontre_plis,
        surcontre_plis=surcontre_plis,
        plis_ns=plis_ns,
        points_ns=60,
        roi_au_bout=roi,
    )
    assert coefficient(entry, "oe") == expected


def test_contre_of_one_team_does_not_change_the_other_teams_coefficient():
    entry = donne(contre_plis=True, plis_ns=6, points_ns=90)
    assert coefficient(entry, "ns") == 2
    assert coefficient(entry, "oe") == 0


# One row per worked donne: rules, entry, (N/S total, O/E total), in points.
TOTALS = [
    ("club, both contracts plain", CLUB, donne(plis_ns=6, points_ns=84), (100, -100)),
    ("club, taker fails", CLUB, donne(plis_ns=3, points_ns=40, roi_au_bout=False), (-100, 100)),
    (
        "official, taker fails -70, EA makes +70",
        OFFICIAL,
        donne(plis_ns=3, points_ns=40, roi_au_bout=False),
        (-70, 70),
    ),
    ("official, both made", OFFICIAL, donne(plis_ns=5, points_ns=70), (100, -100)),
    (
        "official, O/E deals",
        OFFICIAL,
        donne(dealer="E", plis_ns=5, points_ns=70, roi_au_bout=False),
        (70, -70),
    ),
    (
        "official, both fail",
        OFFICIAL,
        donne(dealer="E", plis_ns=4, points_ns=50, roi_au_bout=False),
        (-100, -70),
    ),
    ("contre made adds 2 × points", CLUB, donne(contre_plis=True, points_ns=67), (234, -100)),
    (
        "contre failed takes 2 × points",
        CLUB,
        donne(contre_plis=True, plis_ns=4, points_ns=61),
        (-22, 100),
    ),
    (
        "surcontre on the roi made, ×4",
        CLUB,
        donne(contre_roi=True, surcontre_roi=True, plis_ns=6, points_ns=80),
        (420, -100 - 2 * 48),
    ),
    (
        "both teams contre and surcontre",
        CLUB,
        donne(
            dealer="E",
            contre_plis=True,
            contre_roi=True,
            surcontre_plis=True,
            surcontre_roi=True,
            plis_ns=2,
            points_ns=15,
            roi_au_bout=False,
        ),
        (-130, -326),
    ),
]


@pytest.mark.parametrize("name, rules, entry, expected", TOTALS, ids=[t[0] for t in TOTALS])
def test_donne_totals(name, rules, entry, expected):
    sheet = compute_sheet([entry], rules)
    assert (sheet.rows[0].ns.total, sheet.rows[0].oe.total) == expected


ROUNDING = [
    # (coefficient × points as played, rounded product)
    (134, 130),
    (126, 130),
    (124, 120),
    (236, 240),
    (-122, -120),
    (-126, -130),
    (-244, -240),
    (0, 0),
    (402, 400),
]


@pytest.mark.parametrize("product, rounded", ROUNDING)
def test_round_to_ten_half_up_away_from_zero(product, rounded):
    assert round_to_ten(product) == rounded


def test_rounding_option_rounds_the_product_before_the_contract():
    rounded = RuleSet("club-8", rounding=True)
    made = donne(contre_plis=True, points_ns=67)  # 2 × 67 = 134
    failed = donne(contre_plis=True, plis_ns=4, points_ns=61)  # −2 × 61 = −122
    assert compute_sheet([made], rounded).total_ns == 100 + 130
    assert compute_sheet([made], CLUB).total_ns == 100 + 134
    assert compute_sheet([failed], rounded).total_ns == 100 - 120


def test_faults_escalate_per_player():
    entries = [donne(faults=("N",)), donne(faults=("N",)), donne(faults=("N", "S"))]
    rows = compute_sheet(entries, CLUB).rows
    assert [row.ns.penalty for row in rows] == [50, 100, 150 + 50]
    # N/S's positive totals (100) become 0 before the penalty.
    assert [row.ns.total for row in rows] == [-50, -100, -200]
    assert [row.oe.penalty for row in rows] == [0, 0, 0]


def test_team_fault_counting_shares_the_count_between_partners():
    rules = RuleSet("club-8", fault_counting="team")
    rows = compute_sheet([donne(faults=("N",)), donne(faults=("S",))], rules).rows
    assert [row.ns.penalty for row in rows] == [50, 100]
    rows = compute_sheet([donne(faults=("N",)), donne(faults=("S",))], CLUB).rows
    assert [row.ns.penalty for row in rows] == [50, 50]


def test_two_faults_of_one_player_in_a_donne_add_both_penalties():
    row = compute_sheet([donne(faults=("E", "E"))], CLUB).rows[0]
    assert row.oe.penalty == 50 + 100
    assert row.oe.total == -100 - 150  # negative total kept, penalty subtracted


def test_annulled_donne_scores_nothing_and_does_not_count():
    entries = [donne(), donne(annulled=True, plis_ns=0, points_ns=0)] + [donne()] * 7
    sheet = compute_sheet(entries, CLUB)
    assert sheet.rows[1].ns is None and sheet.rows[1].counted is None
    assert sheet.counted == 8 and sheet.finished
    assert sheet.as_dict()["donnes"][1] == {"annulled": True}


def test_club_partie_ends_after_eight_counted_donnes():
    sheet = compute_sheet([donne()] * 7, CLUB)
    assert not sheet.finished and sheet.winner is None
    sheet = compute_sheet([donne()] * 8, CLUB)
    assert sheet.finished and sheet.winner == "ns"
    with pytest.raises(InvalidSheet) as refused:
        compute_sheet([donne()] * 9, CLUB)
    assert refused.value.donne == 9 and refused.value.problem.code == "after_end"


def test_donnes_after_those_that_count_are_listed_but_in_no_total():
    """A sheet of 8 donnes of which 6 count: the totals, the end and the winner are those of
    the 6; donnes 7 and 8 are listed with their own score, marked pending."""
    whole = compute_sheet([donne()] * 8, CLUB)
    six = compute_sheet([donne()] * 6, CLUB)
    sheet = compute_sheet([donne()] * 8, CLUB, counts=6)
    assert (
        (sheet.total_ns, sheet.total_oe)
        == (six.total_ns, six.total_oe)
        != (
            whole.total_ns,
            whole.total_oe,
        )
    )
    assert [row.pending for row in sheet.rows] == [False] * 6 + [True] * 2
    assert sheet.rows[7].ns == whole.rows[7].ns  # scored as it would count
    assert (sheet.counted, sheet.pending) == (6, 2)
    assert not sheet.finished and sheet.winner is None and sheet.complete
    assert player_stats([(sheet, "ns")]) == player_stats([(six, "ns")])  # a player's figures
    nothing = compute_sheet([donne()], CLUB, counts=0)
    assert (nothing.total_ns, nothing.total_oe, nothing.counted) == (0, 0, 0)
    assert compute_sheet([donne()] * 8, CLUB, counts=8) == whole


def test_club_partie_can_end_in_a_draw():
    ns_wins = donne(plis_ns=6, points_ns=84)
    oe_wins = donne(dealer="E", plis_ns=3, points_ns=30, roi_au_bout=True)
    sheet = compute_sheet([ns_wins, oe_wins] * 4, CLUB)
    assert sheet.finished and sheet.total_ns == sheet.total_oe and sheet.winner is None


def test_official_partie_ends_when_a_team_reaches_the_target():
    big = donne(contre_plis=True, contre_roi=True, surcontre_roi=True, plis_ns=6, points_ns=100)
    # N/S: 100 + 6 × 100 = 700 per donne.
    sheet = compute_sheet([big], OFFICIAL)
    assert not sheet.finished
    sheet = compute_sheet([big, big], OFFICIAL)
    assert sheet.finished and sheet.winner == "ns" and sheet.total_ns == 1400
    with pytest.raises(InvalidSheet):
        compute_sheet([big, big, donne()], OFFICIAL)


def test_official_target_is_configurable():
    rules = RuleSet("official-1000", target=300)
    assert compute_sheet([donne()] * 3, rules).finished
    assert not compute_sheet([donne()] * 2, rules).finished


def test_official_equal_totals_over_the_target_play_on():
    rules = RuleSet("official-1000", target=150)
    # Both contracts made each time: the taker +100, the other team +70.
    n_deals = donne(dealer="N", plis_ns=4, points_ns=50, roi_au_bout=True)
    e_deals = donne(dealer="E", plis_ns=5, points_ns=70, roi_au_bout=True)
    sheet = compute_sheet([n_deals, e_deals], rules)
    assert (sheet.total_ns, sheet.total_oe) == (170, 170)
    assert not sheet.finished
    sheet = compute_sheet([n_deals, e_deals, n_deals], rules)
    assert (
        sheet.finished
        and sheet.winner == "ns"
        and (sheet.total_ns, sheet.total_oe)
        == (
            270,
            240,
        )
    )


REFUSALS = [
    # (entry, field, code)
    (donne(plis_ns=10), "plis_ns", "plis_range"),
    (donne(plis_ns=-1), "plis_ns", "plis_range"),
    (donne(points_ns=129), "points_ns", "points_range"),
    (donne(points_ns=-3), "points_ns", "points_range"),
    (donne(plis_ns=5, points_ns=23), "points_ns", "points_for_plis"),
    (donne(plis_ns=5, points_ns=113), "points_ns", "points_for_plis"),
    (donne(plis_ns=1, points_ns=41), "points_ns", "points_for_plis"),
    (donne(plis_ns=0, points_ns=1), "points_ns", "points_for_plis"),
    (donne(plis_ns=9, points_ns=127), "points_ns", "points_for_plis"),
    (donne(surcontre_plis=True), "surcontre_plis", "surcontre_without_contre"),
    (donne(surcontre_roi=True), "surcontre_roi", "surcontre_without_contre"),
    (donne(plis_ns=0, points_ns=0, roi_au_bout=True), "roi_au_bout", "roi_without_pli"),
    (
        donne(dealer="E", plis_ns=9, points_ns=128, roi_au_bout=True),
        "roi_au_bout",
        "roi_without_pli",
    ),
    (donne(dealer="X"), "dealer", "bad_seat"),
    (donne(trump="Z"), "trump", "bad_colour"),
    (donne(trumps=0), "trumps", "trumps_range"),
    (donne(trumps=10), "trumps", "trumps_range"),
    (donne(faults=("Q",)), "faults", "bad_seat"),
    (donne(faults=("N",) * 10), "faults", "faults_range"),
]


@pytest.mark.parametrize("entry, field, code", REFUSALS)
def test_entry_checks_refuse_and_name_the_field(entry, field, code):
    problems = validate_donne(entry)
    assert [(p.field, p.code) for p in problems][:1] == [(field, code)]
    with pytest.raises(InvalidSheet) as refused:
        compute_sheet([donne(), entry], CLUB)
    assert refused.value.donne == 2
    assert refused.value.problem.field == field
    assert f"donne 2, {field}" in str(refused.value)


@pytest.mark.parametrize(
    "plis, low, high",
    [(0, 0, 0), (1, 4, 40), (4, 16, 104), (5, 24, 112), (8, 88, 124), (9, 128, 128)],
)
def test_points_for_plis_bounds_are_accepted(plis, low, high):
    for points in (low, high):
        assert validate_donne(donne(plis_ns=plis, points_ns=points, roi_au_bout=False)) == []


def test_roi_au_bout_for_o_e_taker_with_one_pli_is_accepted():
    assert validate_donne(donne(dealer="O", plis_ns=8, points_ns=100)) == []


def test_next_dealer_turns_left_and_repeats_after_an_annulled_donne():
    assert next_dealer([]) == "N"
    assert next_dealer([donne(dealer="S")]) == "O"
    assert next_dealer([donne(dealer="O")]) == "N"
    assert next_dealer([donne(dealer="E", annulled=True)]) == "E"
