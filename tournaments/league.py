"""The league of a season on the database: each closed evening's ranking feeds the plain
rules of ``tournaments.engine.league``.

What a closed evening gives the league is stored (``EveningLeague``): ranked when it closes,
and again, in the transaction of the change, whenever anything its ranking reads changes (the
receivers below: its parties' results, its registrations, rounds and rounds sat out, tables,
closing decisions, the evening itself), and its lines are added to its season's kept totals
(``SeasonLeague``) in the same transaction. A season's standings then read one row a season
and the last evening's (``season_table``), whatever the season's length.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import orjson
from django.db import transaction
from django.db.models import Exists, OuterRef, Sum, TextField
from django.db.models.functions import Cast

from scoring.freshness import touch
from scoring.models import Partie, PlayerResult
from scoring.selectors import LeftOut, left_out
from tournaments.engine.league import (
    EveningResult,
    LeagueLine,
    LeagueRule,
    LeagueTotals,
)
from tournaments.engine.league import progression as league_progression
from tournaments.models import (
    EveningLeague,
    Registration,
    Round,
    Season,
    SeasonLeague,
    Table,
    Tournament,
)
from tournaments.services import result_rows, standings, with_ranking_data


def on_partie_changed(sender, partie: Partie, **kwargs) -> None:
    """``scoring.signals.partie_changed``: a partie of a closed evening ranks it again
    (``store_evening``); one that counts for a season (of a closed evening of one, or one of
    its stand-alone parties) changes its pages (``touch``); any other (an evening in
    progress) leaves them kept: without a query when the partie was read with its evening (a
    table's entry, ``scoring.services.entry_partie``), else in one."""
    evening = _evening_read_with(partie)
    if evening is not None:
        closed, season, standalone = evening.finished, evening.season_id, False
        evening_id = evening.pk
    else:
        path = "tournament_table__round__tournament"
        in_season = Season.parties.through.objects.filter(partie_id=OuterRef("pk"))
        found = (
            Partie.objects.filter(pk=partie.pk)
            .annotate(standalone=Exists(in_season))
            .values_list(path, f"{path}__finished", f"{path}__season", "standalone")
            .first()
        )
        if found is None:
            return
        evening_id, closed, season, standalone = found
    if evening_id is not None and closed:
        store_evening(evening_id)
    if standalone or (closed and season is not None):
        touch()


def _evening_read_with(partie: Partie):
    """The evening (``Tournament``) of an evening's partie read with it by
    ``select_related``, or None (not read so, or a partie of no evening)."""
    if not Partie.tournament_table.is_cached(partie):
        return None
    table = getattr(partie, "tournament_table", None)
    if table is None or not Table.round.is_cached(table):
        return None
    return table.round.tournament if Round.tournament.is_cached(table.round) else None


def evening_lines(tournament: Tournament, entrants=None, rows=None, sat_out=None) -> list[list]:
    """What the closed ``tournament`` gives the league (``EveningLeague.lines``): each
    player's ``[player id, place, points, parties, wins]`` in its ranking (``standings``,
    given what the caller already read of it; in a pairs evening each partner gets the
    pair's line)."""
    lines = []
    for line in standings(tournament, entrants, rows, sat_out):
        players = line.entrant if isinstance(line.entrant, tuple) else (line.entrant,)
        for player in players:
            lines.append([player, line.rank, line.points, line.parties, line.wins])
    return lines


def evening_row(tournament: Tournament, lines: list[list]) -> dict[str, Any]:
    """What the closed evening ``tournament`` stores in its ``EveningLeague`` row: its
    ranked ``lines``, its season, and what its totals leave out (``left_out``, one query)."""
    waiting = left_out(Partie.objects.filter(tournament_table__round__tournament=tournament))
    return {
        "lines": lines,
        "season_id": tournament.season_id,
        "donnes_left_out": waiting.donnes,
        "rounds_left_out": waiting.rounds,
    }


def store_evening(tournament_id: int) -> None:
    """Store what the evening ``tournament_id`` gives the league as it now stands: its
    ranking and what its totals leave out when it is closed, nothing when it is open or
    gone; its season's totals (``SeasonLeague``) follow its lines (``count_in_season``). The
    evening is locked (``select_for_update``) while it is ranked, so that two changes at once
    store the last state. In the caller's transaction, or one of its own."""
    with transaction.atomic():
        tournament = with_ranking_data(
            Tournament.objects.select_for_update().filter(pk=tournament_id)
        ).first()
        if tournament is None or not tournament.finished:
            EveningLeague.objects.filter(tournament_id=tournament_id).delete()
            return
        old = (
            EveningLeague.objects.filter(tournament_id=tournament_id)
            .values_list("season_id", "lines")
            .first()
        )
        lines = evening_lines(tournament)
        EveningLeague.objects.update_or_create(
            tournament_id=tournament_id, defaults=evening_row(tournament, lines)
        )
        changes = {}
        if old is not None and old[0] is not None:
            changes[old[0]] = [(old[1], -1)]
        if tournament.season_id is not None:
            changes.setdefault(tournament.season_id, []).append((lines, 1))
        for season_id in sorted(changes):
            count_in_season(season_id, changes[season_id])


def rule_data(rule: LeagueRule) -> list:
    """What of a season's rule its totals depend on (``SeasonLeague.rule``)."""
    return [rule.kind, list(rule.scale), rule.best]


def _results_of(lines: list) -> list[EveningResult]:
    """An evening's stored ``lines`` as ``EveningResult``s (of no evening in particular: a
    season's totals do not need to know which)."""
    return [EveningResult(player, None, *figures) for player, *figures in lines]


def count_in_season(season_id: int, changes: list[tuple[list, int]]) -> None:
    """Count evenings' lines in the season's totals (``SeasonLeague``): ``changes`` are
    ``(lines, +1)`` for lines added, ``(lines, -1)`` for lines taken off. The season is
    locked while its totals change; totals not stored yet are counted from its stored
    evenings (which already hold the change). In the caller's transaction."""
    season = Season.objects.select_for_update().filter(pk=season_id).first()
    if season is None:
        return
    rule = rule_of(season)
    row = SeasonLeague.objects.filter(season=season).first()
    if row is None or row.rule != rule_data(rule):
        store_season(season)
        return
    totals = LeagueTotals.from_data(rule, row.totals)
    for lines, sign in changes:
        for result in _results_of(lines):
            totals.add(result, sign)
        row.evenings += sign if lines else 0
    row.totals = totals.as_data()
    row.save(update_fields=["totals", "evenings"])


def store_season(season: Season) -> tuple[LeagueTotals, int]:
    """Count the season's totals again from its stored evenings, and store them
    (``SeasonLeague``); returns them with the number of evenings counted."""
    rule = rule_of(season)
    totals = LeagueTotals(rule)
    evenings = 0
    for lines in EveningLeague.objects.filter(season=season).values_list("lines", flat=True):
        for result in _results_of(lines):
            totals.add(result)
        evenings += 1 if lines else 0
    SeasonLeague.objects.update_or_create(
        season=season,
        defaults={"rule": rule_data(rule), "totals": totals.as_data(), "evenings": evenings},
    )
    return totals, evenings


def season_totals(season: Season) -> tuple[LeagueTotals, int]:
    """The season's totals over its stored evenings and how many they are: its stored row
    (one query), or counted again and stored when there is none under its rule (the season
    locked meanwhile, as ``count_in_season`` locks it)."""
    rule = rule_of(season)
    found = (
        SeasonLeague.objects.filter(season=season).values_list("rule", "totals", "evenings").first()
    )
    if found is not None and found[0] == rule_data(rule):
        return LeagueTotals.from_data(rule, found[1]), found[2]
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=season.pk).first()
        return store_season(season)


