"""Entry checks of Roi, Römer, Rumoli and Differenzler, from the seeds (issue 12): one row a
rule, valid and refused sheets, through ``base.compute`` as the site and the commands call it
(no database)."""

import copy

import pytest

from scoring.games.base import InvalidGameSheet, compute
from scoring.games.differenzler.rules import DIFFERENZLER
from scoring.games.notation import parse_game_sheet
from scoring.games.roi.rules import ROI
from scoring.games.romer import ROMER
from scoring.games.rumoli.rules import RUMOLI

GAMES = {game.key: game for game in (ROI, ROMER, RUMOLI, DIFFERENZLER)}


def refusal(game, players, rounds, options=None):
    """(round, player, field, code) of the refusal, or None when the sheet is accepted."""
    try:
        compute(game, players, rounds, options)
    except InvalidGameSheet as error:
        p = error.problem
        return (error.round, p.player, p.field, p.code)
    return None


# -- every game: options, keys, entries


SHEET_REFUSALS = [
    # (game, players, rounds, options, expected refusal)
    ("rumoli", 3, [], {"rounds": 0}, (0, None, "options.rounds", "range")),
    ("differenzler", 4, [], {"rounds": "4"}, (0, None, "options.rounds", "not_whole")),
    ("differenzler", 4, [], {"rounds": True}, (0, None, "options.rounds", "not_whole")),
    ("romer", 3, [], {"target": "beaucoup"}, (0, None, "options.target", "not_whole")),
    ("romer", 3, [], {"target": 499}, (0, None, "options.target", "range")),
    ("romer", 3, [], {"target": 0}, (0, None, "options.target", "range")),
    ("romer", 3, [], {"target": 500.5}, (0, None, "options.target", "not_whole")),
    ("roi", 4, [], {"rounds": 3}, (0, None, "options.rounds", "unknown")),
    ("rumoli", 3, [], {"stakes": "libre"}, (0, None, "options.stakes", "choice")),
    ("rumoli", 3, [], {"same_colour": "yes"}, (0, None, "options.same_colour", "not_flag")),
    ("rumoli", 3, [], {"variant": 2}, (0, None, "options.variant", "unknown")),
    (
        "roi",
        4,
        [[{"plis": 13, "pli": 1}, {"plis": 0}, {"plis": 0}, {"plis": 0}]],
        {},
        (1, 0, "pli", "unknown"),
    ),
    (
        "roi",
        4,
        [[{"plis": "13"}, {"plis": 0}, {"plis": 0}, {"plis": 0}]],
        {},
        (1, 0, "plis", "not_whole"),
    ),
    ("roi", 4, [[{"plis": 13}, {"plis": 0}, {"plis": 0}, 7]], {}, (1, 3, "entry", "not_entry")),
    ("romer", 2, [[{"cards": [], "card": 1}, {"cards": []}]], {}, (1, 0, "card", "unknown")),
    (
        "differenzler",
        4,
        [[{"estimate": 1, "points": 157, "bonus": 0}] + [{"estimate": 0, "points": 0}] * 3],
        {},
        (1, 0, "bonus", "unknown"),
    ),
]


@pytest.mark.parametrize("key, players, rounds, options, expected", SHEET_REFUSALS)
def test_sheets_that_cannot_be_read_are_refused_naming_the_field(
    key, players, rounds, options, expected
):
    assert refusal(GAMES[key], players, rounds, options) == expected


@pytest.mark.parametrize(
    "key, options",
    [
        (
            "rumoli",
            {
                "rounds": 1,
                "stakes": "free",
                "stake": 6,
                "same_colour": True,
                "stop_when_stuck": False,
            },
        ),
        ("romer", {"target": 500}),
        ("romer", {"target": 1500}),
        ("differenzler", {"rounds": 30}),
        ("roi", {}),
    ],
)
def test_valid_options_are_accepted(key, options):
    game = GAMES[key]
    assert (
        refusal(game, game.seats[0] + 1 if key == "rumoli" else game.seats[0], [], options) is None
    )


