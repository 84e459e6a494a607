"""A player's Roimat figures over his parties (issue: player page), plain Python.

For each partie, the player's team (``"ns"`` or ``"oe"``) and the computed sheet give: his
team's points per counted donne, the contracts made as équipe preneuse (Roi au bout) and as
équipe adverse (5 plis), and the contres and surcontres his team announced and won.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass

from .partie import Sheet
from .scoring import DonneEntry, contract_made


@dataclass(frozen=True)
class PlayerStats:
    """Counts over the parties (donnes counted): ``won``/``drawn``/``lost`` finished parties,
    ``donnes``, ``points`` (his team's totals), contracts ``taker_made`` of ``taker``
    donnes and ``defender_made`` of ``defender`` donnes, ``contres_won`` of ``contres``."""

    parties: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    donnes: int = 0
    points: int = 0
    taker: int = 0
    taker_made: int = 0
    defender: int = 0
    defender_made: int = 0
    contres: int = 0
    contres_won: int = 0

    @property
    def unfinished(self) -> int:
        """Parties counted but not finished (in progress, or stopped at an evening's close):
        ``parties`` is ``won + drawn + lost + unfinished``."""
        return self.parties - self.won - self.drawn - self.lost

    @property
    def points_per_donne(self) -> float:
        return round(self.points / self.donnes, 1) if self.donnes else 0.0

    def percent(self, part: int, whole: int) -> int:
        return round(100 * part / whole) if whole else 0


def player_stats(parties: Iterable[tuple[Sheet, str]]) -> PlayerStats:
    """The figures of a player over (sheet, his team) pairs."""
    counts = dict.fromkeys(PlayerStats.__dataclass_fields__, 0)
    for sheet, team in parties:
        counts["parties"] += 1
        if sheet.finished:
            outcome = "drawn" if sheet.winner is None else "won" if sheet.winner == team else "lost"
            counts[outcome] += 1
        for row in sheet.rows:
            score = row.team(team)
            if score is None or row.pending:  # annulled, or in no total yet
                continue
            entry = row.entry
            counts["donnes"] += 1
            counts["points"] += score.total
            role = "taker" if entry.taker == team else "defender"
            counts[role] += 1
            counts[f"{role}_made"] += contract_made(entry, team)
            counts["contres"] += announcements(entry, team, role)
            counts["contres_won"] += won_announcements(entry, team, role)
    return PlayerStats(**counts)


def partie_figures(sheet: Sheet, team: str) -> dict[str, int]:
    """The player's counts in one partie (``PlayerStats``'s fields by name), to store with
    his result and add up later (``added_up``)."""
    return asdict(player_stats([(sheet, team)]))


def added_up(figures: Iterable[Mapping[str, int]]) -> PlayerStats:
    """The figures of a player over his parties, from each partie's ``partie_figures``: the
    same as ``player_stats`` over their sheets. A count missing from a mapping is 0."""
    totals = dict.fromkeys(PlayerStats.__dataclass_fields__, 0)
    for counts in figures:
        for name in totals:
            totals[name] += counts.get(name, 0)
    return PlayerStats(**totals)


def announcements(entry: DonneEntry, team: str, role: str) -> int:
    """How many contres and surcontres the team announced in this donne (§4)."""
    if role == "taker":
        return int(entry.contre_plis) + int(entry.surcontre_roi)
    return int(entry.contre_roi) + int(entry.surcontre_plis)


def won_announcements(entry: DonneEntry, team: str, role: str) -> int:
    """How many of the team's own announcements succeeded (§4)."""
    taker_made = contract_made(entry, entry.taker)
    defender = "oe" if entry.taker == "ns" else "ns"
    defender_made = contract_made(entry, defender)
    if role == "taker":
        return int(entry.contre_plis and not defender_made) + int(
            entry.surcontre_roi and taker_made
        )
    return int(entry.contre_roi and not taker_made) + int(entry.surcontre_plis and defender_made)
