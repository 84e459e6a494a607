"""One club evening of Roimat walked as people do it (issue 21): the director on his laptop
creates the evening, registers twelve players and draws the first round (three tables of
four); the tables enter their donnes on phones (a donne refused by the other team, then
corrected; two phones racing on the same donne; a phone without network; a stale draft);
one donne is left pending, the director closes the evening choosing what each table counts
for, then emails the results. After every step, every page that shows a table's totals
(its phone, its sheet page, PDF and Excel, the round page, the room screen, the close page,
the ranking, its players' pages, and at the end the sheets attached to the emails) says the
same as the engine's totals of the donnes that count."""

import re

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import EntryVersion, Player
from tests.browser.person import choose, choose_value, in_view_as, tap, unfold
from tests.browser.test_choices import as_director
from tests.browser.test_table_phone import donnes, enter, wait_until
from tests.test_one_truth import counted_totals, document_totals, table_totals
from tests.test_results_mail import run_worker
from tournaments.models import Round, SentMessage, Table

pytestmark = pytest.mark.django_db(transaction=True)

#: The director's laptop.
DESKTOP = {"width": 1280, "height": 800}
CLUB = "club@example.org"

# The evening's donnes (club-8): each table ends on totals of its own, N/S's unlike O/E's, so
# that a donne counted that should not, a table's totals shown for another's, or the teams
# swapped, show on some page.
#: Table 1: entered wrong by N/S, refused for its points, corrected; then one left pending.
T1_WRONG = {"dealer": "N", "trump": "R", "plis_ns": 6, "points_ns": 84, "contre_plis": True}
T1_RIGHT = {"dealer": "N", "trump": "B", "plis_ns": 6, "points_ns": 80, "contre_plis": True}
T1_PENDING = {"dealer": "E", "trump": "J", "plis_ns": 2, "points_ns": 20}
#: Table 2: two phones race on donne 1; the table takes the second one's numbers.
T2_FIRST = {"dealer": "N", "trump": "R", "plis_ns": 5, "points_ns": 70, "roi_au_bout": True}
T2_SECOND = {"dealer": "N", "trump": "R", "plis_ns": 4, "points_ns": 50, "contre_plis": True}
#: Table 3: donne 1 entered without network; donne 2 entered while another phone held a
#: draft of it, which the table compares and does not keep.
T3_OFFLINE = {"dealer": "N", "trump": "V", "plis_ns": 3, "points_ns": 40}
T3_SECOND = {"dealer": "E", "trump": "J", "plis_ns": 5, "points_ns": 70, "roi_au_bout": True}
T3_DRAFT = {"dealer": "E", "trump": "J", "plis_ns": 4, "points_ns": 50}


def type_donne(page, donne: dict, seat: str, submit: bool = True) -> None:
    """Tap and type ``donne`` in the phone's form, entered by the player at ``seat``: its
    dealer, trump, plis and points, and its boxes ticked (a contre, the Roi au bout)."""
    enter(
        page,
        dealer=donne["dealer"],
        trump=donne["trump"],
        plis=donne["plis_ns"],
        points=donne["points_ns"],
        seat=seat,
        submit=False,
    )
    for box in ("contre_plis", "roi_au_bout"):
        if donne.get(box):
            control = page.locator(f"form.donne-form [name={box}]")
            unfold(control)
            choose(control)
    if submit:
        tap(page.locator("form.donne-form button[type=submit]"))


def words(donne: dict) -> str:
    """How the table's page tells a donne's plis and points."""
    return f"{donne['plis_ns']} plis, {donne['points_ns']} points"


def both(rival, recorded: dict, other: dict) -> None:
    """The card of a donne entered twice shows the ``recorded`` numbers and the ``other``
    phone's, each under its heading, for the table to choose."""
    versions = rival.locator(".versions section")
    expect(versions).to_have_count(2)
    for version, heading, donne in zip(
        versions.all(), ("Enregistrée", "Autre téléphone"), (recorded, other), strict=True
    ):
        expect(version).to_be_visible()
        expect(version.locator("h3")).to_contain_text(heading)
        expect(version).to_contain_text(words(donne))


def submit(page, button) -> None:
    """Tap ``button``, which posts its form, and wait for the page the server answers."""
    with page.expect_navigation():
        tap(button)


