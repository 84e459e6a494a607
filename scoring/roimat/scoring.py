"""One donne as written on the Table de marque: its checks (§7) and its score (§4, §5).

A donne is entered as N/S's plis and points; O/E's are ``9 − plis_ns`` and
``128 − points_ns``. The dealer's team is the équipe preneuse (EP), playing for the
Roi au bout; the other team (EA) plays for 5 plis.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .cards import COLOURS, MAX_POINTS, MIN_POINTS, TOTAL_POINTS, TRICKS
from .rules import RuleSet
from .seats import SEATS, other_team, team_of

CONTRE = 2  # coefficient of a contre (§4)
SURCONTRE = 4  # coefficient of a surcontre (§4)
PLIS_CONTRACT = 5  # EA's contract: at least 5 plis of 9 (§4)
MAX_FAULTS_PER_DONNE = 9  # a player plays 9 cards, so at most 9 faults
MAX_FAULTS = MAX_FAULTS_PER_DONNE * len(SEATS)  # the four players' faults in one donne
MIN_TRUMPS = 1  # the announcer holds the Roi of trump at least (§3)


def faults_from_counts(count_of: Callable[[str], int | None]) -> tuple[str, ...]:
    """The §10 faults list (one seat per fault, ``("E", "E")``) from each seat's count of
    fautes de jeu in the donne, read by ``count_of(seat)`` (None reads as 0).

    Raises ``ValueError`` for a count outside 0 to ``MAX_FAULTS_PER_DONNE`` (a player plays
    9 cards, ROIMAT.md §5), before building anything: a count is never expanded unchecked.
    """
    counts = {seat: count_of(seat) or 0 for seat in SEATS}
    for seat, count in counts.items():
        if not 0 <= count <= MAX_FAULTS_PER_DONNE:
            raise ValueError(f"faults of {seat}: between 0 and {MAX_FAULTS_PER_DONNE}, not {count}")
    return tuple(seat for seat, count in counts.items() for _n in range(count))


@dataclass(frozen=True)
class DonneEntry:
    """What the players write for one donne (ROIMAT.md §10, score-sheet donne).

    - ``dealer``: seat ``N``/``E``/``S``/``O``; his team is the équipe preneuse;
    - ``trump``: colour letter ``J``/``R``/``V``/``B`` of the announced Roi;
    - ``trumps``: how many atouts the announcer held (the sheet's Roi column), or None;
    - announcements: ``contre_plis`` (EP), ``contre_roi`` (EA), ``surcontre_plis`` (EA),
      ``surcontre_roi`` (EP);
    - ``plis_ns`` (0–9 plis) and ``points_ns`` (0–128 points): N/S's tricks and card points;
    - ``roi_au_bout``: the trump Roi won the 9th pli;
    - ``faults``: one seat per faute de jeu in this donne (a seat may appear twice; more
      than ``MAX_FAULTS`` in all raises ``ValueError``, before anything counts them);
    - ``annulled``: the donne scores nothing and does not count (§5).
    """

    dealer: str
    trump: str
    plis_ns: int = 0
    points_ns: int = 0
    roi_au_bout: bool = False
    contre_plis: bool = False
    contre_roi: bool = False
    surcontre_plis: bool = False
    surcontre_roi: bool = False
    faults: tuple[str, ...] = ()
    annulled: bool = False
    trumps: int | None = None

    def __post_init__(self) -> None:
        if len(self.faults) > MAX_FAULTS:
            raise ValueError(f"{len(self.faults)} faults in one donne: {MAX_FAULTS} at most")

    @property
    def taker(self) -> str:
        """The équipe preneuse: the dealer's team, ``"ns"`` or ``"oe"``."""
        return team_of(self.dealer)

    def plis(self, team: str) -> int:
        """Plis won by ``team`` (0–9)."""
        return self.plis_ns if team == "ns" else TRICKS - self.plis_ns

    def points(self, team: str) -> int:
        """Card points won by ``team`` (0–128)."""
        return self.points_ns if team == "ns" else TOTAL_POINTS - self.points_ns

    def announcements(self, team: str) -> tuple[str, str]:
        """The sheet's C and SC cells for ``team``: ``"R"``/``"P"`` for roi/plis, or ``""``."""
        if team == self.taker:
            return ("P" if self.contre_plis else "", "R" if self.surcontre_roi else "")
        return ("R" if self.contre_roi else "", "P" if self.surcontre_plis else "")


@dataclass(frozen=True)
class EntryProblem:
    """A refused entry: the field at fault, a stable ``code`` and the values in the message.

    Codes: ``bad_seat``, ``bad_colour``, ``plis_range``, ``points_range``, ``points_for_plis``,
    ``surcontre_without_contre``, ``roi_without_pli``, ``faults_range``, ``trumps_range``,
    ``after_end`` (the partie was over), ``not_integer``, ``not_boolean``, ``unknown_field``,
    ``missing``, ``bad_value``. The user interface translates the code; ``message`` is the
    English text.
    """

    field: str
    code: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)

    @property
    def message(self) -> str:
        """The problem in plain English, naming the values involved."""
        return MESSAGES[self.code].format(field=self.field, **self.params)


