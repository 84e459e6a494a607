"""No bad input reaches a server error (issue 15): every form of the site, its JSON uploads
and its query strings, posted with generated hostile values, answer without a 5xx, and a
refused request stores nothing."""

import datetime
import json
import re
from collections.abc import Iterator

import pytest
from django import forms as django_forms
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import registry, remote
from scoring.models import Donne, EntryVersion, GameRound, Partie, Player
from tests.helpers import donne_post
from tests.hostile_values import HOSTILE_NUMBERS, HOSTILE_VALUES
from tournaments.models import Registration, Round, Tournament
from tournaments.services import start_round

pytestmark = pytest.mark.django_db

DONNE = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "roi_au_bout": True}

#: Values a clumsy or hostile user sends in place of any field.
HOSTILE = st.one_of(
    st.sampled_from(HOSTILE_VALUES),
    st.sampled_from(HOSTILE_NUMBERS),
    st.text(max_size=30),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)

#: JSON documents that broke the import and the replay pages.
KNOWN_JSON = [
    "[" * 100_000 + "]" * 100_000,  # deeper than the parser's recursion
    '{"a":' * 5000 + "1" + "}" * 5000,
    '{"game": "roi"} trailing',
    '{"game": "roi"}\n{"x": 1',
    "1" * 5000,
    '{"variant": "club-8", "players": {"N": "A", "E": "A", "S": "A", "O": "A"}, "donnes": []}',
    '{"game": "roi", "players": ["A", "A", "B", "C"], "rounds": []}',
    '{"game": "romer", "options": {"target": 0}, "players": ["A", "B"], "rounds": []}',
    '{"game": "romer", "options": {"target": "x"}, "players": ["A", "B"], "rounds": []}',
    '{"game": "roi", "players": ["A", "B", "C", "D"], "rounds": [], "colour": 1}',
    '{"game": "roi", "players": ["A", "B", "C", "D"], "rounds": [[{"plis": ' + "9" * 400 + "}]]}",
    '{"variant": "official-1000", "target": 0, "players": {"N": "A", "E": "B", "S":'
    ' "C", "O": "D"}, "donnes": []}',
    '{"deal": {"N": "' + "x" * 100_000 + '"}}',
    '["\\udcff"]',  # an escaped lone surrogate
    '{"variant": "club-8", "players": {"N": "A\\u0000", "E": "B", "S": "C", "O": "D"},'
    ' "donnes": []}',
    '{"game": "roi", "place": "' + "p" * 500 + '", "players": ["A", "B", "C", "D"], "rounds": []}',
    '{"variant": "club-8", "players": {"N": "' + "n" * 200 + '", "E": "B", "S": "C",'
    ' "O": "D"}, "donnes": []}',
]
HOSTILE_JSON = st.one_of(
    st.sampled_from(KNOWN_JSON),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=20,
    ).map(json.dumps),
)

