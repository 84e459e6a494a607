"""The score sheets' addresses, split by audience: ``urls_public`` (anyone) and ``urls_club``
(club accounts)."""

from scoring import urls_club, urls_public

app_name = "scoring"

urlpatterns = urls_public.urlpatterns + urls_club.urlpatterns
