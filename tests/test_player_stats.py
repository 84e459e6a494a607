"""A player's Roimat figures on plain values (no database)."""

from scoring.roimat.notation import parse_sheet
from scoring.roimat.partie import compute_sheet
from scoring.roimat.stats import player_stats
from tests.conftest import load


def test_figures_of_the_worked_partie():
    sheet_input = parse_sheet(load("club8-partie.json"))
    sheet = compute_sheet(sheet_input.donnes, sheet_input.rules)
    ns = player_stats([(sheet, "ns")])
    assert (ns.parties, ns.won, ns.lost, ns.donnes) == (1, 0, 1, 8)
    assert ns.points == -302 and ns.points_per_donne == -37.8
    # N/S took at donnes 1, 3, 5, 7 (dealers N and S): the Roi au bout made at 1, 5, 7.
    assert (ns.taker, ns.taker_made) == (4, 3)
    # N/S defended at 2, 4, 6, 8: 5 plis made at donne 8 only.
    assert (ns.defender, ns.defender_made) == (4, 1)
    # N/S announced the contre on the roi at 4 (lost) and 6 (won), the surcontre on the plis
    # at 6 (lost) and the contre on the plis at 7 (won).
    assert (ns.contres, ns.contres_won) == (4, 2)
    # O/E: contres on the plis at 2, 4, 6 (won), on the roi at 3 (won), surcontres on the roi
    # at 4 (won) and 6 (lost).
    oe = player_stats([(sheet, "oe")])
    assert oe.won == 1 and (oe.contres, oe.contres_won) == (6, 5)