FUZZ = settings(
    max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
#: The forms' fuzz: each example (one request) within a time limit, so that a refusal that
#: computes with the number it refuses (20 s for 2147483648 fautes) fails the suite. A
#: refusal takes milliseconds; the limit leaves room for a busy machine and PostgreSQL.
TIMED = settings(FUZZ, deadline=datetime.timedelta(seconds=1))


@pytest.fixture
def place(db, damien):
    """An open Roimat evening, a Roi partie and a Roimat partie; a director's client."""
    players = [Player.objects.create(name=f"Joueur {i}") for i in range(8)]
    evening = Tournament.objects.create(name="Jeudi", date=datetime.date(2026, 11, 26), rounds=3)
    for player in players:
        Registration.objects.create(tournament=evening, player=player, checked_in=True)
    round_ = start_round(tournament=evening)
    table = round_.tables.order_by("number").first()
    Client().post(
        reverse("tournaments:table_entry", args=[table.code]),
        {**donne_post(DONNE), "action": "enter", "entered_seat": "N"},
    )
    roi = registry.get("roi").new_partie(
        players=players[:4], options={}, date=datetime.date(2026, 11, 20)
    )
    others = {
        game: registry.get(game).new_partie(
            players=players[:count], options={}, date=datetime.date(2026, 11, 20)
        )
        for game, count in (("romer", 2), ("rumoli", 3), ("differenzler", 4))
    }
    roi_evening = Tournament.objects.create(
        name="Vendredi", date=datetime.date(2026, 11, 27), rounds=3, game="roi"
    )
    for player in players[:4]:
        Registration.objects.create(tournament=roi_evening, player=player, checked_in=True)
    roi_table = start_round(tournament=roi_evening).tables.get()
    director = Client()
    director.force_login(damien)
    return {
        "others": others,
        "roi table": roi_table,
        "evening": evening,
        "round": round_,
        "table": table,
        "roi": roi,
        "partie": table.partie,
        "director": director,
        "players": players,
    }


def stored() -> tuple[int, ...]:
    """What a refused request must leave as it was."""
    return (
        Partie.objects.count(),
        Donne.objects.count(),
        GameRound.objects.count(),
        Player.objects.count(),
        Tournament.objects.count(),
        Round.objects.count(),
    )


def form_fields(client: Client, url: str) -> list[str]:
    """The names of the fields of the page's forms (what a browser would post)."""
    page = client.get(url)
    assert page.status_code == 200, url
    names = set(re.findall(r'name="([^"]+)"', page.content.decode()))
    return sorted(names - {"csrfmiddlewaretoken", "next", "language"})


def pages(place) -> dict[str, tuple[Client, str, str]]:
    """Every form: (client, page showing it, address it posts to)."""
    evening, director, table = place["evening"], place["director"], place["table"]
    entry = reverse("tournaments:table_entry", args=[table.code])
    partie, roi = place["partie"], place["roi"]
    forms = {
        "new partie": ("scoring:game_partie_create", {"game": "roimat"}),
        "new roi partie": ("scoring:game_partie_create", {"game": "roi"}),
        "new romer partie": ("scoring:game_partie_create", {"game": "romer"}),
        "new rumoli partie": ("scoring:game_partie_create", {"game": "rumoli"}),
        "new differenzler partie": ("scoring:game_partie_create", {"game": "differenzler"}),
        "donne": ("scoring:donne_create", {"pk": partie.pk}),
        "donne correction": ("scoring:donne_edit", {"pk": partie.pk, "number": 1}),
        "roi round": ("scoring:game_round_create", {"pk": roi.pk}),
        "email": ("scoring:partie_email", {"pk": partie.pk}),
        "new tournament": ("tournaments:create", {}),
        "new player": ("tournaments:player_create", {}),
    }
    found = {
        name: (director, reverse(url, kwargs=kw), reverse(url, kwargs=kw))
        for name, (url, kw) in forms.items()
    }
    tournament = reverse("tournaments:detail", args=[evening.pk])
    found["register"] = (director, tournament, reverse("tournaments:register", args=[evening.pk]))
    found["table entry"] = (Client(), entry, entry)
    roi_entry = reverse("tournaments:table_entry", args=[place["roi table"].code])
    found["roi table entry"] = (Client(), roi_entry, roi_entry)
    for game, partie in place["others"].items():
        url = reverse("scoring:game_round_create", kwargs={"pk": partie.pk})
        found[f"{game} round"] = (director, url, url)
    found["swap"] = (
        director,
        reverse("tournaments:round", args=[evening.pk, 1]),
        reverse("tournaments:swap", args=[evening.pk, 1]),
    )
    found["new remote table"] = (director, *[reverse("scoring:live_create", args=["roimat"])] * 2)
    creator = get_user_model().objects.get(username="damien")
    code = remote.table_create(options={"variant": "club-8"}, created_by=creator).code
    table_page = reverse("scoring:remote_table", args=[code])
    found["remote seat"] = (Client(), table_page, reverse("scoring:remote_seat", args=[code]))
    found["remote robot"] = (director, table_page, reverse("scoring:remote_robot", args=[code]))
    return found


FORMS = [
    "new partie",
    "new roi partie",
    "new romer partie",
    "new rumoli partie",
    "new differenzler partie",
    "donne",
    "donne correction",
    "roi round",
    "romer round",
    "rumoli round",
    "differenzler round",
    "email",
    "new tournament",
    "new player",
    "register",
    "table entry",
    "roi table entry",
    "swap",
    "new remote table",
    "remote seat",
    "remote robot",
]


@pytest.mark.parametrize("name", FORMS)
def test_every_form_answers_hostile_values_without_a_server_error(name, place):
    client, page, target = pages(place)[name]
    fields = form_fields(client, page)

    @TIMED
    @given(st.fixed_dictionaries({}, optional={f: HOSTILE for f in fields}))
    def post(data):
        response = client.post(target, {"action": "enter", **data})
        assert response.status_code < 500, (name, data)

    post()


def number_inputs(client: Client, url: str) -> dict[str, tuple[int, int]]:
    """The page's number inputs: name → (min, max) as the page declares them; each must
    declare both, the bounds the server holds it to."""
    page = client.get(url).content.decode()
    found = {}
    for tag in re.findall(r"<input[^>]*>", page):
        if 'type="number"' not in tag:
            continue
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        assert "min" in attrs and "max" in attrs, (url, tag)
        found[attrs["name"]] = (int(attrs["min"]), int(attrs["max"]))
    return found


def forms_in(response) -> Iterator[django_forms.BaseForm]:
    """The forms a page was rendered with."""
    for context in response.context or []:
        for value in context.flatten().values():
            if isinstance(value, django_forms.BaseForm):
                yield value


def fields_refused(response) -> set[str]:
    """The names (as posted) of the fields the page's forms refused."""
    return {form.add_prefix(name) for form in forms_in(response) for name in form.errors}


#: A sound entry of the forms whose refusal used to compute with the number it refused,
#: which only the rest of the form being sound lets through to the rules.
SOUND = {name: donne_post(DONNE) for name in ("donne", "donne correction", "table entry")}


def its_game(name: str, field: str) -> dict[str, str]:
    """The game to choose with a game's own field of the new tournament's form (named
    ``<game>-<option>``): the other games' fields are not read."""
    game, dash, _option = field.partition("-")
    return {"game": game} if name == "new tournament" and dash else {}


@pytest.mark.parametrize("name", FORMS)
def test_a_number_out_of_its_fields_bounds_is_refused_on_that_field_at_once(name, place):
    client, page, target = pages(place)[name]
    bounds = number_inputs(client, page)
    if not bounds:
        pytest.skip("no number field")

    sound = {"action": "enter", "entered_seat": "N", **SOUND.get(name, {})}

    @TIMED
    @given(field=st.sampled_from(sorted(bounds)), number=st.sampled_from(HOSTILE_NUMBERS))
    def post(field, number):
        low, high = bounds[field]
        before = stored()
        response = client.post(target, {**sound, **its_game(name, field), field: number})
        assert response.status_code < 500, (name, field, number)
        if not low <= int(number) <= high:
            assert response.status_code == 200 and stored() == before, (name, field, number)
            assert field in fields_refused(response), (name, field, number)

    post()


@FUZZ
@given(HOSTILE_JSON)
def test_the_import_answers_hostile_json_without_a_server_error_and_stores_nothing(text):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    user, _new = get_user_model().objects.get_or_create(username="d")
    user.groups.add(Group.objects.get(name="director"))
    client = Client()
    client.force_login(user)
    before = stored()
    response = client.post(reverse("scoring:partie_import"), {"text": text})
    assert response.status_code < 500
    if response.status_code != 302:
        assert stored() == before


@pytest.mark.parametrize("text", KNOWN_JSON)
def test_the_import_and_the_record_check_answer_each_known_hostile_document(text, damien):
    director = Client()
    director.force_login(damien)
    before = stored()
    response = director.post(reverse("scoring:partie_import"), {"text": text})
    assert response.status_code == 200 and stored() == before
    assert response.context["form"].errors
    assert Client().post(reverse("scoring:donne_replay"), {"text": text}).status_code < 500


@FUZZ
@given(HOSTILE_JSON)
def test_the_record_check_answers_hostile_json_without_a_server_error(text):
    response = Client().post(reverse("scoring:donne_replay"), {"text": text})
    assert response.status_code < 500


@FUZZ
@given(record=HOSTILE, partie=HOSTILE)
def test_adding_a_record_to_a_partie_answers_odd_values_without_a_server_error(
    record, partie, django_user_model
):
    from django.contrib.auth.models import Group

    user, _new = django_user_model.objects.get_or_create(username="d")
    user.groups.add(Group.objects.get(name="director"))
    client = Client()
    client.force_login(user)
    before = stored()
    response = client.post(
        reverse("scoring:donne_add_record"), {"record": record, "partie": partie}
    )
    assert response.status_code < 500 and stored() == before


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(
            ["player", "date_from", "date_to", "variant", "game", "sort", "page", "per_page"]
        ),
        HOSTILE,
    )
)
def test_the_parties_list_answers_any_query_string(query):
    assert Client().get(reverse("scoring:partie_list"), query).status_code < 500