def forget_season(sender, instance: EveningLeague, **kwargs) -> None:
    """A stored evening removed (its evening reopened or deleted): its season's totals go,
    to be counted again when next read (``season_totals``; a change to a season's rule is
    seen there)."""
    SeasonLeague.objects.filter(season_id=instance.season_id).delete()


#: Evenings ``store_all_evenings`` stores in one transaction.
EVENINGS_AT_ONCE = 50


def store_all_evenings(**kwargs) -> None:
    """Store again what every closed evening gives the league, and the seasons' totals
    counted again from them (``scoring.signals.results_rebuilt``: after ``manage.py
    recompute_results``, and for the evenings closed before issue 25).

    The evenings are ranked ``EVENINGS_AT_ONCE`` at a time (``ranked_lines``: a fixed number
    of queries for them, and what each leaves out, ``left_out``), their rows updated or
    created in batches in a transaction of their own, the evenings locked meanwhile; then
    each season's totals are counted once from its stored evenings (``store_season``)."""
    SeasonLeague.objects.all().delete()
    closed = list(
        Tournament.objects.filter(finished=True).order_by("pk").values_list("pk", flat=True)
    )
    for start in range(0, len(closed), EVENINGS_AT_ONCE):
        chunk = closed[start : start + EVENINGS_AT_ONCE]
        with transaction.atomic():
            list(Tournament.objects.select_for_update().filter(pk__in=chunk).values_list("pk"))
            evenings = Tournament.objects.filter(pk__in=chunk, finished=True).order_by("pk")
            stored = {
                e.tournament_id: e for e in EveningLeague.objects.filter(tournament__in=chunk)
            }
            new, changed = [], []
            for tournament, lines in ranked_lines(evenings):
                row = stored.get(tournament.pk)
                if row is None:
                    row = EveningLeague(tournament=tournament)
                    new.append(row)
                else:
                    changed.append(row)
                for name, value in evening_row(tournament, lines).items():
                    setattr(row, name, value)
            fields = ["lines", "season", "donnes_left_out", "rounds_left_out"]
            EveningLeague.objects.bulk_update(changed, fields)
            EveningLeague.objects.bulk_create(new)
    counted = EveningLeague.objects.exclude(season=None).values("season_id")
    for season in Season.objects.filter(pk__in=counted).order_by("pk"):
        with transaction.atomic():
            Season.objects.select_for_update().filter(pk=season.pk).first()
            store_season(season)
    touch()


