"""What a table's page says and keeps: who refused an entry and why (in the entry's history),
a second phone's different numbers beside the recorded ones until the table chooses, no seat
chosen in advance for whoever enters, the end of a partie with its winner and what comes
next, a table left to finish after the close."""

import html
import re

import pytest
from django.urls import reverse

from scoring.adapters.roimat.adapter import team_names
from scoring.models import EntryVersion
from tests.test_site_tournaments import DONNE, accept, close, first_table, table_post

pytestmark = pytest.mark.django_db


def words(page) -> str:
    """The page's text as read (entities such as the apostrophe's decoded)."""
    return html.unescape(page.text)


@pytest.mark.parametrize(
    ("seat", "given", "kept", "said"),
    [
        ("E", "contres", "contres", "(E) : contres."),
        ("O", "<script>", "", "(O)."),  # a made-up reason is not kept; who refused still is
        ("O", "", "", "(O)."),
    ],
)
def test_a_refusal_keeps_who_and_why_and_the_table_reads_it(
    secretary, client, seat, given, kept, said
):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N"))
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(confirm, {"seat": seat, "decision": "refuse", "reason": given})
    refusal = EntryVersion.objects.get(action="refuse")
    assert refusal.reason == kept and refusal.number == 1
    name = table.partie.players_by_seat[seat]
    assert f"Refusée par {name} {said}" in words(client.get(url))


def test_no_one_is_named_in_advance_as_entering_the_donne(secretary, client):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    page = client.get(url)
    seats = re.findall(r'<input type="radio" name="entered_seat"[^>]*>', page.text)
    assert len(seats) == 4 and not any("checked" in tag for tag in seats)
    missing = table_post(DONNE, "N")
    missing.pop("entered_seat")
    answer = client.post(url, missing)
    assert answer.status_code == 200 and "Entrée par" in words(answer)
    assert not table.partie.donnes.exists()


def test_a_second_phones_other_numbers_wait_beside_the_recorded_ones(secretary, client):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N", key="a", expected=1))
    # The same numbers again from another phone: nothing to choose.
    client.post(url, table_post(DONNE, "S", key="b", expected=1))
    assert client.get(url).context["rivals"] == []
    other = {**DONNE, "plis_ns": 5, "points_ns": 70}
    answer = client.post(url, table_post(other, "S", key="c", expected=1), follow=True)
    assert "avec d'autres nombres" in words(answer)
    (rival,) = answer.context["rivals"]
    assert any("6 plis, 84 points" in line for line in rival.stored)
    assert any("5 plis, 70 points" in line for line in rival.other)
    assert table.partie.donnes.get().points_ns == 84  # nothing applied before the choice
    assert rival.stored_by.endswith("(N)") and rival.entered_by.endswith("(S)")
    choose = reverse("tournaments:table_confirm", args=[table.code, 1])
    # Choosing is a decision: whoever chooses names himself first.
    answer = client.post(choose, {"decision": "take"}, follow=True)
    assert "touchez votre nom" in words(answer)
    assert table.partie.donnes.get().points_ns == 84
    answer = client.post(choose, {"decision": "take", "seat": "N"}, follow=True)
    assert "nombres de l'autre téléphone" in words(answer)
    donne = table.partie.donnes.get()
    assert (donne.plis_ns, donne.points_ns, donne.confirmed) == (5, 70, False)
    # The numbers kept are South's: South typed them, East or West checks them.
    assert donne.entered_seat == "S"
    (pending,) = answer.context["pending"]
    assert answer.context["rivals"] == [] and pending.number == 1
    assert pending.entered_by == f"{table.partie.players_by_seat['S']} (S)"
    assert {seat for seat, _label in pending.choices} == {"E", "O"}
    lines = list(donne.versions.values_list("action", "seat"))
    assert lines == [("enter", "N"), ("rival", "S"), ("take", "N")]


