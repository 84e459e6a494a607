"""A club evening in the browser: create, register at the door, draw, enter at the tables by
code, ranking and room screen."""

import html
import json

import pytest
from django.urls import reverse

from scoring.adapters.roimat.adapter import rules_of
from scoring.models import EntryVersion, Partie, Player
from tests.helpers import donne_post
from tournaments.models import Round, Tournament
from tournaments.views import FLIGHTS

pytestmark = pytest.mark.django_db


DONNE = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}


def table_post(donne, seat, key="", expected=None):
    """The table page's form: the donne, who entered it, its idempotency key and number."""
    data = {**donne_post(donne), "action": "enter", "entered_seat": seat, "key": key}
    if expected is not None:
        data["expected"] = str(expected)
    return data


def accept(client, table, number, seat="E"):
    """A player of the other team accepts pending donne ``number`` on the table's phone."""
    url = reverse("tournaments:table_confirm", args=[table.code, number])
    return client.post(url, {"seat": seat, "decision": "accept"})


#: The new-tournament form's fields of no one game.
EVENING = {
    "name": "Soirée du jeudi",
    "date": "2026-11-26",
    "place": "Antony",
    "table_size": "4",
    "format": "individual",
    "rounds": "2",
    "ranking": "wins, points",
    "sit_out_rule": "average",
}


def create_evening(client, count=8, game="roimat"):
    """A club evening of ``game`` (tables of 4) with ``count`` players registered."""
    response = client.post(reverse("tournaments:create"), {**EVENING, "game": game})
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    for i in range(count):
        client.post(
            reverse("tournaments:register", args=[tournament.pk]), {"new_name": f"Joueur {i}"}
        )
    return tournament


def test_director_runs_an_evening_and_a_table_enters_by_its_code(secretary, client):
    tournament = create_evening(secretary)
    assert tournament.ranking == "wins,points"
    assert tournament.registrations.filter(checked_in=True).count() == 8
    response = secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    assert response.status_code == 302
    round_ = Round.objects.get()
    plan = secretary.get(reverse("tournaments:round", args=[tournament.pk, 1]))
    table = round_.tables.first()
    assert table.code in plan.text and "<svg" in plan.text  # code and QR code
    # The table's phone needs no account.
    client.logout()  # the same browser as the secretary's: logged out now
    entry = client.get(reverse("tournaments:table_entry", args=[table.code.lower()]))
    assert entry.status_code == 200 and entry.context["form"] is not None
    url = reverse("tournaments:table_entry", args=[table.code])
    response = client.post(url, table_post(DONNE, "N"))
    assert response.status_code == 302
    assert table.partie.donnes.count() == 1
    bad = {**DONNE, "points_ns": 200}
    response = client.post(url, table_post(bad, "E"))
    assert "points_ns" in response.context["form"].errors
    assert table.partie.donnes.count() == 1
    ranking = client.get(tournament.get_absolute_url())
    assert len(ranking.context["standings"].rows) == 8
    screen = client.get(reverse("tournaments:screen", args=[tournament.pk]))
    assert screen.status_code == 200 and 'http-equiv="refresh"' in screen.text


def test_drawing_needs_an_account_and_refuses_early_rounds(secretary):
    from django.test import Client

    tournament = create_evening(secretary)
    response = Client().post(reverse("tournaments:round_start", args=[tournament.pk]))
    assert response.status_code == 302 and not Round.objects.exists()
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    response = secretary.post(reverse("tournaments:round_start", args=[tournament.pk]), follow=True)
    assert Round.objects.count() == 1
    assert "pas fini" in response.text or "not finished" in response.text


def test_absent_players_are_not_seated(secretary):
    tournament = create_evening(secretary, count=9)
    absent = tournament.registrations.order_by("id").last()
    secretary.post(reverse("tournaments:present", args=[tournament.pk, absent.pk]))
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    round_ = Round.objects.get()
    seated = {s.player_id for t in round_.tables.all() for s in t.partie.seats.all()}
    assert absent.player_id not in seated and len(seated) == 8


def test_a_player_is_registered_once_and_new_names_are_added(secretary):
    tournament = create_evening(secretary, count=4)
    assert Player.objects.filter(name="Joueur 0").count() == 1
    secretary.post(
        reverse("tournaments:register", args=[tournament.pk]),
        {"player": Player.objects.get(name="Joueur 0").pk},
    )
    assert tournament.registrations.count() == 4


