"""The other games on the site and in commands: a secretary records a partie of each game,
gets its PDF and Excel sheets, and wrong entries are refused with a clear message."""

import html
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import trans_real
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring import registry
from scoring.models import EntryVersion, GameRound, Partie, Player
from scoring.roimat.rules import FAULT_COUNTINGS, VARIANTS
from tests.helpers import same_sheet
from tests.test_exports import evaluate
from tests.test_sixth_game import bouchon  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parent.parent


def simulate_sheet(game, seed, players=4, options=None):
    """A whole sheet of ``game`` played by the engine (its catalogue entry's simulation)."""
    return registry.get(game).simulate_records(seed, players, options)[0]


def new_game(client, game, count=4, **options):
    players = [Player.objects.create(name=f"{game}{i}") for i in range(count)]
    data = {
        "played_on": "2026-11-20",
        "place": "Club",
        **{f"player_{i + 1}": p.pk for i, p in enumerate(players)},
        **{f"option_{k}": v for k, v in options.items()},
    }
    response = client.post(reverse("scoring:game_partie_create", args=[game]), data)
    assert response.status_code == 302, response.context["form"].errors
    return Partie.objects.get(game=game)


def round_post(game, entries):
    """A round's entries as the entry form posts them (a Differenzler trump once)."""
    data = {}
    for index, entry in enumerate(entries):
        for key, value in entry.items():
            if key == "trump":
                data["round_trump"] = value
                continue
            if key in ("last", "dealer"):  # noted once, by naming the player
                if value == 1:
                    data[f"round_{key}"] = str(index)
                continue
            if key == "irregularite_2":  # a box to tick
                if value:
                    data[f"p{index}_irregularite_2"] = "on"
                continue
            if game == "romer":
                value = " ".join(f"{c}:{v}" for c, v in value)
            data[f"p{index}_{key}"] = "" if value is None else str(value)
    return data


@pytest.mark.parametrize(
    "game, count, options",
    [
        ("roi", 4, {}),
        ("differenzler", 4, {"rounds": 3}),
        ("rumoli", 5, {"rounds": 4, "stakes": "standard"}),
        ("romer", 3, {"target": 500, "values": "direct", "outcut_loses": True}),
    ],
)
def test_a_whole_simulated_partie_typed_through_the_site(secretary, game, count, options):
    partie = new_game(secretary, game, count, **options)
    sheet = simulate_sheet(game, seed=5, players=count, options=options)
    url = reverse("scoring:game_round_create", args=[partie.pk])
    for entries in sheet.rounds:
        response = secretary.post(url, round_post(game, entries))
        assert response.status_code == 302, response.context["form"].errors
    partie = Partie.objects.get(pk=partie.pk)
    computed = partie.sheet
    assert computed.finished and len(computed.scores) == len(sheet.rounds)
    if game == "roi":
        assert sum(computed.totals) == -60
    page = secretary.get(partie.get_absolute_url())
    assert "Gagnant" in page.text and not page.context["can_add"]
    # Scores are written signed, green or red; Differenzler's penalty points as they are.
    signed = registry.get(game).signed_totals
    assert signed == (game != "differenzler")
    assert ("score-pos" in page.text or "score-neg" in page.text) == signed
    assert reverse("scoring:entry_create", args=[partie.pk]) not in page.text
    pdf = secretary.get(reverse("scoring:partie_pdf", args=[partie.pk]))
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert str(computed.totals[0]) in text
    xlsx = secretary.get(reverse("scoring:partie_xlsx", args=[partie.pk]))
    rows = list(load_workbook(io.BytesIO(xlsx.content)).active.iter_rows(values_only=True))
    last = next(n for n, row in enumerate(rows, start=1) if row[0] == "Total")
    assert rows[last - 1][1].startswith("=SUM(")  # the totals are live formulas...
    values = evaluate(xlsx.content)
    totals = tuple(values[f"{chr(ord('B') + i)}{last}"] for i in range(len(computed.totals)))
    assert totals == computed.totals  # ... that give the site's totals
    # The parties list says who won, in words that fit one winner as well as several.
    names = [str(partie.players_in_order[w]) for w in computed.winners]
    listed = secretary.get(reverse("scoring:partie_list"), {"game": game})
    assert f"gagnée par {', '.join(names)}" in html.unescape(listed.text)


