"""Running a tournament: drawing a round into tables and parties, and its live ranking.

The algorithms are in ``tournaments.engine``; this module is the adapter to the database.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from scoring import registry, remote
from scoring.freshness import touch
from scoring.models import Partie, Player, PlayerResult, Seat, entry_reads
from scoring.selectors import left_out
from tournaments.engine import seating
from tournaments.engine.standings import Result, Standing, rank
from tournaments.models import Registration, Round, Table, Tournament

SEATS = ("N", "E", "S", "O")


class TournamentError(Exception):
    """A director's action that cannot be done now; the message says why, for the page."""


def present(tournament: Tournament) -> list[Registration]:
    """Registrations checked in, in registration order (from prefetched registrations when
    there are)."""
    return sorted((r for r in tournament.registrations.all() if r.checked_in), key=lambda r: r.pk)


#: What a ranking reads besides the stored results, to prefetch with a tournament (or with a
#: season's tournaments) so that ranking many evenings costs a fixed number of queries.
RANKING_PREFETCH = ("registrations", "rounds_set__sit_out")


def with_ranking_data(tournaments):
    """The queryset of tournaments with what ``standings`` reads prefetched."""
    return tournaments.prefetch_related(*RANKING_PREFETCH)


def pairs_of(registrations: list[Registration]) -> list[tuple[int, int]]:
    """The fixed pairs (player id, partner id) of a pairs tournament, each once."""
    found: list[tuple[int, int]] = []
    for registration in registrations:
        if registration.partner_id is None:
            continue
        pair = (registration.player_id, registration.partner_id)
        if (pair[1], pair[0]) not in found:
            found.append(pair)
    return found


def history_of(tournament: Tournament, pairs: list[tuple[int, int]] | None = None):
    """The engine's ``History`` of the rounds drawn so far (players, or pairs when given)."""
    history = seating.History()
    pair_of = {p: pair for pair in pairs or [] for p in pair}
    for round_ in tournament.rounds_set.prefetch_related("tables__partie__seats", "sit_out"):
        tables = []
        for table in round_.tables.all():
            by_seat = {s.seat: s.player_id for s in table.partie.seats.all()}
            tables.append(seating.Table(table.number, tuple(by_seat[s] for s in SEATS)))
        sat_out = tuple(p.pk for p in round_.sit_out.all())
        if pairs:
            matches = [(pair_of[t.seats[0]], pair_of[t.seats[1]]) for t in tables]
            history.record_matches(matches, pair_of[sat_out[0]] if sat_out else None)
        else:
            history.record(seating.Round(tuple(tables), sat_out))
    return history


def draw(tournament: Tournament, number: int) -> seating.Round:
    """The seating of round ``number`` by the tournament's format (reproducible from its
    seed). Raises ``TournamentError`` when too few players are present."""
    rng = random.Random(f"{tournament.seed}-{number}")
    registrations = present(tournament)
    if tournament.is_pairs:
        pairs = pairs_of(registrations)
        if len(pairs) < 2:
            raise TournamentError(_("At least two pairs must be present."))
        history = history_of(tournament, pairs)
        if tournament.format == Tournament.Format.ROUND_ROBIN:
            return seating.pairs_round(*seating.round_robin(pairs, number - 1))
        ranked = [s.entrant for s in standings(tournament, entrants=pairs)]
        return seating.pairs_round(*seating.swiss_pairs(ranked, history, rng))
    players = [r.player_id for r in registrations]
    if not registry.get(tournament.game).partners:
        return draw_groups(tournament, players, rng)
    if len(players) < 4:
        raise TournamentError(_("At least four players must be present."))
    history = history_of(tournament)
    if tournament.format == Tournament.Format.RANDOM:
        return seating.seat_random(players, history, rng)
    first = tournament.rounds_set.order_by("number").first()
    same_players = first is None or sorted(players) == sorted(
        [s.player_id for t in first.tables.all() for s in t.partie.seats.all()]
        + [p.pk for p in first.sit_out.all()]
    )
    order = players if same_players else None
    return seating.seat_individual(players, history, rng, schedule_order=order)