MESSAGES: dict[str, str] = {
    "bad_seat": "{value!r} is not a seat (N, E, S or O)",
    "bad_colour": "{value!r} is not a colour (J, R, V or B)",
    "plis_range": "plis must be between 0 and 9, not {value}",
    "points_range": "points must be between 0 and 128, not {value}",
    "points_for_plis": "{plis} plis hold between {low} and {high} points, not {value}",
    "surcontre_without_contre": "a surcontre on the {contract} needs its contre",
    "roi_without_pli": "the Roi au bout needs a pli for the taking team, which won none",
    "faults_range": "faults per player in one donne must be between 0 and 9",
    "target_range": "the target must be between 1 and {max} points, not {value}",
    "trumps_range": "the number of atouts must be between 1 and 9, not {value}",
    "after_end": "the partie was already over",
    "not_integer": "{field} must be a whole number, not {value!r}",
    "not_boolean": "{field} must be true or false, not {value!r}",
    "unknown_field": "unknown field {field!r}",
    "missing": "{field} is missing",
    "bad_value": "{field} cannot be {value!r}",
}


def validate_donne(entry: DonneEntry) -> list[EntryProblem]:
    """Check one donne against ROIMAT.md §7; return its problems (empty when sound).

    An annulled donne is checked only for its dealer and colour: it scores nothing.
    """
    problems: list[EntryProblem] = []
    if entry.dealer not in SEATS:
        problems.append(EntryProblem("dealer", "bad_seat", {"value": entry.dealer}))
    if entry.trump not in COLOURS:
        problems.append(EntryProblem("trump", "bad_colour", {"value": entry.trump}))
    if entry.trumps is not None and not MIN_TRUMPS <= entry.trumps <= TRICKS:
        problems.append(EntryProblem("trumps", "trumps_range", {"value": entry.trumps}))
    if entry.annulled:
        return problems
    problems += _check_faults(entry)
    problems += _check_plis_points(entry)
    if entry.surcontre_plis and not entry.contre_plis:
        problems.append(
            EntryProblem("surcontre_plis", "surcontre_without_contre", {"contract": "5 plis"})
        )
    if entry.surcontre_roi and not entry.contre_roi:
        problems.append(
            EntryProblem("surcontre_roi", "surcontre_without_contre", {"contract": "Roi au bout"})
        )
    if entry.roi_au_bout and entry.dealer in SEATS and 0 <= entry.plis_ns <= TRICKS:
        if entry.plis(entry.taker) == 0:
            problems.append(EntryProblem("roi_au_bout", "roi_without_pli"))
    return problems


def _check_faults(entry: DonneEntry) -> list[EntryProblem]:
    for seat in entry.faults:
        if seat not in SEATS:
            return [EntryProblem("faults", "bad_seat", {"value": seat})]
    if any(entry.faults.count(seat) > MAX_FAULTS_PER_DONNE for seat in SEATS):
        return [EntryProblem("faults", "faults_range")]
    return []


