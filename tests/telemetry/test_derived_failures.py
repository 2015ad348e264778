"""A derived-work handler that raises loses nothing: the rows it failed on stay on the to-do list
for it alone, are retried, then parked where an operator sees them (admin, /metrics, /readyz),
and a re-run after the fix derives them once."""

import pytest
from django.test import Client

from learning import loops
from learning.models import FrictionEvent
from telemetry.derived import backlog
from telemetry.models import PendingDerivation
from telemetry.tasks import derive_pending
from tests.factories import approver
from tests.learning.test_loops import failures
from tests.planner.helpers import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_breaks_friction(monkeypatch):
    """friction_detect raises on alice's rows (bad data, a bug), not on anyone else's."""
    alice, alice_client = client_for("alice")
    real = loops.pairs_in

    def pairs_in(model, fields, pairs):
        if any(agent_id == alice.pk for agent_id, _ in pairs):
            raise RuntimeError("boom on alice's rows")
        return real(model, fields, pairs)

    monkeypatch.setattr(loops, "pairs_in", pairs_in)
    return alice_client, lambda: monkeypatch.setattr(loops, "pairs_in", real)


def test_a_failing_handler_parks_its_rows_and_a_rerun_derives_them_once(
    broker_down, settings, alice_breaks_friction
):
    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_RETRY_SECONDS": 0, "DERIVE_MAX_ATTEMPTS": 3}
    alice, fix = alice_breaks_friction
    _, bob = client_for("bob")
    failures(alice, 3)
    failures(bob, 3)

    derive_pending.apply()

    assert FrictionEvent.objects.get().agent.name == "bob"  # the sibling is derived
    owed = PendingDerivation.objects.all()
    assert owed.count() == 3
    assert {(e.handler, e.attempts, e.parked_at) for e in owed} == {
        ("learning.loops.friction_detect", 1, None)
    }
    assert all("RuntimeError: boom on alice's rows" in e.error for e in owed)

    derive_pending.apply()
    derive_pending.apply()  # the third attempt fails too: parked
    assert backlog().parked == 3 and backlog().pending == 0
    assert derive_pending.apply().get() == 0  # parked entries are not taken again

    settings.KAIZEN = {**settings.KAIZEN, "METRICS_TOKEN": "t"}
    assert (
        "kaizen_derived_parked 3.0"
        in Client().get("/metrics", HTTP_AUTHORIZATION="Bearer t").content.decode()
    )
    ready = Client().get("/readyz").json()
    assert ready["status"] == "degraded" and "3 events parked" in ready["checks"]["derived_work"]

    fix()
    operator = Client()
    operator.force_login(approver())
    listed = operator.get("/admin/telemetry/pendingderivation/?state=parked")
    assert "boom on alice" in listed.content.decode()
    operator.post(
        "/admin/telemetry/pendingderivation/",
        {"action": "rerun", "_selected_action": list(PendingDerivation.objects.values_list("pk", flat=True))},
    )
    assert backlog().parked == 0 and backlog().pending == 3

    derive_pending.apply()

    assert sorted(FrictionEvent.objects.values_list("agent__name", "count")) == [("alice", 3), ("bob", 3)]
    assert not PendingDerivation.objects.exists()
    assert Client().get("/readyz").json()["status"] == "ready"


def test_a_retry_waits_its_backoff(broker_down, settings, alice_breaks_friction):
    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_RETRY_SECONDS": 3600}
    alice, _ = alice_breaks_friction
    failures(alice, 3)
    derive_pending.apply()
    assert derive_pending.apply().get() == 0  # not due for an hour
    assert PendingDerivation.objects.get(row_id=PendingDerivation.objects.first().row_id).attempts == 1


def test_only_the_events_a_handler_fails_on_are_retried_and_parked(broker_down, settings):
    """A handler that fails on 20 of 100 events of one agent parks exactly those 20 (it is run
    again on halves of what failed, down to single rows), and derives the other 80."""
    from telemetry import hooks

    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_RETRY_SECONDS": 0, "DERIVE_MAX_ATTEMPTS": 2}
    seen: list[int] = []

    def picky(*, agent, rows):
        if any("poison" in row["text"] for row in rows):
            raise ValueError("cannot digest poison")
        seen.extend(row["id"] for row in rows)

    hooks.on_stored("observation", picky)
    try:
        _, client = client_for("carol")
        batch = [
            {
                "id": f"o-{i}",
                "type": "observation",
                "timestamp": f"2026-11-20T10:{i // 60:02d}:{i % 60:02d}Z",
                "body": {"text": "poison" if i % 5 == 0 else f"fine {i}"},
            }
            for i in range(100)
        ]
        assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code in (200, 201, 207)
        derive_pending.apply()
        derive_pending.apply()
    finally:
        hooks._registered["observation"] = [
            r for r in hooks._registered["observation"] if r.handler is not picky
        ]
    parked = PendingDerivation.objects.filter(parked_at__isnull=False)
    assert backlog().parked == 20 and parked.count() == 20
    assert {e.handler for e in parked} == {f"{picky.__module__}.{picky.__qualname__}"}
    assert len(set(seen)) == 80  # every other event was derived, once


def test_a_handler_that_runs_past_its_time_parks_those_events_at_once_and_the_batch_goes_on(
    broker_down, settings
):
    """A handler that would spend seconds on one event is interrupted at its time limit: that
    event alone is parked at once, its reason said, and the handler's other events (and the
    other handlers of the batch) are derived in the same pass."""
    import time

    from telemetry import hooks

    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_HANDLER_SECONDS": 0.3, "DERIVE_MAX_ATTEMPTS": 5}
    seen: list[int] = []

    def slow(*, agent, rows):
        if any(row["text"] == "slow" for row in rows):
            until = time.monotonic() + 5  # a handler stuck on one event (a regex, a long text)
            while time.monotonic() < until:
                pass
        seen.extend(row["id"] for row in rows)

    hooks.on_stored("observation", slow)
    try:
        _, client = client_for("dave")
        failures(client, 3)  # friction, derived by another handler of the batch
        batch = [
            {
                "id": f"o-{i}",
                "type": "observation",
                "timestamp": f"2026-11-20T10:00:{i:02d}Z",
                "body": {"text": "slow" if i == 7 else f"fine {i}"},
            }
            for i in range(20)
        ]
        assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code in (200, 201, 207)
        began = time.monotonic()
        derive_pending.apply()
        took = time.monotonic() - began
    finally:
        hooks._registered["observation"] = [
            r for r in hooks._registered["observation"] if r.handler is not slow
        ]
    parked = PendingDerivation.objects.get()
    assert parked.parked_at is not None and parked.attempts == 1  # not tried again: parked at once
    assert parked.handler == f"{slow.__module__}.{slow.__qualname__}"
    assert parked.error.startswith("HandlerTimeout: ran past its time limit of")
    assert len(set(seen)) == 19  # every other event was derived, once
    assert FrictionEvent.objects.get().count == 3
    assert backlog().parked == 1 and backlog().pending == 0
    assert took < 5  # the stuck handler was interrupted, not waited for
