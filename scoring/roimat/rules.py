"""Rule sets of Roimat (ROIMAT.md §5, §6).

``club-8`` is the Roimat Club d'Antony's partie in 8 donnes with ±100 contracts;
``official-1000`` is the rule of www.jeu-roimat.com: first team to 1,000 points,
the taking team's contract worth +100/−70 and the other's +70/−100.
"""

from __future__ import annotations

from dataclasses import dataclass

VARIANTS: tuple[str, ...] = ("club-8", "official-1000")
FAULT_COUNTINGS: tuple[str, ...] = ("player", "team")

#: Contract points per variant: (EP made, EP failed, EA made, EA failed) (§5).
CONTRACT_POINTS: dict[str, tuple[int, int, int, int]] = {
    "club-8": (100, -100, 100, -100),
    "official-1000": (100, -70, 70, -100),
}

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

    Raises ``ValueError`` on an unknown variant or fault counting, or a non-positive
    ``donnes``/``target``.
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
        if self.donnes < 1 or self.target < 1:
            raise ValueError("donnes and target must be positive")

    @property
    def contract_points(self) -> tuple[int, int, int, int]:
        """(EP made, EP failed, EA made, EA failed), in points."""
        return CONTRACT_POINTS[self.variant]

    @property
    def plays_to_target(self) -> bool:
        """True when the partie ends on a cumul (``official-1000``), not a donne count."""
        return self.variant == "official-1000"
