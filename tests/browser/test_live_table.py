"""The other games at a distance in real browsers (Debian's chromium), on phones held upright
(390×844, and 320 px wide): a club member opens a table of each of these games (Roi,
Differenzler, Rumoli, Römer) through the menu, a player takes a seat by the invitation link on
his phone, the member gives the other seats to simulated players, and the player plays a whole
round by tapping only the controls the rules allow him, every one of them offered and seen
(his cards in the bar at the bottom, Römer's card then the kind of move it makes, a move's
button as the dead hand kept, an estimate or a bid stepped to), on a page never wider than the
phone, every player's total in view. The round is then offered for replay, and his total is
the figure of the partie's sheet page. His phone loses its page and comes back to the same
table; a spectator sees no hand.

The site is served over ASGI (``asgi_server``, tests/browser/conftest.py), since the table's
page talks to the server over a WebSocket."""

import re
import time

import pytest
from django.db import transaction
from playwright.sync_api import expect

from scoring import registry, remote
from scoring.models import RemoteTable
from tests.browser.conftest import PORTRAIT
from tests.browser.test_layout import AXE_OPTIONS, SMALL_TARGETS, overflow
from tests.browser.test_remote_table import SHOWN, tap

pytestmark = pytest.mark.django_db(transaction=True)

#: The players' names on the sheet: the human's, then the simulated players' own.
HUMAN = "Paul"


def log_in(page, base, username, password, next_path="/"):
    page.goto(f"{base}/accounts/login/?next={next_path}")
    page.locator("[name=username]").fill(username)
    page.locator("[name=password]").fill(password)
    with page.expect_navigation():
        tap(page.locator("main form [type=submit]").last, scroll=True)


def open_by_the_menu(page, game_name, players):
    """Open a table of ``game_name`` for ``players`` from the site's menu, as a member does on
    his phone (the menu folded behind its button): the table's address."""
    tap(page.get_by_role("button", name="Menu"))
    tap(page.locator("header nav summary", has_text="À distance"))
    with page.expect_navigation():
        tap(page.locator("header nav .menu[open] a", has_text=re.compile(f"^{game_name}$")))
    assert re.search(r"/jeux/\w+/distance/$", page.url), page.url
    if page.locator("#players").count():  # a game of one table size
        expect(page.locator("#players")).to_have_text(f"{players} joueurs")
    else:
        tap(page.locator("label.tap", has_text=re.compile(f"^{players}$")), scroll=True)
    with page.expect_navigation():
        tap(page.locator("form.remote-create button[type=submit]"), scroll=True)
    expect(page.locator("#invite")).to_be_visible()
    return page.url


def take_seat(page, url, seat, name):
    """Take ``seat`` by the invitation link with ``name``: the page then shows the seat as
    the player's own."""
    page.goto(url)
    page.locator("form.take-seat [name=seat]").select_option(seat)
    page.locator("form.take-seat [name=name]").fill(name)
    with page.expect_navigation():
        tap(page.locator("form.take-seat button[type=submit]"), scroll=True)
    mine = page.locator(f'#players tr[data-seat="{seat}"]')
    expect(mine).to_have_attribute("data-presence", "you")
    expect(mine).to_contain_text(name)
    expect(page.locator("form.take-seat")).to_be_hidden()


def give_to_robots(page, seats):
    """The creator gives ``seats`` to simulated players, each by its button in the seat list."""
    for seat in seats:
        robot = page.locator(f'#seat-list li[data-seat="{seat}"] button.robot')
        with page.expect_navigation():
            tap(robot, scroll=True)
        expect(page.locator(f'#players tr[data-seat="{seat}"]')).to_have_attribute(
            "data-presence", "robot"
        )


def server_view(table, seat):
    """The state the server sends ``seat`` now, rebuilt from the database in one read: not
    from ``remote.load``'s copy, which the server's thread changes while it makes a move."""
    with transaction.atomic():
        table = RemoteTable.objects.get(pk=table.pk)
        return remote.views_of(table, table.adapter.live_game(table))[seat]


