"""A player's figures over all his parties of a game, kept so that his page costs the same
whatever his history: his ``PlayerTotals`` plus the ``PlayerTotalsChange`` rows written since.

Each change to a partie's results (``results.write_results``) writes what it changed for each
of its players (``record``: the new results less the old ones, which the same statement that
deletes them reads, ``deleted_results``), in the change's transaction, reading no total:
one query. His page reads his totals and those changes (``kept_totals``: two queries); the
first time, or once ``COMPACT_AT`` changes are waiting, it computes or adds them up and keeps
the sum (a short write transaction). A partie deleted (``forget_partie``), results stored
before their figures were, or every result stored again (``forget_all``) drop the totals of
the players concerned, computed again from their results when their page next asks. The
changes of a player whose page nobody asks wait meanwhile (a row a counted donne he plays,
as its ``EntryVersion``), added in or dropped the first time it is.

Adding up takes the changes table in a lock that lets no new change in meanwhile (on
PostgreSQL; SQLite's write transactions take turns), so that a change is either in the
results the sum is computed from and removed with them, or left waiting, never both.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from django.db import OperationalError, connection, transaction
from django.db.models import Case, When

from scoring.models import Counts, Partie, Player, PlayerResult, PlayerTotals, PlayerTotalsChange

#: Changes a page adds to a player's totals as it reads them; from this many on, it keeps the
#: sum (and removes them).
COMPACT_AT = 20

#: One result as the totals read it: (player id, team, figures or None).
Row = tuple[int, str, Mapping[str, int] | None]
#: The results' figures column (its JSON read as ``deleted_results`` and ``computed`` read it).
_FIGURES = PlayerResult._meta.get_field("figures")


def rows_of(results: Iterable[PlayerResult]) -> list[Row]:
    """Each result's (player id, team, figures)."""
    return [(r.player_id, r.team, r.figures) for r in results]


def _add(counts: dict, more: Mapping, sign: int) -> None:
    """``counts`` plus (``sign`` 1) or minus (-1) ``more``, count by count; a count back to 0
    is dropped."""
    for key, value in more.items():
        total = counts.get(key, 0) + sign * value
        if total:
            counts[key] = total
        else:
            counts.pop(key, None)


def added(totals: Counts, rows: Sequence[Row], sign: int) -> None:
    """``totals`` plus (``sign`` 1) or minus (-1) the results ``rows`` of one partie: its
    player's figures, and each other player of the partie counted once as a partner (the
    same team) or an opponent. Rows of other players than ``totals``' are its partie's
    others. Raises ``ValueError`` for a row of his without figures."""
    for player, team, figures in rows:
        if player != totals.player_id:
            continue
        if figures is None:
            raise ValueError("a result without figures")
        totals.results += sign
        _add(totals.figures, figures, sign)
        for other, other_team, _figures in rows:
            if other != player:
                side = totals.partners if other_team == team else totals.opponents
                _add(side, {str(other): 1}, sign)


def deleted_results(partie: Partie) -> list[Row]:
    """Delete the partie's stored results and return them as ``rows_of`` would, in one
    statement (``DELETE … RETURNING``, SQLite 3.35 and PostgreSQL)."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"DELETE FROM {quote(PlayerResult._meta.db_table)} WHERE {quote('partie_id')} = %s "
            f"RETURNING {quote('player_id')}, {quote('team')}, {quote('figures')}",
            [partie.pk],
        )
        found = cursor.fetchall()
    return [
        (player, team, _FIGURES.from_db_value(figures, None, connection))
        for player, team, figures in found
    ]


def record(game: str, old: Sequence[Row], new: Sequence[Row]) -> None:
    """Write what a partie's results going from ``old`` to ``new`` (both ``rows_of`` a partie
    of ``game``) change for each of its players, in the caller's transaction: one query, none
    when nothing changed. Results without figures (stored before them) drop the totals of
    their partie's players instead (two queries)."""
    changes = []
    players = sorted({player for player, _team, _figures in [*old, *new]})
    try:
        for player in players:
            change = PlayerTotalsChange(player_id=player, game=game)
            added(change, old, -1)
            added(change, new, 1)
            if change.results or change.figures or change.partners or change.opponents:
                changes.append(change)
    except ValueError:
        _forget(players)
        return
    if changes:
        PlayerTotalsChange.objects.bulk_create(changes)


