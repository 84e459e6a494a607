"""What a table's phone opens with its code, without an account."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("t/<str:code>/", views.table_entry, name="table_entry"),
    path("t/<str:code>/confirm/<int:number>/", views.table_confirm, name="table_confirm"),
]
