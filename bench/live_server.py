"""The site as the room gets it, for the scripts of ``bench/``: a fresh database (a SQLite file,
or a scratch PostgreSQL database on the server of ``DATABASE_URL``), migrated, with the demo
data, served as ``make run`` serves it (ASGI, gunicorn with uvicorn workers and
``clubsite/gunicorn.conf.py``; ``make run``'s settings, ``ROOM``) on a free loopback port.

    with live_server(workers=3) as base:        # "http://127.0.0.1:PORT"
        ...

Loopback only; the server and the scratch database are removed when the block ends.

With ``BENCH_SITE`` set (the address of a site already running on the database of
``DATABASE_URL``, migrated and empty: ``.ci/production``'s process layout), a bench uses that
site and its database instead of starting its own.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
#: The settings ``make run`` gives the room: no debug pages, a key of its own, plain HTTP.
ROOM = {
    "DJANGO_DEBUG": "false",
    "DJANGO_HTTPS": "false",
    "DJANGO_ALLOWED_HOSTS": "*",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
}


#: gunicorn's options that keep a worker however many requests it serves (``make run``
#: replaces it after ``max_requests``, 2,000): a bench's figures, or a leak, stay its own.
NOT_RECYCLED = ("--max-requests", "0")

#: A site already running that the benches use (``.ci/production``), or "".
RUNNING = os.environ.get("BENCH_SITE", "").rstrip("/")


def free_port() -> int:
    """A TCP port free on the loopback address now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def scratch_database(server_url: str | None, folder: Path) -> Iterator[dict[str, str]]:
    """The environment of a new, empty database: a SQLite file in ``folder``, or a database
    created on the PostgreSQL server of ``server_url`` (and dropped afterwards)."""
    if not server_url:
        yield {"SQLITE_NAME": str(folder / "room.sqlite3"), "DATABASE_URL": ""}
        return
    import psycopg

    url = urlparse(server_url)
    name = f"roimat_bench_{os.getpid()}"
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield {"DATABASE_URL": url._replace(path=f"/{name}").geturl()}
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(env: dict[str, str], *args: str) -> None:
    """Run a management command of the site, quietly; raises when it fails."""
    subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )


def room_workers(workers: int = 3) -> int:
    """The server processes ``make run`` starts: ``workers`` with ``REDIS_URL`` (the channel
    layer shared through Redis), else one (the in-memory layer reaches one process only)."""
    return workers if os.environ.get("REDIS_URL") else 1


@contextlib.contextmanager
def server_process(
    env: dict[str, str],
    workers: int = 3,
    app: str = "clubsite.asgi:application",
    ready: str = "/",
    options: tuple[str, ...] = (),
) -> Iterator[tuple[subprocess.Popen, str]]:
    """Serve the site (or another ASGI ``app``: the bare one of ``room_bench``) as ``make run``
    does (ASGI: gunicorn with uvicorn workers and the project's ``clubsite/gunicorn.conf.py``,
    ``room_workers(workers)`` processes) on a free loopback port, once its page ``ready``
    answers; yields gunicorn's arbiter and the base URL. ``options``: more of gunicorn's
    command-line options (``NOT_RECYCLED``)."""
    port = free_port()
    server = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "gunicorn",
            app,
            "--config",
            "clubsite/gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(room_workers(workers)),
            "--log-level",
            "warning",
            *options,
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base, server, ready=ready)
        yield server, base
    finally:
        server.terminate()
        server.wait(timeout=30)


def worker_peaks(base: str) -> dict[int, int]:
    """The peak resident memory (``VmHWM``, kB) of each worker process of the server
    ``serve`` runs at ``base`` (``worker_memory``)."""
    return worker_memory(base, "VmHWM")


def worker_memory(base: str, field: str = "VmRSS") -> dict[int, int]:
    """A memory figure of each worker process of the server serving ``base`` (``field`` of
    ``/proc/<pid>/status``, kB: ``VmRSS`` resident now, ``VmHWM`` its peak): the children of
    the gunicorn process bound to its port, read while they live (Linux)."""
    bind = f"127.0.0.1:{urllib.parse.urlsplit(base).port}".encode()
    processes = [p for p in Path("/proc").iterdir() if p.name.isdigit()]
    masters = {p.name for p in processes if bind in read_proc(p / "cmdline")}
    figures = {}
    for process in processes:
        status = read_proc(process / "status").decode()
        parent = re.search(r"^PPid:\s+(\d+)", status, re.M)
        figure = re.search(rf"^{field}:\s+(\d+) kB", status, re.M)
        if parent and figure and parent.group(1) in masters:
            figures[int(process.name)] = int(figure.group(1))
    return figures


