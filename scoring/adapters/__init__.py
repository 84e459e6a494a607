"""The club's five games on the site, registered in menu order (``scoring.registry``): the
one catalogue, whose entries hold each game's rules and, for a game played card by card, its
play state (``scoring.play``: simulated and verified over it), each from the game's own
package; each game declares how its entry form asks a round (``Game.entry_asked``).

Imported once by ``ScoringConfig.ready``; a sixth game registers the same way.
"""

from scoring.games import differenzler, roi, romer, rumoli
from scoring.registry import register

from .roimat import RoimatAdapter
from .tabular import register_game

register(RoimatAdapter())
register_game(roi.rules.ROI, state=roi.state.RoiState)
register_game(romer.ROMER, state=romer.RomerState)
register_game(rumoli.rules.RUMOLI, state=rumoli.state.RumoliState)
register_game(differenzler.rules.DIFFERENZLER, state=differenzler.state.DifferenzlerState)
