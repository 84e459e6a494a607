"""Production settings from the environment."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "a-production-secret-with-enough-length-and-variety-0123456789-xyz",
    "DJANGO_ALLOWED_HOSTS": "roimat.example.org",
    "DATABASE_URL": "postgres://club@db.example.org:5432/roimat",
    "EMAIL_HOST": "smtp.example.org",
}


def manage(*args, **env):
    """``manage.py args`` in a process of its own, its environment's Django and database
    variables cleared, ``env`` set; no laptop's key file unless ``env`` names one
    (``DJANGO_SECRET_KEY_FILE``)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE"))}
    clean["DJANGO_SECRET_KEY_FILE"] = str(ROOT / "no-such-key-file")
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**clean, **env},
    )


def test_check_deploy_is_clean_with_production_settings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_production_without_secret_key_fails_loudly():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_SECRET_KEY"}
    result = manage("check", **env)
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


SHOW = "from django.conf import settings as s; print(s.DEBUG, s.SECRET_KEY[:15])"


def test_with_no_environment_the_site_refuses_to_start_rather_than_serve_debug_pages():
    """Without a key, a command says in one line what to do, and exits with status 2."""
    result = manage("check")
    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "manage.py: DJANGO_SECRET_KEY must be set: on a laptop, `make setup` keeps a key of its "
        "own in .secret_key (or DJANGO_DEBUG=true for a developer's site)"
    ]


def test_a_laptops_kept_key_is_read_when_none_is_set(tmp_path):
    """``make setup`` keeps this laptop's key in ``.secret_key``: a terminal's command reads
    it (production settings, no debug pages); a key set in the environment wins."""
    kept = tmp_path / ".secret_key"
    kept.write_text("a-laptop-key-made-by-make-setup-0123456789-abcdefghijklmnopqrstuv\n")
    result = manage("shell", "-c", SHOW, DJANGO_SECRET_KEY_FILE=str(kept))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["False", "a-laptop-key-ma"]
    both = manage("shell", "-c", SHOW, DJANGO_SECRET_KEY_FILE=str(kept), **PRODUCTION)
    assert both.stdout.splitlines()[-1].split() == ["False", "a-production-se"]