def test_old_round_tables_are_closed_for_entry_and_show_each_players_next_table(secretary):
    """A finished table's phone says the next round's draw will show each player's table;
    once drawn, its code enters nothing more and its page shows where each player sits."""
    from scoring.models import Donne
    from scoring.roimat.record import entry_of_record
    from scoring.roimat.simulate import simulate_partie

    tournament = create_evening(secretary)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    first = Round.objects.get()
    for table in first.tables.all():
        records = simulate_partie(rules_of(table.partie), table.number, "heuristic")
        Donne.objects.bulk_create(
            Donne.from_entry(entry_of_record(r), partie=table.partie, number=n)
            for n, r in enumerate(records, start=1)
        )
    old = first.tables.first()
    url = reverse("tournaments:table_entry", args=[old.code])
    assert "la page montre alors la nouvelle table" in html.unescape(secretary.get(url).text)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    page = secretary.get(url)
    assert page.status_code == 403 and "Ce tour est clos" in page.text
    assert "form" not in page.context
    text = html.unescape(page.text)
    assert "Tour 2" in text
    for seat in old.partie.seats.all():
        sits = Round.objects.get(number=2).tables.get(partie__seats__player=seat.player)
        others = [str(s.player) for s in sits.partie.seats.all() if s.player_id != seat.player_id]
        assert f"{seat.player} → table {sits.number}, avec {', '.join(others)}" in text


def first_table(secretary, game="roimat"):
    tournament = create_evening(secretary, game=game)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    return tournament, Round.objects.get().tables.first()


def test_a_donne_is_pending_until_the_other_team_confirms_it(secretary, client):
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N"))
    donne = table.partie.donnes.get()
    assert not donne.confirmed and donne.entered_seat == "N"
    page = client.get(url)
    assert [p.number for p in page.context["pending"]] == [1]
    assert {s for s, _label in page.context["pending"][0].choices} == {"E", "O"}
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(confirm, {"seat": "S"})  # the same team cannot confirm
    donne.refresh_from_db()
    assert not donne.confirmed
    client.post(confirm, {"seat": "E"})
    donne.refresh_from_db()
    assert donne.confirmed and donne.confirmed_seat == "E"
    assert [v.action for v in donne.versions.all()] == ["enter", "confirm"]
    assert "table" in donne.versions.first().author


def test_the_other_team_reads_the_whole_donne_in_words_before_it_counts(secretary, client):
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    donne = {**DONNE, "contre_plis": True, "faults": ["E", "E"], "trumps": 4}
    client.post(url, table_post(donne, "N"))
    names = table.partie.players_by_seat
    (pending,) = client.get(url).context["pending"]
    words = "\n".join(pending.summary)
    assert f"Donneur : {names['N']}" in words and "Atout : rouge (4 atouts)" in words
    assert "contre sur les 5 plis" in words and "Roi au bout : oui" in words
    assert "6 plis, 84 points" in words and "3 plis, 44 points" in words
    assert f"2 fautes de {names['E']}" in words
    assert "Score de la donne" in words
    page = client.get(url)  # the pending donne is in no total, and the banner says so
    assert "1 en attente, hors des totaux" in page.text and "0 comptée" in page.text
    assert [side.total for side in page.context["sides"]] == [0, 0]
    client.post(url, table_post(DONNE, "N"))  # a donne without contre or faute: "aucune"
    (_first, second) = client.get(url).context["pending"]
    assert "Fautes : aucune" in second.summary and "Contres : aucun" in second.summary


def test_a_refused_donne_goes_back_for_correction_and_keeps_every_version(secretary, client):
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N"))
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(confirm, {"seat": "O", "decision": "refuse"})
    donne = table.partie.donnes.get()
    assert donne.refused and donne.refused_seat == "O" and not donne.confirmed
    page = client.get(url)
    assert page.context["pending"] == [] and page.context["form"].number == 1
    assert "a refusée" in page.text or "refusé" in page.text
    corrected = {**table_post({**DONNE, "points_ns": 80}, "S"), "version": donne.version}
    corrected["correct"] = "1"
    assert client.post(url, corrected).status_code == 302
    donne.refresh_from_db()
    assert not donne.refused and not donne.confirmed and donne.points_ns == 80
    assert donne.entered_seat == "S"  # South typed the numbers it now holds
    accept(client, table, 1, seat="E")
    donne.refresh_from_db()
    assert donne.confirmed
    lines = [(v.action, v.seat) for v in donne.versions.all()]
    assert lines == [("enter", "N"), ("refuse", "O"), ("correct", "S"), ("confirm", "E")]


def refused_donne(secretary, client):
    """A table whose donne 1, entered by North, East refused: (the table, its page)."""
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N", key="b-1", expected=1))
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(confirm, {"seat": "E", "decision": "refuse"})
    return table, url


