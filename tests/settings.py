"""The test suite's settings: the development site, asked for explicitly (``DJANGO_DEBUG=true``:
the development key, plain static files), since the site's settings default to production.
Django's test runner still runs every test with ``DEBUG`` off, as production serves."""

import os

os.environ.setdefault("DJANGO_DEBUG", "true")

from clubsite.settings import *  # noqa: E402, F403
