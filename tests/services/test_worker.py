from datetime import UTC, datetime

from rest_framework.test import APIClient

from fleet.models import Agent
from telemetry.tasks import agent_activity_refresh
from tests.factories import agent_with_token
from tests.services.conftest import wait_for
from tests.telemetry.events import event


def test_a_task_sent_through_redis_runs_on_a_real_worker(celery_worker):
    agent, token = agent_with_token(name="worker-seen")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    # dated now: the refresh reads the last day's events (the worker keeps the real clock)
    at = datetime.now(UTC).isoformat()
    client.post("/api/v1/ingest", {"batch": [event("wake_run", ts=at)]}, format="json")
    assert Agent.objects.get(pk=agent.pk).last_seen_at is None

    agent_activity_refresh.apply_async(queue=celery_worker)

    seen = wait_for(lambda: Agent.objects.get(pk=agent.pk).last_seen_at)
    assert seen is not None


def test_the_fleet_health_beat_task_runs_on_a_real_worker(celery_worker):
    from planner.models import FleetSnapshot
    from planner.tasks import fleet_health_snapshot

    fleet_health_snapshot.apply_async(queue=celery_worker)
    fleet_health_snapshot.apply_async(queue=celery_worker)  # twice within a minute: one row
    snapshot = wait_for(lambda: FleetSnapshot.objects.first())
    assert snapshot.window_hours == 24
    import time

    time.sleep(1.0)
    assert FleetSnapshot.objects.filter(minute=snapshot.minute).count() == 1
