"""Two pages that run away, before the site's own URLs (``bench/runaway_settings.py``):
``/runaway/memory/`` allocates without bound, ``/runaway/time/`` computes forever."""

from django.urls import include, path

handler500 = "clubsite.errors.server_error"


def memory(request):
    """Allocate 64 MiB after 64 MiB, never answering."""
    chunks = []
    while True:
        chunks.append(bytearray(64 * 2**20))


def forever(request):
    """Count forever, never answering."""
    n = 0
    while True:
        n += 1


urlpatterns = [
    path("runaway/memory/", memory),
    path("runaway/time/", forever),
    path("", include("clubsite.urls")),
]
