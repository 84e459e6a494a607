"""Settings of the club site, read from the environment.

With nothing set the settings are production's: DEBUG off, and no secret key of their own, so
that they refuse to start until ``DJANGO_SECRET_KEY`` is given (or a laptop's ``make setup``
kept one in ``.secret_key``); a deployment that forgets a
variable never serves debug pages signed with a known key. Development says so:
``DJANGO_DEBUG=true`` (debug pages, a development key, SQLite in ``db.sqlite3``, emails on the
console); the test suite does (``tests/settings.py``). Production sets at least
``DJANGO_SECRET_KEY``, ``DJANGO_ALLOWED_HOSTS`` and usually ``DATABASE_URL`` and the
``EMAIL_*`` variables (see README, "Production").
"""

import datetime
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from .env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", False)
#: This laptop's own key, made once by ``make setup`` (``.secret_key``, outside git and out of
#: the image): a developer's terminal and ``make run`` read it when ``DJANGO_SECRET_KEY`` is
#: not set, so that the README's commands work as written from a fresh clone.
SECRET_KEY_FILE = Path(env_str("DJANGO_SECRET_KEY_FILE") or BASE_DIR / ".secret_key")
SECRET_KEY = env_str("DJANGO_SECRET_KEY") or (
    SECRET_KEY_FILE.read_text().strip() if SECRET_KEY_FILE.is_file() else ""
)
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set: on a laptop, `make setup` keeps a key of its own in "
            ".secret_key (or DJANGO_DEBUG=true for a developer's site)"
        )
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production"

# A laptop serving the phones of a club room answers on its local address.
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["*"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "clubsite.admin.ClubAdminConfig",  # django.contrib.admin, its site ClubAdminSite
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.forms",  # its form templates, for the project's own (FORM_RENDERER)
    "django_tables2",
    "django_filters",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "dbbackup",  # manage.py dbbackup / dbrestore
    "scoring",
    "tournaments",
]

MIDDLEWARE = [
    # First: notes the page's thread, for the time limit of clubsite.limits.
    "clubsite.limits.PageThreadMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "clubsite.middleware.ClubLanguageMiddleware",
    "clubsite.middleware.UnreadableTextMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last of those that act, as django-axes asks: it turns a locked-out login into its page.
    "axes.middleware.AxesMiddleware",
    # Sync only, so that the whole chain runs in the page's thread (see its docstring).
    "clubsite.middleware.OneThreadMiddleware",
]

# Content-Security-Policy (django-csp): the pages run only the site's own scripts (no inline
# script or event handler in any template: a test checks them) and its own styles; images
# from the site or inline (the QR codes, the charts); a remote table's WebSocket to the site
# itself; no frame around a page.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login attempts (clubsite.logins): a username is locked after AXES_FAILURE_LIMIT failures
# from one address (username and address together, so that a club's shared wifi is never
# locked out whole), for AXES_COOLOFF_MINUTES, short, so that a visitor of the room cannot
# keep the director out; the tries made during the lockout do not lengthen it. A device where
# the name logged in before is not under that lockout, only under its own count.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 2))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_WHITELIST_CALLABLE = "clubsite.logins.known_device"
AXES_LOCKOUT_TEMPLATE = "registration/locked.html"
# Attempts recorded under the username's first 255 characters, the length of django-axes'
# column: a longer login is a wrong login, not a server error (``clubsite.logins``).
AXES_USERNAME_CALLABLE = "clubsite.logins.attempt_username"