def test_the_table_may_keep_the_recorded_donne_even_once_accepted(secretary, client):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N", key="a", expected=1))
    accept(client, table, 1)
    other = {**DONNE, "plis_ns": 5, "points_ns": 70}
    client.post(url, table_post(other, "S", key="c", expected=1))
    assert len(client.get(url).context["rivals"]) == 1
    choose = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(choose, {"decision": "keep", "seat": "E"})
    donne = table.partie.donnes.get()
    assert (donne.points_ns, donne.confirmed) == (84, True)
    assert client.get(url).context["rivals"] == []
    again = client.post(choose, {"decision": "keep", "seat": "S"}, follow=True)  # a 2nd tap
    east = table.partie.players_by_seat["E"]
    # Told who chose, when and how.
    assert re.search(
        rf"n'attend plus de choix\. Gardée plutôt que celle d'un autre téléphone "
        rf"par table 1 · {east} \(E\) à \d\d:\d\d\.",
        words(again),
    ), words(again)
    late = reverse("tournaments:table_confirm", args=[table.code, 1])
    again = client.post(late, {"decision": "refuse", "seat": "N"}, follow=True)
    assert "n'attend plus de décision" in words(again) and f"par table 1 · {east} (E)" in words(
        again
    )


def test_an_accepted_donne_taken_over_counts_again_only_once_the_other_team_accepts(
    secretary, client
):
    """North/South cannot replace a donne East/West accepted with their own numbers and have
    it count: taken over, it is pending again, for East/West to check."""
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "O", key="a", expected=1))
    accept(client, table, 1, seat="N")
    other = {**DONNE, "plis_ns": 7, "points_ns": 100}
    client.post(url, table_post(other, "S", key="c", expected=1))
    (rival,) = client.get(url).context["rivals"]
    assert rival.accepted
    choose = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(choose, {"decision": "take", "seat": "S"})
    donne = table.partie.donnes.get()
    assert (donne.points_ns, donne.confirmed, donne.entered_seat) == (100, False, "S")
    assert [side.total for side in client.get(url).context["sides"]] == [0, 0]
    accept(client, table, 1, seat="N")  # South's partner: refused, nothing changes
    assert not table.partie.donnes.get().confirmed
    accept(client, table, 1, seat="E")
    donne = table.partie.donnes.get()
    assert donne.confirmed and donne.confirmed_seat == "E"


def test_a_second_phones_other_round_of_another_game_waits_too(secretary, client):
    from tests.test_site_games import simulate_sheet

    _tournament, table = first_table(secretary, game="differenzler")
    url = reverse("tournaments:table_entry", args=[table.code])
    rounds = simulate_sheet("differenzler", seed=3, players=4, options=table.partie.options).rounds

    def post(entries, seat, key):
        data = {"action": "enter", "entered_seat": seat, "key": key, "expected": "1"}
        for index, entry in enumerate(entries):
            data |= {f"p{index}_estimate": entry["estimate"], f"p{index}_points": entry["points"]}
        return client.post(url, data, follow=True)

    post(rounds[0], "1", "a")
    (rival,) = post(rounds[1], "2", "b").context["rivals"]
    assert rival.stored != rival.other
    choose = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(choose, {"decision": "take", "seat": "3"})
    stored = table.partie.game_rounds.get()
    assert [e["points"] for e in stored.entries] == [e["points"] for e in rounds[1]]
    assert not stored.confirmed


def test_the_end_of_a_partie_names_the_winner_and_what_comes_next(secretary, client):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    for number in range(1, 9):
        client.post(url, table_post(DONNE, "N"))
        accept(client, table, number)
    page = client.get(url)
    assert page.context["form"] is None
    assert "La partie est finie." in words(page) and "Gagnée par" in words(page)
    assert team_names(table.partie, "ns").split()[0] in words(page).split("Gagnée par")[1]
    assert "tire le tour suivant" in words(page)


def test_a_table_left_to_finish_later_says_why_it_goes_on(secretary, client):
    tournament, table = first_table(secretary)
    others = list(table.round.tables.exclude(pk=table.pk))
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N"))
    accept(client, table, 1)
    assert "finir sa partie plus tard" not in words(client.get(url))
    close(secretary, tournament, {table: "later", **{t: "excluded" for t in others}})
    tournament.refresh_from_db()
    assert tournament.finished
    page = client.get(url)
    assert page.status_code == 200 and "finir sa partie plus tard" in words(page)
    assert page.context["form"] is not None


