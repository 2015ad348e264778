"""Errors Django answers itself are JSON too: a crash is a 500, a database outage a 503 with
Retry-After (the same shape as every other API error)."""

import pytest
from django.db import OperationalError
from rest_framework.test import APIClient

from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def agent_api():
    _, token = agent_with_token(name="errors")
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def test_a_crash_is_a_json_500(agent_api, monkeypatch):
    def crash(**kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("telemetry.intake.rest.events_ingest", crash)
    response = agent_api.post("/api/v1/ingest", {"batch": [{}]}, format="json")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["message"].startswith("Internal server error")
    assert "boom" not in response.content.decode()  # no internals leak


def test_a_database_outage_is_a_json_503_with_retry_after(agent_api, monkeypatch):
    def down(*args, **kwargs):
        raise OperationalError("connection refused")

    monkeypatch.setattr("fleet.auth.token_by_prefix", down)
    response = agent_api.get("/api/v1/agents/me/directives")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "database is unavailable" in response.json()["message"]


def test_an_outage_outside_the_api_views_is_a_503_too(client, monkeypatch):
    from django.contrib.sessions.backends.db import SessionStore

    def down(self, *args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(SessionStore, "load", down)
    client.raise_request_exception = False
    client.cookies["sessionid"] = "x" * 32
    response = client.get("/admin/")
    assert response.status_code == 503 and response["Retry-After"] == "5"


def test_an_outage_logs_one_line_a_request_not_a_traceback(client, monkeypatch, caplog):
    from django.contrib.sessions.backends.db import SessionStore

    def down(self, *args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly\nThis probably means ...")

    monkeypatch.setattr(SessionStore, "load", down)
    client.raise_request_exception = False
    client.cookies["sessionid"] = "x" * 32
    with caplog.at_level("WARNING", logger="django.request"):
        assert client.get("/admin/").status_code == 503
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.exc_info is None and record.exc_text is None
    line = record.getMessage()
    assert "database unavailable: OperationalError: server closed the connection unexpectedly" in line
    assert "\n" not in line


def test_a_missing_page_outside_the_api_is_styled_like_the_admin(client, settings):
    settings.DEBUG = False
    response = client.get("/admin-typo/somewhere")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Page not found" in page and "/admin-typo/somewhere" in page
    assert "admin/css/base.css" in page  # the admin's stylesheet, not Django's bare page
    assert 'href="/dashboard/"' in page


def test_the_admin_names_dispatches_in_english(admin_client):
    page = admin_client.get("/admin/").content.decode()
    assert "Dispatches" in page and "Dispatchs" not in page
