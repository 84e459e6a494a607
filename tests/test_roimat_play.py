"""Scripted donnes for each case of ROIMAT.md §8 (order of play) and §9 (which cards may be
played), written as card codes; each asserts the exact legal set (no database).

E deals and holds the Roi jaune (trump J), so S leads the first trick. The jaune and rouge
cards a scenario does not name go to its ``rest`` seats; the other hands are filled with vert
and bleu cards, so their voids are as written.
"""

import pytest

from scoring.roimat.cards import BY_CODE, hand_codes
from scoring.roimat.donne import card_move
from scoring.roimat.seats import SEATS
from tests.roimat_scenarios import held, legal, scenario


def moves_of(state, codes):
    """The legal moves of the seat to move that play one of ``codes``."""
    return {m for m in legal(state) if m.split(">")[0] in codes}


# (name, hands, plays, rest, seat to play next, expected moves of these cards or None)
ORDER = [
    # Pion: the left plays next; O's Tour then has one option only, to his left (seed §9-b).
    ("pion: left next", {"S": ["PR"], "O": ["TV"], "E": ["RJ"]}, ["PR"], "NES", "O", {"TV"}),
    (
        "tour after pion goes left",
        {"S": ["PR"], "O": ["TV"], "E": ["RJ"]},
        ["PR", "TV"],
        "NES",
        "N",
        None,
    ),
    # Fou: the partner plays next, then clockwise; N's Fou has no option (seed §9-d).
    ("fou: partner next", {"S": ["FR"], "E": ["RJ"]}, ["FR"], "ESO", "N", None),
    (
        "second fou: no option",
        {"S": ["FR"], "N": ["FV"], "E": ["RJ"]},
        ["FR", "FV"],
        "ESO",
        "E",
        None,
    ),
    # Cavalier: the left next and the partner last, even when the left cuts...
    (
        "cavalier: partner last",
        {"S": ["CR"], "O": ["PR"], "E": ["RJ"]},
        ["CR", "PR"],
        "ESO",
        "E",
        None,
    ),
    # ... unless the second player's Tour sends to his left, N (seed §9-c).
    ("cavalier then tour", {"S": ["CR"], "O": ["TV"], "E": ["RJ"]}, ["CR", "TV"], "ES", "N", None),
    # Dame to the right: counter-clockwise; to the partner: clockwise (seed §9-a).
    (
        "dame right: counter-clockwise",
        {"S": ["DR"], "E": ["RJ", "PR"]},
        ["DR>E", "PR"],
        "NES",
        "N",
        None,
    ),
    (
        "dame to partner: clockwise",
        {"S": ["DR"], "N": ["PR"], "E": ["RJ"]},
        ["DR>N", "PR"],
        "NES",
        "E",
        None,
    ),
    (
        "dame left: clockwise",
        {"S": ["DR"], "O": ["PR"], "E": ["RJ"]},
        ["DR>O", "PR"],
        "NES",
        "N",
        None,
    ),
    # The second player's Dame: the options still to play.
    (
        "dame to partner, N's dame: O or E",
        {"S": ["DR"], "N": ["DV"], "E": ["RJ"]},
        ["DR>N"],
        "ESO",
        "N",
        {"DV>E", "DV>O"},
    ),
    (
        "dame left, O's dame: N or E",
        {"S": ["DR"], "O": ["DV"], "E": ["RJ"]},
        ["DR>O"],
        "NES",
        "O",
        {"DV>N", "DV>E"},
    ),
    # The second player's Tour: after a first Tour to the left, one option, to N.
    (
        "tour left, O's tour: N only",
        {"S": ["TR"], "O": ["TV"], "E": ["RJ"]},
        ["TR>O"],
        "NES",
        "O",
        {"TV"},
    ),
    (
        "tour left, O's tour goes to N",
        {"S": ["TR"], "O": ["TV"], "E": ["RJ"]},
        ["TR>O", "TV"],
        "NES",
        "N",
        None,
    ),
    # After a Fou to the partner, N's Tour has two options (seed §9-b, "Nord a 2 options").
    (
        "fou, N's tour: E or O",
        {"S": ["FR"], "N": ["TR"], "E": ["RJ"]},
        ["FR"],
        "ESO",
        "N",
        {"TR>E", "TR>O"},
    ),
]


@pytest.mark.parametrize(
    "name, hands, plays, rest, next_seat, moves", ORDER, ids=[row[0] for row in ORDER]
)
def test_order_of_play(name, hands, plays, rest, next_seat, moves):
    state = scenario(hands, plays=plays, rest=rest)
    assert SEATS[state.turn] == next_seat
    if moves is not None:
        assert moves_of(state, {m.split(">")[0] for m in moves}) == moves


def test_first_dame_has_three_options_and_first_tour_two():
    state = scenario({"S": ["DR", "TR"], "E": ["RJ"]}, rest="NEO")
    assert moves_of(state, {"DR", "TR"}) == {"DR>O", "DR>E", "DR>N", "TR>O", "TR>E"}


