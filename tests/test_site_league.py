"""The league on the site: a season's standings from its closed evenings."""

import datetime

import pytest
from django.urls import reverse

from scoring.models import Player
from tests.helpers import evening, home_lists, ratings_shown
from tournaments.models import Season, Tournament

pytestmark = pytest.mark.django_db


def test_season_standings_count_closed_evenings_with_movement_and_chart(client):
    season = Season.objects.create(
        name="2026-2027", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30)
    )
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    evening(season, 5, players)
    evening(season, 12, players)
    evening(season, 19, players, closed=False)  # not counted yet
    page = client.get(reverse("tournaments:season", args=[season.pk]))
    rows = page.context["rows"]
    assert len(rows) == 8 and page.context["evenings"] == 2
    assert all(row["evenings"] == 2 for row in rows)
    assert rows[0]["rank"] == 1 and rows[0]["value"] >= rows[-1]["value"]
    assert sum(row["value"] for row in rows) == 2 * sum([25, 20, 16, 13, 11, 10, 9, 8])
    assert all(row["move"] is not None for row in rows)
    chart = client.get(reverse("tournaments:season_chart", args=[season.pk]))
    assert chart["Content-Type"] == "image/svg+xml" and b"<svg" in chart.content
    assert "pas encore comptée" in page.text  # the third evening is listed as not counted


def test_players_below_the_minimum_are_listed_unranked(client):
    season = Season.objects.create(
        name="S", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30), min_evenings=2
    )
    players = [Player.objects.create(name=f"P{i}") for i in range(8)]
    evening(season, 5, players)
    page = client.get(reverse("tournaments:season", args=[season.pk]))
    assert all(row["rank"] is None for row in page.context["rows"])


def test_season_standings_export(client):
    import io

    from openpyxl import load_workbook

    season = Season.objects.create(
        name="S", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 6, 30)
    )
    evening(season, 5, [Player.objects.create(name=f"P{i}") for i in range(8)])
    xlsx = client.get(reverse("tournaments:season_export", args=[season.pk, "xlsx"]))
    sheet = load_workbook(io.BytesIO(xlsx.content)).active
    assert sheet["A4"].value == 1 and sheet["D4"].value == 25
    pdf = client.get(reverse("tournaments:season_export", args=[season.pk, "pdf"]))
    assert pdf["Content-Type"] == "application/pdf"
    page = client.get(reverse("tournaments:season", args=[season.pk]), {"sort": "name"})
    assert [r.record["name"] for r in page.context["table"].rows][:2] == ["P0", "P1"]


def test_public_home_shows_evenings_results_and_leaders(client):
    season = Season.objects.create(
        name="S", start=datetime.date(2026, 1, 1), end=datetime.date(2099, 12, 31)
    )
    done = evening(season, 5, [Player.objects.create(name=f"P{i}") for i in range(8)])
    Tournament.objects.create(name="Prochaine soirée", date=datetime.date(2099, 1, 1))
    page = client.get("/")
    assert page.status_code == 200
    assert "Prochaine soirée" in page.text and done.name in page.text
    assert len(home_lists(page.text)["leaders"]) == 8
    assert home_lists(client.get("/").text) == home_lists(page.text)  # kept drawn
    Tournament.objects.create(name="Soirée ajoutée", date=datetime.date(2098, 6, 1))
    assert "Soirée ajoutée" in client.get("/").text  # at once


def test_simulate_season_command(client):
    from django.core.management import call_command

    from tournaments.models import Rating

    call_command(
        "simulate_season",
        "--evenings",
        "3",
        "--players",
        "10",
        "--present",
        "8",
        "--rounds",
        "2",
        "--seed",
        "4",
    )
    season = Season.objects.get()
    assert season.tournaments.filter(finished=True).count() == 3
    page = client.get(reverse("tournaments:season", args=[season.pk]))
    assert page.context["evenings"] == 3 and "chart.svg" in page.text
    assert Rating.objects.count() == 10
    shown = ratings_shown(page.text)
    assert len(shown) == 10 and None not in shown.values()


