"""A bare Django site, for the benches only (never served otherwise): what ``startproject``
gives, with one app of one model, on the project's own database settings (SQLite in WAL mode
with immediate write transactions, or the PostgreSQL of ``DATABASE_URL``) and served the same
way (``bench/live_server.py``), so that a bench prints the project's figures beside plain
Django's in the same run.

- ``/post/``: GET, a form with its CSRF token; POST, one row inserted (``bare.Row``) and the
  redirect to the page, as a form accepted does;
- ``/page/``: one query of 50 rows drawn by a template (``bare.urls.page``).

Run with ``bench`` on ``PYTHONPATH`` and ``DJANGO_SETTINGS_MODULE=bare.settings``; the tables
are made by ``manage.py migrate --run-syncdb`` (the app has no migrations).
"""

import os

from clubsite import settings as club

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or "bare-bench-only"
DEBUG = False
ALLOWED_HOSTS = ["*"]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "bare",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]
ROOT_URLCONF = "bare.urls"
TEMPLATES: list = []
#: The project's database settings, the file or database named by the bench's environment.
DATABASES = club.DATABASES
#: The threads that compute its pages, as the project's (``bare.asgi``).
PAGE_THREADS = club.PAGE_THREADS
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
USE_TZ = True