def on_evening_saved(sender, instance, raw=False, **kwargs) -> None:
    """A ``Tournament``, ``Registration``, ``Round`` or ``Table`` saved or deleted: its
    evening ranked again (``store_evening``; a tournament deleted: what it gave the league
    goes, after its registrations and rounds, whose deletion ranked it again). Rows loaded
    raw (``loaddata``) only drop what was stored, so that the evening is ranked when read
    until ``recompute_results``."""
    tournament_id = _evening_of(instance)
    if tournament_id is None:
        return
    if raw:
        EveningLeague.objects.filter(tournament_id=tournament_id).delete()
    else:
        store_evening(tournament_id)


def on_partie_saved(sender, instance: Partie, raw=False, update_fields=None, **kwargs) -> None:
    """A partie saved: its evening ranked again when what it decided at closing
    (``Partie.closing``) may have changed (its entries: ``on_partie_changed``)."""
    if update_fields is not None and "closing" not in update_fields:
        return
    found = Tournament.objects.filter(rounds_set__tables__partie=instance).values_list(
        "pk", flat=True
    )
    for tournament_id in found:
        on_evening_saved(sender, Tournament(pk=tournament_id), raw=raw)


def on_sit_out_changed(sender, instance, action: str, reverse: bool, pk_set, **kwargs) -> None:
    """A round's players sitting out changed: its evening ranked again."""
    if action.startswith("post_") and not reverse:
        store_evening(instance.tournament_id)


