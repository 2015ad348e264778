"""Ingest reuses a verified agent token for KAIZEN_INGEST_CACHE_SECONDS: a token revoked by
another process (here: straight in the database) is refused once that time has passed, and the
process that revokes through the service refuses it at once."""

import pytest

from config import clock
from fleet import hot_cache
from fleet.models import ApiToken
from fleet.services import token_revoke
from tests.planner.helpers import client_for

pytestmark = pytest.mark.django_db
BATCH = {"batch": [{"type": "observation", "timestamp": "2026-11-21T10:00:00Z", "body": {"text": "hi"}}]}


@pytest.fixture
def seconds(monkeypatch):
    """The cache's own clock, moved by hand."""
    now = [1000.0]
    monkeypatch.setattr(hot_cache, "_now", lambda: now[0])
    return now


def test_a_revocation_elsewhere_takes_effect_within_the_cache_time(settings, seconds):
    settings.KAIZEN = {**settings.KAIZEN, "INGEST_CACHE_SECONDS": 5}
    agent, client = client_for("cached")
    assert client.post("/api/v1/ingest", BATCH, format="json").status_code == 207
    ApiToken.objects.filter(agent=agent).update(revoked_at=clock.now())  # another process revokes
    seconds[0] += 4.9
    assert client.post("/api/v1/ingest", BATCH, format="json").status_code == 207  # still reused
    seconds[0] += 0.2
    assert client.post("/api/v1/ingest", BATCH, format="json").status_code == 401


def test_revoking_through_the_service_takes_effect_at_once_and_zero_turns_reuse_off(settings, seconds):
    settings.KAIZEN = {**settings.KAIZEN, "INGEST_CACHE_SECONDS": 5}
    agent, client = client_for("revoked")
    assert client.post("/api/v1/ingest", BATCH, format="json").status_code == 207
    token_revoke(token=ApiToken.objects.get(agent=agent))
    assert client.post("/api/v1/ingest", BATCH, format="json").status_code == 401

    settings.KAIZEN = {**settings.KAIZEN, "INGEST_CACHE_SECONDS": 0}
    other, client = client_for("uncached")
    assert client.post("/api/v1/ingest", BATCH, format="json").status_code == 207
    type(other).objects.filter(pk=other.pk).update(is_active=False)  # no signal: nothing to forget
    assert client.post("/api/v1/ingest", BATCH, format="json").status_code == 401
