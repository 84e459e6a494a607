"""What a closed evening gives the league is stored (``EveningLeague``) and stored again at
once on every change its ranking reads: the season's pages read it and show what ranking the
evenings again would give."""

import datetime

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.freshness import touch
from scoring.models import Partie, Player
from scoring.services import entry_delete_last
from tests.helpers import evening
from tournaments.engine.league import league_standings
from tournaments.league import (
    evening_lines,
    evenings_and_results,
    progression,
    ranked_results,
    rule_of,
    season_results,
    season_table,
)
from tournaments.models import EveningLeague, Registration, Season, SeasonLeague, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    return Season.objects.create(
        name="2026-2099", start=datetime.date(2026, 1, 1), end=datetime.date(2099, 12, 31)
    )


def stored(tournament) -> list:
    return EveningLeague.objects.get(tournament=tournament).lines


def assert_stored_is_ranked_now(tournament, season) -> list:
    """The evening's stored lines are its ranking computed now, and the season's results
    read from them are those of ranking every closed evening again; returns the lines."""
    lines = stored(tournament)
    assert lines == evening_lines(Tournament.objects.get(pk=tournament.pk))
    closed = season.tournaments.filter(finished=True).order_by("date", "id")
    assert sorted(season_results(season), key=repr) == sorted(ranked_results(closed), key=repr)
    assert_totals_are_a_recount(season)
    return lines


def assert_totals_are_a_recount(season) -> None:
    """The season's standings from its kept totals (``SeasonLeague``), now and before its
    last evening, and its evenings counted, are those of all its results counted again."""
    season = Season.objects.get(pk=season.pk)
    results = season_results(season)
    evenings = sorted({r.evening for r in results})
    rule = rule_of(season)
    before = [r for r in results if r.evening != evenings[-1]] if evenings else []
    now_kept, before_kept, counted = season_table(season)
    assert now_kept == league_standings(results, rule)
    assert before_kept == league_standings(before, rule)
    assert counted == len(evenings)
    # The chart's leaders end where the standings put them, over the same evenings.
    leaders = [line.player for line in now_kept if line.rank is not None][:5]
    charted, theirs = evenings_and_results(season, set(leaders))
    assert charted == evenings
    series = progression(season, leaders, charted, theirs)
    values = {line.player: line.value for line in now_kept}
    assert {p: series[p][-1] for p in leaders} == {p: (len(evenings), values[p]) for p in leaders}


def season_points(client, season) -> dict[int, float]:
    url = reverse("tournaments:season", args=[season.pk])
    return {row["player"]: row["points"] for row in client.get(url).context["rows"]}


def test_each_change_to_a_closed_evening_is_stored_at_once_and_shown(client, season):
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    evening(season, 5, players)
    tonight = evening(season, 12, players)
    first = assert_stored_is_ranked_now(tonight, season)
    shown = season_points(client, season)

    # A donne removed: the partie is unfinished, and an unfinished partie of a closed
    # evening does not count ...
    partie = Partie.objects.filter(tournament_table__round__tournament=tonight).first()
    entry_delete_last(partie=partie)
    removed = assert_stored_is_ranked_now(tonight, season)
    assert removed != first and season_points(client, season) != shown
    # ... unless the director says it counts as played so far.
    partie.closing = Partie.Closing.PLAYED
    partie.save(update_fields=["closing"])
    played = assert_stored_is_ranked_now(tonight, season)
    assert played != removed

    # A player registered and present who never sat down comes last, with nothing.
    newcomer = Player.objects.create(name="Zoé")
    Registration.objects.create(tournament=tonight, player=newcomer, checked_in=True)
    assert [newcomer.pk, 9, 0, 0, 0] in assert_stored_is_ranked_now(tonight, season)
    registration = Registration.objects.get(tournament=tonight, player=newcomer)
    registration.checked_in = False  # marked absent
    registration.save()
    assert newcomer.pk not in [line[0] for line in assert_stored_is_ranked_now(tonight, season)]

    # A round sat out scores the average of his other rounds.
    round_ = tonight.rounds_set.first()
    round_.sit_out.add(players[0])
    sat_out = assert_stored_is_ranked_now(tonight, season)
    assert sat_out != played
    round_.sit_out.remove(players[0])
    assert assert_stored_is_ranked_now(tonight, season) == played

    # The evening's ranking criteria.
    tonight.ranking = "points,wins"
    tonight.save()
    assert_stored_is_ranked_now(tonight, season)

    # Reopened: it gives nothing until it closes again; deleted: its line goes.
    tonight.finished = False
    tonight.save()
    assert not EveningLeague.objects.filter(tournament=tonight).exists()
    url = reverse("tournaments:season", args=[season.pk])
    assert client.get(url).context["evenings"] == 1
    tonight.finished = True
    tonight.save()
    assert client.get(url).context["evenings"] == 2
    Tournament.objects.filter(pk=tonight.pk).delete()
    assert list(EveningLeague.objects.values_list("tournament", flat=True)) == [
        season.tournaments.get().pk
    ]
    assert client.get(url).context["evenings"] == 1


def evening_points(client, tournament) -> dict[int, float]:
    table = client.get(tournament.get_absolute_url()).context["standings"]
    return {row.record["entrant"]: row.record["points"] for row in table.rows}


def test_the_season_page_shows_the_points_of_the_evenings_ranking_page(client, season):
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    tonight = evening(season, 5, players)
    assert season_points(client, season) == evening_points(client, tonight)
    entry_delete_last(
        partie=Partie.objects.filter(tournament_table__round__tournament=tonight).first()
    )
    changed = evening_points(client, tonight)
    assert season_points(client, season) == changed and len(changed) == 8


