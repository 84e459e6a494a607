"""Reads of the score sheets for the pages (the writes are in ``services``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import OuterRef, Prefetch, QuerySet, Subquery, prefetch_related_objects
from django.utils.translation import ngettext

from scoring import registry
from scoring.models import ENTRY_TABLES, Partie, Seat, entry_reads

#: What a partie's sheet and list line read besides its row: its seats with their players,
#: its donnes and its rounds.
SHEET_READS = (
    Prefetch("seats", queryset=Seat.objects.select_related("player")),
    *entry_reads(),
)


def parties() -> QuerySet[Partie]:
    """Parties with what their sheets and list lines need, in a fixed number of queries."""
    return Partie.objects.prefetch_related(*SHEET_READS)


def with_sheet_reads(partie: Partie) -> Partie:
    """``partie``, already read, with what its sheet reads (``SHEET_READS``), in three
    queries: for a page that reads the partie's row first and its sheet only when drawn."""
    prefetch_related_objects([partie], *SHEET_READS)
    return partie


def player_parties(player_id: int) -> QuerySet[Partie]:
    """A player's parties of every game, with what their list lines need (``parties``): a
    table reads and scores the page it shows only. No DISTINCT: a player has one seat a
    partie (``one_seat_per_player``)."""
    return parties().filter(seats__player_id=player_id)


def game_figures(player) -> list[dict]:
    """Each game's figures for a player's page (``GameAdapter.player_figures``): its
    ``name``, the ``template`` to include and that template's context."""
    figures = []
    for adapter in registry.REGISTRY.values():
        found = adapter.player_figures(player)
        if found is not None:
            figures.append({"name": adapter.name, **found})
    return figures


@dataclass(frozen=True)
class LeftOut:
    """The donnes (Roimat) and rounds (the other games) listed on sheets but in no total
    yet: what a page of totals leaves out, and says (``notes``)."""

    donnes: int = 0
    rounds: int = 0

    def __bool__(self) -> bool:
        return bool(self.donnes or self.rounds)

    @property
    def notes(self) -> list[str]:
        """What is left out, in words: "2 donnes en attente, hors des totaux."."""
        notes = []
        if self.donnes:
            notes.append(
                ngettext(
                    "%(n)s donne pending, not in the totals.",
                    "%(n)s donnes pending, not in the totals.",
                    self.donnes,
                )
                % {"n": self.donnes}
            )
        if self.rounds:
            notes.append(
                ngettext(
                    "%(n)s round pending, not in the totals.",
                    "%(n)s rounds pending, not in the totals.",
                    self.rounds,
                )
                % {"n": self.rounds}
            )
        return notes


def left_out(parties: QuerySet[Partie]) -> LeftOut:
    """What the totals of ``parties`` leave out, in two queries: each partie's entries from
    its first one not confirmed on, those its sheet marks pending (``Partie.counts``,
    ``Sheet.pending``). A partie stopped when its evening closed (counted as played so far,
    or not counted) is left aside: nothing of it waits any more, its closing says the rest.
    The one count of every page that adds parties up: the ranking, the player's page, the
    league and their documents."""
    stopped = [Partie.Closing.PLAYED, Partie.Closing.EXCLUDED]
    live = parties.exclude(closing__in=stopped).values("pk")
    counts = []
    for model in ENTRY_TABLES.values():
        waiting = model.objects.filter(confirmed=False)  # few: an index of their own
        first_waiting = (
            waiting.filter(partie=OuterRef("partie")).order_by("number").values("number")[:1]
        )
        counts.append(
            model.objects.filter(
                partie__in=live.filter(pk__in=waiting.values("partie")),
                number__gte=Subquery(first_waiting),
            ).count()
        )
    return LeftOut(*counts)
