"""Rule sets of Roimat (ROIMAT.md §3, §5, §6).

``club-8`` is the Roimat Club d'Antony's partie in 8 donnes with ±100 contracts;
``official-1000`` is the rule of www.jeu-roimat.com: first team to 1,000 points,
the taking team's contract worth +100/−70 and the other's +70/−100.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.play.options import OptionSpec
from scoring.play.state import gettext_noop

VARIANTS: tuple[str, ...] = ("club-8", "official-1000")
FAULT_COUNTINGS: tuple[str, ...] = ("player", "team")


@dataclass(frozen=True)
class VariantRules:
    """What a variant decides, as named values; the engine reads these, never the name.

    - ``contract_points``: (EP made, EP failed, EA made, EA failed), in points (§5);
    - ``king_sec_annuls``: the announcer may annul the donne on a king sec (§3);
    - ``redeal_until_roi``: the dealer redeals until he holds a Roi (§3, club rule);
    - ``plays_to_target``: the partie ends on a cumul (``target``), not after ``donnes``
      counted donnes (§6).
    """

    contract_points: tuple[int, int, int, int]
    king_sec_annuls: bool
    redeal_until_roi: bool
    plays_to_target: bool


#: The one place where a variant's name becomes rules (§3, §5, §6).
VARIANT_RULES: dict[str, VariantRules] = {
    "club-8": VariantRules(
        contract_points=(100, -100, 100, -100),
        king_sec_annuls=False,
        redeal_until_roi=True,
        plays_to_target=False,
    ),
    "official-1000": VariantRules(
        contract_points=(100, -70, 70, -100),
        king_sec_annuls=True,
        redeal_until_roi=False,
        plays_to_target=True,
    ),
}

#: Contract points per variant: (EP made, EP failed, EA made, EA failed) (§5).
CONTRACT_POINTS: dict[str, tuple[int, int, int, int]] = {
    name: rules.contract_points for name, rules in VARIANT_RULES.items()
}

MAX_TARGET = 100_000  # points: the highest target an official partie may be played to
#: The highest target a new partie may be set to (about 120 donnes: the site holds 500 at
#: most); a stored partie's target is read up to ``MAX_TARGET``.
CLUB_MAX_TARGET = 10_000
FAULT_STEP = 50  # points: the n-th fault of a player (or team) costs n × 50 (§5)


@dataclass(frozen=True)
class RuleSet:
    """The rules a partie is played under.

    - ``variant``: ``"club-8"`` or ``"official-1000"``;
    - ``rounding``: round coefficient × card points to the nearest ten (§5, off by default);
    - ``fault_counting``: ``"player"`` (each player his own count, default) or ``"team"``
      (the partners share one count) for the escalating fault penalty (§5);
    - ``donnes``: counted donnes in a ``club-8`` partie (8);
    - ``target``: the cumul that ends an ``official-1000`` partie (1,000 points).

    Raises ``ValueError`` on an unknown variant or fault counting, a non-positive ``donnes``
    or a ``target`` out of 1 to ``MAX_TARGET``.
    """

    variant: str = "club-8"
    rounding: bool = False
    fault_counting: str = "player"
    donnes: int = 8
    target: int = 1000

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}; expected one of {VARIANTS}")
        if self.fault_counting not in FAULT_COUNTINGS:
            raise ValueError(f"unknown fault counting {self.fault_counting!r}")
        if self.donnes < 1 or not 1 <= self.target <= MAX_TARGET:
            raise ValueError(f"donnes must be positive, target 1 to {MAX_TARGET} points")

    @property
    def contract_points(self) -> tuple[int, int, int, int]:
        """(EP made, EP failed, EA made, EA failed), in points."""
        return VARIANT_RULES[self.variant].contract_points

    @property
    def king_sec_annuls(self) -> bool:
        """True when the announcer may annul the donne on a king sec (§3)."""
        return VARIANT_RULES[self.variant].king_sec_annuls

    @property
    def redeal_until_roi(self) -> bool:
        """True when the dealer redeals until he holds a Roi (§3, club rule)."""
        return VARIANT_RULES[self.variant].redeal_until_roi

    @property
    def plays_to_target(self) -> bool:
        """True when the partie ends on a cumul (``target``), not a donne count (§6)."""
        return VARIANT_RULES[self.variant].plays_to_target


#: The rule set of each variant with the default options (for states made from a name).
DEFAULT_RULES: dict[str, RuleSet] = {name: RuleSet(name) for name in VARIANTS}


def rules_of(rules: RuleSet | str) -> RuleSet:
    """A rule set, or the default rule set of a variant's name; raises ``ValueError`` on an
    unknown name."""
    if isinstance(rules, RuleSet):
        return rules
    return DEFAULT_RULES.get(rules) or RuleSet(rules)


#: The rule options of a Roimat partie (a partie's or a table's ``options``): ``RuleSet``'s
#: fields but ``donnes`` (eight, ROIMAT.md §6), each described as the forms ask it, in English
#: words the site translates: its rule sets (§1, §6), the rounding and how the fault
#: penalties are counted (§5), the target of an official partie (§6).
VARIANT_WORDS = {
    "club-8": gettext_noop("Club, 8 donnes (±100)"),
    "official-1000": gettext_noop("Official, 1,000 points"),
}
FAULT_COUNTING_WORDS = {"player": gettext_noop("per player"), "team": gettext_noop("per team")}
OPTION_SPECS = {
    "variant": OptionSpec.of_choices(
        "club-8",
        VARIANT_WORDS,
        gettext_noop("rules"),
        notes={
            "club-8": gettext_noop(
                "The Antony club's rule: 8 donnes, every contract worth 100, the dealer "
                "redeals until he holds a Roi."
            ),
            "official-1000": gettext_noop(
                "The official rule: the partie ends once a team reaches the target, the "
                "higher total wins; a donne can be void, or annulled on a king sec."
            ),
        },
    ),
    "rounding": OptionSpec(
        "flag",
        False,
        label=gettext_noop("round to the ten"),
        help=gettext_noop("Round coefficient × points to the nearest ten."),
    ),
    "fault_counting": OptionSpec.of_choices(
        "player", FAULT_COUNTING_WORDS, gettext_noop("fault penalties counted")
    ),
    "target": OptionSpec(
        "whole",
        1000,
        1,
        CLUB_MAX_TARGET,
        label=gettext_noop("target"),
        help=gettext_noop("Points that end an official partie."),
        asked_with=("variant", "official-1000"),
    ),
}
OPTIONS = tuple(OPTION_SPECS)


def rules_of_options(options: Mapping[str, Any], others: Collection[str] = ()) -> RuleSet:
    """The ``RuleSet`` of a partie's or a table's rule ``options`` (``OPTIONS``; one left out
    takes its default); ``others``: keys that are no rule, ignored (a simulation's). Raises
    ``ValueError`` on an unknown option or a value the rules refuse."""
    unknown = set(options) - set(OPTIONS) - {"donnes"} - set(others)
    if unknown:
        raise ValueError(f"unknown Roimat options: {', '.join(sorted(unknown))}")
    return RuleSet(**{k: v for k, v in options.items() if k in OPTIONS or k == "donnes"})


def options_of(rules: RuleSet) -> dict[str, Any]:
    """The rule options that name ``rules`` (``OPTIONS``), as a partie stores them."""
    return {name: getattr(rules, name) for name in OPTIONS}