def test_a_new_donne_typed_after_an_unseen_refusal_is_that_new_donne(secretary, client):
    """Phone B entered donne 1, phone A refused it; B, not having seen the refusal, types
    donne 2 on its form: donne 2 is stored as donne 2, donne 1 stays refused with its own
    numbers and author, nothing counts until donne 1 is corrected and accepted."""
    table, url = refused_donne(secretary, client)
    second = {**DONNE, "dealer": "E", "plis_ns": 3, "points_ns": 40, "roi_au_bout": False}
    answer = client.post(url, table_post(second, "S", key="b-2", expected=2), follow=True)
    assert "Donne 2 entrée" in html.unescape(answer.text)
    first, two = table.partie.donnes.order_by("number")
    assert (first.points_ns, first.entered_seat, first.refused_seat) == (84, "N", "E")
    assert (two.number, two.points_ns, two.entered_seat, two.confirmed) == (2, 40, "S", False)
    # The page asks for donne 1's correction; donne 2 waits for the other team.
    assert answer.context["form"].number == 1
    assert [p.number for p in answer.context["pending"]] == [2]
    # A correction names its number: donne 1 corrected, donne 2 untouched.
    fix = {**table_post({**DONNE, "points_ns": 80}, "N", key="b-3"), "correct": "1"}
    fix["version"] = str(first.version)
    client.post(url, fix)
    first, two = table.partie.donnes.order_by("number")
    assert (first.points_ns, two.points_ns) == (80, 40)
    accept(client, table, 2)
    accept(client, table, 1)
    from scoring.roimat.partie import compute_sheet

    entries = [d.to_entry() for d in table.partie.donnes.order_by("number")]
    sheet = compute_sheet(entries, rules_of(table.partie))
    shown = [side.total for side in client.get(url).context["sides"]]
    assert shown == [sheet.total_ns, sheet.total_oe] != [0, 0]


def test_a_correction_of_a_donne_changed_meanwhile_is_kept_to_choose(secretary, client):
    """Both phones correct refused donne 1: the second, sent for the version the first one
    replaced, corrects nothing; its numbers wait beside the others for the table to choose."""
    table, url = refused_donne(secretary, client)
    version = str(table.partie.donnes.get().version)
    fix = {
        **table_post({**DONNE, "points_ns": 80}, "N", key="a"),
        "correct": "1",
        "version": version,
    }
    client.post(url, fix)
    late = {
        **table_post({**DONNE, "points_ns": 70}, "S", key="b"),
        "correct": "1",
        "version": version,
    }
    answer = client.post(url, late, follow=True)
    assert "modifiée entre-temps par un autre téléphone" in html.unescape(answer.text)
    assert table.partie.donnes.get().points_ns == 80
    (rival,) = answer.context["rivals"]
    assert any("70 points" in line for line in rival.other) and rival.entered_by.endswith("(S)")


def test_pending_donnes_count_nowhere_until_accepted(secretary, client):
    from tournaments.models import Season

    tournament, table = first_table(secretary)
    season = Season.objects.create(name="S", start=tournament.date, end=tournament.date)
    tournament.season = season
    tournament.save()
    client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    standings = secretary.get(tournament.get_absolute_url()).context["standings"].rows
    assert all(row.record["points"] == 0 for row in standings)
    screen = secretary.get(reverse("tournaments:screen", args=[tournament.pk]))
    assert all(row["points"] == 0 for row in screen.context["rows"])
    assert "N/S 0" in screen.text
    accept(client, table, 1)
    standings = secretary.get(tournament.get_absolute_url()).context["standings"].rows
    assert sorted(row.record["points"] for row in standings)[-1] == 100


#: Where a submission sent again arrives: the server process that stored it (which keeps its
#: answer), or another (or the same restarted), which finds it in the database.
PROCESSES = ["the same process", "another process"]


def arrives_at(process: str) -> None:
    """The next submission sent again reaches ``process`` (one of ``PROCESSES``)."""
    if process == "another process":
        FLIGHTS.forget()


@pytest.mark.parametrize("process", PROCESSES)
def test_replays_of_one_submission_store_one_donne(secretary, client, process):
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    for _replay in range(5):
        arrives_at(process)
        response = client.post(url, table_post(DONNE, "N", key="k-1", expected=1), follow=True)
        assert response.redirect_chain == [(url, 302)]
        assert "Donne 1 entrée : l'autre équipe la vérifie." in html.unescape(response.text)
    assert table.partie.donnes.count() == 1


@pytest.mark.parametrize("process", PROCESSES)
def test_a_submission_sent_again_after_its_refusal_corrects_nothing(secretary, client, process):
    """The phone resends its donne after a dropped connection, once the other team has
    refused it: it is told what it was told the first time, and the refused donne stays as
    it was, to be corrected (not reported corrected by the numbers first sent)."""
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    post = table_post(DONNE, "N", key="k-1", expected=1)
    client.post(url, post)
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(confirm, {"seat": "E", "decision": "refuse"})
    versions = EntryVersion.objects.filter(partie=table.partie_id).count()
    arrives_at(process)
    response = client.post(url, post, follow=True)
    assert "Donne 1 entrée : l'autre équipe la vérifie." in html.unescape(response.text)
    assert "Donne 1 corrigée" not in response.text
    donne = table.partie.donnes.get()
    assert (donne.refused_seat, donne.version) == ("E", 2)
    assert EntryVersion.objects.filter(partie=table.partie_id).count() == versions
    assert response.context["form"].stored == donne  # its correction is still to be made


def test_two_phones_entering_the_same_donne_store_one_and_tell_the_other(secretary, client):
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N", key="phone-1", expected=1))
    response = client.post(url, table_post(DONNE, "E", key="phone-2", expected=1), follow=True)
    # The phone is told, and its form moves on to donne 2 rather than staying on a taken number.
    assert "déjà été entrée" in response.text
    assert response.context["form"]["expected"].initial == 2
    assert table.partie.donnes.count() == 1