def decide(page, decision: str, reason: str = "") -> str:
    """A player of the other team reads the pending donne on ``page``, taps "Je suis" on the
    first seat offered (and a ``reason`` to refuse), then accepts or refuses it; his seat."""
    pending = page.locator("form.pending").first
    seat = pending.locator("[name=seat]").first.get_attribute("value")
    choose_value(pending, "seat", seat)
    if reason:
        choose_value(pending, "reason", reason)
    submit(page, pending.get_by_role("button", name=decision))
    return seat


def shown_on(phone, expected: tuple[int, int]) -> tuple[int, int]:
    """The big totals a table's phone shows, once its page settles (given a few seconds to
    show ``expected``, after a reply it renders in place)."""
    scores = phone.locator("main .teams strong.score")
    expect(scores.first).to_be_visible()
    try:
        expect(scores).to_have_text([f"{n:+d}" if n else "0" for n in expected], timeout=3000)
    except AssertionError:
        pass  # what it shows instead is reported below, beside every other page
    found = tuple(int(text) for text in scores.all_inner_texts())
    assert len(found) == 2, found
    return found


class Walk:
    """What the room sees of the evening: the director's desk, anybody's browser, the tables
    and the phone each table looks at; ``counted`` the donnes that count at each table."""

    def __init__(self, damien, tables):
        self.desk, self.anyone = Client(), Client()
        self.desk.force_login(damien)
        self.tables = tables
        self.phones: dict[int, object] = {}
        self.counted: dict[int, list[dict]] = {table.number: [] for table in tables}

    def expected(self) -> dict[int, tuple[int, int]]:
        return {n: counted_totals(donnes) for n, donnes in self.counted.items()}

    def agree(self, step: str) -> dict[int, dict[str, tuple[int, int]]]:
        """Every page shows each table's totals of the donnes that count, after ``step``."""
        expected = self.expected()
        seen = table_totals(self.desk, self.anyone, self.tables)
        for number, phone in self.phones.items():
            seen[number]["table phone"] = shown_on(phone, expected[number])
        wrong = {
            (number, page): totals
            for number, pages in seen.items()
            for page, totals in pages.items()
            if totals != expected[number]
        }
        assert not wrong, f"after {step}: expected {expected} everywhere, got {wrong}"
        return seen


