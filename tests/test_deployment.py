"""The deployment's files (issue #26), checked where no container runtime runs them: the
compose file's services and their commands, the image's build, Caddy in front, and the env
file's variables against what the settings read; with the env file filled in, the production
settings pass ``manage.py check --deploy``."""

import fnmatch
import ipaddress
import os
import re
import runpy
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = yaml.safe_load((ROOT / "compose.yaml").read_text())
DOCKERFILE = (ROOT / "Dockerfile").read_text()
#: Variables the compose file itself reads (not the site's settings).
COMPOSE_ONLY = {"SITE_DOMAIN", "POSTGRES_PASSWORD", "WEB_CONCURRENCY"}


def env_example() -> dict[str, str]:
    lines = (ROOT / "deploy" / "env.example").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line and not line.startswith("#"))


def settings_variables() -> set[str]:
    """The environment variables the site's settings and server read."""
    names = set()
    for path in (ROOT / "clubsite").glob("*.py"):
        text = path.read_text()
        names |= set(re.findall(r'env_(?:str|int|bool|list)\(\s*"([A-Z_]+)"', text))
        names |= set(re.findall(r'os\.environ\.get\(\s*"([A-Z_]+)"', text))
    return names


def test_the_compose_file_runs_each_part_of_the_site():
    services = COMPOSE["services"]
    assert set(services) == {"web", "worker", "backup", "db", "redis", "caddy"}
    for name in ("web", "worker", "backup"):
        assert services[name]["build"] == "." and services[name]["env_file"] == "deploy/.env"
        environment = services[name]["environment"]
        assert (
            environment["DATABASE_URL"].startswith("postgres://")
            and "@db:5432/" in (environment["DATABASE_URL"])
        )
        assert environment["REDIS_URL"] == "redis://redis:6379/0"
    assert services["worker"]["command"][:3] == ["python", "manage.py", "worker"]
    assert services["worker"]["restart"] == "unless-stopped"  # started again when it exits
    assert "dbbackup --compress --clean" in " ".join(services["backup"]["command"])
    assert "/backups" in " ".join(services["backup"]["volumes"])
    assert "/health/" in " ".join(services["web"]["healthcheck"]["test"])
    assert services["caddy"]["depends_on"]["web"]["condition"] == "service_healthy"
    assert {"80:80", "443:443"} <= set(services["caddy"]["ports"])
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    assert "reverse_proxy web:8000" in caddyfile  # Caddy passes WebSocket upgrades as they come


def test_the_web_server_believes_the_forwarded_address_of_caddy_only(monkeypatch):
    """Behind Caddy, the server reads each client's address from Caddy's X-Forwarded-For, and
    from Caddy alone: Caddy has a fixed address on the compose network, the web server's
    ``FORWARDED_ALLOW_IPS`` is that one address (never ``*``), and its config reads it
    (``tests/test_request_limits.py`` shows the limits apart behind it)."""
    services = COMPOSE["services"]
    caddy = services["caddy"]["networks"]["default"]["ipv4_address"]
    subnet = COMPOSE["networks"]["default"]["ipam"]["config"][0]["subnet"]
    assert ipaddress.ip_address(caddy) in ipaddress.ip_network(subnet)
    trusted = services["web"]["environment"]["FORWARDED_ALLOW_IPS"]
    assert trusted == caddy
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", trusted)
    server = runpy.run_path(str(ROOT / "clubsite" / "gunicorn.conf.py"))
    assert server["forwarded_allow_ips"] == caddy
    assert "ports" not in services["web"]  # nothing but the compose network reaches it
    # Caddy writes X-Forwarded-For from the connection, believing no client's own.
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text().splitlines()
    assert not [line for line in caddyfile if "trusted_proxies" in line.split("#")[0]]
    monkeypatch.delenv("FORWARDED_ALLOW_IPS")
    laptop = runpy.run_path(str(ROOT / "clubsite" / "gunicorn.conf.py"))
    assert laptop["forwarded_allow_ips"] == "127.0.0.1,::1"  # make run: no proxy


def test_the_image_runs_migrations_then_the_asgi_server_as_its_own_user():
    assert re.search(r"^USER club$", DOCKERFILE, re.M)
    assert "collectstatic --noinput" in DOCKERFILE
    command = re.search(r"^CMD (.*)$", DOCKERFILE, re.M).group(1)
    assert command.index("migrate --noinput") < command.index("gunicorn clubsite.asgi:application")
    assert "--config clubsite/gunicorn.conf.py" in command


def ignored(path: str) -> bool:
    """Whether ``.dockerignore`` keeps ``path`` out of the image's build (a pattern matches
    it or one of its folders; ``**/`` any folders)."""
    patterns = [
        line for line in (ROOT / ".dockerignore").read_text().splitlines() if line[:1] not in "#"
    ]
    parts = path.split("/")
    prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    return any(
        fnmatch.fnmatch(prefix, pattern)
        or fnmatch.fnmatch(prefix, pattern.removeprefix("**/"))
        or fnmatch.fnmatch(prefix.rsplit("/", 1)[-1], pattern.removeprefix("**/"))
        for pattern in patterns
        for prefix in prefixes
    )


def test_the_image_takes_no_secret_database_or_compiled_engine_of_a_laptop():
    kept_out = [
        ".secret_key",
        "db.sqlite3",
        ".venv/bin/python",
        "backups/default-2026-11-25.psql.gz",
        "scoring/roimat/donne.cpython-311-x86_64-linux-gnu.so",
        "scoring/__pycache__/models.cpython-311.pyc",
    ]
    assert all(ignored(path) for path in kept_out), [p for p in kept_out if not ignored(p)]
    taken = ["scoring/roimat/donne.py", "templates/base.html", "clubsite/settings.py"]
    assert not any(ignored(path) for path in taken)


def test_the_env_file_names_only_what_the_site_reads_and_all_it_needs():
    names = set(env_example())
    assert names - COMPOSE_ONLY <= settings_variables(), names - COMPOSE_ONLY - settings_variables()
    needed = {"DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "SITE_URL", "EMAIL_HOST", "CLUB_NAME"}
    assert needed <= names


def test_the_env_file_filled_in_passes_the_deploy_checks():
    environment = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO")}
    environment.pop("DATABASE_URL", None)
    environment.update(env_example())
    environment["DJANGO_SECRET_KEY"] = secrets.token_urlsafe(50)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_make_run_starts_the_email_worker_again_when_it_is_killed(tmp_path):
    """``make run`` runs the worker under ``deploy/keep-running``: the worker killed, it is
    started again; the loop stopped, so is the worker."""
    makefile = (ROOT / "Makefile").read_text()
    assert "deploy/keep-running $(BIN)/python manage.py worker" in makefile
    starts = tmp_path / "starts"
    loop = subprocess.Popen(
        [ROOT / "deploy" / "keep-running", "sh", "-c", f"echo $$ >> {starts}; exec sleep 60"]
    )
    try:
        first = wait_for_lines(starts, 1)[0]
        os.kill(int(first), signal.SIGKILL)
        second = wait_for_lines(starts, 2)[1]
    finally:
        loop.terminate()
        loop.wait(timeout=10)
    assert second != first
    with pytest.raises(ProcessLookupError):
        os.kill(int(second), 0)  # stopped with the loop


def wait_for_lines(path, count: int) -> list[str]:
    """The lines of ``path`` once it has ``count`` (10 s at most)."""
    for _try in range(200):
        lines = path.read_text().split() if path.exists() else []
        if len(lines) >= count:
            return lines
        time.sleep(0.05)
    raise AssertionError(f"{path} has not {count} lines")
