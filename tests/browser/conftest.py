"""Browser tests: Playwright driving Debian's chromium against the site served by
pytest-django's ``live_server``, on phone-sized pages.

Chromium is ``/usr/bin/chromium`` (Debian's package, installed by ``make test`` through
``.ci/ensure-chromium``); Playwright never downloads a browser here. Without it the tests
are skipped on a developer's machine and fail on CI (``CI`` set), so that CI never passes
without having run them.
"""

import asyncio
import contextlib
import os
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
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
#: A phone held sideways (as a card table is often played) and upright.
LANDSCAPE = {"width": 844, "height": 390}
PORTRAIT = PHONE

# Playwright's sync API runs an event loop in this thread; the ORM calls of the tests are
# still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


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


@pytest.fixture(autouse=True)
def _content_security_policy_kept(monkeypatch):
    """Every page of every browser test runs under the site's Content-Security-Policy
    (``CONTENT_SECURITY_POLICY``): a script, style or connection it blocks is an error of the
    test (chromium says each one on the page's console)."""
    from playwright.sync_api import Browser

    blocked: list[str] = []
    new_context = Browser.new_context

    def watched(self, *args, **kwargs):
        context = new_context(self, *args, **kwargs)
        context.on(
            "console",
            lambda message: (
                message.type == "error"
                and "Content Security Policy" in message.text
                and blocked.append(message.text)
            ),
        )
        return context

    monkeypatch.setattr(Browser, "new_context", watched)
    yield
    if blocked:
        pytest.fail("blocked by the Content-Security-Policy:\n" + "\n".join(blocked))


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


class Wifi:
    """The room's wifi between a phone and the site: a TCP relay to ``port`` that can be cut.

    Cut, it closes every connection it holds and every new one at once, so that no request
    of the page or of its service worker reaches the site, as with a phone out of reach of
    the room's network (Playwright's own offline switch lets some of a service worker's
    requests through: microsoft/playwright#2311). Cut silently (``cut_silently``), it closes
    nothing: every byte is dropped on the way and new connections hang, as when a phone's
    network dies under it (changing network, a lift); ``restore`` then resets the connections
    it held, as the phone's new network does."""

    def __init__(self, port: int):
        self.target = ("127.0.0.1", port)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.silent = False
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                phone, _ = self.listener.accept()
            except OSError:
                return  # closed
            with self.lock:
                if not self.up:
                    phone.close()
                    continue
                site = socket.create_connection(self.target)
                self.open |= {phone, site}
            for source, sink in ((phone, site), (site, phone)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source, sink):
        try:
            while data := source.recv(65536):
                if not self.silent:
                    sink.sendall(data)
        except OSError:
            pass
        finally:
            with self.lock:
                self.open -= {source, sink}
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()

    def switch(self, on: bool):
        with self.lock:
            self.up = on
            if not on:
                for end in self.open:
                    with contextlib.suppress(OSError):
                        end.shutdown(socket.SHUT_RDWR)
                self.open.clear()

    def cut_silently(self):
        """Drop every byte from now on, closing nothing."""
        self.silent = True

    def restore(self):
        """Carry the bytes again, the connections held during the silent cut reset."""
        with self.lock:
            held, self.open = self.open, set()
            self.silent = False
        for end in held:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def close(self):
        self.switch(False)
        self.listener.close()


@pytest.fixture
def phone_app(browser, browser_context_args, live_server):
    """A phone with the table's app (its service worker allowed), reaching the site through
    the room's wifi, and a switch for that wifi: ``network(False)`` puts the phone offline
    (``navigator.onLine`` false) and cuts every request of the page and its worker.

    Yields ``(page, url, network)``, where ``url(path)`` is the site's address of ``path`` as
    this phone reaches it."""
    wifi = Wifi(int(live_server.url.rsplit(":", 1)[1]))
    base = f"{live_server.url.rsplit(':', 1)[0]}:{wifi.port}"
    context = browser.new_context(**{**browser_context_args, "service_workers": "allow"})

    def network(on: bool):
        wifi.switch(on)
        context.set_offline(not on)

    yield context.new_page(), lambda path: base + path, network
    context.close()
    wifi.close()


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


@pytest.fixture
def asgi_server(transactional_db):
    """The site over ASGI (pages, static files, WebSockets) on a free loopback port, its pages
    served as the production server serves them (``clubsite.asgi.pages_application``: a pool
    of threads, ``PAGES_AT_ONCE`` pages at a time, each within its time limit): its URL."""
    import uvicorn
    from channels.db import database_sync_to_async
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.conf import settings
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
    from django.db import connections

    from clubsite.asgi import pages_application
    from scoring.routing import websocket_urlpatterns
    from tournaments.routing import websocket_urlpatterns as table_sockets

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    pages = pages_application(
        settings.REQUEST_SECONDS, settings.PAGE_THREADS, settings.PAGES_AT_ONCE
    )
    application = ProtocolTypeRouter(
        {
            "http": ASGIStaticFilesHandler(pages),
            "websocket": URLRouter(websocket_urlpatterns + table_sockets),
        }
    )
    # Each request's and each message's ORM calls close their connection when done, so that
    # none is left open in a thread of the server when the test database is dropped.
    database = connections.settings["default"]
    kept, database["CONN_MAX_AGE"] = database["CONN_MAX_AGE"], 0
    config = uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline, "the ASGI server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)
    # The in-memory channel layer outlives the server: its groups still name the channels of
    # the pages this server served, whose queues belong to its closed loop (a message sent to
    # one of them would fail the whole group's send in the next test).
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if hasattr(layer, "flush"):
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, layer.flush()).result()
    # The pages' threads (in the body's reader and the time limit), their connections closed.
    pages.application.application.executor.shutdown()
    with ThreadPoolExecutor(1) as pool:  # the thread where the consumer made its ORM calls
        pool.submit(asyncio.run, database_sync_to_async(connections.close_all)()).result()
    database["CONN_MAX_AGE"] = kept


@pytest.fixture
def phone(browser, browser_context_args):
    """Makes a phone of a screen's size (held sideways by default): a page in a browser context
    of its own."""
    contexts = []

    def make(viewport=LANDSCAPE):
        contexts.append(browser.new_context(**{**browser_context_args, "viewport": viewport}))
        return contexts[-1].new_page()

    yield make
    for context in contexts:
        context.close()