def test_evenings_closed_before_they_were_stored_are_ranked_then_stored_by_the_command(
    client, season
):
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    for day in (5, 12):
        evening(season, day, players)
    url = reverse("tournaments:season", args=[season.pk])
    page = client.get(url).context
    rows, evenings = page["rows"], page["evenings"]
    EveningLeague.objects.all().delete()  # as a database of before the migration
    touch()
    assert client.get(url).context["rows"] == rows  # ranked when read
    call_command("recompute_results", verbosity=0)
    assert EveningLeague.objects.count() == 2
    page = client.get(url).context
    assert page["rows"] == rows and page["evenings"] == evenings


def test_a_donne_pending_at_a_table_left_to_finish_later_shows_at_once_on_the_season_page(
    secretary, client
):
    from tests.test_site_tournaments import DONNE, accept, first_table, table_post
    from tournaments.services import close_tournament, unfinished_tables

    tournament, table = first_table(secretary)
    season = Season.objects.create(name="S", start=tournament.date, end=tournament.date)
    tournament.season = season
    tournament.save()
    client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    decisions = {t.pk: Partie.Closing.LATER for t in unfinished_tables(tournament)}
    close_tournament(tournament=Tournament.objects.get(pk=tournament.pk), decisions=decisions)
    url = reverse("tournaments:season", args=[season.pk])
    for _twice in range(2):  # the second reading is the kept one
        page = client.get(url)
        assert page.context["left_out"].donnes == 1
        assert "1 donne en attente" in page.text
    accept(client, table, 1)  # the table goes on after the closing, as the director said
    page = client.get(url)
    assert page.context["left_out"].donnes == 0 and "en attente" not in page.text
    assert EveningLeague.objects.get(tournament=tournament).donnes_left_out == 0
    assert_stored_is_ranked_now(tournament, season)


def test_a_seasons_totals_follow_its_evenings_as_they_move_close_reopen_and_go(client, season):
    """The totals are kept as each change comes (not counted again), and stay those of a
    recount: a new evening, a closed one changed, one moved to another season, a season's
    rule changed, a stand-alone partie, an evening reopened and one deleted."""
    other = Season.objects.create(
        name="Autre", start=datetime.date(2026, 1, 1), end=datetime.date(2099, 12, 31), best=1
    )
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    first = evening(season, 5, players[:4])
    second = evening(season, 12, players)
    assert_totals_are_a_recount(season)
    kept = SeasonLeague.objects.get(season=season)
    third = evening(season, 19, players[2:])
    assert_totals_are_a_recount(season)
    assert SeasonLeague.objects.get(season=season).evenings == kept.evenings + 1 == 3

    entry_delete_last(
        partie=Partie.objects.filter(tournament_table__round__tournament=third).first()
    )
    assert_totals_are_a_recount(season)
    second.season = other  # moved: off one season's totals, onto the other's
    second.save()
    assert_totals_are_a_recount(season)
    assert_totals_are_a_recount(other)
    assert SeasonLeague.objects.get(season=season).evenings == 2
    assert SeasonLeague.objects.get(season=other).evenings == 1

    for kind, best in (("points", 1), ("wins", None), ("average", 2)):
        Season.objects.filter(pk=season.pk).update(kind=kind, best=best)
        assert_totals_are_a_recount(season)
    standalone = Partie.objects.filter(tournament_table__round__tournament=first).first()
    season.parties.add(standalone)  # counted as an evening of its own
    assert_totals_are_a_recount(season)
    season.parties.clear()

    third.finished = False
    third.save()
    assert_totals_are_a_recount(season)
    Tournament.objects.filter(pk=first.pk).delete()
    assert_totals_are_a_recount(season)
    page = client.get(reverse("tournaments:season", args=[season.pk]))
    assert page.context["evenings"] == 0 and not page.context["rows"]


def test_the_standings_read_the_kept_totals_and_the_command_counts_them_again(season):
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    for day in (5, 12):
        evening(season, day, players)
    SeasonLeague.objects.filter(season=season).update(totals=[])  # as if they went wrong
    assert season_table(season)[0] == []  # read, not counted again
    call_command("recompute_results", verbosity=0)
    assert len(season_table(season)[0]) == 8
    assert_totals_are_a_recount(season)


def test_recompute_results_in_chunks_stores_what_the_entries_stored(season, monkeypatch):
    """``recompute_results`` reads the history in chunks (issue #59): with chunks of 5
    parties and 2 evenings, its results, evenings and seasons' totals are those the entries
    stored as they came, row for row, across the chunks' boundaries."""
    from scoring import results
    from scoring.models import PlayerResult
    from tournaments import league

    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    for day in (5, 12, 19):  # 4 parties an evening: chunks of 5 cut through them
        evening(season, day, players)
    evening(season, 26, players, closed=False)  # an evening still open: not in the league

    def everything():
        return (
            sorted(
                PlayerResult.objects.values_list(
                    "partie",
                    "player",
                    "team",
                    "points",
                    "against",
                    "outcome",
                    "counted",
                    "finished",
                    "figures",
                )
            ),
            sorted(
                EveningLeague.objects.values_list(
                    "tournament", "lines", "season", "donnes_left_out", "rounds_left_out"
                )
            ),
            list(SeasonLeague.objects.values_list("season", "rule", "totals", "evenings")),
        )

    as_entered = everything()
    assert len(as_entered[0]) == 4 * 4 * 4 and len(as_entered[1]) == 3
    monkeypatch.setattr(results, "CHUNK", 5)
    monkeypatch.setattr(league, "EVENINGS_AT_ONCE", 2)
    PlayerResult.objects.all().delete()
    EveningLeague.objects.all().delete()
    call_command("recompute_results", verbosity=0)
    assert everything() == as_entered
    assert_totals_are_a_recount(season)
