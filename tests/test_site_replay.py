"""The replay page of every game played move by move (``/jeux/<game>/replay/``): a record of
the game's simulation replayed move by move with its result, a record that breaks a rule
refused at the right move with the rule named, bad input answered by the form."""

import json

import pytest
from django.urls import reverse

from scoring import registry
from scoring.play.simulate import simulate
from scoring.play.state import GameState


def record_of(game: str, seed: int = 7) -> dict:
    """The record of the first round ``simulate GAME`` plays with ``seed``."""
    state_class = registry.get(game).state
    assert state_class is not None
    return next(simulate(state_class, 1, seed)).to_record()


def move_count(record: dict) -> int:
    """How many moves a finished record holds, as its game writes them."""
    if record["game"] == "rumoli":
        bids = 0 if record["dead_hand"]["taken_by"] == record["dealer"] else record["players"] - 1
        return 1 + bids + len(record["moves"])
    estimates = 4 if record["game"] == "differenzler" else 0
    return estimates + sum(len(trick) for trick in record["tricks"])


def replay(client, game: str, text: str):
    return client.post(reverse("scoring:game_replay", args=[game]), {"text": text})


def with_illegal_card(game: str, record: dict) -> tuple[dict, str, str]:
    """``record`` (Roi, Differenzler) with one card the rules forbid swapped in: at the first
    play where the player holds a card he may not play, that card is played instead, and the
    card it replaces later; with the French place of the move and the rule's code."""
    state_class = registry.get(game).state
    assert state_class is not None
    state: GameState = state_class.start(record)
    for _estimate in range(4 if game == "differenzler" else 0):
        state.push(state.legal_moves()[0].__class__(record["estimates"][state.to_move]))
    plays = [(t, p) for t, trick in enumerate(record["tricks"]) for p in range(len(trick))]
    for t, p in plays:
        seat, played = record["tricks"][t][p]
        legal = {state.move_text(m) for m in state.legal_moves()}
        illegal = [c for c in state.hand(seat) if c not in legal]
        if illegal:
            card = illegal[0]
            later = next((t2, p2) for t2, p2 in plays if record["tricks"][t2][p2] == [seat, card])
            broken = json.loads(json.dumps(record))
            broken["tricks"][t][p][1] = card
            broken["tricks"][later[0]][later[1]][1] = played
            code = state.refusal(state.parse_move(card))[0]
            return broken, f"pli {t + 1}, carte {p + 1}", code
        state.push(state.parse_move(played))
    raise AssertionError("no play where a card was forbidden")


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["roi", "differenzler", "rumoli"])
def test_a_simulated_record_is_replayed_move_by_move_with_its_result(client, game):
    record = record_of(game)
    page = replay(client, game, json.dumps(record))
    assert page.status_code == 200
    context = page.context
    assert context["refusal"] is None and context["replay"].over
    assert len(context["moves"]) == move_count(record)
    assert [n for n, *_ in context["moves"]] == list(range(1, move_count(record) + 1))
    assert context["replay"].result == record["result"]
    assert "Correct : chaque coup suit les règles." in page.text
    assert "Résultat pour la feuille" in page.text
    first_hand = " ".join(record["hands"][0])
    assert first_hand in page.text  # each seat's hand as dealt
    # the result's fields in the game's words, each with every seat's value
    labels = {label: values for label, values in context["result_rows"]}
    key, words = {
        "roi": ("plis", "plis"),
        "differenzler": ("estimate", "annonce"),
        "rumoli": ("stake", "mise"),
    }[game]
    assert labels[words] == [entry.get(key, "") for entry in record["result"]]
    assert "joueur 1" in page.text


@pytest.mark.django_db
@pytest.mark.parametrize("game", ["roi", "differenzler"])
def test_an_illegal_card_is_refused_at_its_move_with_the_rule(client, game):
    broken, place, code = with_illegal_card(game, record_of(game))
    page = replay(client, game, json.dumps(broken))
    refusal = page.context["refusal"]
    assert refusal.startswith(place) and refusal.endswith(f"[{code}]")
    assert code in {"must_follow", "must_discard_highest", "must_trump", "undertrump"}
    assert "Refusé par les règles" in page.text and f"[{code}]" in page.text
    refused = page.context["refused_move"]
    assert refused[1] == place and refused[0] == len(page.context["moves"]) + 1
    assert page.context["replay"].result is None


@pytest.mark.django_db
def test_a_rumoli_play_out_of_the_sequence_is_refused_at_its_move(client):
    record = record_of("rumoli")
    number = next(n for n, move in enumerate(record["moves"]) if move[0] == "play")
    seat, due = record["moves"][number][1], record["moves"][number][2]
    # a card of another colour than the one due, held by nobody but the dead hand or a seat
    other = next(c for c in record["hands"][seat] if c[-1] != due[-1] and c != due)
    record["moves"][number][2] = other
    page = replay(client, "rumoli", json.dumps(record))
    refusal = page.context["refusal"]
    assert refusal.startswith(f"coup {number + 1} (joueur {seat + 1} joue {other})")
    assert refusal.endswith("[not_next]") or refusal.endswith("[not_in_hand]")
    assert "joue" in page.text and "⛔" in page.text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{oops", "Ce n'est pas du JSON"),
        ("[1, 2]", "un objet JSON"),
        ("x" * 100_001, "trop long"),
        (json.dumps({"game": "differenzler"}), "jeu : ce relevé est un relevé de Differenzler"),
        ("", ""),
    ],
)
def test_bad_input_is_the_fields_error_in_french(client, text, words):
    page = replay(client, "roi", text)
    assert page.status_code == 200 and "replay" not in page.context
    errors = page.context["form"].errors
    assert list(errors) == ["text"]
    assert words in " ".join(errors["text"])


@pytest.mark.django_db
def test_a_record_that_cannot_be_dealt_names_the_field(client):
    record = record_of("roi")
    record["dealer"] = 9
    page = replay(client, "roi", json.dumps(record))
    assert page.context["refusal"].startswith("Donneur")
    assert "absent ou non valide" in page.context["refusal"]
    assert page.context["moves"] == []


@pytest.mark.django_db
def test_a_game_not_played_move_by_move_has_no_replay_page(client):
    assert client.get(reverse("scoring:game_replay", args=["romer"])).status_code == 404
    assert client.get(reverse("scoring:game_replay", args=["nothing"])).status_code == 404


@pytest.mark.django_db
def test_the_menu_links_each_game_played_move_by_move(client):
    page = client.get(reverse("home")).text
    for game in ("roi", "differenzler", "rumoli"):
        assert reverse("scoring:game_replay", args=[game]) in page
    assert reverse("scoring:donne_replay") in page  # Roimat keeps its own page
    assert reverse("scoring:game_replay", args=["romer"]) not in page