def hand_of(page):
    return page.locator("#hand button").evaluate_all("(nodes) => nodes.map((n) => n.dataset.card)")


#: The controls of the play bar the player may tap now, where they are seen (on the screen,
#: nothing covering their middle): the legal cards (``card``, with the moves a tap on each
#: may make: the card itself, or Römer's kinds of move asked then), the move buttons (``button``)
#: the lists of moves, each with its button (``select``: the moves it offers), and the numbers
#: to choose (``number``: a stepper, its input and buttons seen, every number between its
#: bounds).
LEGAL_SEEN = """() => {
  const seen = (node) => {
    const r = node.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
    return node.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  };
  const cards = Array.from(document.querySelectorAll('#hand button:enabled')).filter(seen)
    .map((node) => ({ how: "card", moves: JSON.parse(node.dataset.moves) }));
  const buttons = Array.from(document.querySelectorAll('#choice button[data-move]:enabled'))
    .filter(seen).map((node) => ({ how: "button", moves: [node.dataset.move] }));
  const lists = Array.from(document.querySelectorAll('#choice .answers'))
    .filter((row) => row.querySelector('select') && seen(row.querySelector('select'))
      && seen(row.querySelector('button.primary')))
    .map((row) => ({ how: "select", kind: row.dataset.kind,
      moves: Array.from(row.querySelectorAll('option'), (option) => option.value) }));
  const steppers = Array.from(document.querySelectorAll('#choice .stepper'))
    .filter((row) => Array.from(row.querySelectorAll('input, button')).every(seen))
    .map((row) => {
      const input = row.querySelector('input');
      const moves = [];
      const kind = row.dataset.kind;
      for (let n = Number(input.min); n <= Number(input.max); n++) moves.push(`${kind} ${n}`);
      return { how: "number", kind: row.dataset.kind, moves };
    });
  return [...cards, ...buttons, ...lists, ...steppers];
}"""


#: When the player is to play a card, those of his hand he may not play, as drawn: each
#: dashed, and greyed (less colour or less opaque), by computed style. (While he is asked
#: something else, an estimate, his cards simply wait.)
UNPLAYABLE = """() => Array.from(document.querySelectorAll('#hand.my-turn button:disabled'),
  (node) => {
  const style = getComputedStyle(node);
  return { card: node.dataset.card, dashed: style.borderTopStyle === "dashed",
    greyed: style.filter.includes("saturate") || Number(style.opacity) < 1 };
})"""


