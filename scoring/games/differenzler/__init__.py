"""Differenzler (seed ``differenzler-jass-regle.txt``), everything of the game in one package,
plain Python:

- ``rules``: the sheet's rules and checks (``DIFFERENZLER``, a ``scoring.games.base.Game``);
- ``play``: the rules of play (the deck, the cards a player may play, the cards' points);
- ``state``: a round played card by card behind the play interface (``DifferenzlerState``,
  ``scoring.play.state``), its record; simulated and verified by what is written once over
  that interface (``scoring.play``);
- ``messages``: its own problems and refusals, codes with English texts (the msgids the site
  translates).

The site's catalogue registers them (``scoring.adapters``); nothing else names the game.
"""

from . import play, rules, state

__all__ = ["play", "rules", "state"]
