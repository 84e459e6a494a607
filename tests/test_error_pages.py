"""The error pages a visitor may meet are in French and say what to do."""

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.views.defaults import server_error

pytestmark = pytest.mark.django_db


def test_a_wrong_address_has_a_french_page_not_found(client):
    response = client.get("/cette-page-n-existe-pas/")
    assert response.status_code == 404
    assert "Page introuvable" in response.text
    assert "Not Found" not in response.text


def test_a_page_for_the_director_says_so_in_french(client, victor):
    client.force_login(victor)  # a club account, not the director's
    response = client.get(reverse("tournaments:create"))
    assert response.status_code == 403
    assert "Accès refusé" in response.text and "directeur" in response.text


def test_an_expired_form_says_what_to_do_in_french(client):
    client.handler.enforce_csrf_checks = True
    response = client.post(reverse("logout"))
    assert response.status_code == 403
    assert "Page expirée" in response.text and "CSRF" not in response.text


def test_a_server_error_has_a_french_page():
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Erreur du serveur" in response.content.decode()
