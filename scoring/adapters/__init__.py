"""The club's five games on the site, registered in menu order (``scoring.registry``): the
one catalogue, whose entries hold each game's rules and, for a game played card by card, its
play state (``scoring.play``: simulated and verified over it), each from the game's own
package.

Imported once by ``ScoringConfig.ready``; a sixth game registers the same way.
"""

from django.utils.translation import gettext_lazy as _

from scoring.games import differenzler, roi, rumoli
from scoring.games.romer import ROMER, RomerState, team_points
from scoring.registry import register

from .roimat import RoimatAdapter
from .tabular import register_game

register(RoimatAdapter())
register_game(roi.rules.ROI, state=roi.state.RoiState)
register_game(
    ROMER,
    state=RomerState,
    card_fields=["cards"],
    card_total=team_points,
    hint=_(
        "A team: colour:value for each card, the trump first (colours 1 to 5; values 0 for a "
        "César, 3, 5, 10, 20), e.g. 1:20 1:5 2:10."
    ),
)
register_game(
    rumoli.rules.RUMOLI,
    state=rumoli.state.RumoliState,
    one_player=("dealer", _("Dealer")),
)
register_game(
    differenzler.rules.DIFFERENZLER,
    state=differenzler.state.DifferenzlerState,
    complete=(
        "points",
        differenzler.rules.complete_points,
        _("Enter the points of three players at least; they add up to 157."),
    ),
    one_player=("last", _("Last trick (5 points) won by")),
    round_choice=(
        "trump",
        _("Trump"),
        [("T", _("clubs")), ("K", _("diamonds")), ("C", _("hearts")), ("P", _("spades"))],
    ),
    hint=_(
        "Leave one player's points blank: they are what remains of 157. Who won the last "
        "trick and the trump may be noted: they are then checked."
    ),
)
