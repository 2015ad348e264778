"""Operations endpoints: liveness, readiness, Prometheus metrics behind a token."""

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db
READY = {
    "status": "ready",
    "checks": {
        "database": "ok",
        "migrations": "ok",
        "broker": "ok",
        "derived_work": "ok",
        "periodic_jobs": "ok",
    },
}


def test_liveness():
    response = Client().get("/healthz")
    assert response.status_code == 200 and response.json() == {"status": "alive"}


def test_readiness_checks_database_migrations_and_broker(settings):
    from telemetry import partitions

    ready = Client().get("/readyz")
    assert ready.status_code == 200
    body = ready.json()
    if partitions.enabled():  # PostgreSQL: how many events wait in the default partitions
        assert body.pop("default_partition_rows") == 0
    assert body == READY
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    not_ready = Client().get("/readyz")
    assert not_ready.status_code == 503 and not_ready.json()["checks"]["broker"].startswith("unreachable")


def test_metrics_are_off_without_a_token_and_need_it_when_on(settings, agent_client):
    assert Client().get("/metrics").status_code == 404
    settings.KAIZEN = {**settings.KAIZEN, "METRICS_TOKEN": "s3cret"}
    assert Client().get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    _, agent = agent_client
    batch = [
        {"type": "observation", "timestamp": "2026-11-21T10:00:00Z", "body": {"text": "ok"}},
        {"type": "observation", "timestamp": "2026-11-21T10:00:00Z", "body": {"text": ""}},
        {"type": "no_such_type", "timestamp": "2026-11-21T10:00:00Z", "body": {}},
        {"type": {}, "timestamp": "2026-11-21T10:00:00Z", "body": {}},  # found by schemathesis: was a 500
    ]
    assert agent.post("/api/v1/ingest", {"batch": batch}, format="json").status_code == 207
    body = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret").content.decode()
    assert 'kaizen_ingest_events_total{result="stored",type="observation"}' in body
    assert 'kaizen_ingest_events_total{result="rejected",type="unknown"}' in body  # never the raw name
    assert "kaizen_pending_reviews 0.0" in body and "kaizen_derived_pending 0.0" in body
    assert "kaizen_derived_lag_seconds 0.0" in body
    assert 'kaizen_request_seconds_bucket{le="0.005",method="POST",route="ingest",status="2xx"}' in body


def test_the_api_docs_load_their_assets_from_the_app_not_a_cdn():
    page = Client().get("/api/docs/").content.decode()
    # every src or href is the app's own (a random token in the page may spell "cdn": not a host)
    assets = re.findall(r"""(?:src|href)\s*=\s*["']([^"']+)""", page)
    assert assets and not [a for a in assets if re.match(r"(?:https?:)?//", a)], assets
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in page


def test_the_schema_has_one_event_schema_per_type_discriminated_on_type():
    from telemetry.contract import SCHEMAS

    schema = Client().get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    batch = components["IngestInputRequest"]["properties"]["batch"]
    assert (batch["minItems"], batch["maxItems"]) == (1, 1000)
    assert set(batch["items"]["discriminator"]["mapping"]) == set(SCHEMAS)
    tool = components["ToolInvocationEvent"]
    assert (
        tool["additionalProperties"] is False and tool["properties"]["body"]["additionalProperties"] is False
    )
    assert tool["properties"]["type"]["enum"] == ["tool_invocation"]
    assert set(tool["properties"]["body"]["required"]) == {"session_id", "tool", "outcome", "duration_ms"}
    assert "pattern" in tool["properties"]["body"]["properties"]["failure_mode"]


def test_metrics_show_the_derived_work_waiting_and_its_lag(settings, agent_client, clock):
    """With no worker draining it, the to-do list grows and its oldest row ages with the clock."""
    from config.celery import app

    settings.KAIZEN = {**settings.KAIZEN, "METRICS_TOKEN": "s3cret"}
    _, agent = agent_client
    outcome = {"skill": "triage", "success": True, "duration_ms": 10}
    batch = [{"type": "skill_outcome", "timestamp": "2026-11-21T10:00:00Z", "body": outcome}]
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = False  # a broker is configured: the worker, not the request, derives
    try:
        assert agent.post("/api/v1/ingest", {"batch": batch}, format="json").status_code == 207
    finally:
        app.conf.task_always_eager = eager
    clock.shift(7)
    body = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret").content.decode()
    assert "kaizen_derived_pending 1.0" in body and "kaizen_derived_lag_seconds 7.0" in body


def test_readiness_reports_a_worker_that_stopped_and_a_growing_lag(settings, monkeypatch):
    from datetime import timedelta

    from config import clock
    from dashboard import ops
    from fleet.models import PeriodicClaim
    from telemetry.models import PendingDerivation

    settings.CELERY_BROKER_URL = "redis://broker.invalid:6379/0"
    monkeypatch.setattr(ops, "_broker", lambda: "ok")
    now = clock.db_now()
    assert Client().get("/readyz").json()["status"] == "ready"  # a fresh start: no pass yet, nothing waits

    PeriodicClaim.objects.create(name="telemetry.derive_pending", last_started_at=now - timedelta(seconds=5))
    assert Client().get("/readyz").json()["status"] == "ready"

    PeriodicClaim.objects.update(last_started_at=now - timedelta(seconds=300))
    PendingDerivation.objects.create(
        event_type="tool_invocation", row_id=1, received_at=now - timedelta(seconds=90)
    )
    ready = Client().get("/readyz")
    assert ready.status_code == 200  # the web still serves ingest
    body = ready.json()
    assert body["status"] == "degraded"
    assert "no worker has taken derived work for 3" in body["checks"]["derived_work"]
    assert "1 events wait, the oldest for 9" in body["checks"]["derived_work"]
