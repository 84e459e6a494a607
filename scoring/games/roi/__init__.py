"""Roi (seed ``roi-regle.txt``), everything of the game in one package, plain Python:

- ``rules``: the sheet's rules and checks (``ROI``, a ``scoring.games.base.Game``);
- ``play``: a manche played card by card, its record and its verifier (``verify``);
- ``state``: a manche behind the play interface (``RoiState``, ``scoring.play.state``);
- ``messages``: its own problems and refusals, codes with English texts (the msgids the site
  translates);
- ``records``: the records of a whole game by simulation (``sheet_records``).

The site's catalogue registers them (``scoring.adapters``); nothing else names the game.
"""

from . import play, records, rules, state

__all__ = ["play", "records", "rules", "state"]