def draw_groups(tournament: Tournament, players: list[int], rng) -> seating.Round:
    """Tables of a game without partners (Roi, Römer, Rumoli, Differenzler): sizes within
    the game's, near the tournament's table size; when not everyone can sit, the fewest sit
    out, in turn; players meet new players when they can."""
    low, high = registry.get(tournament.game).table_sizes
    history = seating.History()
    for round_ in tournament.rounds_set.prefetch_related("tables__partie__seats", "sit_out"):
        tables = tuple(
            seating.Table(t.number, tuple(s.player_id for s in t.partie.seats.all()))
            for t in round_.tables.all()
        )
        sat_out = tuple(p.pk for p in round_.sit_out.all())
        seating.record_groups(history, seating.Round(tables, sat_out))
    for resting in range(len(players)):
        sizes = seating.table_sizes(len(players) - resting, low, high, tournament.table_size)
        if sizes is not None:
            break
    else:
        raise TournamentError(_("At least %(low)s players must be present.") % {"low": low})
    sit_out = seating.choose_sit_outs(players, resting, history, rng)
    seated = [p for p in players if p not in sit_out]
    drawn = seating.seat_groups(seated, sizes, history, rng)
    return seating.Round(drawn.tables, tuple(sit_out))


def start_round(*, tournament: Tournament, created_by=None) -> Round:
    """Draw the next round and create its tables and parties.

    Raises ``TournamentError`` when the tournament is closed, all rounds are drawn, or a table
    of the previous round has not finished its partie.
    """
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        last = tournament.rounds_set.order_by("-number").first()
        number = (last.number if last else 0) + 1
        if tournament.finished:
            raise TournamentError(_("The tournament is closed."))
        if number > tournament.rounds:
            raise TournamentError(_("All the rounds have been drawn."))
        tables = list(last.tables.all()) if last else []
        if any(t.partie.sheet.pending for t in tables):
            raise TournamentError(_("An entry of the current round awaits the other side."))
        if any(not t.partie.sheet.finished for t in tables):
            raise TournamentError(_("A table of the current round has not finished."))
        drawn = draw(tournament, number)
        round_ = Round.objects.create(tournament=tournament, number=number)
        players = Player.objects.in_bulk([p for t in drawn.tables for p in t.seats])
        adapter = registry.get(tournament.game)
        options = dict(tournament.game_options or {})
        for table in drawn.tables:
            partie = adapter.new_partie(
                players=[players[p] for p in table.seats],
                options=options,
                date=tournament.date,
                place=tournament.place,
                table=f"{number}.{table.number}",
                created_by=created_by,
            )
            Table.objects.create(round=round_, number=table.number, partie=partie)
        round_.sit_out.set(drawn.sit_out)
    return round_


def standings(tournament: Tournament, entrants=None, rows=None, sat_out=None) -> list[Standing]:
    """The ranking: while the evening goes on, every partie with a confirmed donne counts
    with its current totals (the live ranking); once it is closed, a finished partie counts,
    an unfinished one only as the director decided (``Table.closing``: counted as played so
    far, finished later, or not at all). A round sat out counts by the tournament's rule.
    Entrants are player ids, or (player, partner) pairs in a pairs tournament. When the
    caller already has them: ``rows``, the tournament's stored results (``result_rows``),
    and ``sat_out``, the players' rounds sat out (individual tournaments)."""
    pairs = pairs_of(present(tournament)) if tournament.is_pairs else []
    pair_of = {p: pair for pair in pairs for p in pair}
    if rows is None:
        rows = result_rows(
            PlayerResult.objects.filter(partie__tournament_table__round__tournament=tournament)
        ).get(tournament.pk, [])
    results, seen = [], set()
    for partie, player, points, against, outcome, finished, closing in rows:
        if tournament.finished and not (finished or closing == Table.Closing.PLAYED):
            continue
        owner = pair_of.get(player, player) if pairs else player
        if (partie, owner) not in seen:  # both partners of a pair: one result
            seen.add((partie, owner))
            results.append(Result(owner, points, against, outcome))
    if sat_out is None or pairs:
        sat_out = {}
        for round_ in tournament.rounds_set.all():
            # A pair sitting out is two players but one round sat out.
            for owner in {pair_of.get(p.pk, p.pk) for p in round_.sit_out.all()}:
                sat_out[owner] = sat_out.get(owner, 0) + 1
    everyone = (
        entrants if entrants is not None else (pairs or [r.player_id for r in present(tournament)])
    )
    order = [k for k in tournament.ranking.split(",") if k]
    return rank(results, order, sat_out, tournament.sit_out_rule, everyone)


