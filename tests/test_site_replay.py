"""The replay page of every game played move by move (``/jeux/<game>/replay/``): a record of
the game's simulation replayed move by move with its result, a record that breaks a rule
refused at the right move with the rule named, bad input answered by the form."""

import json
import re

import pytest
from django.urls import reverse

from scoring import registry
from scoring.messages import card_name
from scoring.play.simulate import simulate
from scoring.play.state import GameState
from tests.test_sixth_game import bouchon  # noqa: F401 (a fixture)


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
    if record["game"] == "romer":
        return len(record["moves"])
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
@pytest.mark.parametrize("game", ["roi", "differenzler", "rumoli", "romer"])
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
    # each seat's hand as dealt, its cards drawn and named as on the live page
    state = registry.get(game).state
    drawn = re.findall(
        r'<li><b>joueur 1</b> <span class="trick-line">(.*?)</span></li>', page.text, re.S
    )
    assert re.findall(r'data-card="([^"]+)"', drawn[0]) == record["hands"][0]
    assert all(card_name(code, state) in drawn[0] for code in record["hands"][0])
    assert record["hands"][0][0] not in [row[3] for row in context["moves"]]  # no raw code
    # the result's fields in the game's words, each with every seat's value
    labels = {label: values for label, values in context["result_rows"]}
    key, words = {
        "roi": ("plis", "plis"),
        "differenzler": ("estimate", "annonce"),
        "rumoli": ("stake", "mise"),
        "romer": ("cards", "équipe (chariot)"),
    }[game]
    assert labels[words] == [entry.get(key, "") for entry in record["result"]]
    assert "joueur 1" in page.text
    if "tricks" in record:  # by pli: each won by the player who leads the next
        tricks = context["tricks"]
        assert [len(t["plays"]) for t in tricks] == [len(t) for t in record["tricks"]]
        leaders = [f"joueur {trick[0][0] + 1}" for trick in record["tricks"][1:]]
        assert [t["winner"] for t in tricks[:-1]] == leaders
        assert all(len(t["points"]) == len(record["hands"]) for t in tricks)
        assert "Plis" in page.text
    else:
        assert context["tricks"] == []


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "field"), [("roimat", "plis_ns"), ("roi", "plis")])
def test_a_wrong_result_names_its_field_with_the_value_written_and_the_one_played(
    client, game, field
):
    record = record_of(game)
    entry = record["result"][1] if isinstance(record["result"], list) else record["result"]
    played = entry[field]
    entry[field] = played + 1
    refusal = replay(client, game, json.dumps(record)).context["refusal"]
    assert refusal.endswith("[wrong_result]")
    who = "joueur 2 " if game == "roi" else ""
    assert f"{who}{field} : {played + 1} écrit, {played} d'après les coups" in refusal


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
    # A move is a card of the sequence ("carte"): the seed's coup is the whole deal.
    assert refusal.startswith(f"carte {number + 1} (joueur {seat + 1} joue {other})")
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
def test_a_romer_move_against_the_rules_is_refused_at_its_move_in_french(client):
    """Römer's refusals in the site's words: the opening trump replaced by a card added to
    the team, then a card led by a player who holds none of it."""
    record = record_of("romer")
    broken = json.loads(json.dumps(record))
    broken["moves"][0][1] = broken["moves"][0][1].replace("trump", "pose")
    page = replay(client, "romer", json.dumps(broken))
    card = record["moves"][0][1].split()[1]
    assert page.context["refusal"] == (
        f"coup 1 (joueur {record['moves'][0][0] + 1} ajoute {card} à son équipe) : "
        f"joueur {record['moves'][0][0] + 1} pose d'abord sa carte d'atout [opening_trump]"
    )
    assert page.context["moves"] == [] and page.context["replay"].result is None
    # the catalogue words it the same for a game without a verifier of its own
    assert registry.get("romer").record_problems(broken) == [page.context["refusal"]]
    assert registry.get("romer").record_problems(record) == []
    lead = next(n for n, (_seat, text) in enumerate(record["moves"]) if text.startswith("lead"))
    seat = record["moves"][lead][0]
    hand_then = held_before(record, lead)
    absent = next(c for hand in record["hands"] for c in hand if c not in hand_then)
    broken = json.loads(json.dumps(record))
    broken["moves"][lead][1] = f"lead {absent}"
    page = replay(client, "romer", json.dumps(broken))
    where = f"coup {lead + 1} (joueur {seat + 1} entame {absent})"
    assert page.context["refusal"].startswith(where)
    assert page.context["refusal"].endswith("[not_in_hand]")
    assert len(page.context["moves"]) == lead


def held_before(record: dict, index: int) -> list[str]:
    """The hand of the player making move ``index`` of a Römer record, just before it."""
    state_class = registry.get("romer").state
    assert state_class is not None
    state = state_class.start(record)
    for _seat, text in record["moves"][:index]:
        state.push(state.parse_move(text))
    return state.hand(state.to_move)


@pytest.mark.django_db
@pytest.mark.usefixtures("bouchon")
def test_a_game_not_played_move_by_move_has_no_replay_page(client):
    assert client.get(reverse("scoring:game_replay", args=["bouchon"])).status_code == 404
    assert client.get(reverse("scoring:game_replay", args=["nothing"])).status_code == 404


@pytest.mark.django_db
def test_the_menu_links_each_game_played_move_by_move(client):
    page = client.get(reverse("home")).text
    for game in ("roimat", "roi", "differenzler", "rumoli", "romer"):
        assert reverse("scoring:game_replay", args=[game]) in page
    # Roimat's old address, which links and records name, is the same page
    assert client.get(reverse("scoring:donne_replay")).context["game"].key == "roimat"
