"""Running a tournament on the database: draws, parties, live ranking, the simulate command."""

import datetime
from collections import Counter

import pytest
from django.core.management import call_command

from scoring.models import Player
from tournaments.models import Registration, Tournament
from tournaments.services import TournamentError, play_round_simulated, standings, start_round

pytestmark = pytest.mark.django_db


def evening(count, fmt="individual", rounds=4, present=None):
    tournament = Tournament.objects.create(
        name="Soirée", date=datetime.date(2026, 11, 20), rounds=rounds, format=fmt, seed=7
    )
    players = [Player.objects.create(name=f"P{i:02d}") for i in range(count)]
    pairs = tournament.is_pairs
    for i, player in enumerate(players):
        Registration.objects.create(
            tournament=tournament,
            player=player,
            partner=players[i ^ 1] if pairs else None,
            checked_in=present is None or i < present,
        )
    return tournament, players


def play_round(round_, seed=0):
    play_round_simulated(round_, seed)


def seated(round_):
    return [
        [s.player_id for s in sorted(t.partie.seats.all(), key=lambda s: "NESO".index(s.seat))]
        for t in round_.tables.all()
    ]


def test_sixteen_players_four_rounds_meet_new_partners_every_round():
    tournament, players = evening(16)
    partners = Counter()
    for number in range(4):
        round_ = start_round(tournament=tournament)
        assert round_.number == number + 1 and round_.tables.count() == 4
        for n, e, s, o in seated(round_):
            partners.update([frozenset((n, s)), frozenset((e, o))])
        play_round(round_)
    assert max(partners.values()) == 1
    table = standings(tournament)
    assert len(table) == 16 and table[0].rank == 1
    assert all(line.parties == 4 for line in table)


def test_next_round_waits_for_every_table():
    tournament, _players = evening(8)
    start_round(tournament=tournament)
    with pytest.raises(TournamentError, match="pas fini"):
        start_round(tournament=tournament)


def test_rounds_stop_at_the_tournaments_number():
    tournament, _players = evening(8, rounds=1)
    play_round(start_round(tournament=tournament))
    with pytest.raises(TournamentError):
        start_round(tournament=tournament)


def test_ten_pairs_swiss_never_meet_twice():
    tournament, players = evening(20, fmt="swiss", rounds=5)
    registered = {frozenset((a.pk, b.pk)) for a, b in zip(players[::2], players[1::2], strict=True)}
    met = Counter()
    for number in range(5):
        round_ = start_round(tournament=tournament)
        for n, e, s, o in seated(round_):
            assert {frozenset((n, s)), frozenset((e, o))} <= registered  # pairs sit together
            met[frozenset((frozenset((n, s)), frozenset((e, o))))] += 1
        play_round(round_, seed=number * 10)
    assert max(met.values()) == 1
    lines = standings(tournament)
    assert len(lines) == 10 and all(isinstance(line.entrant, tuple) for line in lines)


def test_sit_out_rotates_and_scores_the_average():
    tournament, players = evening(10, rounds=3)
    sat = Counter()
    for _number in range(3):
        round_ = start_round(tournament=tournament)
        assert round_.sit_out.count() == 2
        sat.update(p.pk for p in round_.sit_out.all())
        play_round(round_)
    assert max(sat.values()) == 1
    lines = {line.entrant: line for line in standings(tournament)}
    someone = next(iter(sat))
    assert lines[someone].parties == 2 and lines[someone].sat_out == 1


def test_players_not_checked_in_are_not_seated():
    tournament, players = evening(9, present=8)
    round_ = start_round(tournament=tournament)
    seated_ids = {p for table in seated(round_) for p in table}
    assert players[8].pk not in seated_ids and not round_.sit_out.exists()


def test_simulate_tournament_command(capsys):
    call_command("simulate_tournament", "--players", "12", "--rounds", "3", "--seed", "3")
    out = capsys.readouterr().out
    assert "round 3: 3 tables" in out
    tournament = Tournament.objects.get()
    assert all(t.partie.sheet.finished for r in tournament.rounds_set.all() for t in r.tables.all())
    assert len([line for line in out.splitlines() if ". Joueur" in line]) == 12
