"""The club's five games on the site, registered in menu order (``scoring.registry``): the
one catalogue, whose entries hold each game's rules and, for a game played card by card, its
play state (``scoring.play``), its simulation and its records' verifier, each from the game's
own package.

Imported once by ``ScoringConfig.ready``; a sixth game registers the same way.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.games import differenzler, roi, rumoli
from scoring.games.base import Game
from scoring.games.romer import ROMER, RomerState, team_points
from scoring.registry import register

from .roimat import RoimatAdapter
from .tabular import register_game


def whole(game: Game, key: str):
    """A rule option's field: a whole number within the bounds and with the default of the
    game's ``option_specs[key]`` (the rules hold them, the form repeats none)."""
    spec = game.option_specs[key]
    return lambda: forms.IntegerField(
        min_value=spec.minimum, max_value=spec.maximum, initial=spec.default
    )


def choice(game: Game, key: str, labels):
    """A rule option's field: one of the game's ``option_specs[key]`` choices, each with its
    label in ``labels`` (by choice), the default chosen."""
    spec = game.option_specs[key]
    return lambda: forms.ChoiceField(
        required=False,
        initial=spec.default,
        choices=[(value, labels[value]) for value in spec.choices],
    )


class TickedOnly(forms.BooleanField):
    """A yes/no box whose unticked value is left out of the options: the rules' default, no
    (so that a partie's options hold only what the club chose)."""

    def clean(self, value):
        return super().clean(value) or None


def flag(game: Game, key: str):
    """A rule option's field: a yes/no box, ticked as the game's ``option_specs[key]``
    default says; an option whose default is no is written only when ticked."""
    default = game.option_specs[key].default
    box = forms.BooleanField if default else TickedOnly
    return lambda: box(required=False, initial=default)


register(RoimatAdapter())
register_game(
    roi.rules.ROI,
    state=roi.state.RoiState,
    simulation=roi.records.sheet_records,
    verifier=roi.play.verify,
)
register_game(
    ROMER,
    state=RomerState,
    options=[
        ("target", _("Points to win"), whole(ROMER, "target")),
        (
            "values",
            _("Card values"),
            lambda: forms.ChoiceField(
                required=False,
                initial=ROMER.option_specs["values"].default,
                choices=[
                    ("inverse", _("the weaker in combat, the more points (1–2: XX … 7: III)")),
                    ("direct", _("the stronger in combat, the more points (7–6: XX … 1: III)")),
                ],
            ),
        ),
        (
            "outcut_loses",
            _("A trumper beaten by a higher trump loses a team card"),
            flag(ROMER, "outcut_loses"),
        ),
    ],
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
    simulation=rumoli.records.sheet_records,
    verifier=rumoli.play.verify,
    options=[
        ("rounds", _("Coups"), whole(rumoli.rules.RUMOLI, "rounds")),
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
        (
            "dealer_stakes",
            _("The dealer's stake"),
            choice(
                rumoli.rules.RUMOLI,
                "dealer_stakes",
                {
                    "double": _("twice the others' (the seed)"),
                    "single": _("the same as the others'"),
                },
            ),
        ),
        (
            "dead_hand_tie",
            _("Equal highest bids for the dead hand"),
            choice(
                rumoli.rules.RUMOLI,
                "dead_hand_tie",
                {
                    "first_left": _("the first bidder from the dealer's left buys it"),
                    "no_sale": _("nobody buys it"),
                },
            ),
        ),
        (
            "zero_bid_buys",
            _("A bid of 0 buys the dead hand"),
            flag(rumoli.rules.RUMOLI, "zero_bid_buys"),
        ),
    ],
    one_player=("dealer", _("Dealer")),
)
register_game(
    differenzler.rules.DIFFERENZLER,
    state=differenzler.state.DifferenzlerState,
    simulation=differenzler.records.sheet_records,
    verifier=differenzler.play.verify,
    options=[
        ("rounds", _("Rounds"), whole(differenzler.rules.DIFFERENZLER, "rounds")),
        (
            "leader",
            _("First to estimate and lead"),
            choice(
                differenzler.rules.DIFFERENZLER,
                "leader",
                {
                    "dealer_right": _("the player at the dealer's right"),
                    "dealer": _("the dealer"),
                    "dealer_left": _("the player at the dealer's left"),
                },
            ),
        ),
    ],
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