# The cache holds the rate limits (wrong table codes) and the figures of the pages that add up
# the club's history (players, seasons: scoring.freshness, kept until anything changes):
# shared by every server process in Redis when REDIS_URL is set, else in the memory of the one
# process that serves (without REDIS_URL one process serves, as for the channel layer below):
# every request opening a table by its code reads its address's count there, which in memory
# costs no query and no write transaction of the database the room's phones share. Up to
# CACHE_MAX_ENTRIES entries, 2,000 (Django's default, 300, is fewer than a club's players'
# pages: past it, a third of the entries go, so pages would be computed again). A kept value
# is kept compressed, about 3 KB (a drawn sheet of 20 KB, a player's figures): a full cache
# holds a few MB of a process's memory (bench/memory_bench.py --cache-entries). Redis through
# Django's backend, one client to Redis per process (clubsite.cache); Redis away, a read is a
# miss and a write is dropped (the page is computed again), never a failed page.
REDIS_URL = env_str("REDIS_URL")
#: Called when Redis answers again after writes of the process were dropped (clubsite.cache):
#: every kept page made stale, since a change's new stamp may be among them.
CACHE_BACK = "scoring.freshness.renew"
CACHES = {
    "default": (
        {"BACKEND": "clubsite.cache.RedisCache", "LOCATION": REDIS_URL}
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "club",
            "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_MAX_ENTRIES", 2000)},
        }
    ),
    # The rate limits (django-ratelimit): in Redis, or the process's memory while Redis is away
    # (clubsite.cache: the pages' cache then misses, the counts go on here).
    "ratelimit": (
        {
            "BACKEND": "clubsite.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"FALLBACK": "ratelimit-memory"},
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "club"}
    ),
    "ratelimit-memory": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "ratelimit-memory",
    },
    # The drawings of the tables' new entry forms (scoring.forms.DRAWINGS), each a function of
    # its key: the serving process's memory, the least used dropped past 500 (about 3 MB).
    "entry-forms": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "entry-forms",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 500},
    },
    # The parts of every page's layout that are the same for one language and role (the site
    # menu, the language menu: ``{% cache %}`` in templates/base.html), drawn once by each
    # process (Django's cache of template fragments). Not kept on a developer's site, whose
    # templates change under it.
    "template_fragments": {
        "BACKEND": "django.core.cache.backends."
        + ("dummy.DummyCache" if DEBUG else "locmem.LocMemCache"),
        "LOCATION": "template-fragments",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 200},
    },
}
RATELIMIT_USE_CACHE = "ratelimit"
#: Wrong table codes one address may try (django-ratelimit's rate: count/period).
TABLE_CODE_RATE = env_str("TABLE_CODE_RATE", "20/m")
#: Days the link of a player's results email that sends his sheets again stays valid.
RESEND_LINK_DAYS = env_int("RESEND_LINK_DAYS", 30)
#: Players' sheets sent again from one address through those links (django-ratelimit's rate;
#: each player's once an hour besides).
RESEND_RATE = env_str("RESEND_RATE", "5/h")
# The address the players' phones reach the site at, printed in the tables' QR codes and plans:
# the club's public address, or the laptop's on the room's network (``make run`` sets it).
# Empty: the address the director's browser used.
SITE_URL = env_str("SITE_URL", "")
if SITE_URL and not SITE_URL.startswith(("http://", "https://")):
    raise ImproperlyConfigured(f"SITE_URL must start with http:// or https://, not {SITE_URL!r}")

ROOT_URLCONF = "clubsite.urls"

# Django's own widget templates and the entry form's (scoring/jinja2) drawn by Jinja2, the
# project's field templates (a rule option's buttons: scoring.option_fields) by its Django
# templates (clubsite.forms_renderer).
FORM_RENDERER = "clubsite.forms_renderer.ClubFormRenderer"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "clubsite.context_processors.club",
            ],
        },
    },
]

WSGI_APPLICATION = "clubsite.wsgi.application"
ASGI_APPLICATION = "clubsite.asgi.application"
#: Seconds a request's page may take before it gets the 503 page and its thread is stopped
#: (``clubsite.limits``; 0: no limit).
REQUEST_SECONDS = env_int("REQUEST_SECONDS", 30)
#: Seconds a request's body may take to arrive, read by the event loop before a page thread
#: takes the request (``clubsite.bodies``: else the 408 page); and its size at most, in bytes
#: (else the 413 page): above a score sheet's import (``scoring.jsoninput.MAX_CHARS``).
BODY_SECONDS = env_int("BODY_SECONDS", 30)
BODY_MAX_BYTES = env_int("BODY_MAX_BYTES", 10 * 1024 * 1024)
#: Threads of a server process that compute pages (``clubsite.asgi``): the pages beyond wait
#: for one, in the order they came.
PAGE_THREADS = env_int("PAGE_THREADS", 16)
#: Of those, how many compute a page at a time (``clubsite.pages_pool``: the others wait in
#: the order they came; a page still computing after half a second no longer counts); 0: as
#: many as there are threads.
PAGES_AT_ONCE = env_int("PAGES_AT_ONCE", 2)

# The remote tables' WebSockets (Django Channels) reach every page of a table through the
# channel layer: in the server's memory when one process serves the site (``make run``), in
# Redis when REDIS_URL is set, as it must be when several server processes run. Redis's
# publish/subscribe layer: the list-based RedisChannelLayer lost a table's state now and then
# under load (one seat never received a move, and its table stood still: seen by
# bench/remote_bench.py run after the room bench in .ci/production).
REDIS_CHANNEL_LAYER = "channels_redis.pubsub.RedisPubSubChannelLayer"
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": REDIS_CHANNEL_LAYER,
            # No client-side read timeout: redis-py 8 reads for 5 s at most by default
            # (channels_redis#422), and an idle table's page was cut off with "Timeout reading".
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None}]},
        }
        if REDIS_URL
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}
#: Seconds a remote seat stays without its player before the table's creator may give it to
#: a simulated player.
REMOTE_ABANDON_SECONDS = env_int("REMOTE_ABANDON_SECONDS", 20)
#: Seconds between two heartbeats of a remote table's page; a connection silent for two of
#: them is taken for dead on both ends (the seat shown away).
REMOTE_HEARTBEAT_SECONDS = env_int("REMOTE_HEARTBEAT_SECONDS", 2)

