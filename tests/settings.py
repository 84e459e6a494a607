"""The test suite's settings: the development site, asked for explicitly (``DJANGO_DEBUG=true``:
the development key, plain static files), since the site's settings default to production.
Django's test runner still runs every test with ``DEBUG`` off, as production serves."""

import os

os.environ.setdefault("DJANGO_DEBUG", "true")

from clubsite.settings import *  # noqa: E402, F403

# The layout's fragments kept as production keeps them (``DEBUG`` is off in every test).
CACHES["template_fragments"]["BACKEND"] = "django.core.cache.backends.locmem.LocMemCache"  # noqa: F405