def result_rows(results) -> dict[int, list[tuple]]:
    """Stored results grouped by tournament: (partie, player, points, against, outcome,
    whether the partie is finished, the director's decision at closing)."""
    grouped: dict[int, list[tuple]] = {}
    for row in results.values_list(
        "partie__tournament_table__round__tournament_id",
        "partie_id",
        "player_id",
        "points",
        "against",
        "outcome",
        "finished",
        "partie__closing",
    ):
        grouped.setdefault(row[0], []).append(row[1:])
    return grouped


def unfinished_tables(tournament: Tournament) -> list[Table]:
    """The tables whose partie is not finished (by what counts: confirmed entries), in round
    and table order, each with its partie, seats and entries read (its sheet scored once,
    ``Partie.sheet``, for the caller to show).

    A partie whose stored result says it is finished (``PlayerResult.finished``: written from
    its sheet with every change to its entries, in the same transaction) is finished: only
    the others are read and scored, so that closing an evening reads and scores its
    unfinished tables, not all of them."""
    finished = PlayerResult.objects.filter(partie=OuterRef("partie"), finished=True)
    tables = (
        Table.objects.filter(round__tournament=tournament)
        .exclude(Exists(finished))
        .select_related("round", "partie")
        .prefetch_related("partie__seats__player", *entry_reads("partie__"))
    )
    return [t for t in tables.order_by("round__number", "number") if not t.partie.sheet.finished]


def close_tournament(
    *, tournament: Tournament, decisions: dict[int, str], unfinished: list[Table] | None = None
) -> None:
    """Close the tournament: no more rounds, no more entries at the tables. ``decisions``
    gives, for each unfinished table (by id), what its partie does in the ranking and the
    season (``Table.Closing``); raises ``TournamentError`` when one is missing or unknown, and
    closes nothing then. ``unfinished``: the tables ``unfinished_tables`` gave, when the
    caller already has them (the close page shows them), so that they are not read and
    scored again."""
    if unfinished is None:
        unfinished = unfinished_tables(tournament)
    allowed = {c for c in Table.Closing.values if c}
    missing = [t for t in unfinished if decisions.get(t.pk) not in allowed]
    if missing:
        raise TournamentError(
            _("Say what to do with each unfinished table: %(tables)s.")
            % {"tables": ", ".join(t.label for t in missing)}
        )
    chosen: dict[str, list[int]] = {}
    for table in unfinished:
        table.partie.closing = decisions[table.pk]
        chosen.setdefault(decisions[table.pk], []).append(table.partie_id)
    with transaction.atomic():
        # One update a decision; the tournament's save below ranks the evening again and
        # makes the kept pages stale (``league.on_evening_saved``, ``freshness.touch``), as
        # each partie's save would have, once.
        for closing, parties in chosen.items():
            Partie.objects.filter(pk__in=parties).update(closing=closing)
        tournament.finished = True
        tournament.save(update_fields=["finished"])


def ranking_notes(tournament: Tournament) -> list[str]:
    """What the ranking leaves out: the entries pending (awaiting the other side's decision,
    refused and to correct, or after one that is: ``left_out``), then the tables unfinished
    at closing (``closing_notes``)."""
    parties = Partie.objects.filter(tournament_table__round__tournament=tournament)
    return left_out(parties).notes + closing_notes(tournament)


