"""The bare site's ASGI application (``bench/bare/settings.py``), served as the project's pages
are (``clubsite.asgi``): Django's WSGI handler in a pool of ``PAGE_THREADS`` threads (a2wsgi),
each keeping its database connection."""

import os

from a2wsgi import WSGIMiddleware
from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bare.settings")
application = WSGIMiddleware(get_wsgi_application(), workers=settings.PAGE_THREADS)
