"""What a table's phone opens with its code, without an account."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("t/", views.table_go, name="table_go"),  # the code typed on the home page
    # The phone app's service worker: served here, its scope covers every table's page.
    path("t/worker.js", views.table_worker, name="table_worker"),
    path("t/<str:code>/manifest.webmanifest", views.table_manifest, name="table_manifest"),
    path("t/<str:code>/", views.table_entry, name="table_entry"),
    path("t/<str:code>/confirm/<int:number>/", views.table_confirm, name="table_confirm"),
    path("t/<str:code>/report/", views.table_report, name="table_report"),
]