def closing_notes(tournament: Tournament) -> list[str]:
    """What the ranking says of the tables that were unfinished at closing."""
    notes = []
    for table in (
        Table.objects.filter(round__tournament=tournament)
        .exclude(partie__closing="")
        .select_related("round", "partie")
    ):
        what = table.partie.get_closing_display()
        if table.closing == Table.Closing.LATER and table.partie.sheet.finished:
            what = _("finished later, counted")
        notes.append(
            _("%(table)s: unfinished at closing — %(what)s.") % {"table": table.label, "what": what}
        )
    return notes


def round_started(round_: Round, tables=None) -> bool:
    """Whether a table of the round has begun, as its game says (``GameAdapter.started``: a
    donne or round stored, even one awaiting the other side or refused). ``tables``: the
    round's tables when the caller has them, their entries prefetched."""
    if tables is None:
        tables = round_.tables.select_related("partie")
    return any(table.partie.adapter.started(table.partie) for table in tables)


def swap_seats(*, round_: Round, first, second) -> None:
    """Swap two players of a round (seated or sitting out) before its first entry, whatever
    the game (``round_started``).

    Raises ``TournamentError`` once a donne or round is entered, or for a player not in the
    round.
    """
    with transaction.atomic():
        seats = {
            str(s.player_id): s
            for s in Seat.objects.select_for_update().filter(partie__tournament_table__round=round_)
        }
        if round_started(round_):
            raise TournamentError(_("The round has started: players can no longer be swapped."))
        resting = {str(p.pk) for p in round_.sit_out.all()}
        if not {str(first), str(second)} <= set(seats) | resting or str(first) == str(second):
            raise TournamentError(_("Choose two different players of this round."))
        a, b = seats.get(str(first)), seats.get(str(second))
        if a and b:
            if a.partie_id == b.partie_id:
                a.seat, b.seat = b.seat, a.seat
                Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
                Seat.objects.bulk_create(
                    [
                        Seat(partie_id=a.partie_id, seat=a.seat, player_id=a.player_id),
                        Seat(partie_id=b.partie_id, seat=b.seat, player_id=b.player_id),
                    ]
                )
            else:
                a.player_id, b.player_id = b.player_id, a.player_id
                Seat.objects.bulk_update([a, b], ["player"])
                touch()  # no signal for a bulk update: the kept pages name the players
        else:  # one of them sits out: he takes the other's seat
            seated, resting_id = (a, second) if a else (b, first)
            round_.sit_out.remove(int(resting_id))
            round_.sit_out.add(seated.player_id)
            seated.player_id = int(resting_id)
            seated.save(update_fields=["player"])


def play_round_simulated(round_: Round, seed: int) -> None:
    """Fill every table of the round with a partie played by the engine's simulated players
    (demo data, ``simulate_tournament``), for the games that have a simulation."""
    adapter = registry.get(round_.tournament.game)
    for table in round_.tables.select_related("partie"):
        adapter.simulate(table.partie, seed + 100 * round_.number + table.number)


def round_remote(*, round_: Round, created_by=None) -> tuple[int, list[Table]]:
    """Open a remote table for each table of the round that has none and has entered nothing
    yet: it plays the table's partie, its seats named after the drawn players, so that the
    evening's ranking counts it like any other. A table that has begun on paper (a donne or
    round entered, even one waiting for the other players) goes on on paper: the remote
    table deals from the first. Returns (how many were opened, the tables left on paper).
    Raises ``TournamentError`` for a game not played at a distance or a closed round."""
    if not registry.get(round_.tournament.game).playable:
        raise TournamentError(_("This game is not played at a distance."))
    if not round_.is_open:
        raise TournamentError(_("This round is closed."))
    opened, on_paper = 0, []
    for table in round_.tables.select_related("partie").order_by("number"):
        if hasattr(table.partie, "remote_table"):
            continue
        if table.partie.adapter.started(table.partie):
            on_paper.append(table)
            continue
        remote.table_create(created_by=created_by, partie=table.partie)
        opened += 1
    return opened, on_paper
