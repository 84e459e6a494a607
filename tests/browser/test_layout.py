"""The site on a phone (320–390 px): no page scrolls sideways, every control is a tap target
of at least 44×44 px, the menu folds away, and axe-core finds nothing to fix on the pages a
player or the director uses at the tables."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Donne, Partie
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

#: What axe-core checks: WCAG 2.x A and AA, and 2.2's target size.
AXE_OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
    "resultTypes": ["violations"],
}


@pytest.fixture
def pages(live_server, evening):
    """The addresses of the pages a player meets on the evening, a donne entered."""
    from tests.test_site_tournaments import DONNE, table_post

    table = evening[0]
    entry = reverse("tournaments:table_entry", args=[table.code])
    from django.test import Client

    Client().post(entry, table_post(DONNE, "N"))
    assert Donne.objects.filter(partie_id=table.partie_id).count() == 1
    tournament = table.round.tournament
    return [
        reverse("home"),
        entry,
        table.partie.get_absolute_url(),
        reverse("scoring:partie_list"),
        reverse("tournaments:list"),
        tournament.get_absolute_url(),
        reverse("tournaments:round", args=[tournament.pk, 1]),
        reverse("tournaments:seasons"),
        reverse("scoring:donne_replay"),
        reverse("login"),
        "/nulle-part/",
    ]


def overflow(page) -> int:
    """How many pixels the page is wider than the screen."""
    # Not window.innerWidth: a phone zooms out to show a page wider than the screen, and its
    # innerWidth grows with it.
    return page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def wide_pages(page, base: str, paths: list[str], width: int) -> dict[str, int]:
    """The pages of ``paths`` wider than a screen of ``width`` px, with by how much (a page
    that sends to the login page counts as a failure of the test, not as narrow)."""
    page.set_viewport_size({"width": width, "height": 740})
    wide = {}
    for path in paths:
        page.goto(base + path)
        login = "/accounts/login/"
        assert path.startswith(login) or login not in page.url, path  # the page, not the login
        if overflow(page) > 0:
            wide[path] = overflow(page)
    return wide


@pytest.mark.parametrize("width", [320, 360])
def test_no_page_scrolls_sideways_on_a_phone(page, live_server, pages, width):
    wide = wide_pages(page, live_server.url, pages, width)
    assert not wide, f"pages wider than {width} px (by so many px): {wide}"


SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    'main button, main select, main input:not([type=hidden]), main .tap span, main summary, '
    + 'header a, header button, header summary, main a.button'))
  .filter(el => !(el.matches('.tap input')) && el.getClientRects().length)
  .map(el => [el, el.getBoundingClientRect()])
  .filter(([el, box]) => box.width < 44 || box.height < 44)
  .map(([el, box]) => `${el.tagName} ${el.name || el.textContent.trim()}`
    + ` ${box.width}x${box.height}`)
"""


def test_the_controls_of_the_table_page_are_big_enough_for_a_thumb(page, table_url):
    page.goto(table_url)
    page.get_by_role("button", name="Menu").click()
    assert page.evaluate(SMALL_TARGETS) == []


def test_the_menu_folds_away_on_a_phone(page, live_server):
    page.goto(live_server.url + reverse("home"))
    menu = page.get_by_role("button", name="Menu")
    link = page.locator("header nav").get_by_role("link", name="Tournois")
    expect(link).to_be_hidden()
    menu.click()
    expect(link).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "true")
    page.set_viewport_size({"width": 1024, "height": 768})
    expect(menu).to_be_hidden()
    expect(link).to_be_visible()


def test_axe_finds_nothing_to_fix(page, live_server, pages):
    axe = Axe()
    problems = {}
    for path in pages:
        page.goto(live_server.url + path)
        results = axe.run(page, options=AXE_OPTIONS)
        if results.violations_count:
            problems[path] = results.generate_report()
    assert not problems, "\n".join(f"== {path}\n{report}" for path, report in problems.items())


def test_no_director_page_scrolls_sideways_on_a_phone(page, context, live_server, pages, sophie):
    from django.conf import settings
    from django.test import Client

    director = Client()
    director.force_login(sophie)
    cookie = director.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    tournament = Tournament.objects.get()
    partie = Partie.objects.filter(tournament_table__isnull=False).first()
    paths = [
        reverse("tournaments:create"),
        tournament.get_absolute_url(),
        reverse("tournaments:round", args=[tournament.pk, 1]),
        reverse("tournaments:close", args=[tournament.pk]),
        reverse("scoring:game_partie_create", args=["roimat"]),
        reverse("scoring:partie_import"),
        reverse("scoring:donne_edit", args=[partie.pk, 1]),
        reverse("tournaments:player_create"),
    ]
    wide = wide_pages(page, live_server.url, paths, 360)
    assert not wide, f"director's pages wider than 360 px (by so many px): {wide}"