def test_the_close_page_keeps_the_choices_made_when_it_comes_back(secretary, client):
    tournament, table = first_table(secretary)
    for other in table.round.tables.all():
        client.post(reverse("tournaments:table_entry", args=[other.code]), table_post(DONNE, "N"))
    page = close(secretary, tournament, {table: "played"})  # the other table not decided
    assert page.status_code == 200
    assert f'name="closing_{table.pk}" value="played" required checked' in words(page)


def test_the_directors_history_of_the_donne_gives_the_refusals_reason(secretary, client):
    _tournament, table = first_table(secretary)
    client.post(reverse("tournaments:table_entry", args=[table.code]), table_post(DONNE, "N"))
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    client.post(confirm, {"seat": "E", "decision": "refuse", "reason": "fautes"})
    page = secretary.get(reverse("scoring:donne_edit", args=[table.partie_id, 1]))
    assert "refusée (fautes)" in words(page)


def test_a_decision_without_i_am_is_answered_in_french_and_changes_nothing(secretary, client):
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N"))
    page = client.get(url)
    assert " required" not in page.text.split('class="card pending"')[1].split("</form>")[0]
    confirm = reverse("tournaments:table_confirm", args=[table.code, 1])
    answer = client.post(confirm, {"decision": "accept"}, follow=True)
    assert "Dites qui vous êtes : touchez votre nom sous « Je suis »." in words(answer)
    assert not table.partie.donnes.get().confirmed


def test_a_table_reports_a_problem_and_reads_the_directors_answer(secretary):
    """« Signaler un problème »: the note reaches the director's round page and evening page,
    tied to its donne, and his answer shows on the table's phone."""
    from django.test import Client

    client = Client()  # the table's phone, without an account
    tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    client.post(url, table_post(DONNE, "N"))
    report = reverse("tournaments:table_report", args=[table.code])
    empty = client.post(report, {"number": "1", "text": "  "}, follow=True)
    assert "Ce qui ne va pas : " in words(empty)
    client.post(report, {"number": "1", "seat": "E", "text": "Nous avions 5 plis, pas 6."})
    console = reverse("tournaments:round", args=[tournament.pk, 1])
    page = words(secretary.get(console))
    assert "Nous avions 5 plis, pas 6." in page and "donne 1" in page
    assert reverse("scoring:entry_edit", args=[table.partie_id, 1]) in page
    for player in table.partie.players.all():  # every name of the round's plan links
        assert reverse("tournaments:player", args=[player.pk]) in page
    assert "1 message des tables attend votre réponse" in words(
        secretary.get(tournament.get_absolute_url())
    )
    assert "attend votre réponse" not in words(client.get(tournament.get_absolute_url()))
    (note,) = table.notes.all()
    answer = reverse("tournaments:note_answer", args=[tournament.pk, note.pk])
    assert client.post(answer, {"answer": "x"}).status_code in (302, 403)  # a phone cannot
    note.refresh_from_db()
    assert not note.answer
    secretary.post(answer, {"answer": "Corrigée : 5 plis."})
    phone = words(client.get(url))
    assert "Nous avions 5 plis, pas 6." in phone and "Corrigée : 5 plis." in phone
    assert "attend votre réponse" not in words(secretary.get(tournament.get_absolute_url()))


def test_a_problem_is_reported_about_one_of_the_last_donnes(secretary, client, monkeypatch):
    """The report's list offers the table as a whole and the last ``RECENT`` donnes, so that
    the phone's page does not grow with the partie; an older number is refused."""
    from tournaments.forms import TableNoteForm

    monkeypatch.setattr(TableNoteForm, "RECENT", 2)
    _tournament, table = first_table(secretary)
    url = reverse("tournaments:table_entry", args=[table.code])
    for number, dealer in enumerate("NES", start=1):
        client.post(url, table_post({**DONNE, "dealer": dealer}, "N", expected=number))
        accept(client, table, number)
    page = client.get(url).context["report"]
    assert [label for _value, label in page.fields["number"].choices] == [
        "la table en général",
        "Donne 2",
        "Donne 3",
    ]
    report = reverse("tournaments:table_report", args=[table.code])
    client.post(report, {"number": "1", "text": "La donne 1 ?"})
    assert not table.notes.exists()