def _evening_of(instance) -> int | None:
    """The id of the evening an evening's row belongs to (a ``Tournament``, ``Registration``,
    ``Round`` or ``Table``)."""
    if isinstance(instance, Tournament):
        return instance.pk
    if isinstance(instance, Table):
        return (
            Round.objects.filter(pk=instance.round_id)
            .values_list("tournament_id", flat=True)
            .first()
        )
    return instance.tournament_id


def rule_of(season: Season) -> LeagueRule:
    """The season's ``LeagueRule``."""
    scale = tuple(int(x) for x in season.scale.split(",") if x.strip().isdigit())
    return LeagueRule(season.kind, scale, season.min_evenings, season.best)


def season_results(season: Season) -> list[EveningResult]:
    """Every player's result at each closed evening of the season (individual evenings: in
    a pairs evening each partner gets the pair's place): stored (``EveningLeague``), or
    ranked now for an evening closed before they were (``ranked_results``), and at each of
    its stand-alone parties (``standalone_results``)."""
    return evenings_and_results(season)[1]


def evenings_and_results(
    season: Season, players: set | None = None
) -> tuple[list, list[EveningResult]]:
    """The season's evenings in order (each evening with a result: its ``(date, id)``; a
    stand-alone partie's ``(date, -id)``) and the results of ``players`` at them (all of
    them: None), as ``season_results`` reads them."""
    evenings: set = set()
    results = []
    unstored = []
    closed = season.tournaments.filter(finished=True).order_by("date", "id")
    stored = closed.annotate(text=Cast("league__lines", TextField()))  # orjson reads it
    for tournament_id, date, text in stored.values_list("pk", "date", "text"):
        if text is None:
            unstored.append(tournament_id)
            continue
        lines = orjson.loads(text)
        evening = (date, tournament_id)
        evenings.update([evening] if lines else [])
        results += [
            EveningResult(player, evening, place, points, parties, wins)
            for player, place, points, parties, wins in lines
            if players is None or player in players
        ]
    others = standalone_results(season)
    if unstored:
        others += ranked_results(closed.filter(pk__in=unstored))
    evenings.update(result.evening for result in others)
    results += [r for r in others if players is None or r.player in players]
    return sorted(evenings), results


def ranked_results(closed) -> list[EveningResult]:
    """Every player's result at each of the ``closed`` evenings (a queryset), ranked from
    their parties' stored results in a fixed number of queries (a pairs evening reads its
    registrations and rounds itself)."""
    results = []
    for tournament, lines in ranked_lines(closed):
        evening = (tournament.date, tournament.pk)
        results += [EveningResult(p, evening, *figures) for p, *figures in lines]
    return results


def ranked_lines(closed) -> list[tuple[Tournament, list[list]]]:
    """Each of the ``closed`` evenings (a queryset, read here in its order) with what it
    gives the league (``evening_lines``), ranked from their parties' stored results in a
    fixed number of queries (a pairs evening reads its registrations and rounds itself)."""
    rows = result_rows(
        PlayerResult.objects.filter(partie__tournament_table__round__tournament__in=closed)
    )
    present: dict[int, list[int]] = defaultdict(list)
    for tournament_id, player in (
        Registration.objects.filter(tournament__in=closed, checked_in=True)
        .order_by("id")
        .values_list("tournament_id", "player_id")
    ):
        present[tournament_id].append(player)
    sat_out: dict[int, Counter] = defaultdict(Counter)
    for tournament_id, player in Round.sit_out.through.objects.filter(
        round__tournament__in=closed
    ).values_list("round__tournament_id", "player_id"):
        sat_out[tournament_id][player] += 1
    found = []
    for tournament in closed:  # a pairs evening reads its registrations and rounds itself
        entrants = None if tournament.is_pairs else present[tournament.pk]
        lines = evening_lines(
            tournament, entrants, rows.get(tournament.pk, []), dict(sat_out[tournament.pk])
        )
        found.append((tournament, lines))
    return found