def _check_plis_points(entry: DonneEntry) -> list[EntryProblem]:
    plis, points = entry.plis_ns, entry.points_ns
    if not 0 <= plis <= TRICKS:
        return [EntryProblem("plis_ns", "plis_range", {"value": plis})]
    if not 0 <= points <= TOTAL_POINTS:
        return [EntryProblem("points_ns", "points_range", {"value": points})]
    low, high = MIN_POINTS[plis], MAX_POINTS[plis]
    if not low <= points <= high:
        params = {"plis": plis, "low": low, "high": high, "value": points}
        return [EntryProblem("points_ns", "points_for_plis", params)]
    return []


@dataclass(frozen=True)
class TeamScore:
    """One team's columns for one donne, in points (plis in plis).

    ``total = contrat + coefficient × points`` (rounded to ten when the rule set says so);
    a faulty team's positive total becomes 0, then ``penalty`` is subtracted (§5).
    ``cumul`` is the running total of the partie after this donne.
    """

    plis: int
    points: int
    contrat: int
    coefficient: int
    penalty: int
    total: int
    cumul: int

    def as_dict(self) -> dict[str, int]:
        """The §10 computed-sheet object for this team."""
        return {
            "plis": self.plis,
            "points": self.points,
            "contrat": self.contrat,
            "coefficient": self.coefficient,
            "penalty": self.penalty,
            "total": self.total,
            "cumul": self.cumul,
        }


def contract_made(entry: DonneEntry, team: str) -> bool:
    """Whether ``team`` made its own contract: Roi au bout for EP, 5 plis for EA (§4)."""
    if team == entry.taker:
        return entry.roi_au_bout
    return entry.plis(team) >= PLIS_CONTRACT


def coefficient(entry: DonneEntry, team: str) -> int:
    """The team's C/SC coefficient: ±2 per own contre, ±4 per own surcontre (§4).

    EP's contre on the 5 plis succeeds when EA fails its 5 plis; its surcontre on the roi when
    the Roi au bout is made. EA's contre on the roi succeeds when the Roi au bout fails; its
    surcontre on the plis when EA makes its 5 plis.
    """
    taker_made = contract_made(entry, entry.taker)
    defender_made = contract_made(entry, other_team(entry.taker))
    if team == entry.taker:
        bets = (
            (entry.contre_plis, CONTRE, not defender_made),
            (entry.surcontre_roi, SURCONTRE, taker_made),
        )
    else:
        bets = (
            (entry.contre_roi, CONTRE, not taker_made),
            (entry.surcontre_plis, SURCONTRE, defender_made),
        )
    return sum(weight if won else -weight for made, weight, won in bets if made)


def round_to_ten(points: int) -> int:
    """Round to the nearest ten, units ≥ 5 away from zero (seed §12, ROIMAT.md §5)."""
    sign = -1 if points < 0 else 1
    return sign * ((abs(points) + 5) // 10 * 10)


def score_team(entry: DonneEntry, team: str, rules: RuleSet, penalty: int, cumul: int) -> TeamScore:
    """Score ``team``'s row of a sound, not annulled donne (§5).

    ``penalty`` (points, ≥ 0) is what this donne's faults cost the team, from the partie's
    fault counts; ``cumul`` is the team's cumul before this donne.
    """
    ep_made, ep_failed, ea_made, ea_failed = rules.contract_points
    made = contract_made(entry, team)
    if team == entry.taker:
        contrat = ep_made if made else ep_failed
    else:
        contrat = ea_made if made else ea_failed
    coef = coefficient(entry, team)
    product = coef * entry.points(team)
    if rules.rounding:
        product = round_to_ten(product)
    total = contrat + product
    if penalty:
        total = min(total, 0) - penalty
    return TeamScore(
        plis=entry.plis(team),
        points=entry.points(team),
        contrat=contrat,
        coefficient=coef,
        penalty=penalty,
        total=total,
        cumul=cumul + total,
    )
