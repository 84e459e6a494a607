"""Whole evenings through the pages, as the room would run them: the director registers and
draws, each table enters every donne on its own page and the other team confirms it, the
console and the room screen follow, the ranking comes out at the end."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring.roimat.record import entry_of_record
from scoring.roimat.rules import RuleSet
from scoring.roimat.simulate import simulate_partie
from tests.helpers import donne_post
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db

OTHER_TEAM = {"N": "E", "S": "O", "E": "N", "O": "S"}


def run_evening(secretary, *, players, rounds, fmt):
    response = secretary.post(
        reverse("tournaments:create"),
        {
            "name": "Soirée",
            "date": "2026-11-26",
            "place": "Antony",
            "variant": "club-8",
            "game": "roimat",
            "table_size": "4",
            "format": fmt,
            "rounds": str(rounds),
            "ranking": "wins,points,diff",
            "sit_out_rule": "average",
        },
    )
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    from scoring.models import Player

    names = [f"Joueur {i:02d}" for i in range(players)]
    for i, name in enumerate(names):
        data = {"new_name": name}
        if fmt == "swiss" and i % 2:
            data["partner"] = Player.objects.get(name=names[i - 1]).pk
        secretary.post(reverse("tournaments:register", args=[tournament.pk]), data)
    table_phone = Client()  # the phones at the tables have no account
    for number in range(1, rounds + 1):
        response = secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
        assert response.status_code == 302 and Round.objects.count() == number, response
        round_ = Round.objects.get(tournament=tournament, number=number)
        for table in round_.tables.all():
            url = reverse("tournaments:table_entry", args=[table.code])
            seed = number * 100 + table.number
            for n, record in enumerate(simulate_partie(RuleSet("club-8"), seed, "heuristic"), 1):
                entry = entry_of_record(record)
                data = {
                    **donne_post(
                        record
                        | {
                            "plis_ns": entry.plis_ns,
                            "points_ns": entry.points_ns,
                            "roi_au_bout": entry.roi_au_bout,
                        }
                    ),
                    "action": "enter",
                    "entered_seat": "N",
                    "expected": str(n),
                    "key": f"{table.code}-{n}",
                }
                assert table_phone.post(url, data).status_code == 302
                confirm = reverse("tournaments:table_confirm", args=[table.code, n])
                table_phone.post(confirm, {"seat": OTHER_TEAM["N"]})
            assert table.partie.donnes.filter(confirmed=True).count() == 8
        console = secretary.get(reverse("tournaments:round", args=[tournament.pk, number]))
        assert all(row["progress"].finished for row in console.context["rows"])
        screen = table_phone.get(reverse("tournaments:screen", args=[tournament.pk]))
        assert screen.status_code == 200
    return tournament, secretary.get(tournament.get_absolute_url())


def test_sixteen_player_individual_evening_in_four_rounds(secretary):
    tournament, page = run_evening(secretary, players=16, rounds=4, fmt="individual")
    rows = page.context["standings"].rows
    assert len(rows) == 16
    assert all(row.record["parties"] == 4 for row in rows)
    partners = set()
    for round_ in tournament.rounds_set.all():
        for table in round_.tables.all():
            seats = {s.seat: s.player_id for s in table.partie.seats.all()}
            for pair in ((seats["N"], seats["S"]), (seats["E"], seats["O"])):
                assert frozenset(pair) not in partners
                partners.add(frozenset(pair))


def test_ten_pair_swiss_evening(secretary):
    tournament, page = run_evening(secretary, players=20, rounds=4, fmt="swiss")
    rows = page.context["standings"].rows
    assert len(rows) == 10 and " & " in rows[0].record["name"]
    meetings = set()
    for round_ in tournament.rounds_set.all():
        for table in round_.tables.all():
            seats = {s.seat: s.player_id for s in table.partie.seats.all()}
            match = frozenset(
                (frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["O"])))
            )
            assert match not in meetings
            meetings.add(match)


@pytest.mark.parametrize("game, players", [("rumoli", 10), ("roi", 8), ("differenzler", 9)])
def test_an_evening_of_another_game(secretary, game, players):
    """A game without partners seats tables of individual players; each table enters its
    rounds on its page; the ranking counts each table's winners."""
    from tests.test_site_games import round_post, simulate_sheet

    response = secretary.post(
        reverse("tournaments:create"),
        {
            "name": "Soirée",
            "date": "2026-11-26",
            "place": "Club",
            "game": game,
            "table_size": "5" if game == "rumoli" else "4",
            "variant": "club-8",
            "format": "individual",
            "rounds": "2",
            "ranking": "wins,points",
            "sit_out_rule": "average",
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    for i in range(players):
        secretary.post(
            reverse("tournaments:register", args=[tournament.pk]), {"new_name": f"Joueur {i:02d}"}
        )
    phone = Client()
    for number in (1, 2):
        response = secretary.post(
            reverse("tournaments:round_start", args=[tournament.pk]), follow=True
        )
        assert response.status_code == 200
        round_ = Round.objects.get(tournament=tournament, number=number)
        sizes = sorted(t.partie.seats.count() for t in round_.tables.all())
        # Tables of 4 for Roi and Differenzler: with 9 players one sits out, in turn.
        assert sum(sizes) + round_.sit_out.count() == players
        assert round_.sit_out.count() == (players % 4 if game != "rumoli" else 0)
        for table in round_.tables.all():
            count = table.partie.seats.count()
            sheet = simulate_sheet(
                game, seed=number * 10 + table.number, players=count, options=table.partie.options
            )
            url = reverse("tournaments:table_entry", args=[table.code])
            for number_, entries in enumerate(sheet.rounds, start=1):
                data = {"action": "enter", "entered_seat": "1", **round_post(game, entries)}
                response = phone.post(url, data)
                assert response.status_code == 302, response.context["form"].errors
                # Another player of the table checks the round on the same phone.
                confirm = reverse("tournaments:table_confirm", args=[table.code, number_])
                phone.post(confirm, {"seat": "2", "decision": "accept"})
            assert table.partie.sheet.finished
    page = secretary.get(tournament.get_absolute_url())
    rows = page.context["standings"].rows
    assert len(rows) == players
    assert sum(row.record["wins"] for row in rows) >= 2 * len(round_.tables.all())
    if players == 9:
        assert sorted(row.record["sat_out"] for row in rows) == [0] * 7 + [1, 1]