def season_left_out(season: Season) -> LeftOut:
    """What the league leaves out (``left_out``) of the parties it counts: those of its
    closed evenings (stored with them, ``EveningLeague``; counted now for an evening closed
    before they were) and its stand-alone parties (an evening not closed is not counted yet,
    and its page says so). The parties counted now are named by id: a query joining both
    kinds at once scanned every partie."""
    stored = EveningLeague.objects.filter(
        tournament__season=season, tournament__finished=True
    ).aggregate(donnes=Sum("donnes_left_out", default=0), rounds=Sum("rounds_left_out", default=0))
    unstored = season.tournaments.filter(finished=True, league__isnull=True)
    ids = [
        *Partie.objects.filter(seasons=season).values_list("pk", flat=True),
        *Partie.objects.filter(tournament_table__round__tournament__in=unstored).values_list(
            "pk", flat=True
        ),
    ]
    counted = left_out(Partie.objects.filter(pk__in=ids)) if ids else LeftOut()
    return LeftOut(stored["donnes"] + counted.donnes, stored["rounds"] + counted.rounds)


def standalone_results(season: Season) -> list[EveningResult]:
    """The season's stand-alone parties, each counted as an evening of its own: a player's
    place is 1 + the number of players who did better (partners share their place)."""
    rows = PlayerResult.objects.filter(partie__seasons=season).values_list(
        "partie_id", "partie__played_on", "player_id", "points", "against", "outcome"
    )
    by_partie: dict[int, list] = defaultdict(list)
    for row in rows:
        by_partie[row[0]].append(row)
    results = []
    for partie, lines in by_partie.items():
        for _p, played_on, player, points, against, outcome in lines:
            place = 1 + sum(1 for other in lines if other[3] > points)
            won = (
                outcome
                if outcome is not None
                else (1.0 if points > against else 0.5 if points == against else 0.0)
            )
            results.append(EveningResult(player, (played_on, -partie), place, points, 1, won))
    return results


def season_table(season: Season) -> tuple[list[LeagueLine], list[LeagueLine], int]:
    """The standings now, the standings before the last evening, and the number of evenings
    counted: the season's stored totals (``season_totals``), with its closed evenings not
    stored yet (ranked now, ``ranked_results``) and its stand-alone parties
    (``standalone_results``) added, then the last evening's results taken off. Reads one
    row a season and one a stored evening (the last), whatever the season's length."""
    totals, count = season_totals(season)
    unstored = list(
        season.tournaments.filter(finished=True, league__isnull=True).values_list("pk", flat=True)
    )
    extra = standalone_results(season)
    if unstored:
        extra += ranked_results(Tournament.objects.filter(pk__in=unstored))
    for result in extra:
        totals.add(result)
    last_extra = max((r.evening for r in extra), default=None)
    count += len({r.evening for r in extra})
    stored = (
        EveningLeague.objects.filter(season=season)
        .order_by("-tournament__date", "-tournament_id")
        .values_list("tournament__date", "tournament_id", "lines")
    )
    last = next(((date, pk, lines) for date, pk, lines in stored.iterator(4) if lines), None)
    now = totals.standings()
    if last is not None and (last_extra is None or last[:2] > last_extra):
        taken = _results_of(last[2])
    else:
        taken = [r for r in extra if r.evening == last_extra]
    for result in taken:
        totals.remove(result)
    return now, totals.standings(), count


def progression(season: Season, players: list, evenings: list, results=None) -> dict:
    """Each given player's cumulative league value after each evening (for the chart:
    ``tournaments.engine.league.progression``); ``results`` are the season's
    (``season_results``) when the caller already has them."""
    results = season_results(season) if results is None else results
    return league_progression(results, rule_of(season), players, evenings)