def test_a_forgotten_debug_variable_means_production():
    result = manage("shell", "-c", SHOW, DJANGO_SECRET_KEY=PRODUCTION["DJANGO_SECRET_KEY"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["False", "a-production-se"]


def test_the_development_site_is_asked_for_explicitly():
    result = manage("shell", "-c", SHOW, DJANGO_DEBUG="true")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["True", "django-insecure"]


def test_bad_boolean_setting_names_the_variable():
    result = manage("check", DJANGO_DEBUG="maybe")
    assert result.returncode != 0 and "DJANGO_DEBUG" in result.stderr


def test_a_site_url_without_its_scheme_fails_loudly():
    # A QR code of "192.168.1.20:8000/t/…" would open nothing on a phone.
    result = manage("check", SITE_URL="192.168.1.20:8000", DJANGO_DEBUG="true")
    assert result.returncode != 0
    assert "SITE_URL must start with http://" in result.stderr
    assert manage("check", SITE_URL="http://192.168.1.20:8000", DJANGO_DEBUG="true").returncode == 0


def test_the_room_on_plain_http_keeps_its_cookies_and_shows_no_debug_page():
    # make run: a laptop on the room's wifi, phones on http://192.168.…; secure-only cookies
    # would make every login and every table form fail there.
    room = {**PRODUCTION, "DJANGO_HTTPS": "false", "DATABASE_URL": "sqlite:///:memory:"}
    script = (
        "from django.conf import settings as s; "
        "print(s.DEBUG, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT)"
    )
    result = manage("shell", "-c", script, **room)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["False", "False", "False", "False"]
    production = manage("shell", "-c", script, **PRODUCTION)
    assert production.stdout.splitlines()[-1].split() == ["False", "True", "True", "True"]


CONNECTIONS = "from django.conf import settings as s; print(s.DATABASES['default']['CONN_MAX_AGE'])"


def test_the_pages_threads_keep_their_sqlite_connection_and_postgresql_uses_its_pool():
    """The pages run in a fixed pool of threads (``clubsite.asgi``): each keeps its SQLite
    connection for 60 s; PostgreSQL's come from Django's pool, unless persistent connections
    are asked for (``DJANGO_CONN_MAX_AGE``), as they may be for SQLite turned off."""
    postgresql = manage("shell", "-c", CONNECTIONS, **PRODUCTION)
    assert postgresql.returncode == 0, postgresql.stderr
    assert postgresql.stdout.splitlines()[-1] == "0"
    kept = manage("shell", "-c", CONNECTIONS, **PRODUCTION, DJANGO_CONN_MAX_AGE="60")
    assert kept.returncode == 0, kept.stderr
    assert kept.stdout.splitlines()[-1] == "60"
    sqlite = {k: v for k, v in PRODUCTION.items() if k != "DATABASE_URL"}
    assert manage("shell", "-c", CONNECTIONS, **sqlite).stdout.splitlines()[-1] == "60"
    off = manage("shell", "-c", CONNECTIONS, **sqlite, DJANGO_CONN_MAX_AGE="0")
    assert off.stdout.splitlines()[-1] == "0"


POOL = (
    "from django.conf import settings as s; "
    "print(s.DATABASES['default'].get('OPTIONS', {}).get('pool'))"
)


def test_postgresql_connections_come_from_a_bounded_pool():
    """Under ASGI a process's connections to PostgreSQL come from Django's pool, at most
    ``DB_POOL_SIZE`` (10): a burst of phones waits for one rather than passing the server's
    ``max_connections``; none with persistent connections asked for, or ``DB_POOL_SIZE=0``."""
    pooled = manage("shell", "-c", POOL, **PRODUCTION)
    assert pooled.returncode == 0, pooled.stderr
    assert pooled.stdout.splitlines()[-1] == "{'min_size': 1, 'max_size': 10, 'timeout': 5}"
    assert (
        manage("shell", "-c", POOL, **PRODUCTION, DB_POOL_SIZE="4")
        .stdout.splitlines()[-1]
        .endswith("'max_size': 4, 'timeout': 5}")
    )
    for off in ({"DB_POOL_SIZE": "0"}, {"DJANGO_CONN_MAX_AGE": "60"}):
        assert manage("shell", "-c", POOL, **PRODUCTION, **off).stdout.splitlines()[-1] == "None"


def test_the_last_middleware_keeps_the_whole_chain_in_the_pages_thread():
    """Django runs each middleware in the mode of the one below it: an async-capable one last
    would send each request back and forth between threads (OneThreadMiddleware's docstring)."""
    from django.conf import settings
    from django.utils.module_loading import import_string

    last = import_string(settings.MIDDLEWARE[-1])
    assert getattr(last, "sync_capable", True) and not getattr(last, "async_capable", False)


CACHE_SIZE = (
    "from django.core.cache import caches; "
    "print(type(caches['default']).__name__, caches['default']._max_entries)"
)


def test_the_cache_in_a_process_s_memory_holds_a_bounded_number_of_values():
    """Without Redis the pages' kept values live in the serving process's memory, at most
    ``CACHE_MAX_ENTRIES`` of them (2,000): a small machine may keep fewer."""
    sqlite = {k: v for k, v in PRODUCTION.items() if k != "DATABASE_URL"}
    default = manage("shell", "-c", CACHE_SIZE, **sqlite)
    assert default.returncode == 0, default.stderr
    assert default.stdout.splitlines()[-1] == "LocMemCache 2000"
    fewer = manage("shell", "-c", CACHE_SIZE, **sqlite, CACHE_MAX_ENTRIES="300")
    assert fewer.stdout.splitlines()[-1] == "LocMemCache 300"
    wrong = manage("shell", "-c", CACHE_SIZE, **sqlite, CACHE_MAX_ENTRIES="many")
    assert wrong.returncode != 0 and "CACHE_MAX_ENTRIES" in wrong.stderr


PREPARED = (
    "from django.conf import settings as s; "
    "print(s.DATABASES['default'].get('OPTIONS', {}).get('prepare_threshold'))"
)


def test_postgresql_connections_allow_prepared_statements_unless_told_not_to():
    """The table entry's statements are prepared on PostgreSQL (``scoring.prepared``), which
    psycopg allows where ``prepare_threshold`` is a number; ``DB_PREPARED_STATEMENTS=0`` (a
    pooler that does not keep them) leaves it None, as Django does."""
    on = manage("shell", "-c", PREPARED, **PRODUCTION)
    assert on.returncode == 0, on.stderr
    assert on.stdout.splitlines()[-1] == "5"
    off = manage("shell", "-c", PREPARED, **PRODUCTION, DB_PREPARED_STATEMENTS="0")
    assert off.stdout.splitlines()[-1] == "None"
    sqlite = {k: v for k, v in PRODUCTION.items() if k != "DATABASE_URL"}
    assert manage("shell", "-c", PREPARED, **sqlite).stdout.splitlines()[-1] == "None"