def test_a_stale_correction_is_refused(secretary):
    from scoring.models import Donne

    tournament, table = first_table(secretary)
    secretary.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    edit = reverse("scoring:donne_edit", args=[table.partie.pk, 1])
    version = secretary.get(edit).context["form"]["version"].value()
    fixed = {**donne_post({**DONNE, "points_ns": 80}), "version": str(version)}
    assert secretary.post(edit, fixed).status_code == 302
    stale = {**donne_post({**DONNE, "points_ns": 90}), "version": str(version)}
    response = secretary.post(edit, stale)
    assert "modifiée entre-temps" in str(response.context["form"].non_field_errors())
    donne = Donne.objects.get(partie=table.partie)
    assert donne.points_ns == 80 and donne.version == 2
    assert [v.data["points_ns"] for v in donne.versions.all()] == [84, 80]


def test_next_round_waits_for_confirmations(secretary):
    from scoring.models import Donne
    from scoring.roimat.record import entry_of_record
    from scoring.roimat.simulate import simulate_partie

    tournament, _table = first_table(secretary)
    for number, table in enumerate(Round.objects.get().tables.all()):
        records = simulate_partie(rules_of(table.partie), number, "heuristic")
        Donne.objects.bulk_create(
            Donne.from_entry(entry_of_record(r), partie=table.partie, number=n, confirmed=n > 1)
            for n, r in enumerate(records, start=1)
        )
    response = secretary.post(reverse("tournaments:round_start", args=[tournament.pk]), follow=True)
    assert "attend" in response.text and Round.objects.count() == 1


def seats_of(round_):
    return {
        s.player_id: (t.number, s.seat) for t in round_.tables.all() for s in t.partie.seats.all()
    }


def test_director_swaps_players_before_the_first_donne(secretary, client):
    tournament = create_evening(secretary, count=9)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    round_ = Round.objects.get()
    before = seats_of(round_)
    (resting,) = round_.sit_out.all()
    a, b = sorted(before, key=lambda p: before[p])[:2]  # same table, two seats
    swap = reverse("tournaments:swap", args=[tournament.pk, 1])
    secretary.post(swap, {"first": a, "second": b})
    after = seats_of(round_)
    assert after[a] == before[b] and after[b] == before[a]
    other = next(p for p in before if before[p][0] != before[a][0])
    secretary.post(swap, {"first": resting.pk, "second": other})
    after = seats_of(round_)
    assert after[resting.pk] == before[other] and other in [p.pk for p in round_.sit_out.all()]
    table = round_.tables.first()
    client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    response = secretary.post(swap, {"first": a, "second": b}, follow=True)
    assert "a commencé" in response.text and seats_of(round_) == after


@pytest.mark.parametrize("game", ["roi", "rumoli"])
def test_no_swap_once_a_round_of_another_game_is_entered(secretary, client, game):
    from tests.test_site_games import round_post, simulate_sheet

    tournament = create_evening(secretary, count=8, game=game)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    round_ = Round.objects.get()
    swap = reverse("tournaments:swap", args=[tournament.pk, 1])
    plan = reverse("tournaments:round", args=[tournament.pk, 1])
    assert 'name="first"' in secretary.get(plan).text  # the swap is offered
    table = round_.tables.first()
    first_round = simulate_sheet(game, seed=3, options=table.partie.options).rounds[0]
    entered = client.post(
        reverse("tournaments:table_entry", args=[table.code]),
        {"action": "enter", "entered_seat": "1", **round_post(game, first_round)},
    )
    assert entered.status_code == 302 and table.partie.game_rounds.count() == 1
    before = seats_of(round_)
    a, b = sorted(before, key=lambda p: before[p])[:2]  # same table, two seats
    response = secretary.post(swap, {"first": a, "second": b}, follow=True)
    assert "Le tour a commencé" in response.text and "Joueurs échangés" not in response.text
    assert seats_of(round_) == before
    assert 'name="first"' not in response.text  # and no longer offered


def test_console_shows_progress_pending_and_late_tables(secretary, client):
    tournament = create_evening(secretary, count=12)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    round_ = Round.objects.get()
    first, second, third = round_.tables.all()
    for number in range(1, 4):
        for table in (first, second):
            client.post(
                reverse("tournaments:table_entry", args=[table.code]),
                table_post({**DONNE, "dealer": "NESO"[number - 1]}, "N"),
            )
            if table == first or number < 3:
                accept(client, table, number)
    page = secretary.get(reverse("tournaments:round", args=[tournament.pk, 1]))
    states = {row["table"].number: row["progress"] for row in page.context["rows"]}
    # Only accepted donnes count; the pending one is shown as such.
    assert (states[1].entered, states[1].pending, states[1].late) == (3, 0, False)
    assert (states[2].entered, states[2].pending, states[2].late) == (2, 1, False)
    assert (states[3].entered, states[3].late) == (0, True)
    assert '2 comptées · <b class="warn">1 en attente, hors des totaux' in page.text
    assert "en retard" in page.text