def test_roi_refuses_counts_that_do_not_add_up(secretary):
    partie = new_game(secretary, "roi")
    url = reverse("scoring:game_round_create", args=[partie.pk])
    response = secretary.post(url, round_post("roi", [{"plis": 4}] * 4))
    assert "16" in str(response.context["form"].non_field_errors())
    response = secretary.post(url, round_post("roi", [{"plis": 14}] + [{"plis": 0}] * 3))
    assert "p0_plis" in response.context["form"].errors
    assert partie.game_rounds.count() == 0


def test_differenzler_computes_the_fourth_players_points(secretary):
    partie = new_game(secretary, "differenzler", rounds=2)
    entries = [
        {"estimate": 40, "points": 50},
        {"estimate": 30, "points": 20},
        {"estimate": 50, "points": None},
        {"estimate": 40, "points": 40},
    ]
    secretary.post(
        reverse("scoring:game_round_create", args=[partie.pk]), round_post("differenzler", entries)
    )
    assert partie.game_rounds.get().entries[2]["points"] == 157 - 110


def test_romer_team_typed_as_colour_and_value(secretary):
    partie = new_game(secretary, "romer", count=3, target=500)
    teams = [{"cards": [[1, 20], [1, 20], [2, 5]]}, {"cards": [[3, 10]]}, {"cards": []}]
    secretary.post(
        reverse("scoring:game_round_create", args=[partie.pk]), round_post("romer", teams)
    )
    partie = Partie.objects.get(pk=partie.pk)
    assert partie.sheet.totals == (20 + 40 + 5, 10, 0)
    response = secretary.post(
        reverse("scoring:game_round_create", args=[partie.pk]),
        {"p0_cards": "1-20", "p1_cards": "", "p2_cards": ""},
    )
    assert "p0_cards" in response.context["form"].errors


@pytest.mark.parametrize(("values", "xx"), [("inverse", "1·2"), ("direct", "6·7")])
def test_a_romer_entry_form_carries_the_deck_its_teams_are_tapped_from(secretary, values, xx):
    """The form's teams are tapped from the deck drawn by its script: each card of the sheet
    once, colour by colour, with its copies in the deck and, under its points, the combat
    values that carry them in the partie's rules; the text fields stay the form's values."""
    partie = new_game(secretary, "romer", count=3, target=500, values=values)
    page = secretary.get(reverse("scoring:game_round_create", args=[partie.pk])).text
    found = re.search(r'<div class="card-deck" hidden data-deck="([^"]*)"', page)
    assert found, "no deck on the form"
    deck = json.loads(html.unescape(found.group(1)))
    cards = {tuple(card["card"]): card for card in deck["cards"]}
    assert len(deck["cards"]) == len(cards) == 25
    assert {k: c["copies"] for k, c in cards.items() if k[0] == 3} == {
        (3, 20): 4,
        (3, 10): 4,
        (3, 5): 4,
        (3, 3): 2,
        (3, 0): 7,
    }
    assert (cards[2, 20]["symbol"], cards[2, 20]["rank"]) == ("XX", xx)
    assert (cards[4, 0]["symbol"], cards[4, 0]["colour"]) == ("C", "couleur 4")
    assert deck["words"]["trump"] == "atout"
    assert 'name="p0_cards"' in page and "data-total-url" in page


def test_a_round_can_be_corrected(secretary):
    partie = new_game(secretary, "roi")
    url = reverse("scoring:game_round_create", args=[partie.pk])
    secretary.post(url, round_post("roi", [{"plis": 13}, {"plis": 0}, {"plis": 0}, {"plis": 0}]))
    edit = reverse("scoring:game_round_edit", args=[partie.pk, 1])
    assert secretary.get(edit).context["form"]["p0_plis"].value() == 13
    secretary.post(edit, round_post("roi", [{"plis": 10}, {"plis": 3}, {"plis": 0}, {"plis": 0}]))
    assert Partie.objects.get(pk=partie.pk).sheet.totals == (-20, -6, 0, 0)


