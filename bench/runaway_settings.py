"""The room's site with two runaway pages, for ``bench/fault_bench.py`` only (never served
otherwise): ``clubsite.settings`` with ``bench/runaway_urls.py`` as URL root."""

from clubsite.settings import *  # noqa: F403

ROOT_URLCONF = "runaway_urls"
