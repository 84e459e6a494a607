"""The tournaments' addresses, split by audience as Tabbycat does: ``urls_public`` (visitors),
``urls_table`` (a table's phone, by its code) and ``urls_director`` (club accounts)."""

from tournaments import urls_director, urls_public, urls_table

app_name = "tournaments"

urlpatterns = urls_public.urlpatterns + urls_table.urlpatterns + urls_director.urlpatterns
