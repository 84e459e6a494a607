"""The URL root: the home page, the admin, club accounts' login, and the two apps.

Of ``django.contrib.auth``'s pages only login, logout and the change of one's own password
are served: a password reset would let anyone make the site send mail (the secretary resets
passwords in the admin). A request the database cannot serve gets the 503 page,
one the site does not read the 400 page (``clubsite.errors``)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from clubsite.health import health_view
from clubsite.logins import LoginView
from clubsite.views import home

handler400 = "clubsite.errors.bad_request"
handler500 = "clubsite.errors.server_error"

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("health/", health_view(), name="health"),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
]