@pytest.mark.parametrize("width", [320, 390])
def test_the_demo_clubs_busy_pages_do_not_scroll_sideways(page, live_server, width):
    """The pages that grow with a club's data (the list of evenings, the room screen, a
    regular's page with his figures and chart) on the demo club's data."""
    from django.core.management import call_command

    from scoring.models import Player

    call_command("demo_data", verbosity=0)
    tournament = Tournament.objects.filter(finished=True).first()
    regular = max(Player.objects.all(), key=lambda p: p.parties.count())
    paths = [
        reverse("tournaments:list"),
        reverse("tournaments:screen", args=[tournament.pk]),
        reverse("tournaments:player", args=[regular.pk]),
        tournament.get_absolute_url(),
    ]
    wide = wide_pages(page, live_server.url, paths, width)
    assert not wide, f"pages wider than {width} px (by so many px): {wide}"


#: Tables that reach past the screen's right edge outside a box of their own that scrolls
#: (a table cut by the screen), with by how many px.
CUT_TABLES = """() => Array.from(document.querySelectorAll('main table')).filter(table => {
    let box = table.parentElement;
    while (box && getComputedStyle(box).overflowX === 'visible') { box = box.parentElement; }
    const scrolls = box && box !== document.body && box !== document.documentElement;
    return (scrolls ? box : table).getBoundingClientRect().right > innerWidth + 1;
  }).map(table => table.className + ' ' + Math.round(table.getBoundingClientRect().right))
"""

#: Tables wider than their box: they scroll inside it.
SCROLLING_TABLES = """() => Array.from(document.querySelectorAll('main .scroll'))
  .filter(box => box.scrollWidth > box.clientWidth + 1)
  .map(box => box.querySelector('table').className)
"""


def test_the_sheets_and_a_players_parties_fit_a_phone_or_scroll_in_their_own_box(page, live_server):
    """The full Table de marque, a Roi sheet, a Rumoli sheet of seven players and a regular's
    page with his parties, at 390 px: the page never scrolls sideways, no table is cut by the
    screen's edge (a table wider than the screen scrolls in its own box), and a Roi sheet of
    four players fits without scrolling."""
    from django.core.management import call_command

    from scoring.models import Player

    call_command("demo_data", verbosity=0)
    call_command("roi_simulate", "--games", "1", "--save", verbosity=0)
    call_command("rumoli_simulate", "--players", "7", "--rounds", "8", "--save", verbosity=0)
    regular = max(Player.objects.all(), key=lambda p: p.parties.count())
    assert regular.parties.count() >= 5
    roimat = Partie.objects.filter(game="roimat").order_by("-pk").first()
    assert roimat.donnes.count() >= 5
    paths = {
        "roimat": roimat.get_absolute_url(),
        "roi": Partie.objects.filter(game="roi").order_by("pk").last().get_absolute_url(),
        "rumoli": Partie.objects.filter(game="rumoli").order_by("pk").last().get_absolute_url(),
        "player": reverse("tournaments:player", args=[regular.pk]),
    }
    page.set_viewport_size({"width": 390, "height": 844})
    scrolling = {}
    for name, path in paths.items():
        page.goto(live_server.url + path)
        assert overflow(page) == 0, f"{name}: the page scrolls sideways by {overflow(page)} px"
        assert page.evaluate(CUT_TABLES) == [], name
        scrolling[name] = page.evaluate(SCROLLING_TABLES)
    assert scrolling["roi"] == []  # four players fit
    assert scrolling["rumoli"] == ["sheet game-sheet"]  # seven scroll in their box
    assert "sheet" in scrolling["roimat"]  # the full sheet's 19 columns, in their box


#: The right edge of each header cell whose text is one of the figures a page is read for.
FIGURE_EDGES = """(names) => Array.from(document.querySelectorAll('main table th'))
  .filter(th => names.includes(th.textContent.trim()))
  .map(th => [th.textContent.trim(), Math.round(th.getBoundingClientRect().right)])
"""


def test_every_ranking_shows_its_main_figure_on_a_phone_and_links_its_names(page, live_server):
    """At 390 px the evening's ranking shows its points, the season's its value and points,
    a player's parties their score and result: within the screen, without scrolling; and
    every name of a ranking links to the player's page."""
    from django.core.management import call_command

    from scoring.models import Player
    from tournaments.models import Season

    call_command("demo_data", verbosity=0)
    tournament = Tournament.objects.filter(finished=True).first()
    regular = max(Player.objects.all(), key=lambda p: p.parties.count())
    pages = {
        tournament.get_absolute_url(): ["Total des points", "Parties gagnées"],
        reverse("tournaments:season", args=[Season.objects.first().pk]): ["Valeur", "Points"],
        reverse("tournaments:player", args=[regular.pk]): ["Score", "Résultat"],
    }
    page.set_viewport_size({"width": 390, "height": 844})
    for path, figures in pages.items():
        page.goto(live_server.url + path)
        edges = dict(page.evaluate(FIGURE_EDGES, figures))
        assert set(edges) == set(figures), (path, edges)
        assert all(right <= 390 for right in edges.values()), (path, edges)
    page.goto(live_server.url + tournament.get_absolute_url())
    names = page.locator("table.standings tbody td:nth-child(2)")
    assert names.count() >= 4
    for index in range(names.count()):
        link = names.nth(index).locator("a")
        expect(link).to_have_attribute("href", re.compile(r"^/joueurs/\d+/$"))