def test_a_stale_round_correction_is_refused_and_the_page_shows_every_version(secretary):
    partie = new_game(secretary, "roi")
    url = reverse("scoring:game_round_create", args=[partie.pk])
    secretary.post(url, round_post("roi", [{"plis": 13}, {"plis": 0}, {"plis": 0}, {"plis": 0}]))
    edit = reverse("scoring:game_round_edit", args=[partie.pk, 1])
    version = secretary.get(edit).context["form"]["version"].value()
    fixed = round_post("roi", [{"plis": 10}, {"plis": 3}, {"plis": 0}, {"plis": 0}])
    assert secretary.post(edit, {**fixed, "version": str(version)}).status_code == 302
    stale = round_post("roi", [{"plis": 9}, {"plis": 4}, {"plis": 0}, {"plis": 0}])
    response = secretary.post(edit, {**stale, "version": str(version)})
    assert "Manche 1 a été modifiée entre-temps" in str(response.context["form"].non_field_errors())
    assert GameRound.objects.get(partie=partie).entries[0]["plis"] == 10
    page = secretary.get(edit).text
    assert "v1 · entrée" in page and "v2 · corrigée" in page and "sophie" in page


def test_the_last_round_typed_by_mistake_is_deleted(secretary):
    partie = new_game(secretary, "roi")
    url = reverse("scoring:game_round_create", args=[partie.pk])
    first, second = simulate_sheet("roi", seed=1).rounds[:2]
    for entries in (first, second):
        assert secretary.post(url, round_post("roi", entries)).status_code == 302
    delete = reverse("scoring:entry_delete_last", args=[partie.pk])
    response = secretary.post(delete, follow=True)
    assert "Manche 2 supprimée" in response.text
    assert [r.entries for r in GameRound.objects.filter(partie=partie)] == [list(first)]
    kept = EntryVersion.objects.filter(partie=partie, number=2)
    assert list(kept.values_list("action", flat=True)) == ["enter", "delete"]


def test_json_download_imports_back(secretary):
    partie = new_game(secretary, "roi")
    sheet = simulate_sheet("roi", seed=1)
    for entries in sheet.rounds[:3]:
        secretary.post(
            reverse("scoring:game_round_create", args=[partie.pk]), round_post("roi", entries)
        )
    first = secretary.get(reverse("scoring:partie_json", args=[partie.pk]))
    secretary.post(reverse("scoring:partie_import"), {"text": first.content.decode()})
    again = Partie.objects.latest("id")
    second = secretary.get(reverse("scoring:partie_json", args=[again.pk]))
    assert again.pk != partie.pk and same_sheet(
        json.loads(second.content), json.loads(first.content)
    )