def test_second_dame_after_a_dame_to_the_right_offers_north_or_west():
    state = scenario({"S": ["DR"], "E": ["RJ", "DV"]}, plays=["DR>E"], rest="NS")
    choices = state.choices(held(state, "DV"))
    assert {SEATS[s] for s in choices} == {"N", "O"}


def test_a_dame_or_tour_without_its_choice_is_refused():
    from scoring.roimat.donne import IllegalMove

    state = scenario({"S": ["DR"], "E": ["RJ"]}, rest="NEO")
    with pytest.raises(IllegalMove, match="needs the seat"):
        state.push(card_move(BY_CODE["DR"]))


# (name, hands, plays, rest, expected legal set of the seat to move; None: the whole hand)
LEGAL = [
    (
        "must follow the led colour",
        {"S": ["PR"], "O": ["TR", "PR", "DV"], "E": ["RJ"]},
        ["PR"],
        "NES",
        {"TR", "PR"},
    ),
    (
        "must climb over an opponent's master",
        {"S": ["CR"], "O": ["TR", "FR", "PR"], "E": ["RJ"]},
        ["CR"],
        "NES",
        {"TR"},
    ),
    (
        "cannot climb: any card of the colour",
        {"S": ["CR"], "O": ["FR", "PR"], "E": ["RJ"]},
        ["CR"],
        "NES",
        {"FR", "PR"},
    ),
    (
        "pion master: no need to climb",
        {"S": ["PR"], "O": ["DR", "FR", "PR"], "E": ["RJ"]},
        ["PR"],
        "NES",
        {"DR>N", "DR>E", "FR", "PR"},
    ),
    (
        "partner master: any card of the colour",
        {"S": ["CR"], "O": ["PR"], "E": ["RJ", "PR"], "N": ["DR", "FR"]},
        ["CR", "PR", "PR"],
        "ES",
        {"DR", "FR"},
    ),
    (
        "void, partner master: any card",
        {"S": ["DR"], "O": ["PR"], "E": ["RJ"], "N": ["PJ"]},
        ["DR>O", "PR"],
        "ES",
        None,
    ),
    (
        "void, opponent master: must trump",
        {"S": ["PR"], "O": ["PJ", "TJ"], "E": ["RJ"]},
        ["PR"],
        "NES",
        {"PJ", "TJ"},
    ),
    (
        "opponent's trump master: must overtrump",
        {"S": ["PR"], "O": ["CJ"], "N": ["TJ", "FJ", "PJ"], "E": ["RJ"]},
        ["PR", "CJ"],
        "ES",
        {"TJ"},
    ),
    (
        "cannot overtrump: any trump, even lower",
        {"S": ["PR"], "O": ["CJ"], "N": ["FJ", "PJ"], "E": ["RJ"]},
        ["PR", "CJ"],
        "ES",
        {"FJ", "PJ"},
    ),
    (
        "opponent's trump pion master: any trump",
        {"S": ["PR"], "O": ["PJ"], "N": ["TJ", "PJ"], "E": ["RJ"]},
        ["PR", "PJ"],
        "ES",
        {"TJ", "PJ"},
    ),
    (
        "void in the colour and in trump: any card",
        {"S": ["PR"], "O": ["DV", "PB"], "E": ["RJ"]},
        ["PR"],
        "NES",
        None,
    ),
    (
        "trump led: climb over the master trump",
        {"S": ["CJ"], "O": ["TJ", "FJ", "PJ"], "E": ["RJ"]},
        ["CJ"],
        "NES",
        {"TJ"},
    ),
]


@pytest.mark.parametrize("name, hands, plays, rest, expected", LEGAL, ids=[row[0] for row in LEGAL])
def test_which_cards_may_be_played(name, hands, plays, rest, expected):
    state = scenario(hands, plays=plays, rest=rest)
    moves = legal(state)
    if expected is None:
        assert {m.split(">")[0] for m in moves} == set(hand_codes(state.hands[state.turn]))
    else:
        assert moves == expected


def test_a_forbidden_card_is_a_marked_fault_and_the_trick_goes_on():
    state = scenario({"S": ["CR"], "O": ["TR", "PR"], "E": ["RJ"]}, plays=["CR"], rest="NES")
    assert state.push(card_move(held(state, "PR")))
    assert state.faults == (SEATS.index("O"),)
    assert SEATS[state.turn] == "E"


def test_first_pion_played_is_master_among_equal_pions():
    state = scenario(
        {"S": ["PR"], "O": ["PR"], "E": ["RJ", "PR"], "N": ["PR"]},
        plays=["PR", "PR", "PR", "PR"],
        rest="ES",
    )
    assert SEATS[state.tricks[0].winner] == "S"
    assert SEATS[state.turn] == "S"