@FUZZ
@given(HOSTILE)
def test_the_card_total_answers_any_cards(cards):
    response = Client().get(reverse("scoring:card_total", args=["romer"]), {"cards": cards})
    if "\x00" in cards:  # no text of the site holds NUL: the 400 page (clubsite.middleware)
        assert response.status_code == 400
    else:
        assert response.status_code == 200 and set(response.json()) <= {"total", "error"}


@pytest.mark.parametrize("content_type", ["multipart/form-data", "multipart/form-data; boundary="])
def test_a_malformed_multipart_body_is_a_bad_request(place, content_type):
    body = b'--x\r\nContent-Disposition: form-data; name="text"\r\n\r\nabc\r\n--x--'
    before = stored()
    response = place["director"].generic(
        "POST", reverse("scoring:partie_import"), body, content_type=content_type
    )
    assert response.status_code == 400 and stored() == before


def test_too_many_fields_is_a_bad_request(place):
    data = {f"f{n}": "1" for n in range(5000)}
    response = place["director"].post(reverse("scoring:partie_import"), data)
    assert response.status_code == 400


def test_the_same_player_twice_in_an_import_is_refused_on_the_form(place):
    sheet = {"variant": "club-8", "players": {"N": "A", "E": "B", "S": "A", "O": "D"}, "donnes": []}
    before = stored()
    response = place["director"].post(reverse("scoring:partie_import"), {"text": json.dumps(sheet)})
    assert response.status_code == 200 and stored() == before
    assert "A" in response.context["form"].non_field_errors()[0]


