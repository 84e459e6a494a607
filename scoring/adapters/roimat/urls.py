"""Roimat's own addresses (a club account's): a donne annulled or counted again, a sound
record added to a partie. Included by ``scoring.urls_club`` through the catalogue."""

from django.urls import path

from . import views

urlpatterns = [
    path("parties/<int:pk>/donnes/<int:number>/annul/", views.donne_annul, name="donne_annul"),
    path("donnes/replay/add/", views.donne_add_record, name="donne_add_record"),
]
