"""A table's phone in a real browser (390 px, touch): entry races, stale drafts, refused
entries, bad replies and lost network never leave a table stuck or lose a donne."""

import re
import time

import pytest
from playwright.sync_api import expect

from scoring.models import Donne
from tests.browser.person import choose_value, in_view_as
from tests.browser.person import tap as tap_seen

pytestmark = pytest.mark.django_db(transaction=True)


def donnes(table) -> int:
    return Donne.objects.filter(partie_id=table.partie_id).count()


def wait_until(page, check, timeout=15.0):
    """Poll ``check`` (a database count, say) until it holds or ``timeout`` seconds pass.

    It waits through ``page`` so that Playwright keeps serving the test's routes meanwhile."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        page.wait_for_timeout(100)
    return True


def kept_by_the_phone(page):
    """Wait until the service worker controls the page and has kept it (it then opens without
    network)."""
    # Not wait_for_function: it evaluates its text, which the site's policy forbids (no eval).
    controlled = "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)"
    assert wait_until(page, lambda: page.evaluate(controlled))
    assert wait_until(page, lambda: page.evaluate("caches.match(location.href).then(Boolean)"))


def tap(page, name, value):
    """Tap the big button of a radio or checkbox of the donne form, as a person does, and see
    it chosen."""
    choose_value(page.locator("form.donne-form"), name, value)


def type_number(page, name, value, form="form.donne-form"):
    """Tap a number field of ``form`` and type, as a thumb does (no select-all first)."""
    field = page.locator(f"{form} [name={name}]")
    field.click()
    field.press("End")
    field.press_sequentially(str(value))


def enter(page, *, dealer="N", trump="R", plis=6, points=84, seat="N", submit=True):
    tap(page, "entered_seat", seat)
    tap(page, "dealer", dealer)
    tap(page, "trump", trump)
    type_number(page, "plis_ns", plis)
    type_number(page, "points_ns", points)
    if submit:
        page.locator("form.donne-form button[type=submit]").click()


def test_number_fields_start_empty_and_show_the_complement(page, table_url):
    page.goto(table_url)
    for name in ("plis_ns", "points_ns"):
        field = page.locator(f"[name={name}]")
        expect(field).to_have_value("")
        expect(field).to_have_attribute("inputmode", "numeric")
    type_number(page, "plis_ns", 5)
    expect(page.locator("[name=plis_ns]")).to_have_value("5")
    expect(page.locator("output.other").nth(0)).to_contain_text("4")
    type_number(page, "points_ns", 70)
    expect(page.locator("[name=points_ns]")).to_have_value("70")
    expect(page.locator("output.other").nth(1)).to_contain_text("58")


def test_a_refused_entry_shows_every_error_at_once_in_view(page, table_url, evening):
    page.goto(table_url)
    enter(page)  # donne 1, pending: its check card now stands above the form
    expect(page.locator("form.pending")).to_have_count(1)
    assert wait_until(page, lambda: donnes(evening[0]) == 1)
    # Donne 2: no trump, 12 plis, 200 points.
    tap(page, "entered_seat", "N")
    tap(page, "dealer", "E")
    type_number(page, "plis_ns", 12)
    type_number(page, "points_ns", 200)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("form.donne-form button[type=submit]").click()
    summary = page.locator(".error-summary")
    expect(summary).to_be_visible()
    expect(summary).to_be_in_viewport()
    expect(summary.locator("li")).to_have_count(3)
    for label in (r"Atout|Trump", r"Plis N/S|plis N/S", r"Points N/S|points N/S"):
        expect(summary).to_contain_text(re.compile(label))
    # In the site's French whatever the phone's own language (not the browser's messages).
    for problem in ("à choisir", "au plus 9", "au plus 128"):
        expect(summary).to_contain_text(problem)
    assert page.evaluate("document.activeElement.name") == "trump"
    assert donnes(evening[0]) == 1


def test_a_phone_that_lost_the_entry_race_recovers(new_phone, table_url, evening):
    first, second = new_phone(), new_phone()
    for phone in (first, second):
        phone.goto(table_url)
    enter(first)
    assert wait_until(second, lambda: donnes(evening[0]) == 1)
    enter(second, plis=3, points=40)  # the same donne 1: the other phone got there first
    expect(second.locator(".messages")).to_contain_text(re.compile("another phone|autre"))
    assert donnes(evening[0]) == 1
    # The player reads the message, then enters the next donne: it is stored.
    enter(second, dealer="E", plis=4, points=50)
    assert wait_until(second, lambda: donnes(evening[0]) == 2), "the phone is stuck on donne 1"


def test_a_stale_draft_never_blocks_the_table_and_is_offered_to_compare(
    new_phone, table_url, evening
):
    first, second = new_phone(), new_phone()
    second.goto(table_url)
    enter(second, plis=5, points=70, submit=False)  # typed, not sent: a draft of donne 1
    first.goto(table_url)
    enter(first)  # donne 1 is entered by another phone meanwhile
    assert wait_until(first, lambda: donnes(evening[0]) == 1)
    second.reload()
    expect(second.locator("form.donne-form h2")).to_contain_text("2")
    expect(second.locator("[name=plis_ns]")).to_have_value("")  # donne 1's draft left the form
    status = second.locator(".queue-status")
    expect(status).to_contain_text("Le brouillon de Donne 1")
    in_view_as(status, "warning")
    tap_seen(status.get_by_role("button", name="L'envoyer pour comparer"))
    rival = second.locator("form.rival")  # both versions, side by side, for the table
    expect(rival).to_contain_text("5 plis, 70 points")
    expect(rival).to_contain_text("6 plis, 84 points")
    enter(second, dealer="E", plis=4, points=50)
    assert wait_until(second, lambda: donnes(evening[0]) == 2), "the stale draft blocks the table"
    assert Donne.objects.get(partie_id=evening[0].partie_id, number=1).points_ns == 84


def test_a_5xx_reply_keeps_the_donne_and_retries(page, table_url, evening):
    page.goto(table_url)
    failures = []

    def fail_twice(route):
        if route.request.method == "POST" and len(failures) < 2:
            failures.append(route.request.url)
            route.fulfill(status=502, body="Bad gateway")
        else:
            route.continue_()

    page.route(table_url, fail_twice)
    enter(page)
    assert wait_until(page, lambda: donnes(evening[0]) == 1, timeout=20), "the donne was lost"
    assert len(failures) == 2
    expect(page.locator("form.pending")).to_have_count(1)
    page.wait_for_timeout(1000)
    assert donnes(evening[0]) == 1


def test_a_403_reply_is_shown_and_the_donne_kept(page, table_url, evening):
    page.goto(table_url)
    page.route(
        table_url,
        lambda route: (
            route.fulfill(status=403, body="<p>Refusé</p>", content_type="text/html")
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    enter(page)
    status = page.locator(".queue-status")
    expect(status).to_contain_text("Refusée par le serveur (403)")
    in_view_as(status, "error")
    page.wait_for_timeout(2000)
    assert donnes(evening[0]) == 0
    page.unroute(table_url)
    tap_seen(status.get_by_role("button", name=re.compile("Réessayer|Try again")))
    assert wait_until(page, lambda: donnes(evening[0]) == 1), "the donne was thrown away"


def test_an_offline_phone_queues_three_donnes_and_sends_them_once(
    page, context, table_url, evening
):
    page.goto(table_url)
    context.set_offline(True)
    for number, dealer in zip((1, 2, 3), "NES", strict=True):
        expect(page.locator("form.donne-form h2")).to_contain_text(str(number))
        enter(page, dealer=dealer, plis=number + 3, points=40 + number)
    expect(page.locator(".queue-status")).to_contain_text("3 saisies en attente d'envoi")
    page.wait_for_timeout(1000)
    assert donnes(evening[0]) == 0
    context.set_offline(False)
    assert wait_until(page, lambda: donnes(evening[0]) == 3, timeout=20)
    expect(page.locator("form.pending")).to_have_count(3)
    page.wait_for_timeout(1000)
    assert donnes(evening[0]) == 3
    plis = list(
        Donne.objects.filter(partie_id=evening[0].partie_id)
        .order_by("number")
        .values_list("plis_ns", flat=True)
    )
    assert plis == [4, 5, 6]


def test_the_installed_app_opens_without_network_and_keeps_what_is_entered(phone_app, evening):
    page, url, network = phone_app
    page.goto(url(f"/t/{evening[0].code}/"))
    kept_by_the_phone(page)
    network(False)
    page.reload()  # from the phone's copy: the network is cut for the page and its worker
    expect(page.locator("form.donne-form h2")).to_contain_text("1")
    # The page's script has taken the form (its queue's status line): Playwright's offline
    # switch misses a plain form post that the service worker lets through, so a tap before
    # the script ran would reach the server, as no phone without network could.
    expect(page.locator("form.donne-form .queue-status")).to_be_attached()
    for dealer in "NES":
        enter(page, dealer=dealer)
    expect(page.locator(".queue-status")).to_contain_text("3")
    page.reload()  # the kept page is older than what was entered: the form goes on at donne 4
    expect(page.locator("form.donne-form h2")).to_contain_text("4")
    expect(page.locator("[name=dealer][value=O]")).to_be_checked()
    page.wait_for_timeout(500)
    assert donnes(evening[0]) == 0
    network(True)
    assert wait_until(page, lambda: donnes(evening[0]) == 3), "the donnes were lost"
    page.wait_for_timeout(1000)
    assert donnes(evening[0]) == 3


def test_a_queued_donne_refused_on_its_content_comes_back_and_the_others_wait_for_it(
    page, context, table_url, evening
):
    page.goto(table_url)
    context.set_offline(True)
    enter(page, dealer="N", plis=6, points=10)  # 6 plis cannot hold 10 points: the server says so
    enter(page, dealer="E", plis=5, points=70)
    enter(page, dealer="S", plis=4, points=50)
    context.set_offline(False)
    summary = page.locator(".error-summary")
    expect(summary).to_be_visible(timeout=15000)
    expect(page.locator("form.donne-form h2")).to_contain_text("1")
    expect(page.locator(".queue-status")).to_contain_text("2")  # donnes 2 and 3 wait
    page.wait_for_timeout(1000)
    assert donnes(evening[0]) == 0
    page.reload()  # what the server refused survives a reload
    expect(page.locator("form.donne-form h2")).to_contain_text("1")
    expect(page.locator("[name=points_ns]")).to_have_value("10")
    page.locator("[name=points_ns]").fill("84")
    page.locator("form.donne-form button[type=submit]").click()
    assert wait_until(page, lambda: donnes(evening[0]) == 3), "the waiting donnes were lost"
    plis = Donne.objects.filter(partie_id=evening[0].partie_id).order_by("number")
    assert list(plis.values_list("plis_ns", "points_ns")) == [(6, 84), (5, 70), (4, 50)]


def test_a_donne_refused_by_the_other_side_is_corrected_on_the_phone(page, table_url, evening):
    page.goto(table_url)
    enter(page)
    pending = page.locator("form.pending")
    choose_value(pending, "seat", "E")
    choose_value(pending, "reason", "points")
    tap_seen(pending.get_by_role("button", name="Refuser"))
    refused = page.locator(".messages li")
    expect(refused).to_contain_text("Refusée")
    in_view_as(refused, "warning")
    # Who refused and why, above the form to correct.
    name = evening[0].partie.players_by_seat["E"]
    expect(page.locator("form.donne-form .refused")).to_contain_text(
        f"Refusée par {name} (E) : points"
    )
    # The trump row is tapped where the thumb finds it, clear of the sticky bar.
    tap(page, "trump", "B")
    heading = page.locator("form.donne-form h2")
    expect(heading).to_contain_text("Corriger")
    expect(heading).to_contain_text("1")
    field = page.locator("[name=points_ns]")
    expect(field).to_have_value("84")
    field.fill("80")
    tap(page, "entered_seat", "S")  # who corrects it names himself: the other team checks it
    page.locator("form.donne-form button[type=submit]").click()
    expect(page.locator("form.pending")).to_have_count(1)
    donne = Donne.objects.get(partie_id=evening[0].partie_id)
    assert (donne.number, donne.trump, donne.points_ns, donne.refused) == (1, "B", 80, False)
    assert donnes(evening[0]) == 1