def test_no_version_is_kept_of_a_refused_entry(place):
    before = EntryVersion.objects.count()
    url = reverse("scoring:donne_create", args=[place["partie"].pk])
    place["director"].post(url, {**donne_post(DONNE), "points_ns": "9" * 5000})
    assert EntryVersion.objects.count() == before


@pytest.mark.parametrize("target", ["0", "-5", "9" * 5000, "99999999999999999999", "abc"])
def test_a_new_partie_with_an_odd_target_is_refused_on_its_field(place, target):
    players = place["players"]
    data = {
        "option_variant": "official-1000",
        "option_fault_counting": "player",
        "option_target": target,
        "played_on": "2026-11-20",
        "place": "Club",
        "table": "1",
        **{f"player_{n}": p.pk for n, p in enumerate(players[:4], start=1)},
    }
    before = stored()
    url = reverse("scoring:game_partie_create", args=["roimat"])
    response = place["director"].post(url, data)
    assert response.status_code == 200 and stored() == before
    assert response.context["form"].errors["option_target"]


@pytest.mark.parametrize(
    "game, text",
    [
        ("roi", "[" * 100_000 + "]" * 100_000),
        ("roi", '{"game": "roi"} trailing'),
        (
            "roi",
            '{"game": "roi", "players": ["A", "B", "C", "D"], "rounds": [[{"plis": '
            + "9" * 5000
            + "}]]}",
        ),
        ("roi", '{"game": "roi", "players": ["A", "A", "B", "C"], "rounds": [[{"plis": 1}]]}'),
        (
            "roimat",
            '{"variant": "club-8", "players": {"N": "A", "E": "B", "S": "A", "O": "D"},'
            ' "donnes": []}',
        ),
        ("roimat", '{"variant": "official-1000", "target": 0, "donnes": []}'),
        (
            "romer",
            '{"game": "romer", "options": {"target": "x"}, "players": ["A", "B"], "rounds": []}',
        ),
        (
            "rumoli",
            '{"game": "rumoli", "options": {"stakes": "gold"}, "players": ["A", "B", "C"],'
            ' "rounds": []}',
        ),
        ("nosuchgame", "{}"),
    ],
)
def test_the_sheet_command_answers_bad_files_with_status_2_and_one_line(tmp_path, game, text):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    path = tmp_path / "sheet.json"
    path.write_text(text)
    before = stored()
    with pytest.raises(CommandError) as error:
        call_command("sheet", game, str(path), "--save")
    assert error.value.returncode == 2 and "\n" not in str(error.value)
    assert stored() == before


def test_the_verify_command_answers_a_hostile_line_with_status_2(tmp_path):
    from django.core.management import call_command
    from django.core.management.base import CommandError

    path = tmp_path / "records.jsonl"
    path.write_text('{"variant": "club-8"}\n' + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(CommandError) as error:
        call_command("roimat_verify", str(path))
    assert error.value.returncode == 2 and error.value.args[0].startswith("line 2")
