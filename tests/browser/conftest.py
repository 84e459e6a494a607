"""Browser tests: Playwright driving Debian's chromium against the site served by
pytest-django's ``live_server``, on phone-sized pages.

Chromium is ``/usr/bin/chromium`` (Debian's package, installed by ``make test`` through
``.ci/ensure-chromium``); Playwright never downloads a browser here. Without it the tests
are skipped on a developer's machine and fail on CI (``CI`` set), so that CI never passes
without having run them.
"""

import os
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
#: A phone held upright.
PHONE = {"width": 390, "height": 844}

# Playwright's sync API runs an event loop in this thread; the ORM calls of the tests are
# still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# A service worker's own requests are seen by context.route (Playwright's offline emulation
# does not reach them: microsoft/playwright#2311).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")


def pytest_collection_modifyitems(config, items):
    """Every test here is a browser test: without chromium, skip them (fail them on CI)."""
    if CHROMIUM.exists():
        return
    why = f"{CHROMIUM} is missing: `make test` installs Debian's chromium (as root)"
    mark = pytest.mark.skip(reason=why)
    for item in items:
        if "tests/browser/" not in str(item.path).replace(os.sep, "/"):
            continue
        if os.environ.get("CI"):
            item.add_marker(pytest.mark.usefixtures("_no_chromium_on_ci"))
        else:
            item.add_marker(mark)


@pytest.fixture
def _no_chromium_on_ci():
    pytest.fail(f"{CHROMIUM} is missing on CI: the browser tests cannot run", pytrace=False)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "headless": True,
        "args": CHROMIUM_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {
        **browser_context_args,
        "viewport": PHONE,
        "has_touch": True,
        "is_mobile": True,
        "locale": "fr-FR",
        # No service worker but in the test of the installed app (phone_app): a worker's
        # requests escape both the offline emulation and page.route.
        "service_workers": "block",
    }


@pytest.fixture
def new_phone(browser, browser_context_args):
    """Makes another phone: a page in a browser context of its own (its own storage)."""
    contexts = []

    def make():
        contexts.append(browser.new_context(**browser_context_args))
        return contexts[-1].new_page()

    yield make
    for context in contexts:
        context.close()


def drawn_evening(client, sophie, players: int, game: str = "roimat"):
    """A club evening of ``game`` for ``players`` players whose first round is drawn: its
    tables."""
    from django.urls import reverse

    from tests.test_site_tournaments import create_evening
    from tournaments.models import Round

    client.force_login(sophie)
    tournament = create_evening(client, count=players, game=game)
    response = client.post(reverse("tournaments:round_start", args=[tournament.pk]))
    assert response.status_code == 302
    client.logout()
    return list(Round.objects.get().tables.order_by("number"))


@pytest.fixture
def phone_app(browser, browser_context_args):
    """A phone with the table's app (its service worker allowed) and a switch for its network:
    ``network(False)`` cuts the page's and the worker's requests alike."""
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})

    def cut(route):
        route.abort("internetdisconnected")

    def network(on: bool):
        context.set_offline(not on)
        if on:
            context.unroute("**/*", cut)
        else:
            context.route("**/*", cut)

    yield context.new_page(), network
    context.close()


@pytest.fixture
def evening(live_server, client, sophie):
    """A club evening of 8 players whose first round is drawn: its two tables."""
    return drawn_evening(client, sophie, 8)


@pytest.fixture
def evening16(live_server, client, sophie):
    """A club evening of 16 players whose first round is drawn: its four tables."""
    return drawn_evening(client, sophie, 16)


@pytest.fixture
def table_url(live_server, evening):
    """The first table's page, as its phone opens it."""
    return f"{live_server.url}/t/{evening[0].code}/"
