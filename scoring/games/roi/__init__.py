"""Roi (seed ``roi-regle.txt``), everything of the game in one package, plain Python:

- ``rules``: the sheet's rules and checks (``ROI``, a ``scoring.games.base.Game``);
- ``state``: a manche played card by card behind the play interface (``RoiState``,
  ``scoring.play.state``), its record, its deal; simulated and verified by what is written
  once over that interface (``scoring.play``);
- ``messages``: its own problems and refusals, codes with English texts (the msgids the site
  translates).

The site's catalogue registers them (``scoring.adapters``); nothing else names the game.
"""

from . import rules, state

__all__ = ["rules", "state"]