def test_game_sheet_commands(tmp_path, capsys):
    path = tmp_path / "roi.json"
    call_command("roi_simulate", "--seed", "3", "--out", str(path))
    call_command("roi_sheet", str(path), "--pdf", str(tmp_path / "roi.pdf"), "--save")
    computed = json.loads(capsys.readouterr().out)
    assert computed["finished"] and sum(computed["totals"]) == -60
    assert Partie.objects.get(game="roi").sheet.totals == tuple(computed["totals"])
    data = json.loads(path.read_text())
    data["rounds"][4][0]["rois"] = 5
    path.write_text(json.dumps(data))
    result = subprocess.run(
        [sys.executable, "manage.py", "roi_sheet", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "CommandError: manche 5, joueur Joueur 1, rois: Doit être entre 0 et 4, pas 5."
    )


def test_simulate_commands_refuse_bad_options():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("differenzler_simulate", "--players", "3")
    call_command("rumoli_simulate", "--players", "6", "--rounds", "3", "--same-colour", "--save")
    assert Partie.objects.get(game="rumoli").sheet.finished


@pytest.mark.usefixtures("bouchon")
def test_each_manche_names_its_contract_and_a_game_the_engine_cannot_play_says_so(secretary):
    roi = new_game(secretary, "roi")
    spec = roi.adapter.game.round_spec(1, 4, {})
    page = secretary.get(reverse("scoring:entry_create", args=[roi.pk]))
    assert spec.rule and spec.name in page.text and spec.rule in page.text
    assert "n'est pas simulé" not in secretary.get(roi.get_absolute_url()).text
    romer = new_game(secretary, "romer", count=2, target=500)
    assert "n'est pas simulé" not in secretary.get(romer.get_absolute_url()).text
    toy = new_game(secretary, "bouchon", count=3)
    assert "n'est pas simulé" in secretary.get(toy.get_absolute_url()).text


def test_a_romer_partie_left_to_the_default_rules_plays_by_them(secretary):
    """The card values left blank on the form are the rules' default, written nowhere."""
    partie = new_game(secretary, "romer", count=3, target=600, outcut_loses="on")
    assert partie.options == {"target": 600, "outcut_loses": True}
    assert partie.adapter.simulate(partie, seed=3)
    assert Partie.objects.get(pk=partie.pk).sheet.finished


#: The options of the readings the seeds leave open, or a club's departure from them: each a
#: field of the new-partie form, labelled in French (issue 23, point 4).
SEED_OPTIONS = [
    # (the seed's sentence, game, option, posted, stored, the field's French label)
    (
        "Le donneur, lui, doit mettre deux jetons sur chaque carte.",
        "rumoli",
        "dealer_stakes",
        "single",
        "single",
        "Mise du donneur",
    ),
    (
        "il a le privilège de vendre la main du mort au plus offrant",
        "rumoli",
        "dead_hand_tie",
        "no_sale",
        "no_sale",
        "Meilleures offres égales pour le mort",
    ),
    (
        "Le joueur qui a fait la meilleure enchère paie la main du mort au donneur en jetons.",
        "rumoli",
        "zero_bid_buys",
        "on",
        True,
        "Une offre de 0 achète le mort",
    ),
    (
        "Lorsque tous les participants ont validé leur estimation, le jeu commence",
        "differenzler",
        "leader",
        "dealer_left",
        "dealer_left",
        "Premier à annoncer et à jouer",
    ),
]


@pytest.mark.parametrize("seed, game, option, posted, stored, label", SEED_OPTIONS)
def test_the_readings_the_seeds_leave_open_are_chosen_on_the_new_partie_form(
    secretary, seed, game, option, posted, stored, label
):
    page = secretary.get(reverse("scoring:game_partie_create", args=[game]))
    assert label in html.unescape(page.text) and f'name="option_{option}"' in page.text
    required = {"rounds": 2, **({"stakes": "standard"} if game == "rumoli" else {})}
    partie = new_game(secretary, game, 4, **required, **{option: posted})
    assert partie.options[option] == stored
    assert registry.get(game).rules.option_problems(partie.options) == []


def test_a_rumoli_dealer_who_stakes_as_everyone_is_the_clubs_choice(secretary):
    """By default the dealer stakes twice (the seed); a partie whose club chose
    ``dealer_stakes=single`` takes and checks his stake as everyone's."""
    partie = new_game(secretary, "rumoli", 3, rounds=2, stakes="standard", dealer_stakes="single")
    url = reverse("scoring:game_round_create", args=[partie.pk])
    short = {"round_dealer": "1", "p0_collected": "0", "p1_collected": "12"}
    short |= {"p0_cards_left": "3", "p1_cards_left": "0", "p2_collected": "0"}
    short |= {"p2_cards_left": "2"}
    response = secretary.post(url, short)
    assert response.status_code == 302, response.context["form"].errors
    assert [e["stake"] for e in partie.game_rounds.get().entries] == [4, 4, 4]


def test_a_romer_team_total_is_the_engines_as_it_is_typed(client):
    """The entry form shows a team's points from the engine (no second copy of the rule)."""
    from scoring.games.romer import team_points

    url = reverse("scoring:card_total", args=["romer"])
    answer = client.get(url, {"cards": "1:5 2:10 1:20"}).json()
    assert answer == {"total": team_points([[1, 5], [2, 10], [1, 20]])} == {"total": 75}
    assert "x:1" in client.get(url, {"cards": "1:5 x:1"}).json()["error"]
    assert client.get(reverse("scoring:card_total", args=["roi"])).status_code == 404
    script = (ROOT / "static/js/game-round.js").read_text()
    assert "data-total-url" in script and "position" not in script


def test_the_table_may_note_the_last_trick_and_the_trump_and_they_are_checked(secretary):
    partie = new_game(secretary, "differenzler", rounds=2)
    url = reverse("scoring:game_round_create", args=[partie.pk])
    page = secretary.get(reverse("scoring:entry_create", args=[partie.pk]))
    assert 'name="round_trump"' in page.text and 'name="round_last"' in page.text
    entries = [
        {"estimate": 40, "points": 40},
        {"estimate": 40, "points": 2},
        {"estimate": 40, "points": 75},
        {"estimate": 40, "points": 40},
    ]
    # Player 2 made 2 points: he cannot have won the last trick, worth 5.
    refused = secretary.post(url, {**round_post("differenzler", entries), "round_last": "1"})
    assert refused.status_code == 200 and partie.game_rounds.count() == 0
    assert refused.context["form"].errors
    data = {**round_post("differenzler", entries), "round_last": "2", "round_trump": "C"}
    response = secretary.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    stored = partie.game_rounds.get().entries
    assert [e["last"] for e in stored] == [0, 0, 1, 0]
    assert {e["trump"] for e in stored} == {"C"}


def test_a_rumoli_coup_is_the_dealer_once_and_two_numbers_a_player(secretary):
    """The dealer is one choice among the players (not a number per player); each player
    types what he collected and the cards left in his hand; the stake, sale, penalties and
    irregular stop, behind a disclosure, read as the rules say when left blank: the stored
    coup is the one the whole form would have stored."""
    partie = new_game(secretary, "rumoli", 3, rounds=4, stakes="standard")
    url = reverse("scoring:game_round_create", args=[partie.pk])
    page = secretary.get(url)
    dealers = re.findall(r'<input type="radio" name="round_dealer" value="(\d)"', page.text)
    assert dealers == ["0", "1", "2"] and "rumoli2</span>" in page.text
    assert not re.search(r'name="p\d_dealer"', page.text)
    card = page.context["form"].players()[0]
    assert [f.name for _spec, f in card["needed"]] == ["p0_collected", "p0_cards_left"]
    assert "p0_stake" in [f.name for _spec, f in card["more"]] and not card["open"]
    assert re.search(r'type="checkbox" name="p0_irregularite_2"', page.text)

    short = {"round_dealer": "1", "p0_collected": "0", "p1_collected": "16"}
    short |= {"p0_cards_left": "3", "p1_cards_left": "0", "p2_collected": "0"}
    short |= {"p2_cards_left": "2"}
    response = secretary.post(url, short)
    assert response.status_code == 302, response.context["form"].errors
    stored = partie.game_rounds.get().entries
    base = {"sale": 0, "penalty": 0, "irregularite_2": 0}
    assert stored == [
        {"dealer": 0, "stake": 4, "collected": 0, "cards_left": 3, **base},
        {"dealer": 1, "stake": 8, "collected": 16, "cards_left": 0, **base},
        {"dealer": 0, "stake": 4, "collected": 0, "cards_left": 2, **base},
    ]
    # The next coup proposes the next dealer; without one, nothing is stored.
    page = secretary.get(url).text
    assert re.search(r'name="round_dealer" value="2"[^>]* checked', page)
    refused = secretary.post(url, {k: v for k, v in short.items() if k != "round_dealer"})
    assert refused.status_code == 200 and partie.game_rounds.count() == 1
    assert "round_dealer" in refused.context["form"].errors
    # A stake typed stays the one checked: the rules' checks are the same.
    wrong = secretary.post(url, {**short, "round_dealer": "2", "p0_stake": "5"})
    assert "p0_stake" in wrong.context["form"].errors and partie.game_rounds.count() == 1


def test_the_table_reads_a_pending_rumoli_coup_with_its_dealer_named_once(secretary, client):
    """The form notes the dealer once, by name; the other players read the coup the same way
    ("Donneur : …"), not a "donneur 0" or "donneur 1" in every player's numbers."""
    from tests.test_site_tournaments import first_table

    _tournament, table = first_table(secretary, game="rumoli")
    partie = table.partie
    players = partie.players_in_order
    coup = simulate_sheet("rumoli", seed=3, players=len(players), options=partie.options).rounds[0]
    dealer = next(i for i, entry in enumerate(coup) if entry["dealer"] == 1)
    url = reverse("tournaments:table_entry", args=[table.code])
    data = {"action": "enter", "entered_seat": "1", **round_post("rumoli", coup)}
    assert client.post(url, data).status_code == 302
    page = client.get(url)
    summary = page.context["pending"][0].summary
    assert summary[1] == f"Donneur : {players[dealer]}"
    assert "donneur" not in " ".join(summary).lower().replace("donneur :", "")
    assert all(
        line.startswith(f"{player} : mise ")
        for line, player in zip(summary[2:], players, strict=True)
    )
    assert f"Donneur : {players[dealer]}" in html.unescape(page.text)
    assert "Un autre joueur la lit" in html.unescape(page.text)  # no "other team" here


@pytest.mark.parametrize("game", ["roimat", "roi", "romer", "rumoli", "differenzler"])
def test_every_rule_option_is_asked_with_its_french_label_and_default(game):
    """Each option a game declares is on its forms, labelled in French (a label the French
    catalogue translates, not the field's name), starting at the rules' default."""
    french = trans_real.translation("fr")._catalog  # the msgids with a French text
    adapter = registry.get(game)
    fields = adapter.option_fields()
    assert set(fields) == set(adapter.option_specs)
    for key, field in fields.items():
        spec = adapter.option_specs[key]
        texts = [spec.label, *([spec.help] if spec.help else []), *spec.labels]
        assert spec.label and all(text in french for text in texts), key
        assert str(field.label) == capfirst(french[spec.label])
        assert field.initial == spec.default and not field.required
        if spec.kind == "choice":
            assert [value for value, _label in field.choices] == list(spec.choices)


def test_roimat_rule_choices_are_the_engines():
    """The choices the forms offer are those the rules engine plays (ROIMAT.md §1, §5)."""
    specs = registry.get("roimat").option_specs
    assert specs["variant"].choices == VARIANTS
    assert specs["fault_counting"].choices == FAULT_COUNTINGS


def test_a_rumoli_partie_asks_its_stakes_as_buttons_and_its_variants_as_toggles(secretary):
    page = secretary.get(reverse("scoring:game_partie_create", args=["rumoli"])).text
    # The stakes: a button to tap each, the standard one chosen.
    assert re.search(r'<input type="radio" name="option_stakes" value="standard"[^>]*checked', page)
    assert "mises libres" in page
    # Variant 2: one toggle, off by default, with the seed's variant named under it.
    toggle = re.search(
        r'<label class="tap toggle wide"><input type="checkbox" name="option_same_colour"[^>]*>'
        r"<span>([^<]*)<small[^>]*>([^<]*)</small>",
        page,
    )
    assert toggle and "checked" not in toggle.group(0)
    assert html.unescape(toggle.group(1)).startswith("Une nouvelle séquence")
    assert html.unescape(toggle.group(2)).startswith("Variante 2")
    partie = new_game(secretary, "rumoli", count=3, rounds=4, same_colour="on")
    assert partie.options == {"rounds": 4, "same_colour": True}


def test_a_stored_round_the_rules_now_refuse_is_shown_to_correct_not_a_server_error(secretary):
    """A Rumoli coup entered before collections were held to whole cards (7 chips: "il ramasse
    les jetons qui sont sur cette carte", 5 a card with 4 players): the list, the sheet and the
    documents still open, the sheet names the coup to correct, and once corrected it counts."""
    partie = new_game(secretary, "rumoli", count=4, rounds=2)
    first = {"sale": 0, "penalty": 0, "irregularite_2": 0}
    entries = [
        {**first, "dealer": int(i == 0), "stake": 8 if i == 0 else 4, "collected": 0}
        for i in range(4)
    ]
    for i, entry in enumerate(entries):
        entry.update(collected=7 if i == 1 else 0, cards_left=0 if i == 1 else 3)
    GameRound.objects.create(partie=partie, number=1, entries=entries, confirmed=True)
    partie = Partie.objects.get(pk=partie.pk)
    assert partie.sheet.refused.round == 1 and partie.sheet.totals == (0, 0, 0, 0)
    assert secretary.get(reverse("scoring:partie_list")).status_code == 200
    for document in ("partie_pdf", "partie_xlsx"):
        assert secretary.get(reverse(f"scoring:{document}", args=[partie.pk])).status_code == 200
    page = secretary.get(partie.get_absolute_url())
    text = html.unescape(page.content.decode())
    assert "Coup 1" not in [line.cells[0] for line in page.context["layout"].lines]
    assert "Coup 1 enfreint les règles : rumoli1 — 7 jetons ramassés" in text
    assert ".." not in text
    edit = reverse("scoring:entry_edit", args=[partie.pk, 1])
    assert f'href="{edit}"' in text
    assert reverse("scoring:entry_create", args=[partie.pk]) not in text  # refused: correct first
    entries[1]["collected"] = 10  # two boodle cards
    secretary.post(edit, round_post("rumoli", entries))
    sheet = Partie.objects.get(pk=partie.pk).sheet
    assert sheet.refused is None and len(sheet.scores) == 1