def test_stand_alone_parties_count_as_evenings(client):
    from scoring.roimat.notation import parse_sheet
    from tests.conftest import load
    from tests.helpers import partie_import

    season = Season.objects.create(
        name="S", start=datetime.date(2026, 1, 1), end=datetime.date(2099, 12, 31)
    )
    partie = partie_import(sheet=parse_sheet(load("club8-partie.json")))  # O/E win
    season.parties.add(partie)
    page = client.get(reverse("tournaments:season", args=[season.pk]))
    table = {row["name"]: row for row in page.context["rows"]}
    assert table["Denis"]["value"] == 25 and table["Bernard"]["value"] == 25  # place 1
    assert table["Annie"]["value"] == 16 and table["Annie"]["rank"] == 3  # place 3
    assert table["Denis"]["wins"] == 1 and table["Annie"]["evenings"] == 1


#: The width a chart is drawn at on a phone of 390 px: the page less its margins (main's
#: padding, .8rem a side).
PHONE_CHART_PX = 390 - 2 * 12.8


def label_sizes_on_a_phone(svg: str) -> list[float]:
    """Every label's size in px, the SVG scaled to a phone page's width."""
    import re

    width = float(re.search(r'<svg[^>]* width="([\d.]+)', svg).group(1))
    # The styles are presentation attributes (the Content-Security-Policy blocks style="…").
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)(?:px)?"', svg)]
    assert sizes, "a chart without labels"
    return [size * PHONE_CHART_PX / width for size in sizes]


def test_the_charts_labels_read_at_11_px_at_least_on_a_phone(client):
    """The sheet's cumul chart, a player's rating chart and the season's leaders: every label
    (axes, legend, caption) at 11 px or more on a 390 px phone, not 6 px."""
    from django.core.management import call_command

    from scoring.models import Partie

    call_command("demo_data", verbosity=0)
    partie = next(p for p in Partie.objects.filter(game="roimat") if p.donnes.count() > 2)
    regular = max(Player.objects.all(), key=lambda p: p.rating_history.count())
    charts = {
        "sheet": client.get(partie.get_absolute_url()).context["chart"],
        "player": client.get(reverse("tournaments:player", args=[regular.pk])).context["chart"],
        "season": client.get(
            reverse("tournaments:season_chart", args=[Season.objects.get().pk])
        ).content.decode(),
    }
    for name, svg in charts.items():
        assert min(label_sizes_on_a_phone(svg)) >= 11, name


def test_a_long_season_lists_its_newest_evenings_and_links_to_all_of_them(client):
    season = Season.objects.create(
        name="Longue", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    other = Tournament.objects.create(name="Hors saison", date=datetime.date(2026, 3, 1))
    for week in range(53):
        Tournament.objects.create(
            name=f"Semaine {week}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(weeks=week),
            season=season,
        )
    page = client.get(reverse("tournaments:season", args=[season.pk])).text
    assert "Semaine 52" in page and "Semaine 41" in page and "Semaine 40" not in page
    link = f"{reverse('tournaments:list')}?saison={season.pk}"
    assert f'href="{link}"' in page and "Toutes les soirées de la saison (53)" in page
    listed = client.get(link)
    names = [row.record.name for row in listed.context["table"].paginated_rows]
    assert len(names) == 50 and names[0] == "Semaine 52" and other.name not in listed.text
    last = client.get(link + "&page=2").context["table"]
    assert [row.record.name for row in last.paginated_rows] == [
        "Semaine 2",
        "Semaine 1",
        "Semaine 0",
    ]
    assert other.name in client.get(reverse("tournaments:list")).text
    for hostile in ("2147483648", "99999999999999999999", "-1", "abc"):
        refused = client.get(reverse("tournaments:list"), {"saison": hostile})
        assert refused.status_code == 200 and not list(refused.context["table"].paginated_rows)