# Seconds a database connection is kept for the next request. The pages run in a fixed pool of
# threads (``PAGE_THREADS``, ``clubsite.asgi``), each keeping its SQLite connection: opening
# one (and SQLite reading the schema again) was about a fifth of a table entry's time. Under
# Django's own ASGI handler, where each request had a thread of its own, persistent
# connections were never reused and piled up (measured: about 70 open under load), as Django's
# docs warn; not here. PostgreSQL takes its connections from Django's pool instead
# (``DB_POOL_SIZE``), unless ``DJANGO_CONN_MAX_AGE`` is set.
CONN_MAX_AGE = env_int("DJANGO_CONN_MAX_AGE", 60)

# SQLite tuned for a room of phones entering scores at once: immediate write transactions
# wait for the lock instead of failing, WAL lets readers run beside the writer.
SQLITE = {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": BASE_DIR / env_str("SQLITE_NAME", "db.sqlite3"),
    "CONN_MAX_AGE": CONN_MAX_AGE,
    "OPTIONS": {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    },
    # Tests use a file too, so that they run with WAL and several connections, as the site.
    "TEST": {"NAME": BASE_DIR / env_str("SQLITE_TEST_NAME", "test-db.sqlite3")},
}

DATABASE_URL = env_str("DATABASE_URL")
#: Connections of one server process to PostgreSQL, at most (``DB_POOL_SIZE``, 10; 0: none
#: kept): Django's pool (psycopg_pool), which the pages' threads and the remote tables'
#: WebSockets share, so that a burst of phones (80 at once) never passes the server's
#: ``max_connections`` (100 by default). A page waits up to 5 s for a connection when all are
#: busy (a few milliseconds in a burst), then gets the 503 page: while the database is down,
#: the pages waiting for it must not hold the server's threads (``PAGE_THREADS``) for long,
#: or every page would wait behind them instead of saying the site is unavailable.
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 10)
DB_PREPARED_STATEMENTS = env_bool("DB_PREPARED_STATEMENTS", True)
if DATABASE_URL:
    kept = env_int("DJANGO_CONN_MAX_AGE", 0)  # the pool's, unless asked
    DATABASES = {
        "default": dj_database_url.parse(DATABASE_URL, conn_max_age=kept, conn_health_checks=True)
    }
    if DB_POOL_SIZE and not kept and "postgresql" in DATABASES["default"]["ENGINE"]:
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": DB_POOL_SIZE,
            "timeout": 5,
        }
    # The table entry's few statements are prepared (planned once per connection, which is
    # most of what PostgreSQL spends on them: ``scoring.prepared``); Django's own queries are
    # bound client-side and never prepared, whatever this number. Off
    # (``DB_PREPARED_STATEMENTS=0``) behind a pooler that does not keep prepared statements
    # from one transaction to the next (PgBouncer in transaction mode before 1.21).
    if DB_PREPARED_STATEMENTS and "postgresql" in DATABASES["default"]["ENGINE"]:
        DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
else:
    DATABASES = {"default": SQLITE}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "scoring:partie_list"
LOGOUT_REDIRECT_URL = "scoring:partie_list"

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", "Français"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
    # The database's backups (django-dbbackup: ``manage.py dbbackup`` and ``dbrestore``), in a
    # folder of their own: ``BACKUP_DIR``, ``backups/`` beside the database by default.
    "dbbackup": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": env_str("BACKUP_DIR", str(BASE_DIR / "backups"))},
    },
}
#: Backups kept by ``dbbackup --clean`` (the older ones are removed): a month of nightly ones.
DBBACKUP_CLEANUP_KEEP = env_int("BACKUP_KEEP", 30)
#: A failed backup is said by the command's status and its log, not mailed to ADMINS.
DBBACKUP_SEND_EMAIL = False

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

# Email: printed on the console in development, SMTP when EMAIL_HOST is set.
EMAIL_HOST = env_str("EMAIL_HOST")
EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Roimat Club <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Background tasks (the results emails, a long partie's PDF and Excel: scoring.document_tasks):
# queued in the database, run by `manage.py worker` (started beside the web server by `make run`).
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
#: Seconds a batch of results emails may go without progress before it counts as abandoned by
#: a stuck worker (or one without a heartbeat) and is taken up again (``tournaments.tasks``; a
#: batch whose ``manage.py worker`` died is taken up sooner, its heartbeat 30 s silent); one
#: message's sending (SMTP operations of at most EMAIL_TIMEOUT seconds) stays well under it.
RESULTS_STALE_SECONDS = env_int("RESULTS_STALE_SECONDS", 600)
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 60)

#: The club: its name on the sheets and the address that receives copies of them.
CLUB_NAME = env_str("CLUB_NAME", "Roimat Club")
CLUB_EMAIL = env_str("CLUB_EMAIL", "")

#: Served over HTTPS (production: redirect, secure cookies, HSTS). A laptop serving a club room
#: over its local network in plain HTTP (``make run``) sets ``DJANGO_HTTPS=false``.
HTTPS = env_bool("DJANGO_HTTPS", not DEBUG)
if HTTPS:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "WARNING")},
}
