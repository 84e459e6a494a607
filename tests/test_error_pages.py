"""The error pages a visitor may meet are in French and say what to do."""

import pytest
from django.db import OperationalError
from django.db.backends.utils import CursorWrapper
from django.test import Client, RequestFactory
from django.urls import reverse

from clubsite.errors import server_error

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


def test_a_database_out_of_reach_gets_the_french_503_page_and_the_site_comes_back(
    monkeypatch, players
):
    phone = Client(raise_request_exception=False)
    with monkeypatch.context() as down:

        def refused(*args, **kwargs):
            raise OperationalError("connection to server at 127.0.0.1 failed: Connection refused")

        down.setattr(CursorWrapper, "execute", refused)
        response = phone.get(reverse("scoring:partie_list"))
        assert response.status_code == 503
        assert response["Retry-After"] == "5"
        assert "Site momentanément indisponible" in response.text
        assert "Traceback" not in response.text and "OperationalError" not in response.text
    assert phone.get(reverse("scoring:partie_list")).status_code == 200


def test_any_other_error_keeps_the_500_page():
    try:
        raise ValueError("a bug")
    except ValueError:
        response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