def close(client, tournament, decisions=None):
    """Post the close page with a decision for each unfinished table (by table)."""
    data = {f"closing_{table.pk}": choice for table, choice in (decisions or {}).items()}
    return client.post(reverse("tournaments:close", args=[tournament.pk]), data)


def test_closing_the_tournament_stops_rounds_and_entries(secretary, client):
    tournament = create_evening(secretary)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    tables = list(Round.objects.get().tables.all())
    close(secretary, tournament, {t: "excluded" for t in tables})
    tournament.refresh_from_db()
    assert tournament.finished
    table = Round.objects.get().tables.first()
    page = client.get(reverse("tournaments:table_entry", args=[table.code]))
    assert page.status_code == 403 and "Ce tour est clos" in page.text
    confirm = client.post(reverse("tournaments:table_confirm", args=[table.code, 1]), {"seat": "E"})
    assert confirm.status_code == 403


def test_closing_asks_what_each_unfinished_table_counts_for(secretary, client):
    from tournaments.models import Season

    tournament = create_evening(secretary)
    season = Season.objects.create(name="S", start=tournament.date, end=tournament.date)
    tournament.season = season
    tournament.save()
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    first, second = Round.objects.get().tables.order_by("number")
    for table in (first, second):
        client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
        accept(client, table, 1)
    page = close(secretary, tournament)  # no decision: nothing closed, the page asks
    tournament.refresh_from_db()
    assert page.status_code == 200 and not tournament.finished
    assert len(page.context["unfinished"]) == 2 and f"closing_{first.pk}" in page.text
    refused = close(secretary, tournament, {first: "played"})
    tournament.refresh_from_db()
    assert not tournament.finished and "table inachevée : Table 2 — tour 1." in refused.text
    assert "1.2" not in refused.text.split("<main")[1]  # the table's name, never its code
    close(secretary, tournament, {first: "played", second: "excluded"})
    tournament.refresh_from_db()
    assert tournament.finished
    # Table 1's players count what they played; table 2's nothing, and nobody won there.
    rows = secretary.get(tournament.get_absolute_url()).context["standings"].rows
    counted = {r.record["name"]: r.record["parties"] for r in rows}
    played = {str(p) for p in first.partie.players.all()}
    assert {n for n, c in counted.items() if c} == played
    page = secretary.get(tournament.get_absolute_url())
    assert "comptée telle que jouée" in page.text and "ne pas compter" in page.text
    season_rows = secretary.get(reverse("tournaments:season", args=[season.pk])).context["rows"]
    assert {r["name"] for r in season_rows if r["rank"] is not None} >= played


def test_ranking_and_table_plan_exports(secretary):
    import io

    from openpyxl import load_workbook
    from pypdf import PdfReader

    tournament = create_evening(secretary)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    table = Round.objects.get().tables.first()
    secretary.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    ranking = reverse("tournaments:ranking_export", args=[tournament.pk, "xlsx"])
    sheet = load_workbook(io.BytesIO(secretary.get(ranking).content)).active
    assert sheet["F4"].value == 0  # a pending donne does not count
    accept(secretary, table, 1)
    sheet = load_workbook(io.BytesIO(secretary.get(ranking).content)).active
    assert sheet["A3"].value == "Rang" and sheet["A4"].value == 1 and sheet["F4"].value == 100
    pdf = secretary.get(reverse("tournaments:ranking_export", args=[tournament.pk, "pdf"]))
    assert "Classement" in PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    plan = secretary.get(reverse("tournaments:plan_pdf", args=[tournament.pk, 1]))
    text = PdfReader(io.BytesIO(plan.content)).pages[0].extract_text()
    assert table.code in text and "Joueur" in text


def test_a_round_numbered_past_the_next_is_shown_again_not_stored(secretary, client):
    _tournament, table = first_table(secretary, game="differenzler")
    post = {"action": "enter", "entered_seat": "1", "key": "phone-1", "expected": "2"}
    for player, made in enumerate([60, 40, 57, 0]):
        post[f"p{player}_estimate"] = "50"
        post[f"p{player}_points"] = str(made)
    response = client.post(reverse("tournaments:table_entry", args=[table.code]), post)
    assert response.status_code == 200
    refusal = response.context["form"].non_field_errors()
    assert "Tour 1 n'a jamais été enregistré" in refusal[0]
    assert response.context["form"]["p0_points"].value() == "60"  # what was typed, to check
    assert table.partie.game_rounds.count() == 0


def test_the_correction_page_shows_every_version(secretary, client):
    tournament, table = first_table(secretary)
    client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    edit = reverse("scoring:donne_edit", args=[table.partie.pk, 1])
    secretary.post(edit, {**donne_post({**DONNE, "points_ns": 80}), "version": "1"})
    page = secretary.get(edit)
    assert "v1 · entrée" in page.text and "v2 · corrigée" in page.text
    assert "sophie" in page.text  # who corrected it