def test_a_club_evening_on_phones_agrees_on_every_page_at_every_step(
    browser, browser_context_args, new_phone, live_server, damien, settings
):
    settings.CLUB_EMAIL = CLUB
    members = [
        Player.objects.create(name=f"Membre {i:02}", email=f"membre{i}@example.org")
        for i in range(11)
    ]
    url = live_server.url

    # 1. The director, on his laptop, creates the evening, registers the eleven members and
    # a newcomer at the door, and draws the first round.
    laptop = browser.new_context(
        **{**browser_context_args, "viewport": DESKTOP, "is_mobile": False}
    )
    as_director(laptop, live_server, damien)
    desk = laptop.new_page()
    desk.goto(url + reverse("tournaments:create"))
    desk.locator("[name=name]").fill("Jeudi du club")
    desk.locator("[name=date]").fill("2026-11-26")
    desk.locator("[name=place]").fill("Antony")
    submit(desk, desk.get_by_role("button", name="Créer"))
    expect(desk.locator(".messages li")).to_contain_text("Tournoi créé")
    register = desk.get_by_role("button", name="Inscrire", exact=True)
    for member in members:
        desk.locator("[name=player]").select_option(label=member.name)
        submit(desk, register)
        expect(desk.locator("main")).to_contain_text(member.name)
    desk.locator("[name=new_name]").fill("Nouvelle Venue")
    submit(desk, register)
    expect(desk.locator("main")).to_contain_text("Nouvelle Venue")
    submit(desk, desk.get_by_role("button", name="Tirer le tour suivant"))
    expect(desk.locator(".table-card")).to_have_count(3)
    tables = list(Round.objects.get().tables.select_related("round").order_by("number"))
    one, two, three = tables
    walk = Walk(damien, tables)
    walk.agree("the draw")

    def phone(table):
        page = new_phone()
        page.goto(f"{url}/t/{table.code}/")
        return page

    # 2. Table 1: N/S enter donne 1 on their phone; E refuses it on his, for its points;
    # N/S correct it; E accepts it.
    ns1, oe1 = phone(one), phone(one)
    walk.phones[1] = ns1
    type_donne(ns1, T1_WRONG, "N")
    expect(ns1.locator("form.pending")).to_have_count(1)
    walk.agree("table 1 entered donne 1")
    oe1.reload()
    walk.phones[1] = oe1
    refuser = decide(oe1, "Refuser", reason="points")
    in_view_as(oe1.locator(".messages li"), "warning")
    walk.agree("table 1's other team refused donne 1")
    ns1.reload()
    walk.phones[1] = ns1
    name = one.partie.players_by_seat[refuser]
    expect(ns1.locator("form.donne-form .refused")).to_contain_text(
        f"Refusée par {name} ({refuser}) : points"
    )
    choose_value(ns1.locator("form.donne-form"), "trump", T1_RIGHT["trump"])
    ns1.locator("[name=points_ns]").fill(str(T1_RIGHT["points_ns"]))
    choose_value(ns1.locator("form.donne-form"), "entered_seat", "S")  # who corrects it
    tap(ns1.locator("form.donne-form button[type=submit]"))
    expect(ns1.locator("form.pending")).to_contain_text(words(T1_RIGHT))
    walk.agree("table 1 corrected donne 1")
    oe1.reload()
    walk.phones[1] = oe1
    decide(oe1, "Accepter")
    in_view_as(oe1.locator(".messages li"), "success")
    walk.counted[1].append(T1_RIGHT)
    walk.agree("table 1 accepted donne 1")

    # 3. Table 2: two phones enter donne 1 with different numbers; the second is told, sees
    # both versions, and the table takes the second one's; the other team accepts it.
    north2, south2 = phone(two), phone(two)
    walk.phones[2] = north2
    type_donne(north2, T2_FIRST, "N")
    assert wait_until(north2, lambda: donnes(two) == 1)
    walk.agree("table 2's first phone entered donne 1")
    type_donne(south2, T2_SECOND, "S")  # the same donne 1, other numbers
    walk.phones[2] = south2
    told = south2.locator(".messages li")
    expect(told).to_contain_text("avec d'autres nombres")
    in_view_as(told, "warning")
    rival = south2.locator("form.rival")
    both(rival, recorded=T2_FIRST, other=T2_SECOND)
    assert donnes(two) == 1
    walk.agree("table 2's second phone entered donne 1 too")
    choose_value(rival, "seat", "S")  # who chooses names himself, as for accepting
    submit(south2, rival.get_by_role("button", name="Prendre celle de l'autre téléphone"))
    in_view_as(south2.locator(".messages li"), "success")
    expect(south2.locator("form.pending")).to_contain_text(words(T2_SECOND))
    walk.agree("table 2 took the second phone's donne 1")
    decide(south2, "Accepter")
    walk.counted[2].append(T2_SECOND)
    walk.agree("table 2 accepted donne 1")

    # 4. Table 3: N's phone has no network: donne 1 waits in the phone, then goes once the
    # network is back; the other team accepts it. Then O/E type donne 2 on their phone, but
    # N enters it first on his: O/E's draft is offered to compare, and the table keeps N's.
    north3, oe3 = phone(three), phone(three)
    walk.phones[3] = north3
    north3.context.set_offline(True)
    type_donne(north3, T3_OFFLINE, "N")
    waiting = north3.locator(".queue-status")
    expect(waiting).to_contain_text("1 saisie en attente d'envoi")
    in_view_as(waiting, "warning")
    north3.wait_for_timeout(500)
    assert donnes(three) == 0
    walk.agree("table 3 entered donne 1 without network")
    north3.context.set_offline(False)
    assert wait_until(north3, lambda: donnes(three) == 1), "the queued donne was lost"
    expect(north3.locator("form.pending")).to_have_count(1)
    north3.wait_for_timeout(500)
    sent = EntryVersion.objects.filter(partie_id=three.partie_id, number=1)
    assert donnes(three) == 1 and sent.count() == 1  # sent once
    walk.agree("table 3's phone sent donne 1 once back online")
    oe3.reload()
    walk.phones[3] = oe3
    decide(oe3, "Accepter")
    walk.counted[3].append(T3_OFFLINE)
    walk.agree("table 3 accepted donne 1")
    type_donne(oe3, T3_DRAFT, "E", submit=False)  # typed, not sent: a draft of donne 2
    north3.reload()
    walk.phones[3] = north3
    type_donne(north3, T3_SECOND, "N")
    assert wait_until(north3, lambda: donnes(three) == 2)
    walk.agree("table 3 entered donne 2 while another phone held a draft of it")
    oe3.reload()
    walk.phones[3] = oe3
    stale = oe3.locator(".queue-status")
    expect(stale).to_contain_text("Le brouillon de Donne 2")
    in_view_as(stale, "warning")
    tap(stale.get_by_role("button", name="L'envoyer pour comparer"))
    rival = oe3.locator("form.rival")
    both(rival, recorded=T3_SECOND, other=T3_DRAFT)
    walk.agree("table 3's stale draft was sent to compare")
    choose_value(rival, "seat", "E")
    submit(oe3, rival.get_by_role("button", name="Garder l'enregistrée"))
    in_view_as(oe3.locator(".messages li"), "success")
    expect(oe3.locator("form.rival")).to_have_count(0)
    walk.agree("table 3 kept the donne 2 first entered")
    decide(oe3, "Accepter")
    walk.counted[3].append(T3_SECOND)
    walk.agree("table 3 accepted donne 2")

    # 5. Table 1 enters donne 2, left pending; the director closes the evening: table 1
    # counts as played, table 2 finishes later, table 3 does not count.
    walk.phones[1] = ns1
    ns1.reload()
    type_donne(ns1, T1_PENDING, "N")
    expect(ns1.locator("form.pending")).to_contain_text(words(T1_PENDING))
    expect(ns1.locator("main .hint").first).to_contain_text("1 en attente")
    walk.agree("table 1 left donne 2 pending")
    desk.goto(url + reverse("tournaments:close", args=[one.round.tournament_id]))
    form = desk.locator("main form")
    for table in tables:  # the donne left pending is said where its table is decided
        waiting = form.locator("fieldset.closing", has_text=f"table {table.number} —")
        expect(waiting.locator(".pending")).to_have_count(1 if table is one else 0)
    expect(form.locator(".pending")).to_be_visible()
    decisions = {one: "played", two: "later", three: "excluded"}
    for table, decision in decisions.items():
        choose_value(form, f"closing_{table.pk}", decision)
    submit(desk, form.get_by_role("button", name="Clore le tournoi"))
    in_view_as(desk.locator(".messages li"), "success")
    closings = {t.number: t.closing for t in Table.objects.select_related("partie")}
    assert closings == {1: "played", 2: "later", 3: "excluded"}
    # Closed: their phones enter nothing more, and show their totals (checked with every
    # page's below), the director's decision in the lists' words, and their sheet.
    for number, status in ((1, "arrêtée, comptée telle que jouée"), (3, "non comptée")):
        phone = walk.phones[number]
        phone.reload()
        expect(phone.locator("main")).to_contain_text("Ce tour est clos")
        expect(phone.locator("main .result")).to_contain_text(f"La partie : {status}.")
        expect(phone.locator("main form")).to_have_count(0)
        sheet = phone.get_by_role("link", name="Feuille de marque")
        expect(sheet).to_have_attribute("href", tables[number - 1].partie.get_absolute_url())
    north2.reload()  # left for later: its phone goes on
    expect(north2.locator("main .note")).to_contain_text("finir sa partie plus tard")
    walk.phones[2] = north2
    seen = walk.agree("the director closed the evening")
    ranked = {n for n, pages in seen.items() if any(p.startswith("ranking") for p in pages)}
    assert ranked == {1}, "only the table counted as played is in the ranking"

    # 6. The director emails the results: each member his sheet, the club every sheet.
    desk.goto(url + one.round.tournament.get_absolute_url())
    submit(desk, desk.get_by_role("button", name="Envoyer les résultats"))
    expect(desk.locator(".no-address")).to_contain_text("Nouvelle Venue")
    submit(desk, desk.get_by_role("button", name="Confirmer et envoyer"))
    in_view_as(desk.locator(".messages li").first, "success")
    run_worker()
    desk.reload()
    expect(desk.locator(".mail-tally")).to_contain_text("Envoyés : 12")
    assert SentMessage.objects.filter(status=SentMessage.Status.SENT).count() == 12
    parties = {table.partie_id: table.number for table in tables}
    expected = walk.expected()
    sheets = {}
    for message in mail.outbox:
        files = {name: content for name, content, _type in message.attachments}
        for name, content in files.items():
            found = re.fullmatch(r"roimat-.*-p(\d+)\.pdf", name)
            if found:
                number = parties[int(found.group(1))]
                sheets[(message.to[0], number)] = document_totals(
                    content, files[name.removesuffix(".pdf") + ".xlsx"]
                )
    players = {
        (seat.player.email, table.number)
        for table in tables
        for seat in table.partie.seats.select_related("player")
        if seat.player.email
    }
    assert set(sheets) == players | {(CLUB, n) for n in (1, 2, 3)}
    wrong = {
        where: totals
        for where, files in sheets.items()
        for _kind, totals in files.items()
        if totals != expected[where[1]]
    }
    assert not wrong, f"the emailed sheets: expected {expected}, got {wrong}"
    laptop.close()