def play_my_move(page, view, turn, prefer=None):
    """Make one move of the player on his page, which shows the server's state ``view``: every
    move the rules allow him must be offered and seen (a card of his hand, a button, a list
    and its button), and none other. His ``turn``-th move (0-based) is of the ``turn``-th kind
    offered, in turn: a legal card, a move's button, or a modest move from a list and its
    button; only what the page shows him, seen where it is, is tapped. Returns the move's
    text and what the round's replay must show of it: the rest of its text (a card, a number),
    or the words of the button of a move of one word (the replay's words for it). With
    ``prefer`` (a kind of move: its text's first word), a move of that kind is made whenever
    one is offered (Römer's ``pose``: a manche ends sooner)."""
    expect(page.locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
    expect(page.locator("#status.my-turn")).to_have_text("À vous de jouer")
    assert page.locator("#status").evaluate(SHOWN)
    # The round headed as the sheet names it (a Rumoli coup, a Roi manche's contract).
    assert view["name"]
    expect(page.locator("#round-title")).to_contain_text(view["name"])
    assert overflow(page) == 0, page.evaluate(WIDE)
    assert page.evaluate(TOTALS_IN_VIEW)
    assert page.evaluate(SMALL_TARGETS) == []
    robots_named_on_one_line(page)
    unplayable = page.evaluate(UNPLAYABLE)
    assert all(card["dashed"] and card["greyed"] for card in unplayable), unplayable
    offered = page.evaluate(LEGAL_SEEN)
    moves = {move for control in offered for move in control["moves"]}  # a card twice: one move
    assert sorted(moves) == sorted(view["legal"]), (offered, view["legal"])
    kinds = list(dict.fromkeys((c["how"], c.get("kind")) for c in offered))
    how, kind = kinds[turn % len(kinds)]
    control = [c for c in offered if (c["how"], c.get("kind")) == (how, kind)][0]
    wanted = [(c, m) for c in offered for m in c["moves"] if m.split()[0] == prefer]
    if wanted:
        control, move = wanted[0]
        how, kind = control["how"], control.get("kind")
    if how == "card" and (len(control["moves"]) > 1 or ">" in control["moves"][0]):
        # A card of several moves (Römer's kinds of move, the seat a Roimat Dame or Tour sends
        # the play on to): tapped, then the choice it asks, in turn.
        if not wanted:
            move = control["moves"][turn // len(kinds) % len(control["moves"])]
        card, _, to = move.split()[-1].partition(">")
        tap(page.locator(f'#hand button[data-card="{card}"]').first)
        choice = f'[data-to="{to}"]' if to else f'[data-move="{move}"]'
        tapped = page.locator(f"#choice button{choice}")
    elif how == "card":
        move = control["moves"][0]
        tapped = page.locator(f'#hand button[data-card="{move.split()[-1]}"]').first
    elif how == "button":
        move = control["moves"][0]
        tapped = page.locator(f'#choice button[data-move="{move}"]')
    elif how == "number":
        move = control["moves"][len(control["moves"]) // 8]  # a modest estimate or bid
        row = page.locator(f'#choice .stepper[data-kind="{kind}"]')
        low, wanted = int(control["moves"][0].split()[-1]), int(move.split()[-1])
        for step, count in (("10", (wanted - low) // 10), ("1", (wanted - low) % 10)):
            for _ in range(count):
                tap(row.locator(f'button[data-step="{step}"]'))
        expect(row.locator("input")).to_have_value(str(wanted))
        tapped = row.locator("button[data-send]")
    else:
        row = page.locator(f'#choice .answers[data-kind="{kind}"]')
        move = control["moves"][len(control["moves"]) // 8]  # a modest estimate or bid
        row.locator("select").select_option(move)
        tapped = row.locator("button.primary")
    words = move.split()[-1] if " " in move or how == "card" else tapped.text_content()
    tap(tapped)
    return move, words


def play_a_round(table, page, seat):
    """Tap the player's moves until the first round is over (the simulated players move at
    once after him): the moves he made."""
    made = []
    for _ in range(200):
        view = server_view(table, seat)
        if view["replays"]:
            return made
        assert view["to_move"] == seat, view["to_move"]
        made.append(play_my_move(page, view, len(made)))
        deadline = time.monotonic() + 10
        while server_view(table, seat)["seq"] == view["seq"]:
            assert time.monotonic() < deadline, "the move was not made"
            page.wait_for_timeout(50)
    raise AssertionError("the round did not end")


#: What reaches past the right edge of the screen (for a failure's message).
WIDE = """() => Array.from(document.querySelectorAll('body *'))
  .filter((node) => node.getBoundingClientRect().right > document.documentElement.clientWidth)
  .map((node) => `${node.tagName}#${node.id}.${node.className} ${node.textContent.slice(0, 40)}`)"""


#: Whether every player's total, and its column's head, lies within the screen's width (the
#: players' table scrolls sideways between the names and the totals).
TOTALS_IN_VIEW = """() => Array.from(document.querySelectorAll('#players tr > :last-child'))
  .every((node) => { const r = node.getBoundingClientRect();
    return r.width > 0 && r.left >= 0 && r.right <= document.documentElement.clientWidth; })"""


def robots_named_on_one_line(page, count=None):
    """Each simulated seat's name on one line, « (simulé) » under it: two lines, not three,
    however wide the round's other columns (a Römer team) are; ``count``: how many there
    must be (None: any)."""
    lines = page.locator('#players tr[data-presence="robot"] .name').evaluate_all(
        "(nodes) => nodes.map((node) => node.getClientRects().length)"
    )
    assert all(count == 1 for count in lines), lines
    assert count is None or len(lines) == count, lines


def fits_the_phone(page):
    """Nothing beyond the right edge, every total in view, the play bar's controls a thumb's
    size, the bar leaves
    the page's last line (its footer) above it when scrolled to the bottom, and axe-core finds
    nothing to fix."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=AXE_OPTIONS)
    assert not results.violations_count, results.generate_report()
    assert overflow(page) == 0, page.evaluate(WIDE)
    assert page.evaluate(TOTALS_IN_VIEW)
    assert page.evaluate(SMALL_TARGETS) == []
    bar = page.locator("#play-bar")
    if bar.is_visible():
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(100)
        top = bar.bounding_box()["y"]
        box = page.locator("footer.foot").bounding_box()
        assert box["y"] + box["height"] <= top + 1, (box, top)
        page.evaluate("window.scrollTo(0, 0)")


@pytest.fixture
def member(django_user_model):
    django_user_model.objects.create_user("marie", password="marie-2026-club")
    return "marie", "marie-2026-club"


@pytest.mark.parametrize(
    ("game", "name", "players", "seat", "width"),
    [
        ("roi", "Roi", 4, "1", 390),
        ("differenzler", "Differenzler", 4, "1", 390),
        ("rumoli", "Rumoli", 3, "2", 390),  # not the dealer: he bids for the dead hand
        ("romer", "Römer", 4, "1", 390),
        # A small phone (Römer's: tests/browser/test_romer_phone.py).
        ("roi", "Roi", 4, "1", 320),
        ("differenzler", "Differenzler", 4, "1", 320),
        ("rumoli", "Rumoli", 3, "2", 320),
    ],
)
def test_a_player_plays_a_round_against_simulated_players_on_his_phone(
    asgi_server, phone, member, settings, game, name, players, seat, width
):
    settings.REMOTE_ABANDON_SECONDS = 4  # a heartbeat a second: a lost connection seen soon
    host = phone(PORTRAIT)
    log_in(host, asgi_server, *member)
    url = open_by_the_menu(host, name, players)
    table = RemoteTable.objects.get()
    assert (table.game, table.seats.count()) == (game, players)
    assert url == f"{asgi_server}{table.get_absolute_url()}"

    invitation = host.locator("#invite").get_attribute("href")
    assert invitation.endswith(table.get_absolute_url())
    mine = phone({**PORTRAIT, "width": width})
    take_seat(mine, invitation, seat, HUMAN)
    expect(host.locator(f'#seat-list li[data-seat="{seat}"]')).to_contain_text(HUMAN)
    give_to_robots(host, [str(n) for n in range(1, players + 1) if str(n) != seat])
    expect(mine.locator("#seating")).to_be_hidden()

    view = server_view(table, seat)
    expect(mine.locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
    expect(mine.locator("#hand button")).to_have_count(len(view["round"]["hand"]))
    assert sorted(hand_of(mine)) == sorted(view["round"]["hand"])
    fits_the_phone(mine)
    robots_named_on_one_line(mine, players - 1)

    # A spectator: the table, but no hand and nothing to play.
    watcher = phone(PORTRAIT)
    watcher.goto(url)
    expect(watcher.locator("#status")).to_contain_text("aucune main")
    # Said once, and that the table is full (every seat taken: no invitation, no seat form).
    expect(watcher.get_by_text("aucune main")).to_have_count(1)
    expect(watcher.locator("#table-full")).to_have_text(
        "Toutes les places sont prises : la table est complète."
    )
    expect(watcher.locator("#watching")).to_be_hidden()
    expect(watcher.locator("form.take-seat")).to_be_hidden()
    expect(watcher.locator("#hand button")).to_have_count(0)
    expect(watcher.locator("#play-bar")).to_be_hidden()
    expect(watcher.locator("#live")).to_have_attribute("data-seq", str(view["seq"]))

    # His phone loses the network, then its page; a new page of the same phone (the same
    # session) comes back to the same table: the same hand, the same state.
    before = hand_of(mine)
    mine.context.set_offline(True)
    expect(mine.locator("#status")).to_have_text("Connexion perdue : reconnexion…", timeout=8000)
    context = mine.context
    mine.close()
    context.set_offline(False)
    mine = context.new_page()
    mine.goto(url)
    expect(mine.locator("#live")).to_have_attribute("data-seq", str(view["seq"]))
    expect(mine.locator("#status.my-turn")).to_have_text("À vous de jouer")
    assert hand_of(mine) == before
    expect(mine.locator(f'#players tr[data-seat="{seat}"]')).to_have_attribute(
        "data-presence", "you"
    )

    made = play_a_round(table, mine, seat)
    assert made
    view = server_view(table, seat)
    replay = mine.locator("#replays a").first
    expect(replay).to_have_attribute("href", view["replays"][0]["url"])
    for page in (host, watcher):
        expect(page.locator("#replays a").first).to_have_attribute(
            "href", view["replays"][0]["url"]
        )
    total = mine.locator(f'#players [data-total="{seat}"]')
    figure = view["totals"][seat]
    plus = "+" if figure > 0 and registry.get(game).signed_totals else ""  # penalty points: as is
    expect(total).to_have_text(f"{plus}{figure}")  # as the sheet writes it
    assert total.evaluate(SHOWN)
    written = total.text_content()
    # The round over: what it put on the sheet for each seat (not his total), beside it.
    expect(mine.locator("#ended-box")).to_be_visible()
    for place, points in view["ended"]["scores"].items():
        signed = f"+{points}" if points > 0 and registry.get(game).signed_totals else str(points)
        expect(mine.locator(f'#ended [data-score="{place}"]')).to_have_text(signed)
    fits_the_phone(mine)

    # The round's replay: every move, his among them: those before the first pli (every move
    # of a game without plis) in a list, then the plis, one a card; each with its card drawn
    # (its code on the tile) and its words.
    with mine.expect_navigation() as opened:
        tap(replay, scroll=True)
    assert opened.value.status == 200
    moves = mine.locator(".replay-moves li, .replay-tricks .play").evaluate_all(
        """(rows) => rows.map((row) => {
          const play = row.matches(".play");  // a pli's: its player small, then the card
          const who = row.querySelector(play ? "small" : "b");
          const card = row.querySelector("[data-card]");
          const words = row.querySelector(play ? ".move, b" : ".move");
          return [who ? who.textContent.trim() : "", [card ? card.dataset.card : "",
            words ? words.textContent.trim() : ""].join(" ")];
        })"""
    )
    his = [move for who, move in moves if who == f"joueur {seat}"]
    assert len(his) == len(made) and len(moves) > len(made), moves
    for (text, words), shown in zip(made, his, strict=True):
        assert words in shown, (text, shown)
    mine.go_back()

    # His total on the table's page is the figure of the partie's sheet page.
    sheet_link = mine.locator("#sheet-link a")
    expect(sheet_link).to_have_text("Feuille de marque")
    with mine.expect_navigation() as opened:
        tap(sheet_link, scroll=True)
    assert opened.value.status == 200
    assert mine.url.endswith(f"/parties/{RemoteTable.objects.get(pk=table.pk).partie_id}/")
    names = mine.locator("table.game-sheet thead th").all_text_contents()
    column = names.index(HUMAN)
    cell = mine.locator("table.game-sheet tr.cumul td").nth(column)
    assert cell.text_content().strip() == written  # the same figure, written the same way
