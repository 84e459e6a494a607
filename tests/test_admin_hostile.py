"""The admin's changelists and actions answer odd query strings and forms without a server
error (issue 58): a number beyond 64 bits, a year beyond any date, a NUL in a filter, a
selection that is no id. Every changelist of the secretary's admin, on SQLite and PostgreSQL."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.db import models
from django.test import Client
from django.urls import reverse

from scoring.models import Player
from tests.hostile_values import ADMIN_QUERIES, ADMIN_SELECTIONS
from tournaments.models import Season, Tournament

pytestmark = pytest.mark.django_db


def changelists() -> list[tuple[str, type[models.Model]]]:
    """The address of every model's changelist in the admin, and its model."""
    return [
        (reverse(f"admin:{m._meta.app_label}_{m._meta.model_name}_changelist"), m)
        for m in apps.get_models()
        if admin.site.is_registered(m)
    ]


def hostile_queries(model: type[models.Model]) -> list[str]:
    """``ADMIN_QUERIES`` for a model's changelist: each of its date fields in turn."""
    pk = model._meta.pk.name
    dates = [f.name for f in model._meta.get_fields() if isinstance(f, models.DateField)]
    by_pk = [q.format(pk=pk) for q in ADMIN_QUERIES if "{date}" not in q]
    return by_pk + [q.format(date=d) for q in ADMIN_QUERIES if "{date}" in q for d in dates]


@pytest.fixture(params=["secretary", "superuser"])
def staff(request, sophie, django_user_model, players):
    """The secretary's browser in the admin, and a superuser's (every model's admin, the
    libraries' included); the club's four players stored."""
    user = sophie
    if request.param == "superuser":
        user = django_user_model.objects.create_superuser("root", password="x-2026-root")
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def shown(client, response) -> str:
    """The page a browser shows in the end (redirects followed)."""
    while response.status_code == 302:
        response = client.get(response["Location"])
    assert response.status_code == 200
    return response.content.decode()


def test_every_changelist_answers_hostile_query_strings(staff):
    failures = []
    for url, model in changelists():
        for query in hostile_queries(model):
            response = staff.get(f"{url}?{query}")
            if response.status_code == 403:
                break  # not this account's
            if response.status_code >= 500:
                failures.append((url, query, response.status_code))
            elif response.status_code == 302:
                assert "filtre" in shown(staff, response), (url, query)
    assert failures == [], "\n".join(map(str, failures))


def test_a_filter_with_a_nul_gets_the_french_400_page(staff):
    response = staff.get(reverse("admin:scoring_partie_changelist"), {"game": "roi\x00"})
    assert response.status_code == 400 and "Requête incomprise" in response.text


def test_every_action_answers_a_selection_that_is_no_id_and_deletes_nothing(staff):
    failures = []
    stored = Player.objects.count()
    for url, _model in changelists():
        for selected in ADMIN_SELECTIONS:
            response = staff.post(
                url, {"action": "delete_selected", "_selected_action": [selected, "1"]}
            )
            if response.status_code == 403:
                break
            if response.status_code >= 500:
                failures.append((url, selected, response.status_code))
            elif response.status_code == 302:  # 200: a list without this action
                assert "sélection" in shown(staff, response), (url, selected)
    assert failures == [], "\n".join(map(str, failures))
    assert Player.objects.count() == stored


def tournament_form(**changes) -> dict[str, str]:
    """The admin's tournament form as a browser posts it, a sound evening."""
    return {
        "name": "Jeudi",
        "date_0": "26/11/2026",
        "date": "2026-11-26",
        "place": "",
        "game": "roimat",
        "table_size": "4",
        "game_options": "{}",
        "rounds": "3",
        "format": "individual",
        "ranking": "wins,points,diff",
        "sit_out_rule": "average",
        "seed": "0",
        "season": "",
        **changes,
    }


@pytest.mark.parametrize(
    "ranking", ["wins,pionts", "NaN", "wins, points", "wins,wins", "wins,", ",", "x" * 60]
)
def test_a_tournaments_ranking_with_a_typo_is_refused_on_its_field(secretary, ranking):
    url = reverse("admin:tournaments_tournament_add")
    response = secretary.post(url, tournament_form(ranking=ranking))
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert response.context["adminform"].form.errors["ranking"]


@pytest.mark.parametrize("ranking", ["wins,points,diff", "average", "points,wins"])
def test_a_sound_ranking_is_saved_and_the_evenings_pages_read_it(secretary, ranking):
    response = secretary.post(
        reverse("admin:tournaments_tournament_add"), tournament_form(ranking=ranking)
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    evening = Tournament.objects.get()
    assert evening.ranking == ranking
    assert secretary.get(evening.get_absolute_url()).status_code == 200


@pytest.mark.parametrize("scale", ["25,20,x", "25;20", "99999", "", "25,,20", "-5"])
def test_a_seasons_scale_with_a_typo_is_refused_on_its_field(secretary, scale):
    data = {"name": "2026", "start": "2026-09-01", "end": "2027-06-30", "kind": "ranking_points"}
    data |= {"scale": scale, "min_evenings": "1", "best": ""}
    response = secretary.post(reverse("admin:tournaments_season_add"), data)
    assert response.status_code == 200 and not Season.objects.exists()
    assert response.context["adminform"].form.errors["scale"]


@pytest.mark.parametrize(
    "field, value",
    [("game", "roimatt"), ("game", ""), ("game_options", '{"variant": "club-9"}'), ("rounds", "0")],
)
def test_a_tournaments_other_options_with_a_typo_are_refused(secretary, field, value):
    response = secretary.post(
        reverse("admin:tournaments_tournament_add"), tournament_form(**{field: value})
    )
    assert response.status_code == 200 and not Tournament.objects.exists()
    assert response.context["adminform"].form.errors