def test_a_donne_numbered_past_the_next_is_shown_again_not_stored_nor_dropped(secretary, client):
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    response = client.post(url, table_post(DONNE, "N", key="phone-1", expected=2))
    assert response.status_code == 200
    assert "jamais été enregistrée" in str(response.context["form"].non_field_errors())
    assert response.context["form"]["plis_ns"].value() == "6"  # what was typed, to check
    assert table.partie.donnes.count() == 0


def test_a_table_left_to_finish_later_still_enters_and_then_counts(secretary, client):
    tournament = create_evening(secretary, count=4)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    table = Round.objects.get().tables.get()
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N"))  # entered, the other team has not decided yet
    page = secretary.get(reverse("tournaments:close", args=[tournament.pk]))
    said = "1 en attente, hors des totaux : elle ne compte qu'une fois acceptée"
    assert said in html.unescape(page.text)
    close(secretary, tournament, {table: "later"})
    tournament.refresh_from_db()
    assert tournament.finished
    # The table's phone goes on: it confirms the waiting donne and plays the others.
    assert accept(client, table, 1).status_code == 302
    for number in range(2, 9):
        dealer = "NESO"[(number - 1) % 4]
        client.post(url, table_post({**DONNE, "dealer": dealer}, "N", expected=number))
        accept(client, table, number)
    table.partie.refresh_from_db()
    assert table.partie.sheet.finished
    page = secretary.get(tournament.get_absolute_url())
    counted = {r.record["name"]: r.record["parties"] for r in page.context["standings"].rows}
    assert all(counted.values())  # the four players' partie counts once finished
    assert client.get(url).status_code == 200  # the finished table shows its sheet


def test_a_closed_evening_offers_its_results_not_its_registrations(secretary):
    tournament = create_evening(secretary, count=4)
    open_page = secretary.get(tournament.get_absolute_url()).text
    assert "Envoyer les résultats" not in open_page  # results go out once closed
    assert "Joueur 0" not in str(
        secretary.get(tournament.get_absolute_url()).context["form"]["player"]
    )  # the list offers only those not registered yet
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    close(secretary, tournament, {Round.objects.get().tables.get(): "excluded"})
    page = secretary.get(tournament.get_absolute_url()).text
    assert "Envoyer les résultats" in page and "Inscrire" not in page
    late = secretary.post(
        reverse("tournaments:register", args=[tournament.pk]), {"new_name": "Retardataire"}
    )
    assert late.status_code == 302 and tournament.registrations.count() == 4
    registration = tournament.registrations.first()
    secretary.post(reverse("tournaments:present", args=[tournament.pk, registration.pk]))
    registration.refresh_from_db()
    assert registration.checked_in


def test_a_ranking_in_an_unknown_format_is_not_found(secretary, client):
    tournament = create_evening(secretary, count=4)
    assert client.get(f"/tournois/{tournament.pk}/ranking.pdf").status_code == 200
    for kind in ("csv", "xyz", "PDF"):
        assert client.get(f"/tournois/{tournament.pk}/ranking.{kind}").status_code == 404


def test_the_ranking_is_chosen_in_words(secretary):
    page = secretary.get(reverse("tournaments:create")).text
    assert "Parties gagnées › Total des points › Différence de points" in page
    assert '<select name="ranking" id="id_ranking">\n  <option value="wins,points,diff">' in page
    tournament = create_evening(secretary, count=0)  # posts "wins, points"
    assert tournament.ranking == "wins,points"
    refused = secretary.post(reverse("tournaments:create"), {"name": "X", "ranking": "luck"})
    assert "ranking" in refused.context["form"].errors


def game_rules_in(page: str, game: str) -> str:
    """The fieldset of ``game``'s rules on the new-tournament page."""
    start = page.index(f'<fieldset class="game-rules" data-game="{game}">')
    return page[start : page.index("</fieldset>", start)]


def test_an_evening_of_another_game_is_created_with_its_own_rules_and_no_roimat_variant(
    secretary,
):
    page = secretary.get(reverse("tournaments:create")).text
    # Each game's rules are fields of their own under its name; Roi has none to choose.
    assert "Règle" in game_rules_in(page, "roimat")
    assert "Tours" in game_rules_in(page, "differenzler")
    assert 'name="rumoli-stakes"' in game_rules_in(page, "rumoli") and 'data-game="roi"' not in page
    assert "<legend>Règles : Rumoli</legend>" in game_rules_in(page, "rumoli")
    create = reverse("tournaments:create")
    # No Roimat variant posted; a stray field of another game is not read.
    roi = secretary.post(create, {**EVENING, "game": "roi", "differenzler-rounds": "abc"})
    assert roi.status_code == 302, roi.context["form"].errors
    assert Tournament.objects.get().game_options == {}
    rumoli = {"rumoli-rounds": "6", "rumoli-stakes": "free", "variant": "nonsense"}
    response = secretary.post(create, {**EVENING, "name": "Rumoli", "game": "rumoli", **rumoli})
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get(name="Rumoli")
    # Its variants are toggles off by default: not ticked, they are left to the rules.
    assert tournament.game_options == {"rounds": 6, "stakes": "free"}
    for i in range(4):
        secretary.post(
            reverse("tournaments:register", args=[tournament.pk]), {"new_name": f"Joueur {i}"}
        )
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    (table,) = Round.objects.get(tournament=tournament).tables.all()
    assert table.partie.options == tournament.game_options  # its tables play by them


