"""Roimat à distance in real browsers (Debian's chromium), on the live page of every game:
four players in four browser contexts take their seats by the link and play a whole donne by
clicking, and the Table de marque on their pages fills itself; one player alone against three
simulated players.

The site is served over ASGI (uvicorn in a thread of the test process, on the test database),
since the table's page talks to the server over a WebSocket."""

import re
import time

import pytest
from playwright.sync_api import expect

from scoring import registry, remote
from scoring.models import Partie, RemoteTable
from scoring.roimat import state as state_module
from scoring.roimat.cards import mask_of_codes
from scoring.roimat.donne import DonneState
from scoring.roimat.seats import SEATS
from tests.browser.conftest import LANDSCAPE, PORTRAIT

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def landscape(phone):
    """Makes a phone held sideways."""
    return phone


def signed(total: int) -> str:
    """A total as the Table de marque page writes it (the ``signed`` filter): +35, -4, 0."""
    return f"+{total}" if total > 0 else str(total)


def take_seat(page, url, seat, name):
    page.goto(url)
    page.locator("form.take-seat [name=seat]").select_option(seat)
    page.locator("form.take-seat [name=name]").fill(name)
    with page.expect_navigation():
        tap(page.locator("form.take-seat button[type=submit]"), scroll=True)
    expect(page.locator(f'#players tr[data-seat="{seat}"]')).to_contain_text(name)
    expect(page.locator("form.take-seat")).to_be_hidden()


def play_one_click(page, seq):
    """Make the move offered on this page, by clicking, once it shows state ``seq``."""
    expect(page.locator("#live")).to_have_attribute("data-seq", str(seq))
    expect(page.locator("#status")).to_have_text("À vous de jouer")
    offered = page.locator("#choice button")
    if offered.count():
        offered.first.click()  # the trump, or a contre/surcontre answered yes
        return
    page.locator("#hand button.pc:enabled").first.click()
    sent_to = page.locator("#choice button[data-to]")
    if sent_to.count():  # a Dame or Tour: who plays next
        sent_to.first.click()


def table_state(table):
    table = RemoteTable.objects.get(pk=table.pk)
    return table, remote.table_views(table)["spectator"]


def play_donne(table, pages):
    """Click the moves of the player to move, on his page, until a donne is on the sheet."""
    for _ in range(200):
        table, view = table_state(table)
        if view["sheet"]["rows"]:
            return
        seat = view["to_move"]
        play_one_click(pages[seat], view["seq"])
        deadline = time.monotonic() + 10
        while table_state(table)[0].seq == view["seq"]:
            assert time.monotonic() < deadline, "the move was not made"
            pages[seat].wait_for_timeout(50)
    raise AssertionError("the donne did not end")


def test_four_players_play_a_donne_by_clicking_and_the_sheet_fills_itself(
    asgi_server, landscape, django_user_model
):
    host = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=host)
    url = f"{asgi_server}{table.get_absolute_url()}"
    names = {"N": "Annie", "E": "Bernard", "S": "Claire", "O": "Denis"}
    pages = {}
    for seat, name in names.items():
        pages[seat] = landscape()
        take_seat(pages[seat], url, seat, name)
    for seat, page in pages.items():
        expect(page.locator("#hand button.pc")).to_have_count(9)
        expect(page.locator(f'#players tr[data-seat="{seat}"]')).to_contain_text(names[seat])
    spectator = landscape()
    spectator.goto(url)
    expect(spectator.locator("#status")).to_contain_text("aucune main")
    expect(spectator.locator("#hand button")).to_have_count(0)
    play_donne(table, pages)
    partie = Partie.objects.get(pk=RemoteTable.objects.get(pk=table.pk).partie_id)
    sheet = partie.sheet
    assert sheet.counted == 1
    for page in [*pages.values(), spectator]:
        expect(page.locator("#sheet tbody tr:not(.totals)")).to_have_count(1)
        expect(page.locator("#sheet [data-total=ns]")).to_have_text(signed(sheet.total_ns))
        expect(page.locator("#sheet [data-total=oe]")).to_have_text(signed(sheet.total_oe))
    for page in [*pages.values(), spectator]:  # its replay is offered at once, no reload
        replay = page.locator("#replays a", has_text="Donne 1")
        expect(replay).to_have_attribute("href", f"{table.get_absolute_url()}donnes/1/")


