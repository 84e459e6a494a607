"""The club's five games on the site, registered in menu order (``scoring.registry``).

Imported once by ``ScoringConfig.ready``; a sixth game registers the same way.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.games.differenzler import DIFFERENZLER, complete_points
from scoring.games.roi import ROI
from scoring.games.romer import ROMER, team_points
from scoring.games.rumoli import RUMOLI
from scoring.registry import register

from .roimat import RoimatAdapter
from .tabular import register_game


def whole(low: int, high: int, initial: int):
    """A rule option's field: a whole number between ``low`` and ``high``."""
    return lambda: forms.IntegerField(min_value=low, max_value=high, initial=initial)


def flag():
    """A rule option's field: a yes/no box."""
    return forms.BooleanField(required=False)


register(RoimatAdapter())
register_game(ROI)
register_game(
    ROMER,
    options=[("target", _("Points to win"), whole(500, 1_000_000, 500))],
    card_fields=["cards"],
    card_total=team_points,
    hint=_(
        "A team: colour:value for each card, the trump first (colours 1 to 5; values 0 for a "
        "César, 3, 5, 10, 20), e.g. 1:20 1:5 2:10."
    ),
)
register_game(
    RUMOLI,
    options=[
        ("rounds", _("Coups"), whole(1, 60, 8)),
        (
            "stakes",
            _("Stakes"),
            lambda: forms.ChoiceField(
                choices=[
                    ("standard", _("1 chip a boodle, 2 for the dealer")),
                    ("free", _("free stakes")),
                ]
            ),
        ),
    ],
)
register_game(
    DIFFERENZLER,
    options=[("rounds", _("Rounds"), whole(1, 30, 4))],
    complete=(
        "points",
        complete_points,
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