@pytest.mark.parametrize(
    "game, field, value, refusal",
    [
        ("differenzler", "rounds", "99", "inférieure ou égale à 30"),
        ("rumoli", "rounds", "0", "supérieure ou égale à 1"),
        ("rumoli", "stakes", "luck", "Sélectionnez un choix valide"),
        ("romer", "target", "12", "supérieure ou égale à 500"),
    ],
)
def test_a_bad_rule_of_the_chosen_game_is_refused_on_its_field(
    secretary, game, field, value, refusal
):
    data = {**EVENING, "game": game, f"{game}-{field}": value}
    response = secretary.post(reverse("tournaments:create"), data)
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert list(response.context["form"].errors) == [f"{game}-{field}"]
    assert refusal in html.unescape(game_rules_in(response.text, game))


def test_a_roimat_evening_keeps_its_rules_in_its_options_as_every_game(secretary):
    create = reverse("tournaments:create")
    page = secretary.get(create)
    assert 'name="roimat-variant"' in game_rules_in(page.text, "roimat")
    data = {**EVENING, "game": "roimat", "roimat-variant": "official-1000", "roimat-rounding": "on"}
    response = secretary.post(create, {**data, "rumoli-rounds": "0"})  # another game's: not read
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    assert tournament.game_options == {"variant": "official-1000", "rounding": True}
    for i in range(4):
        secretary.post(
            reverse("tournaments:register", args=[tournament.pk]), {"new_name": f"Joueur {i}"}
        )
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    partie = Round.objects.get().tables.get().partie
    assert partie.options == {
        "variant": "official-1000",
        "rounding": True,
        "fault_counting": "player",
        "target": 1000,
    }
    assert rules_of(partie).plays_to_target and rules_of(partie).rounding


def test_a_roimat_evening_without_its_rules_chosen_plays_the_club_rule(secretary):
    response = secretary.post(reverse("tournaments:create"), {**EVENING, "game": "roimat"})
    assert response.status_code == 302, response.context["form"].errors
    assert Tournament.objects.get().game_options == {}  # nothing chosen: the rules' defaults
    form = secretary.get(reverse("tournaments:create")).context["form"]
    assert form["roimat-variant"].value() == "club-8"  # the club rule is shown chosen


def test_a_roimat_evening_refuses_a_target_out_of_bounds_by_name(secretary):
    data = {**EVENING, "game": "roimat", "roimat-variant": "official-1000"}
    response = secretary.post(
        reverse("tournaments:create"), {**data, "roimat-target": "2147483648"}
    )
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert list(response.context["form"].errors) == ["roimat-target"]


def test_a_refused_evening_shows_every_games_rules_as_typed(secretary):
    data = {**EVENING, "name": "", "game": "roi", "differenzler-rounds": "7"}
    page = secretary.post(reverse("tournaments:create"), data).text
    typed = game_rules_in(page, "differenzler")
    assert 'value="7"' in typed and "disabled" not in typed  # to choose Differenzler instead


def test_after_the_close_every_phone_and_list_says_the_same_status(secretary, client):
    """A table stopped at the close: its phone shows its totals, the director's decision and
    its sheet; the parties list and the player's page say the same words."""
    tournament = create_evening(secretary)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    first, second = Round.objects.get().tables.order_by("number")
    for table in (first, second):
        client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
        accept(client, table, 1)
    close(secretary, tournament, {first: "played", second: "excluded"})
    for table, status in ((first, "arrêtée, comptée telle que jouée"), (second, "non comptée")):
        page = client.get(reverse("tournaments:table_entry", args=[table.code]))
        text = html.unescape(page.text)
        assert page.status_code == 403 and "Ce tour est clos" in text
        assert f"La partie : {status}." in text
        assert table.partie.get_absolute_url() in text and "+100" in text
        listed = html.unescape(client.get(reverse("scoring:partie_list")).text)
        assert status in listed
        player = table.partie.players.first()
        page = client.get(reverse("tournaments:player", args=[player.pk]))
        assert status in html.unescape(page.text)


def test_the_evening_says_how_many_rounds_were_drawn_and_a_new_one_takes_the_current_season(
    secretary,
):
    import datetime

    from django.utils import timezone

    from tournaments.models import Season

    today = timezone.localdate()
    season = Season.objects.create(
        name="En cours",
        start=today - datetime.timedelta(days=30),
        end=today + datetime.timedelta(days=30),
    )
    Season.objects.create(
        name="Ancienne", start=datetime.date(2020, 1, 1), end=datetime.date(2020, 6, 30)
    )
    form = secretary.get(reverse("tournaments:create")).context["form"]
    assert form["season"].value() == season.pk
    tournament = create_evening(secretary)  # 2 rounds planned
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    page = html.unescape(secretary.get(tournament.get_absolute_url()).text)
    assert "1 tour tiré sur 2" in page