def test_one_player_against_three_simulated_players(asgi_server, landscape, django_user_model):
    django_user_model.objects.create_user("victor", password="lecteur-2026")
    page = landscape()
    page.goto(f"{asgi_server}/accounts/login/?next=/distance/")
    page.locator("[name=username]").fill("victor")
    page.locator("[name=password]").fill("lecteur-2026")
    page.locator("form [type=submit]").last.click()
    tap(page.locator("label.tap", has_text="Club, 8 donnes"), scroll=True)
    target = page.get_by_role("spinbutton", name=re.compile("^Objectif"))
    expect(target).to_be_hidden()  # 8 donnes, no target
    tap(page.locator("label.tap", has_text="Officielle"), scroll=True)
    expect(target).to_be_visible()
    expect(target).to_have_value("1000")
    with page.expect_navigation():
        tap(page.locator("form.remote-create button[type=submit]"), scroll=True)
    expect(page.locator("#invite")).to_be_visible()
    table = RemoteTable.objects.get()
    assert table.options["variant"] == "official-1000"
    take_seat(page, page.url, "S", "Victor")
    for seat in "NEO":
        with page.expect_navigation():
            tap(page.locator(f'#seat-list li[data-seat="{seat}"] button.robot'), scroll=True)
        expect(page.locator(f'#seat-list li[data-seat="{seat}"]')).to_contain_text("simulé")
    expect(page.locator("#hand button.pc")).to_have_count(9)
    expect(page.locator("#players tr[data-seat=N]")).to_contain_text("simulé")
    play_donne(table, {"S": page})
    partie = Partie.objects.get(pk=RemoteTable.objects.get(pk=table.pk).partie_id)
    rows = len(partie.sheet.rows)  # a simulated announcer may annul the next on a king sec
    assert rows >= 1
    expect(page.locator("#sheet tbody tr:not(.totals)")).to_have_count(rows)
    expect(page.locator("#sheet [data-total=ns]")).to_have_text(signed(partie.sheet.total_ns))


#: A deal where East deals and holds the only Roi rouge, and South, who leads the first trick,
#: holds every yellow card: his Dame and Tour ask who plays after him.
DEAL = {
    "N": ["DV", "TV", "CV", "FV", "RV", "PV", "PV", "PV", "PV"],
    "E": ["DR", "TR", "CR", "FR", "RR", "PR", "PR", "PR", "PR"],
    "S": ["DJ", "TJ", "CJ", "FJ", "RJ", "PJ", "PJ", "PJ", "PJ"],
    "O": ["DB", "TB", "CB", "FB", "RB", "PB", "PB", "PB", "PB"],
}


@pytest.fixture
def south_alone(asgi_server, phone, django_user_model, monkeypatch):
    """Opens a table where South plays against three simulated players, East dealing
    ``DEAL``: makes South's phone (of a screen's size) once seated."""

    class FixedDealer:
        def __init__(self, rng, gather=False):
            pass

        def deal(self, dealer, rules):
            return DonneState([mask_of_codes(DEAL[s]) for s in SEATS], SEATS.index("E"), rules)

        def collect(self, donne):
            pass

    monkeypatch.setattr(state_module, "Dealer", FixedDealer)
    host = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=host)
    for seat in "NEO":
        remote.seat_robot(table=table, seat=seat, user=host)

    def seated(viewport=LANDSCAPE):
        page = phone(viewport)
        take_seat(page, f"{asgi_server}{table.get_absolute_url()}", "S", "Paul")
        return page

    return seated


#: Whether an element is on the screen and nothing covers it (at its middle and along its
#: lower edge): what the player sees without scrolling.
SEEN = """(node) => {
  const r = node.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
  const points = [[0.5, 0.5], [0.1, 0.95], [0.5, 0.95], [0.9, 0.95]];
  return points.every(([x, y]) =>
    node.contains(document.elementFromPoint(r.left + x * r.width, r.top + y * r.height)));
}"""


#: The middle of an element where it is seen (``SEEN``), or null.
SEEN_AT = f"""(node) => {{
  const seen = {SEEN};
  if (!seen(node)) return null;
  const r = node.getBoundingClientRect();
  return {{x: r.left + r.width / 2, y: r.top + r.height / 2}};
}}"""


