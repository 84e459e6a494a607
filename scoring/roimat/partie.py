"""A whole partie: fault penalties, cumuls, end and winner (ROIMAT.md §5, §6).

``compute_sheet(donnes, rules)`` is the one place where a Table de marque is added up; the
site, the exports and the commands all call it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .rules import FAULT_STEP, RuleSet
from .scoring import DonneEntry, EntryProblem, TeamScore, score_team, validate_donne
from .seats import SEATS, TEAMS, left, team_of


class InvalidSheet(ValueError):
    """A sheet is refused: ``donne`` (1-based position, or None for the sheet's own fields such
    as the variant or the players) and the ``problem`` naming the field."""

    def __init__(self, donne: int | None, problem: EntryProblem):
        self.donne = donne
        self.problem = problem
        where = f"donne {donne}, {problem.field}" if donne else problem.field
        super().__init__(f"{where}: {problem.message}")


@dataclass(frozen=True)
class DonneRow:
    """One line of the sheet: the entry, its position and, unless annulled, both teams' scores.

    ``number`` is the 1-based position in the list; ``counted`` is the donne's number among
    counted donnes (the sheet's Donne column), None when annulled. A ``pending`` row is
    listed with its provisional score but is in no total: it waits for the other team's
    decision (or comes after one that does).
    """

    number: int
    counted: int | None
    entry: DonneEntry
    ns: TeamScore | None
    oe: TeamScore | None
    pending: bool = False

    def team(self, team: str) -> TeamScore | None:
        """The ``"ns"`` or ``"oe"`` score of this row."""
        return self.ns if team == "ns" else self.oe

    def as_dict(self) -> dict[str, Any]:
        """The §10 computed-sheet object of this donne."""
        if self.ns is None or self.oe is None:
            return {"annulled": True}
        return {"ns": self.ns.as_dict(), "oe": self.oe.as_dict()}


@dataclass(frozen=True)
class Sheet:
    """A computed Table de marque: rows, final cumuls, whether the partie is over, the winner.

    ``winner`` is ``"ns"``, ``"oe"`` or None (not finished, or a draw in ``club-8``). The
    totals, ``finished`` and ``winner`` are those of the donnes that count; ``complete`` says
    whether the donnes entered, pending ones included, reach the end (no further donne).
    ``refused``: a stored donne the rules refuse (``compute_stored``), the sheet then being
    that of the donnes before it; None otherwise.
    """

    rules: RuleSet
    rows: tuple[DonneRow, ...]
    total_ns: int
    total_oe: int
    finished: bool
    winner: str | None
    complete: bool = False
    refused: InvalidSheet | None = None

    @property
    def counted(self) -> int:
        """How many donnes count (annulled and pending ones do not)."""
        return sum(1 for row in self.rows if row.counted is not None and not row.pending)

    @property
    def pending(self) -> int:
        """How many donnes are listed but left out of the totals (``DonneRow.pending``)."""
        return sum(1 for row in self.rows if row.pending)

    def total(self, team: str) -> int:
        """Final cumul of ``"ns"`` or ``"oe"``, in points."""
        return self.total_ns if team == "ns" else self.total_oe

    def as_dict(self) -> dict[str, Any]:
        """The computed sheet of ROIMAT.md §10."""
        return {
            "donnes": [row.as_dict() for row in self.rows],
            "total_ns": self.total_ns,
            "total_oe": self.total_oe,
            "finished": self.finished,
            "winner": self.winner,
        }


def is_finished(rules: RuleSet, counted: int, cumul: dict[str, int]) -> bool:
    """Whether the partie is over (§6).

    ``club-8``: after ``rules.donnes`` counted donnes. ``official-1000``: once a team's cumul
    reaches ``rules.target``, unless both cumuls are equal (play on).
    """
    if rules.plays_to_target:
        return max(cumul.values()) >= rules.target and cumul["ns"] != cumul["oe"]
    return counted >= rules.donnes


def compute_sheet(donnes: Sequence[DonneEntry], rules: RuleSet, counts: int | None = None) -> Sheet:
    """Score a partie donne by donne (ROIMAT.md §5, §6).

    Takes the entries in the order they were played; returns the ``Sheet``. Only the first
    ``counts`` entries (all when None) count: the totals, the end and the winner are theirs;
    the later ones are scored provisionally, rows marked ``pending``, in no total.
    Raises ``InvalidSheet`` naming the first refused donne and field (§7), including a donne
    entered after the partie was over.
    """
    cumul = {"ns": 0, "oe": 0}
    faults: Counter[str] = Counter()
    rows: list[DonneRow] = []
    counted = 0
    finished = False
    official: tuple[dict[str, int], bool] = (cumul, False)
    for number, entry in enumerate(donnes, start=1):
        if counts is not None and number == counts + 1:
            official = (cumul, finished)
        if finished:
            raise InvalidSheet(number, EntryProblem("donne", "after_end"))
        problems = validate_donne(entry)
        if problems:
            raise InvalidSheet(number, problems[0])
        pending = counts is not None and number > counts
        if entry.annulled:
            rows.append(DonneRow(number, None, entry, None, None, pending))
            continue
        counted += 1
        penalties = _penalties(entry, rules, faults)
        scores = {t: score_team(entry, t, rules, penalties[t], cumul[t]) for t in TEAMS}
        cumul = {t: scores[t].cumul for t in TEAMS}
        rows.append(DonneRow(number, counted, entry, scores["ns"], scores["oe"], pending))
        finished = is_finished(rules, counted, cumul)
    complete = finished
    if counts is None or counts >= len(donnes):
        official = (cumul, finished)
    total, finished = official
    winner = None
    if finished and total["ns"] != total["oe"]:
        winner = "ns" if total["ns"] > total["oe"] else "oe"
    return Sheet(rules, tuple(rows), total["ns"], total["oe"], finished, winner, complete)


def compute_stored(
    donnes: Sequence[DonneEntry], rules: RuleSet, counts: int | None = None
) -> Sheet:
    """A stored partie's sheet as ``compute_sheet`` scores it, or, when the rules refuse one of
    its donnes (its rules changed by hand, a donne after the new end, a donne edited in the
    admin), the sheet of the donnes before it, not finished, with the refusal in
    ``refused``: the pages show it and the donne to correct instead of failing. Raises
    ``InvalidSheet`` for the sheet's own fields, which no donne's correction mends."""
    try:
        return compute_sheet(donnes, rules, counts)
    except InvalidSheet as error:
        if not error.donne:
            raise
        kept = error.donne - 1
        sheet = compute_sheet(donnes[:kept], rules, None if counts is None else min(counts, kept))
        return replace(sheet, finished=False, winner=None, complete=False, refused=error)


def _penalties(entry: DonneEntry, rules: RuleSet, faults: Counter[str]) -> dict[str, int]:
    """Each team's penalty for this donne's faults; updates the partie's fault counts (§5).

    The n-th fault of a player (of a team with ``fault_counting="team"``) costs n × 50.
    """
    penalties = {"ns": 0, "oe": 0}
    for seat in entry.faults:
        team = team_of(seat)
        key = team if rules.fault_counting == "team" else seat
        faults[key] += 1
        penalties[team] += FAULT_STEP * faults[key]
    return penalties


def next_dealer(donnes: Sequence[DonneEntry], first: str = "N") -> str:
    """The dealer to propose for the next donne (§3, §6).

    After an annulled donne the same dealer deals again; otherwise the deal passes to the
    left (clockwise). ``first`` deals the first donne.
    """
    if not donnes:
        return first
    last = donnes[-1]
    if last.dealer not in SEATS:
        return first
    return last.dealer if last.annulled else left(last.dealer)
