"""Römer (seed ``romer-regle.txt``): ``rules`` (the sheet: a team's points, the checks, the
rule options), ``cards`` (the deck and its codes), ``state`` (a manche played move by move
behind ``scoring.play``, its records), ``messages`` (its own problems' and refusals' texts)."""

from .rules import ROMER, Romer, team_points
from .state import RomerState, RomerTable

__all__ = ["ROMER", "Romer", "RomerState", "RomerTable", "team_points"]