def tap(locator, scroll=False):
    """Tap an element where it is on the screen, as the player does: it must be seen there
    within a few seconds (a table's new state redraws the page, later on a busy machine),
    since the test does not scroll for him (unless ``scroll``: he brings it into view first).
    Where it is and whether it is seen are read at once: a redraw between the two would
    otherwise leave no element to measure, though the player sees the same link in its place."""
    expect(locator).to_be_visible()
    where = None
    for _ in range(100):  # he scrolls to it, if he must, or waits a moment for the page to settle
        if scroll:
            locator.evaluate("(node) => node.scrollIntoView({block: 'center'})")
        locator.page.wait_for_timeout(50)
        where = locator.evaluate(SEEN_AT)
        if where:
            break
    assert where, f"not on the screen: {locator} at {locator.bounding_box()}"
    locator.page.touchscreen.tap(where["x"], where["y"])


def until_my_cards(page):
    """Answer no to the contres and surcontres asked until South's cards are to be played."""
    for _ in range(4):
        expect(page.locator("#status")).to_have_text("À vous de jouer")
        no = page.locator('#choice [data-move$=" non"]')
        if not no.count():
            return
        seq = page.locator("#live").get_attribute("data-seq")
        tap(no)
        expect(page.locator("#live")).not_to_have_attribute("data-seq", seq)
    raise AssertionError("still asked after four answers")


def test_the_contres_made_are_named_in_the_words_of_the_sheets(south_alone):
    page = south_alone()
    until_my_cards(page)  # East, dealing with every rouge card, contred the 5 plis
    expect(page.locator('#facts [data-fact="contres"]')).to_have_text("Contre sur les 5 plis")
    history = page.locator("#history")
    expect(history).to_contain_text("annonce le Roi rouge")
    expect(history).to_contain_text("contre sur les 5 plis : oui")


def box(page, selector):
    return page.locator(selector).first.bounding_box()


def assert_trick_and_hand_seen_together(page):
    """The trick, the four seats and every card of the hand are on the screen together, none
    covering another, without the player scrolling."""
    for part in ("#players", "#trick"):
        assert page.locator(part).evaluate(SEEN), box(page, part)
    for card in page.locator("#hand button.pc").all():
        assert card.evaluate(SEEN), card.bounding_box()


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_on_a_phone_the_trick_and_the_hand_are_seen_together_when_his_turn_comes(
    south_alone, viewport
):
    page = south_alone(viewport)
    until_my_cards(page)
    assert_trick_and_hand_seen_together(page)
    tap(page.locator('#hand [data-card="PJ"]').first)
    # The simulated players play the trick; East's Roi rouge wins it and leads the next one.
    expect(page.locator("#hand button.pc")).to_have_count(8)
    expect(page.locator("#status")).to_have_text("À vous de jouer")
    assert_trick_and_hand_seen_together(page)


