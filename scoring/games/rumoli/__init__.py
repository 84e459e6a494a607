"""Rumoli (seed ``rumoli-regle.txt``), everything of the game in one package, plain Python:

- ``rules``: the sheet's rules and checks (``RUMOLI``, a ``scoring.games.base.Game``);
- ``play``: a coup played card by card (``Coup``), the deal and the stakes;
- ``state``: a coup behind the play interface (``RumoliState``, ``scoring.play.state``), its
  record; simulated and verified by what is written once over that interface
  (``scoring.play``);
- ``messages``: its own problems and refusals, codes with English texts (the msgids the site
  translates).

The site's catalogue registers them (``scoring.adapters``); nothing else names the game.
"""

from . import play, rules, state

__all__ = ["play", "rules", "state"]