#: The figures of results stored without them: {partie id: team} to {partie id: figures}.
Missing = Callable[[dict[int, str]], dict[int, Mapping[str, int]]]


def computed(player: Player, game: str, missing: Missing) -> PlayerTotals | None:
    """A new ``PlayerTotals`` (unsaved) of ``player``'s results of ``game`` as stored (the
    figures of those stored without them given by ``missing``), or None when he has none:
    every result of his parties in one query (his own with their figures), each partie's
    added as a change adds it (``added``)."""
    mine = PlayerResult.objects.filter(player=player, partie__game=game)
    own = Case(When(player=player, then="figures"), output_field=_FIGURES)
    parties: defaultdict[int, list[Row]] = defaultdict(list)
    for partie, other, team, figures in (
        PlayerResult.objects.filter(partie__in=mine.values("partie"))
        .order_by()
        .values_list("partie_id", "player_id", "team", own)
    ):
        parties[partie].append((other, team, figures))
    if not parties:
        return None
    found = missing(
        {p: t for p, rows in parties.items() for o, t, f in rows if o == player.pk and f is None}
    )
    totals = PlayerTotals(player=player, game=game)
    for partie, rows in parties.items():
        mended = [(o, t, found[partie] if o == player.pk and f is None else f) for o, t, f in rows]
        added(totals, mended, 1)
    return totals


def kept_totals(player: Player, game: str, missing: Missing) -> PlayerTotals | None:
    """``player``'s totals of ``game``: his kept ``PlayerTotals`` plus the changes since (two
    queries); the first time, or from ``COMPACT_AT`` changes on, summed and kept
    (``_summed``), or only summed when the database is too busy to keep them (SQLite's
    writer taken longer than its timeout). None when he has no result of the game."""
    totals = PlayerTotals.objects.filter(player=player, game=game).first()
    changes = list(PlayerTotalsChange.objects.filter(player=player, game=game))
    if totals is None or len(changes) >= COMPACT_AT:
        try:
            return _with_results(_summed(player, game, missing))
        except OperationalError:  # summed below without keeping, kept at a later request
            pass
    if totals is None:
        return _with_results(computed(player, game, missing))  # the changes in it already
    for change in changes:
        _add_counts(totals, change, 1)
    return _with_results(totals)


def _with_results(totals: PlayerTotals | None) -> PlayerTotals | None:
    """``totals``, or None when they add up no result."""
    return totals if totals is not None and totals.results else None


def _summed(player: Player, game: str, missing: Missing) -> PlayerTotals | None:
    """His totals kept with the changes waiting added in (computed from his results when he
    has none kept), the changes removed; None when he has no result (nothing kept)."""
    with transaction.atomic():
        if connection.vendor == "postgresql":  # the changes in, or waiting: never both
            with connection.cursor() as cursor:
                table = connection.ops.quote_name(PlayerTotalsChange._meta.db_table)
                cursor.execute(f"LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")
        totals = PlayerTotals.objects.filter(player=player, game=game).first()
        changes = PlayerTotalsChange.objects.filter(player=player, game=game)
        if totals is None:
            totals = computed(player, game, missing)  # the changes' results in it already
        else:
            for change in changes:
                _add_counts(totals, change, 1)
        changes.delete()
        if totals is not None:
            totals.save()
    return totals


def _add_counts(totals: Counts, more: Counts, sign: int) -> None:
    """``totals`` plus (``sign`` 1) or minus (-1) ``more``, count by count."""
    totals.results += sign * more.results
    for name in ("figures", "partners", "opponents"):
        _add(getattr(totals, name), getattr(more, name), sign)


def _forget(players: Sequence[int]) -> None:
    """Drop the totals of ``players`` and their changes waiting (two queries)."""
    PlayerTotalsChange.objects.filter(player__in=players).delete()
    PlayerTotals.objects.filter(player__in=players).delete()


def forget_partie(sender: type, instance: Partie, **kwargs: object) -> None:
    """Before ``instance`` is deleted (its results with it): its players' totals go, to be
    computed again from their results. A ``pre_delete`` receiver of ``Partie``."""
    players = list(instance.results.values_list("player", flat=True))
    if players:
        _forget(players)


def forget_all() -> None:
    """Every total and change goes (after every result was stored again)."""
    PlayerTotalsChange.objects.all().delete()
    PlayerTotals.objects.all().delete()