def read_proc(path: Path) -> bytes:
    """A ``/proc`` file, empty when its process has gone."""
    try:
        return path.read_bytes()
    except OSError:
        return b""


@contextlib.contextmanager
def serve(env: dict[str, str], workers: int = 3, options: tuple[str, ...] = ()) -> Iterator[str]:
    """``server_process``, yielding the base URL only (the running site's, ``RUNNING``)."""
    if RUNNING:
        yield RUNNING
        return
    with server_process(env, workers, options=options) as (_server, base):
        yield base


@contextlib.contextmanager
def serve_bare(
    env: dict[str, str], workers: int = 3, options: tuple[str, ...] = ()
) -> Iterator[str]:
    """The bare Django site (``bench/bare``, ``bare_site``) served as ``serve`` serves the
    project (gunicorn, uvicorn workers, the project's ``gunicorn.conf.py``, as many
    processes, ``options``); yields its base URL."""
    bare = bare_site(env)
    with server_process(bare, workers, "bare.asgi:application", "/post/", options) as served:
        yield served[1]


def bare_site(env: dict[str, str]) -> dict[str, str]:
    """The environment of the bare Django site (``bench/bare``) on the project's database,
    its tables made (and ``bare.urls.ROWS`` rows for its ``/page/``)."""
    bare = {**env, "DJANGO_SETTINGS_MODULE": "bare.settings", "PYTHONPATH": str(ROOT / "bench")}
    manage(bare, "migrate", "--run-syncdb", "--noinput")
    manage(bare, "shell", "-v", "0", "-c", "from bare.urls import fill; fill()")
    return bare


def worker_pids(server: subprocess.Popen) -> list[int]:
    """The arbiter's worker processes now (Linux)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text()
    return [int(pid) for pid in children.split()]


@contextlib.contextmanager
def fresh_site(database_url: str | None = None, demo: bool = True) -> Iterator[dict[str, str]]:
    """A fresh database (``database_url``: a PostgreSQL server to make a scratch database on;
    None: SQLite), migrated, with its cache table and, if ``demo``, the demo data; yields the
    environment a server (``serve``) or this process (``django_setup``) runs in. With
    ``RUNNING``, the running site's database (``DATABASE_URL``) as it is."""
    if RUNNING:
        yield {**os.environ, **ROOM, "DJANGO_SETTINGS_MODULE": "clubsite.settings"}
        return
    with (
        tempfile.TemporaryDirectory() as folder,
        scratch_database(database_url, Path(folder)) as database,
    ):
        env = {**os.environ, **ROOM, **database, "DJANGO_SETTINGS_MODULE": "clubsite.settings"}
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput")
        manage(env, "createcachetable")
        if demo:
            manage(env, "demo_data")
        yield env


def django_setup(env: dict[str, str]) -> None:
    """This process on the bench's site (to prepare its data and count what was stored)."""
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def server_line(database_url: str | None, workers: int) -> str:
    """What the bench serves on, for the first line it prints."""
    database = "PostgreSQL" if database_url else "SQLite"
    if RUNNING:
        return f"database: {database}; the site running at {RUNNING}"
    processes = room_workers(workers)
    return f"database: {database}; ASGI (gunicorn, uvicorn workers), {processes} process(es)"


@contextlib.contextmanager
def live_server(
    database_url: str | None = None, workers: int = 3, demo: bool = True
) -> Iterator[str]:
    """Serve a fresh site (``fresh_site``) as ``make run`` does (``serve``); yields its base
    URL."""
    with fresh_site(database_url, demo) as env, serve(env, workers) as base:
        yield base


class Browser:
    """A client with cookies that posts forms with their CSRF token, as a browser does."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect()
        )

    def token(self) -> str:
        return next((c.value for c in self.cookies if c.name == "csrftoken"), "")

    def get(self, path: str, query: dict | None = None) -> tuple[int, str]:
        url = self.base + path + ("?" + urllib.parse.urlencode(query) if query else "")
        return self.send(urllib.request.Request(url))

    def post(self, path: str, data: dict) -> tuple[int, str]:
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.token(), **data}).encode()
        request = urllib.request.Request(self.base + path, data=body, method="POST")
        request.add_header("Referer", self.base + path)
        return self.send(request)

    def send(self, request: urllib.request.Request) -> tuple[int, str]:
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, response.read().decode("utf-8", "replace")
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Keep redirects as answers (302 is a form accepted)."""

    def redirect_request(self, *args, **kwargs):
        return None


def wait_for(base: str, server: subprocess.Popen, seconds: float = 30, ready: str = "/") -> None:
    """Wait until the server answers its page ``ready`` (the home page); raises if it died or
    never answered."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn stopped with status {server.returncode}")
        try:
            with urllib.request.urlopen(base + ready, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{base} did not answer in {seconds} s")
