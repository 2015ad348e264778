"""Ingest holds event times to a window: from the retention horizon (an older event would be
pruned at once) to KAIZEN_EVENT_MAX_AHEAD_HOURS ahead; a time without a zone names no instant.
Each refusal is the one item's 400 naming `timestamp`, on every intake."""

from datetime import timedelta

import pytest

from telemetry.models import Observation
from tests.conftest import FIXED_NOW
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def observation(at: str, n: int) -> dict:
    return {"id": f"o-{n}", "type": "observation", "timestamp": at, "body": {"text": "fine"}}


@pytest.mark.parametrize(
    ("at", "status", "message"),
    [
        ((FIXED_NOW - timedelta(days=29)).isoformat(), 201, None),
        ((FIXED_NOW - timedelta(days=31)).isoformat(), 400, "Older than the retention window (30 days)."),
        ((FIXED_NOW + timedelta(hours=23)).isoformat(), 201, None),
        (
            (FIXED_NOW + timedelta(hours=25)).isoformat(),
            400,
            "More than 24 hours ahead of the server's clock.",
        ),
        ("2099-01-01T00:00:00Z", 400, "More than 24 hours ahead"),
        ("2026-11-21T11:00:00", 400, "with a time zone"),
        ("2026-11-21T11:00:00+02:00", 201, None),
    ],
)
def test_event_times_outside_the_window_are_refused_on_timestamp(settings, at, status, message):
    settings.KAIZEN = {**settings.KAIZEN, "RETENTION_DAYS": 30, "EVENT_MAX_AHEAD_HOURS": 24}
    _, client = client_for("alice")
    batch = [observation(FIXED_NOW.isoformat(), 0), observation(at, 1)]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    results = response.json()["results"]
    assert [r["status"] for r in results] == [201, status]
    if message:
        assert response.status_code == 207
        assert list(results[1]["errors"]) == ["timestamp"] and message in results[1]["errors"]["timestamp"][0]
    assert Observation.objects.count() == (2 if status == 201 else 1)


def test_a_langfuse_score_far_in_the_future_is_refused_on_timestamp(settings):
    settings.KAIZEN = {**settings.KAIZEN, "RETENTION_DAYS": 30, "EVENT_MAX_AHEAD_HOURS": 24}
    agent, client = client_for("alice")
    score = {"name": "user-feedback", "value": 0, "traceId": "t1", "timestamp": "2099-01-01T00:00:00Z"}
    response = client.post("/api/public/scores", score, format="json")
    assert response.status_code == 400 and "timestamp" in response.content.decode()