def test_a_dame_or_tour_chosen_is_marked_and_its_question_asked_over_the_hand(south_alone):
    page = south_alone()
    until_my_cards(page)
    tap(page.locator('#hand [data-card="TJ"]'))
    question = page.locator("#choice")
    expect(question).to_contain_text("Tour jaune : qui joue après vous ?")
    expect(question.locator("[data-to]")).to_have_text(["Ouest", "Est"])
    expect(page.locator('#hand [data-card="TJ"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#hand button.pc:enabled")).to_have_count(1)  # only to take it back
    asked, hand = box(page, "#choice"), box(page, "#hand")
    assert asked["y"] + asked["height"] <= hand["y"] + 1  # just over the hand
    assert question.evaluate(SEEN) and page.locator("#hand").evaluate(SEEN)
    tap(question.get_by_role("button", name="Choisir une autre carte"))
    expect(question).to_be_hidden()
    expect(page.locator("#hand button.pc:enabled")).to_have_count(9)
    tap(page.locator('#hand [data-card="DJ"]'))
    expect(question.locator("[data-to]")).to_have_text(["Ouest", "Est", "Nord"])
    tap(question.get_by_role("button", name="Est", exact=True))
    # The simulated players end the trick at once: it is the last trick shown.
    expect(page.locator('#last [data-card="DJ"]')).to_be_visible()
    expect(page.locator("#hand button.pc")).to_have_count(8)
    expect(page.locator('#hand [data-card="DJ"]')).to_have_count(0)


def test_cards_show_their_rank_and_colour_and_are_big_enough_to_tap(south_alone):
    page = south_alone(PORTRAIT)
    until_my_cards(page)
    dame = page.locator('#hand [data-card="DJ"]')
    expect(dame).to_have_text("\u265b\ufe0eDamejaune")
    expect(dame).to_have_accessible_name("Dame jaune")
    expect(page.locator('#hand [data-card="PJ"]').first).to_have_accessible_name("Pion jaune")
    for card in page.locator("#hand button.pc").all():
        where = card.bounding_box()
        assert where["width"] >= 44 and where["height"] >= 44, where
    tap(page.locator('#hand [data-card="FJ"]'))
    expect(page.locator('#last [data-card="FJ"]')).to_have_text("\u265d\ufe0eFoujaune")
    expect(page.locator("#status")).to_have_text("À vous de jouer")
    led = page.locator("#trick .pc").first  # East won with a trump and led
    expect(led).to_have_text(
        re.compile(
            "^[\u265a-\u265f]\ufe0e(Dame|Tour|Cavalier|Fou|Roi|Pion)(jaune|rouge|vert|bleu)$"
        )
    )
    expect(led).to_have_accessible_name(re.compile(r"^(Dame|Tour|Cavalier|Fou|Roi|Pion) rouge$"))


#: Whether an element is shown, by the computed style of it and its ancestors (not hidden,
#: not transparent) and a box of some size.
SHOWN = """(node) => {
  for (let n = node; n; n = n.parentElement) {
    const style = getComputedStyle(n);
    const gone = style.display === "none" || style.visibility === "hidden";
    if (gone || style.opacity === "0") return false;
  }
  const r = node.getBoundingClientRect();
  return r.width > 0 && r.height > 0;
}"""

#: Each seat's presence and name as a page shows them, in the players' table and in the seat
#: list (the list only when shown).
SEATS_SHOWN = """(shown) => {
  const name = (n) => n.querySelector(".name").textContent.replace(/^ (: )?/, "");
  const read = (nodes) => Object.fromEntries(Array.from(nodes).map((n) =>
    [n.dataset.seat, [n.dataset.presence, name(n)]]));
  const list = document.getElementById("seat-list");
  return { table: read(document.querySelectorAll("#players tbody tr")),
           list: shown(list) ? read(list.children) : null };
}"""


def seats_shown(page):
    return page.evaluate(f"() => ({SEATS_SHOWN})({SHOWN})")


def presence_expected(seats, you):
    """What a page of seat ``you`` should show of each seat, from the server's state."""
    words = {}
    for seat, info in seats.items():
        if info["kind"] != "human":
            words[seat] = info["kind"]
        elif seat == you:
            words[seat] = "you"
        else:
            words[seat] = (
                "present" if info["connected"] else ("abandoned" if info["abandoned"] else "away")
            )
    return words


def until(check, timeout=15.0, what="the pages to agree"):
    """Poll ``check()`` (a problem's text, or None) until it finds none."""
    deadline = time.monotonic() + timeout
    while True:
        problem = check()
        if problem is None:
            return
        assert time.monotonic() < deadline, f"waiting for {what}: {problem}"
        time.sleep(0.1)


def figure(game: str, total: int) -> str:
    """A total as the game's pages and sheet write it: signed (+35, -4, 0) where the game's
    totals are (``signed``), as is where it counts penalty points (Differenzler's)."""
    return signed(total) if registry.get(game).signed_totals else str(total)


def no_contradiction(table, pages):
    """On every page: the seat list (when shown) says what the players' table says, which says
    what the server's state says; each seat's total is the server's, and the partie's sheet
    on the site says the same (each team's total in the Table de marque, where the game's
    sheet is by team, as Roimat's; else each player's, by seat)."""

    def check():
        views = remote.table_views(RemoteTable.objects.get(pk=table.pk))
        state = views["spectator"]
        seats = state["seats"]
        partie = Partie.objects.get(pk=state["partie"]) if state["partie"] else None
        sides = partie.adapter.sides(partie) if partie is not None else []
        teams = {side.key: figure(table.game, side.total) for side in sides if side.key}
        totals = {seat: figure(table.game, total) for seat, total in state["totals"].items()}
        if sides and not teams:  # one side a seat, in the seats' order
            on_sheet = {
                seat: figure(table.game, side.total)
                for seat, side in zip(seats, sides, strict=True)
            }
            if on_sheet != totals:
                return f"the sheet's totals {on_sheet}, the table's {totals}"
        for seat, page in pages.items():
            shown = seats_shown(page)
            if shown["list"] is not None and shown["list"] != shown["table"]:
                return f"{seat}'s seat list {shown['list']} beside its table {shown['table']}"
            presences = {s: word for s, (word, _name) in shown["table"].items()}
            if presences != presence_expected(seats, seat):
                return f"{seat}'s table {presences}, the server {seats}"
            names = {s: name for s, (_word, name) in shown["table"].items()}
            if names != {s: info["name"] for s, info in seats.items()}:
                return f"{seat}'s table names {names}"
            if partie is None:
                continue
            read = page.locator
            written = {s: read(f'#players [data-total="{s}"]').text_content() for s in seats}
            if written != totals:
                return f"{seat}'s totals {written}, the table's {totals}"
            if teams:
                rows = page.locator("#sheet tbody tr:not(.totals)").count()
                by_team = {t: read(f"#sheet [data-total={t}]").text_content() for t in teams}
                if (rows, by_team) != (len(partie.sheet.rows), teams):  # Roimat's donnes
                    return f"{seat}'s sheet {(rows, by_team)}, the partie's {teams}"
        return None

    until(check)


def play_moves(table, pages, count):
    """Tap ``count`` moves, each on the page of the player to move, where it is seen (the
    turn banner shown there only); stop at the end of a donne."""
    for _ in range(count):
        table, view = table_state(table)
        seat = view["to_move"]
        page = pages[seat]
        expect(page.locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
        expect(page.locator("#status.my-turn")).to_have_text("À vous de jouer")
        assert page.locator("#status").evaluate(SHOWN)
        for other, other_page in pages.items():
            if other != seat:
                expect(other_page.locator("#status")).not_to_have_class(re.compile("my-turn"))
        offered = page.locator("#choice button")
        if offered.count():
            tap(offered.first, scroll=True)
        else:
            tap(page.locator("#hand button.pc:enabled").first, scroll=True)
            sent_to = page.locator("#choice button[data-to]")
            if sent_to.count():
                tap(sent_to.first, scroll=True)
        deadline = time.monotonic() + 10
        while table_state(table)[0].seq == view["seq"]:
            assert time.monotonic() < deadline, "the move was not made"
            page.wait_for_timeout(50)
        if table_state(table)[1]["replays"] != view["replays"]:
            return


def test_a_walk_of_four_phones_one_drops_its_network_one_leaves_robots_take_over(
    asgi_server, phone, django_user_model, settings
):
    """Issue 21: four phones at one remote table (390×844). West's phone loses its network
    for four seconds: the others show him away, then present again when his page is back,
    with the same table. A donne ends: every page announces its result, the sheet's figures.
    South closes his page: he is shown away, then abandoned, and the host (North, who opened
    the table) gives his seat to a simulated player, who plays on. At every step the seat
    list, the players' table and the Table de marque agree on every page."""
    settings.REMOTE_ABANDON_SECONDS = 4  # a heartbeat a second, present for 2.5 s
    host = django_user_model.objects.create_user("hote", password="x-2026-hote")
    table = remote.table_create(options={"variant": "club-8"}, created_by=host)
    url = f"{asgi_server}{table.get_absolute_url()}"
    names = {"N": "Hélène", "E": "Olivier", "S": "Sophie", "O": "Bruno"}
    pages = {seat: phone(PORTRAIT) for seat in "NESO"}
    for page in pages.values():  # each phone's vibrations, as the page asks for them
        page.context.add_init_script(
            "window.buzzes = []; navigator.vibrate = (p) => { buzzes.push(p); return true; };"
        )
    pages["N"].goto(f"{asgi_server}/accounts/login/?next={table.get_absolute_url()}")
    pages["N"].locator("[name=username]").fill("hote")
    pages["N"].locator("[name=password]").fill("x-2026-hote")
    with pages["N"].expect_navigation():
        tap(pages["N"].locator("form [type=submit]").last, scroll=True)
    seated = {}
    for seat, name in names.items():
        take_seat(pages[seat], url, seat, name)
        seated[seat] = pages[seat]
        no_contradiction(table, seated)
    partie_url = RemoteTable.objects.get(pk=table.pk).partie.get_absolute_url()
    for page in pages.values():
        expect(page.locator("#hand button.pc")).to_have_count(9)
        expect(page.locator("#seating")).to_be_hidden()  # no seat to take or to give
        # The partie made when the last seat was taken: its sheet's link, on the first
        # pages too (opened before it existed).
        expect(page.locator("#sheet-link a")).to_have_attribute("href", partie_url)
    no_contradiction(table, pages)
    play_moves(table, pages, 3)

    west = pages["O"]
    dropped = time.monotonic()
    west.context.set_offline(True)
    others = {s: pages[s] for s in "NES"}
    for page in others.values():
        expect(page.locator('#players tr[data-seat="O"]')).to_have_attribute(
            "data-presence", re.compile("away|abandoned")
        )
        expect(page.locator('#players tr[data-seat="O"] .presence')).to_have_text(" (hors ligne)")
    expect(west.locator("#status")).to_have_text("Connexion perdue : reconnexion…", timeout=8000)
    west.wait_for_timeout(max(0, 4000 - 1000 * (time.monotonic() - dropped)))
    west.context.set_offline(False)
    for page in others.values():
        expect(page.locator('#players tr[data-seat="O"]')).to_have_attribute(
            "data-presence", "present"
        )
    no_contradiction(table, pages)
    seq = table_state(table)[1]["seq"]
    expect(west.locator("#live")).to_have_attribute("data-seq", str(seq))

    play_moves(table, pages, 200)  # to the end of the donne
    partie = Partie.objects.get(pk=RemoteTable.objects.get(pk=table.pk).partie_id)
    row = partie.sheet.rows[-1]
    for page in pages.values():
        news = page.locator("#news")
        expect(news).to_be_visible()
        assert news.evaluate(SHOWN)
        expect(news).to_contain_text("Fin : Donne 1")
        expect(news).to_contain_text(f"N/S {signed(row.ns.cumul)}")
        expect(news).to_contain_text(f"O/E {signed(row.oe.cumul)}")
    for page in pages.values():  # the result, and his turn once he had touched the page
        buzzes = page.evaluate("buzzes")
        assert [100, 60, 100] in buzzes and 200 in buzzes, buzzes
    tap(pages["E"].locator("#news-close"), scroll=True)
    expect(pages["E"].locator("#news")).to_be_hidden()
    no_contradiction(table, pages)

    pages["S"].close()
    del pages["S"]
    for page in pages.values():
        expect(page.locator('#players tr[data-seat="S"] .presence')).to_have_text(" (hors ligne)")
    no_contradiction(table, pages)
    robot = pages["N"].locator('#seat-list li[data-seat="S"] button.robot')
    expect(robot).to_be_visible(timeout=8000)  # abandoned: the host may give his seat
    for seat in "EO":  # only the host is offered it
        expect(pages[seat].locator("#seat-list button.robot")).to_have_count(0)
    no_contradiction(table, pages)
    with pages["N"].expect_navigation():
        tap(robot, scroll=True)
    for page in pages.values():
        expect(page.locator('#players tr[data-seat="S"]')).to_have_attribute(
            "data-presence", "robot"
        )
        expect(page.locator('#players tr[data-seat="S"]')).to_contain_text("Sophie (simulé)")
    no_contradiction(table, pages)
    before = table_state(table)[1]["seq"]
    play_moves(table, pages, 12)  # South's moves are the engine's now
    table, view = table_state(table)
    moves = table.moves.filter(seq__gt=before)
    assert moves.filter(seat="S").exists() and view["seq"] > before
    no_contradiction(table, pages)


@pytest.mark.parametrize("width", [320, 390])
def test_the_table_at_play_is_accessible_and_fits_a_phone(south_alone, width):
    """The live table of a seated player, his hand and a question shown, and the invitation
    of a table being filled: axe-core finds nothing to fix, every control is a thumb's size,
    nothing scrolls sideways."""
    from axe_playwright_python.sync_playwright import Axe

    from tests.browser.test_layout import AXE_OPTIONS, SMALL_TARGETS, overflow

    page = south_alone({"width": width, "height": 740})
    expect(page.locator("#status")).to_have_text("À vous de jouer")
    results = Axe().run(page, options=AXE_OPTIONS)
    assert not results.violations_count, results.generate_report()
    assert page.evaluate(SMALL_TARGETS) == [] and overflow(page) == 0
    filling = remote.table_create(options={"variant": "official-1000"})
    page.goto(page.url.split("/distance/")[0] + filling.get_absolute_url())
    expect(page.locator("#copy-link")).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert not results.violations_count, results.generate_report()
    assert page.evaluate(SMALL_TARGETS) == [] and overflow(page) == 0
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap(page.locator("#copy-link"), scroll=True)
    expect(page.locator("#copy-status")).to_have_text("Lien copié.")
    link = page.locator("#invite").get_attribute("href")
    assert link.endswith(filling.get_absolute_url())
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert page.locator(".qr svg").evaluate(SEEN)  # big enough to scan, on the screen
    assert page.locator(".qr svg").bounding_box()["width"] >= 150