def test_a_sheet_with_unknown_option_is_refused_when_read():
    sheet = parse_game_sheet(
        {"game": "rumoli", "options": {"stakes": "open"}, "players": ["A", "B", "C"]}, RUMOLI
    )
    with pytest.raises(InvalidGameSheet, match="options.stakes: must be one of standard, free"):
        compute(RUMOLI, 3, sheet.rounds, sheet.options)


# -- Roi: what a player took fits in the tricks he won


def manche(key, counts, plis=None):
    """A Roi manche's entries: ``counts`` of its field per player, ``plis`` when given."""
    if plis is None:
        return [{key: c} for c in counts]
    return [{key: c, "plis": p} for c, p in zip(counts, plis, strict=True)]


def roi_rounds(number, entries):
    """Sound manches before manche ``number`` (1-based), then ``entries``."""
    before = [
        manche("plis", [13, 0, 0, 0]),
        manche("coeurs", [13, 0, 0, 0]),
        manche("rois_valets", [8, 0, 0, 0]),
        manche("dames", [4, 0, 0, 0]),
        manche("rois", [4, 0, 0, 0]),
        manche("dernier", [1, 0, 0, 0]),
    ]
    return before[: number - 1] + [entries]


def trump_manche(plis, atouts):
    return [{"plis": p, "atouts": a} for p, a in zip(plis, atouts, strict=True)]


ROI_ROWS = [
    # (manche, entries, refusal or None)
    (2, manche("coeurs", [13, 0, 0, 0]), None),  # plis not entered: counts alone
    (2, manche("coeurs", [13, 0, 0, 0], [4, 3, 3, 3]), None),
    (2, manche("coeurs", [13, 0, 0, 0], [3, 4, 3, 3]), (2, 0, "coeurs", "beyond_tricks")),
    (2, manche("coeurs", [10, 3, 0, 0], [13, 0, 0, 0]), (2, 1, "coeurs", "without_trick")),
    (2, manche("coeurs", [13, 0, 0, 0], [4, 4, 4, 4]), (2, None, "plis", "sum")),
    (3, manche("rois_valets", [8, 0, 0, 0], [2, 5, 3, 3]), None),
    (3, manche("rois_valets", [8, 0, 0, 0], [1, 6, 3, 3]), (3, 0, "rois_valets", "beyond_tricks")),
    (4, manche("dames", [1, 1, 1, 1], [1, 1, 1, 10]), None),
    (4, manche("dames", [2, 1, 1, 0], [0, 4, 4, 5]), (4, 0, "dames", "without_trick")),
    (5, manche("rois", [0, 0, 0, 4], [13, 0, 0, 0]), (5, 3, "rois", "without_trick")),
    (6, manche("dernier", [0, 1, 0, 0], [13, 0, 0, 0]), (6, 1, "dernier", "without_trick")),
    (6, manche("dernier", [0, 1, 0, 0], [12, 1, 0, 0]), None),
    (7, trump_manche([3, 4, 3, 3], [13, 0, 0, 0]), (7, 0, "atouts", "beyond_tricks")),
    (7, trump_manche([4, 3, 3, 3], [12, 1, 0, 0]), None),
    (7, trump_manche([13, 0, 0, 0], [12, 1, 0, 0]), (7, 1, "atouts", "without_trick")),
    (
        1,
        [{"plis": 13, "coeurs": 0}, {"plis": 0}, {"plis": 0}, {"plis": 0}],
        (1, 0, "coeurs", "unknown"),
    ),
]


@pytest.mark.parametrize("number, entries, expected", ROI_ROWS)
def test_roi_counts_fit_in_the_tricks_won(number, entries, expected):
    rounds = roi_rounds(number, entries) if number <= 6 else roi_rounds(7, entries)
    if number == 7:
        rounds = roi_rounds(7, entries)
    assert refusal(ROI, 4, rounds) == expected


