from django.contrib import admin
from django.urls import include, path

from clubsite.views import home

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]
