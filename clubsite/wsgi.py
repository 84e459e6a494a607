"""WSGI entry point for production servers (gunicorn, uWSGI), and the pages' handler of the ASGI
application (``clubsite.asgi``).

What each server process would otherwise make on its first pages, while a room's phones wait
for them, is made as it starts: the forms' renderer (Jinja2 imported and its environment made,
a tenth of the CPU of a burst of submissions on a server just started, ``docs/performance.md``)
and the digest of the code under which the pages of totals are kept
(``scoring.freshness.code``, about 10 ms)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubsite.settings")
application = get_wsgi_application()


# The apps are loaded: what the first pages would make.
from django.forms.renderers import get_default_renderer  # noqa: E402

from scoring.freshness import code  # noqa: E402

_forms_engine = get_default_renderer().engine
code()