def test_roi_manches_name_their_contract_and_how_they_score():
    specs = ROI.rounds(4, {})
    assert [s.name for s in specs][:2] == ["Pas de plis", "Pas de cœurs"]
    assert specs[1].rule == "−2 par cœur (13 en tout)"
    assert specs[2].rule == "−6 par roi ou valet (8 en tout)"
    assert specs[5].rule == "−20 pour le dernier pli"
    assert specs[6].rule == "+4 par pli (13 en tout), +1 par atout (13 en tout)"
    assert [f.key for f in specs[1].optional] == ["plis"] and specs[0].optional == ()


# -- Römer: the deck bounds the teams, one team of seven, the target


def team(*cards):
    return {"cards": [list(c) for c in cards]}


ROMER_ROWS = [
    # (teams, options, refusal or None)
    ([team((1, 20)), team((2, 0))], {}, None),
    ([team(*[(1, 0)] * 4), team(*[(1, 0)] * 3)], {}, None),  # 7 Césars of colour 1
    ([team(*[(1, 0)] * 4), team(*[(1, 0)] * 4)], {}, (1, None, "cards", "deck_cesars")),
    (
        [team(*[(2, 5)] * 7), team(*[(2, 3)] * 6), team((2, 10), (2, 20))],
        {},
        (1, None, "cards", "deck_valued"),
    ),
    ([team(*[(3, 5)] * 7), team(*[(4, 5)] * 7)], {}, (1, None, "cards", "two_sevens")),
    ([team(*[(3, 5)] * 7), team(*[(4, 5)] * 6)], {}, None),
    ([team((6, 5)), team()], {}, (1, 0, "card 1", "bad_card")),
    ([team((1, True)), team()], {}, (1, 0, "card 1", "bad_card")),
    ([team(*[(1, 5)] * 8), team()], {}, (1, 0, "cards", "range")),
]


@pytest.mark.parametrize("teams, options, expected", ROMER_ROWS)
def test_romer_teams_within_the_deck(teams, options, expected):
    assert refusal(ROMER, len(teams), [teams], options) == expected


def test_romer_plays_to_500_or_more():
    seven = team(*[(1, 20)] * 7)  # 20 × (1 + … + 7) = 560
    assert compute(ROMER, 2, [[seven, team()]]).finished
    sheet = compute(ROMER, 2, [[seven, team()]], {"target": 1000})
    assert not sheet.finished and sheet.totals == (560, 0)
    assert compute(ROMER, 2, [[seven, team()]] * 2, {"target": 1000}).winners == (0,)


# -- Rumoli