def test_a_rating_chart_is_drawn_on_the_ratings_own_range():
    from scoring.exports.chart import line_chart

    drawing = line_chart({"Annie": [(1, -7.5), (2, 3.0), (3, 9.0)]}, "Parties")
    plot = next(item for item in drawing.contents if hasattr(item, "yValueAxis"))
    assert (plot.yValueAxis.valueMin, plot.yValueAxis.valueMax) == (-7.5, 9.0)


def test_a_correction_that_names_no_version_corrects_nothing(secretary, client):
    table, url = refused_donne(secretary, client)
    fix = {**table_post({**DONNE, "points_ns": 80}, "N", key="x"), "correct": "1"}
    answer = client.post(url, fix)
    assert answer.status_code == 200 and "ne nomme aucune version" in html.unescape(answer.text)
    assert table.partie.donnes.get().points_ns == 84


def test_a_partie_holds_at_most_its_sites_entries_and_says_so_on_the_form(
    secretary, client, monkeypatch
):
    """Past ``MAX_ENTRIES`` a table's new donne is refused on its form, naming the limit and
    what the director can do; nothing is stored."""
    from scoring import registry

    monkeypatch.setattr(registry, "MAX_ENTRIES", 1)
    tournament = create_evening(secretary)
    secretary.post(reverse("tournaments:round_start", args=[tournament.pk]))
    table = Round.objects.get().tables.order_by("number").first()
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N", expected=1))
    accept(client, table, 1)
    page = client.post(url, table_post({**DONNE, "dealer": "E"}, "N", expected=2))
    assert page.status_code == 200
    assert "Donne 2 : une partie en compte 1 au plus" in html.unescape(page.text)
    assert list(table.partie.donnes.values_list("number", flat=True)) == [1]


def test_an_import_longer_than_a_partie_may_be_is_refused_by_name(secretary, monkeypatch):
    from scoring import registry
    from tests.conftest import load

    monkeypatch.setattr(registry, "MAX_ENTRIES", 3)
    sheet = load("club8-partie.json")
    assert len(sheet["donnes"]) > 3
    page = secretary.post(reverse("scoring:partie_import"), {"text": json.dumps(sheet)})
    text = html.unescape(page.text)
    assert page.status_code == 200 and not Partie.objects.exists()
    assert f"donnes : {len(sheet['donnes'])} entrées ; une partie en compte 3 au plus" in text


def test_a_roimat_target_is_one_a_club_plays_to(secretary):
    """Up to 10,000 points (about 120 donnes, within what a partie holds), not beyond."""
    data = {**EVENING, "game": "roimat", "roimat-variant": "official-1000"}
    response = secretary.post(reverse("tournaments:create"), {**data, "roimat-target": "10001"})
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert list(response.context["form"].errors) == ["roimat-target"]
    response = secretary.post(reverse("tournaments:create"), {**data, "roimat-target": "10000"})
    assert response.status_code == 302
    assert Tournament.objects.get().game_options["target"] == 10000


def test_closing_an_evening_reads_and_scores_each_unfinished_table_once(secretary, monkeypatch):
    """Closing an evening (issue #59) scores the sheet of each table left unfinished once,
    and none of those whose stored result says they finished; its queries do not grow with
    the evening's tables."""
    import datetime

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from scoring import registry
    from tournaments.models import Registration
    from tournaments.services import play_round_simulated, start_round

    adapter = type(registry.get("roimat"))
    compute = adapter.compute
    scored: list[int] = []

    def counting(self, partie):
        scored.append(partie.pk)
        return compute(self, partie)

    def closed(tables):
        """Queries and sheets scored to close an evening of ``tables`` tables a round, its
        first round played to the end and its second not begun."""
        tournament = Tournament.objects.create(
            name=f"Soirée {tables}", date=datetime.date(2026, 11, 26), rounds=2, seed=7
        )
        players = Player.objects.bulk_create(
            Player(name=f"J{tables}-{n}") for n in range(4 * tables)
        )
        Registration.objects.bulk_create(
            Registration(tournament=tournament, player=p, checked_in=True) for p in players
        )
        play_round_simulated(start_round(tournament=tournament), seed=1)
        unfinished = list(start_round(tournament=tournament).tables.all())
        scored.clear()
        with monkeypatch.context() as patch, CaptureQueriesContext(connection) as queries:
            patch.setattr(adapter, "compute", counting)
            response = close(secretary, tournament, {t: "excluded" for t in unfinished})
        assert response.status_code == 302
        assert Tournament.objects.get(pk=tournament.pk).finished
        assert sorted(scored) == sorted(t.partie_id for t in unfinished)  # each once
        return len(queries)

    assert closed(2) == closed(6)
