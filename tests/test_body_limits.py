"""Every route's body is limited before it is read: the admin's login form as much as the API."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/admin/login/", "/admin/fleet/agent/add/", "/api/v1/proposals"])
def test_a_body_over_the_limit_is_refused_unread(settings, path):
    settings.KAIZEN = {**settings.KAIZEN, "API_MAX_BODY_BYTES": 1000}
    response = Client().post(path, {"username": "x" * 2000, "password": "y"})
    assert response.status_code == 413
    assert "x" * 100 not in response.content.decode()  # nothing of the body is echoed


def test_djangos_own_limit_is_set():
    from django.conf import settings

    assert (
        max(settings.KAIZEN["INGEST_MAX_BODY_BYTES"], settings.KAIZEN["API_MAX_BODY_BYTES"])
        == settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    )