def coup(**changes):
    """A sound coup of 3 players, the dealer first: the dealer sold the dead hand for 2 to
    player 2, who collected the 12 chips of A♥ and went out."""
    entries = [
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
            "collected": 4,
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
    for name, value in changes.items():
        field, player = name.rsplit("_", 1)
        entries[int(player)][field] = value
    return entries


def coup4(**changes):
    """A sound coup of 4 players, the dealer first, nothing sold: each boodle card holds 5
    chips (1 + 1 + 1 + 2); player 1 collected the 5 of A♥ and went out."""
    entries = [
        {"dealer": 1, "stake": 8, "collected": 0, "cards_left": 2},
        {"dealer": 0, "stake": 4, "collected": 5, "cards_left": 0},
        {"dealer": 0, "stake": 4, "collected": 0, "cards_left": 3},
        {"dealer": 0, "stake": 4, "collected": 0, "cards_left": 4},
    ]
    for entry in entries:
        entry.update({"sale": 0, "penalty": 0, "irregularite_2": 0})
    for name, value in changes.items():
        field, player = name.rsplit("_", 1)
        entries[int(player)][field] = value
    return entries


BY_CARD = {"collected_ac_1": 4, "collected_rt_1": 0, "collected_dk_1": 0, "collected_vp_1": 0}
STAKES_FREE = {"stake_0": 6, "stake_1": 6, "stake_2": 6}

#: The seed's sentences (``rumoli-regle.txt``) the cases below hold the sheet to.
STAKE = "chacun met un jeton sur chacune des cartes du tableau"
DEALER = "Le donneur, lui, doit mettre deux jetons sur chaque carte."
AGREED = "1- La mise : on fixe une mise qui n'est pas nécessairement de quatre jetons par joueur."
SALE = "il a le privilège de vendre la main du mort au plus offrant"
DEALT = "Tous les joueurs n'auront pas nécessairement le même nombre de cartes"
COLLECT = (
    "Quand un joueur joue une carte identique à une des cartes du tableau, il ramasse les "
    "jetons qui sont sur cette carte."
)
IRREGULARITY_1 = (
    "il donne un jeton à chacun de ses adversaires. De plus, il lui est interdit de ramasser "
    "les jetons d'une carte du tableau même s'il joue une carte de même valeur."
)
IRREGULARITY_2 = (
    "le joueur pris en défaut ne peut gagner le coup ni collecter les jetons qui se trouvent "
    "sur une carte payante même si, par la suite, il joue une carte de même valeur."
)
PENALTY_2 = (
    "le joueur pris en défaut doit donner au joueur lésé un nombre de jetons égal à ceux qui "
    "sont sur la carte."
)
END = "Le coup prend fin quand l'un des joueurs se débarrasse de sa dernière carte."
FREE_6 = {"stakes": "free", "stake": 6}

RUMOLI_ROWS = [
    # (seed, players, entries, options, refusal or None)
    (STAKE, 3, coup(), {}, None),
    (STAKE, 3, coup(stake_2=3), {}, (1, 2, "stake", "stake")),
    (
        STAKE,
        3,
        coup(stake_ac_0=5, stake_rt_0=1, stake_dk_0=1, stake_vp_0=1),
        {},
        (1, 0, "stake_ac", "stake"),
    ),
    # Variant 1 keeps the dealer's double stake, unless the club says otherwise.
    (DEALER, 3, coup(stake_0=12, stake_1=6, stake_2=6), FREE_6, None),
    (DEALER, 3, coup(**STAKES_FREE), FREE_6, (1, 0, "stake", "stake")),
    (DEALER, 3, coup(**STAKES_FREE), {**FREE_6, "dealer_stakes": "single"}, None),
    (DEALER, 3, coup(), {"stakes": "free"}, None),  # the agreed 4, the dealer 8
    (DEALER, 3, coup(stake_0=4, collected_1=3), {"dealer_stakes": "single"}, None),
    (AGREED, 3, coup(stake_0=8, stake_1=5, stake_2=5), FREE_6, (1, 0, "stake", "stake")),
    # One highest bidder buys the dead hand; only the dealer is paid.
    (SALE, 3, coup(sale_0=4, sale_2=-2), {}, (1, 2, "sale", "one_buyer")),
    (SALE, 3, coup(sale_0=0, sale_2=2), {}, (1, 2, "sale", "sale_not_dealer")),
    (SALE, 3, coup(sale_0=0, sale_1=0), {}, None),  # the dealer need not sell
    # A hand never ends with more cards than dealt: 52 cards to 4 hands, 13 each.
    (DEALT, 3, coup(cards_left_2=13), {}, None),
    (DEALT, 3, coup(cards_left_2=14), {}, (1, 2, "cards_left", "dealt")),
    # A collection is a whole card's chips (3 players: 4 a card; 4 players: 5).
    (COLLECT, 3, coup(collected_1=6), {}, (1, 1, "collected", "whole_cards")),
    (COLLECT, 3, coup(collected_1=8), {}, None),
    (COLLECT, 3, coup(collected_1=4, collected_2=8), {}, None),
    (COLLECT, 3, coup(collected_1=17), {}, (1, None, "collected", "board")),
    (COLLECT, 4, coup4(collected_1=7), {}, (1, 1, "collected", "whole_cards")),
    (COLLECT, 4, coup4(collected_1=10, collected_2=10), {}, None),
    (COLLECT, 3, coup(**BY_CARD), {}, None),
    (
        COLLECT,
        3,
        coup(**{**BY_CARD, "collected_ac_1": 3, "collected_rt_1": 1}),
        {},
        (1, 1, "collected_ac", "boodle_card"),
    ),
    (
        COLLECT,
        3,
        coup(**{**BY_CARD, "collected_ac_1": 3}),
        {},
        (1, 1, "collected_ac", "boodle_sum"),
    ),
    (
        COLLECT,
        3,
        coup(collected_1=8, collected_0=0, **{**BY_CARD, "collected_ac_1": 8}),
        {},
        (1, 1, "collected_ac", "boodle_card"),
    ),
    (
        COLLECT,
        3,
        coup(
            collected_2=4,
            collected_1=4,
            **BY_CARD,
            collected_ac_2=4,
            collected_rt_2=0,
            collected_dk_2=0,
            collected_vp_2=0,
        ),
        {},
        (1, 2, "collected_ac", "boodle_twice"),
    ),
    # Irregularity 1: 1 chip to each other player; he collects nothing afterwards (what he
    # collected before the fault stays his) and may still win.
    (
        IRREGULARITY_1,
        3,
        coup(irregularite_1_1=1, penalty_1=-2, penalty_0=1, penalty_2=1, collected_1=0),
        {},
        None,
    ),
    (IRREGULARITY_1, 3, coup(irregularite_1_1=1, penalty_1=-2, penalty_0=1, penalty_2=1), {}, None),
    (
        IRREGULARITY_1,
        3,
        coup(irregularite_1_1=1, collected_1=0),
        {},
        (1, 0, "penalty", "fault_penalty"),
    ),
    # Irregularity 2: he does not win; collections before the fault stay his.
    (IRREGULARITY_2, 3, coup(irregularite_2_1=1, collected_1=0, cards_left_2=0), {}, None),
    (IRREGULARITY_2, 3, coup(irregularite_2_1=1), {}, None),
    (END, 3, coup(cards_left_2=0), {}, (1, None, "cards_left", "two_winners")),
    # Irregularity 2's penalty: the chips on the card he kept from another player.
    (PENALTY_2, 3, coup(irregularite_2_2=1, penalty_2=-4, penalty_0=4), {}, None),
    (
        PENALTY_2,
        3,
        coup(irregularite_2_2=1, penalty_2=-1, penalty_0=1),
        {},
        (1, 0, "penalty", "penalty_card"),
    ),
    (PENALTY_2, 4, coup4(irregularite_2_2=1, penalty_2=-5, penalty_3=5), {}, None),
    (
        PENALTY_2,
        4,
        coup4(irregularite_2_2=1, penalty_2=-1, penalty_3=1),
        {},
        (1, 3, "penalty", "penalty_card"),
    ),
    (PENALTY_2, 3, coup(penalty_2=-4, penalty_0=4), {}, (1, 2, "penalty", "penalty_unexplained")),
]


@pytest.mark.parametrize(
    "seed, players, entries, options, expected",
    RUMOLI_ROWS,
    ids=[f"{row[0][:60]} #{n}" for n, row in enumerate(RUMOLI_ROWS)],
)
def test_rumoli_coup_checks(seed, players, entries, options, expected):
    assert refusal(RUMOLI, players, [entries], options) == expected


NOBODY_3 = coup(collected_1=0)  # nobody collects: each card keeps 4 chips
NOBODY_4 = coup4(collected_1=0)  # each card keeps 5 chips
ACE_ONLY = coup(**BY_CARD)  # A♥ emptied: the others keep 4

#: Whole sheets: the board by card carried from coup to coup, with or without the fields by
#: card (seed: "Les jetons qui sont encore sur le tableau à la fin d'un coup y restent pour
#: le coup suivant.").
RUMOLI_SHEETS = [
    # (seed, players, coups, refusal or None)
    (COLLECT, 3, [NOBODY_3, coup(collected_1=8, **{**BY_CARD, "collected_ac_1": 8})], None),
    (
        COLLECT,
        3,
        [NOBODY_3, coup(collected_1=7, **{**BY_CARD, "collected_ac_1": 7})],
        (2, 1, "collected_ac", "boodle_card"),
    ),
    (COLLECT, 4, [NOBODY_4, coup4(collected_1=10)], None),
    (COLLECT, 4, [NOBODY_4, coup4(collected_1=7)], (2, 1, "collected", "whole_cards")),
    (COLLECT, 4, [NOBODY_4, coup4(collected_1=5)], (2, 1, "collected", "whole_cards")),
    # Which card player 1 took in coup 1 is not said: one card holds 4, the others 8.
    (COLLECT, 3, [coup(), coup(collected_1=4)], None),
    (COLLECT, 3, [coup(), coup(collected_1=12)], None),
    (COLLECT, 3, [coup(), coup(collected_1=6)], (2, 1, "collected", "whole_cards")),
    (
        COLLECT,
        3,
        [ACE_ONLY, coup(collected_0=4, collected_1=4)],
        (2, None, "collected", "cards_shared"),
    ),
    (COLLECT, 3, [ACE_ONLY, coup(collected_0=8, collected_1=4, collected_2=8)], None),
    (
        PENALTY_2,
        3,
        [NOBODY_3, coup(collected_1=8, irregularite_2_2=1, penalty_2=-8, penalty_0=8)],
        None,
    ),
    (
        PENALTY_2,
        3,
        [NOBODY_3, coup(collected_1=8, irregularite_2_2=1, penalty_2=-4, penalty_0=4)],
        (2, 0, "penalty", "penalty_card"),
    ),
]


@pytest.mark.parametrize(
    "seed, players, coups, expected",
    RUMOLI_SHEETS,
    ids=[f"{row[0][:60]} #{n}" for n, row in enumerate(RUMOLI_SHEETS)],
)
def test_rumoli_board_by_card_carries_over(seed, players, coups, expected):
    assert refusal(RUMOLI, players, coups) == expected


def test_rumoli_winner_may_have_led_wrongly_but_not_stopped():
    wrong = coup(irregularite_1_1=1, penalty_1=-2, penalty_0=1, penalty_2=1, collected_1=0)
    sheet = compute(RUMOLI, 3, [wrong], {"rounds": 1})
    # The winner receives 3 + 5 cards left; he paid 2 for the wrong lead.
    assert sheet.scores[0] == (-8 + 2 + 1 - 3, -4 - 2 - 2 + 8, -4 + 1 - 5)
    stopped = coup(irregularite_2_1=1, collected_1=0)
    assert compute(RUMOLI, 3, [stopped], {"rounds": 1}).scores[0] == (-6, -6, -4)


@pytest.mark.parametrize(
    "old, new, penalties",
    [
        ("irregular", "irregularite_2", {}),
        ("wrong_lead", "irregularite_1", {"penalty_1": -2, "penalty_0": 1, "penalty_2": 1}),
    ],
    ids=["Irrégularités : 2- Si on s'aperçoit", "Irrégularités : 1- Si un joueur entame"],
)
def test_rumoli_json_sheets_of_before_read_the_old_names(old, new, penalties):
    """The fields are named by the seed's irregularities; a JSON sheet written with the
    names of before reads the same, and one giving both names of a field is refused."""
    entries = coup(collected_1=0, **penalties)
    for entry in entries:
        entry[old] = entry.pop(new, 0)
    entries[1][old] = 1
    data = {"game": "rumoli", "players": ["A", "B", "C"], "rounds": [entries]}
    sheet = parse_game_sheet(data, RUMOLI)
    assert [e[new] for e in sheet.rounds[0]] == [0, 1, 0]
    assert not any(old in e for e in sheet.rounds[0])
    assert refusal(RUMOLI, 3, [list(sheet.rounds[0])]) is None
    entries[1][new] = 1
    both = parse_game_sheet(data, RUMOLI).rounds[0]
    assert refusal(RUMOLI, 3, [list(both)]) == (1, 1, old, "unknown")


# -- Differenzler


def points(*values, last=None, trump=None):
    entries = [{"estimate": 40, "points": v} for v in values]
    for i, entry in enumerate(entries):
        if last is not None:
            entry["last"] = int(i == last)
        if trump is not None:
            entry["trump"] = trump if isinstance(trump, str) else trump[i]
    return entries


DIFFERENZLER_ROWS = [
    (points(40, 37, 50, 30), None),
    (points(1, 36, 50, 70), (1, 0, "points", "no_such_points")),
    (points(156, 1, 0, 0), (1, 0, "points", "no_such_points")),
    (points(0, 0, 0, 157), None),
    (points(0, 0, 0, 157, last=3), None),
    (points(0, 0, 5, 152, last=2), None),
    (points(0, 0, 6, 151, last=2), (1, 2, "points", "no_such_points")),  # 6 − 5 = 1
    (points(0, 0, 2, 155, last=2), (1, 2, "points", "last_points")),
    (points(40, 37, 50, 30, last=None), None),
    ([{**e, "last": 1} for e in points(40, 37, 50, 30)], (1, None, "last", "last_trick")),
    (points(40, 37, 50, 30, last=0, trump="C"), None),
    (points(40, 37, 50, 30, trump="X"), (1, 0, "trump", "bad_colour")),
    (points(40, 37, 50, 30, trump=["C", "C", "K", "C"]), (1, None, "trump", "trump_differs")),
    (
        points(40, 37, 50, 30)[:3] + [{"estimate": 0, "points": 30, "trump": "C"}],
        (1, None, "trump", "trump_differs"),
    ),
    (points(40, 40, 40, 40), (1, None, "points", "sum")),
]


@pytest.mark.parametrize("entries, expected", DIFFERENZLER_ROWS)
def test_differenzler_points_that_cards_can_make(entries, expected):
    assert refusal(DIFFERENZLER, 4, [entries]) == expected


def test_the_existing_example_sheets_stay_valid():
    """The sheets of the other test files and the site's forms keep their format."""
    for key in GAMES:
        assert GAMES[key].option_problems({}) == []
    entries = copy.deepcopy(points(40, 37, 50, 30))
    assert compute(DIFFERENZLER, 4, [entries], {"rounds": 1}).finished


def test_a_sheet_names_its_rounds_as_the_game_does_and_its_winners_in_the_plural():
    """The first column is the game's word for a round (a Differenzler tour, not a manche), and
    several winners read "Gagnants"."""
    from scoring.games.layout import sheet_layout
    from scoring.games.notation import GameSheetInput

    entries = (
        {"estimate": 40, "points": 40},
        {"estimate": 30, "points": 30},
        {"estimate": 50, "points": 60},
        {"estimate": 0, "points": 27},
    )
    sheet_input = GameSheetInput(
        game="differenzler", players=("A", "B", "C", "D"), rounds=(entries,), options={"rounds": 1}
    )
    computed = compute(DIFFERENZLER, 4, sheet_input.rounds, sheet_input.options)
    layout = sheet_layout(DIFFERENZLER, sheet_input, computed)
    assert layout.columns[0].title == "Tour" and layout.lines[0].cells[0] == "Tour 1"
    assert layout.footer == ("Gagnants : A, B",)
    rumoli = RUMOLI.rounds(3, {})[0]
    assert rumoli.name == "Coup 1"
