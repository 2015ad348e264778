"""Friction is derived from a durable to-do list: with the broker unreachable, ingest still
answers 207 and publishes nothing; the worker's next pass derives every result, once."""

import pytest

from governance.models import Proposal
from learning.models import FrictionEvent
from telemetry.derived import backlog
from telemetry.models import PendingDerivation, ToolInvocation
from telemetry.tasks import derive_pending
from tests.learning.test_loops import failures, requeue_tool_invocations
from tests.planner.helpers import client_for

pytestmark = pytest.mark.django_db


def test_ingest_during_a_broker_outage_stores_and_derives_later(
    broker_down, django_capture_on_commit_callbacks
):
    _, alice = client_for("alice")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = failures(alice, 3)
    assert response.status_code == 207 and callbacks == []  # nothing queued from the request
    assert backlog().pending == 3 and not FrictionEvent.objects.exists()

    assert derive_pending.apply().get() == 3  # the worker's pass once the broker is back
    assert backlog().pending == 0
    event = FrictionEvent.objects.get()
    assert (event.tool, event.count) == ("npm_install", 3)
    assert (
        Proposal.objects.get(dedup_key="friction:npm_install:NOTFOUND.package").evidence["occurrences"] == 1
    )


def test_a_pass_over_already_derived_rows_doubles_nothing(broker_down):
    _, alice = client_for("alice")
    failures(alice, 4)
    derive_pending.apply()
    requeue_tool_invocations()
    derive_pending.apply()
    assert FrictionEvent.objects.count() == 1
    assert Proposal.objects.get().evidence["occurrences"] == 1


def test_a_batch_is_claimed_oldest_first_and_leaves_the_list(broker_down, monkeypatch):
    from telemetry import derived

    monkeypatch.setattr(derived, "BATCH_ROWS", 2)
    _, alice = client_for("alice")
    failures(alice, 3)
    newest = PendingDerivation.objects.latest("id").row_id
    assert derived.derive_pending(max_batches=1) == 2  # the two oldest
    assert list(PendingDerivation.objects.values_list("row_id", flat=True)) == [newest]
    assert derived.derive_pending() == 1
    assert backlog().pending == 0
    assert FrictionEvent.objects.get().count == 3


@pytest.mark.parametrize("buckets", [1, 8])
def test_an_agents_backlog_delays_no_other_agent_by_more_than_a_batch(
    broker_down, monkeypatch, settings, buckets
):
    """Flooding one bucket (or sharing it) does not hold another agent's events behind the flood:
    each batch takes every agent's oldest slice first, and a pass serves each bucket in turn."""
    from telemetry import derived

    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_BUCKETS": buckets}
    monkeypatch.setattr(derived, "BATCH_ROWS", 4)
    monkeypatch.setattr(derived, "FAIR_SLICE", 1)
    flooder, flood = client_for("flooder")
    quiet, calm = client_for("quiet")
    failures(flood, 12, session="flood")
    failures(calm, 2, session="calm")
    assert derived.derive_pending(max_batches=1 if buckets == 1 else 2) >= 2
    waiting = PendingDerivation.objects.values_list("agent_id", flat=True)
    assert quiet.pk not in waiting  # both of its events were taken in the first turn
    assert list(waiting).count(flooder.pk) >= 12 - 4  # the flooder got one batch at most
    derived.derive_pending()
    assert backlog().pending == 0 and FrictionEvent.objects.count() == 1  # the flood's friction, once


def test_successes_never_enter_the_to_do_list(broker_down):
    _, alice = client_for("alice")
    batch = [
        {
            "type": "tool_invocation",
            "timestamp": "2026-11-20T10:00:00Z",
            "body": {"session_id": "s", "tool": "ls", "outcome": "success", "duration_ms": 5},
        }
    ]
    alice.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert ToolInvocation.objects.count() == 1 and backlog().pending == 0


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgresql("PostgreSQL's advisory lock")
def test_a_bucket_another_pass_holds_is_left_to_it(broker_down, settings):
    """The to-do list is worked in buckets by agent, each by one pass at a time: a pass skips the
    bucket another holds and derives the others; once it is free, the next pass derives it."""
    import psycopg
    from django.db import connection

    from telemetry.derived import ADVISORY_LOCK

    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_BUCKETS": 2}
    alice, alice_client = client_for("alice")
    bob, bob_client = client_for("bob")
    if alice.pk % 2 == bob.pk % 2:
        bob, bob_client = client_for("carol")  # ids follow each other: the next is in the other bucket
    failures(alice_client, 3)
    failures(bob_client, 3)
    other = psycopg.connect(**connection.get_connection_params(), autocommit=True)
    try:
        other.execute("SELECT pg_advisory_lock(%s, %s)", [ADVISORY_LOCK, alice.pk % 2])  # held elsewhere
        assert derive_pending.apply().get() == 3 and backlog().pending == 3
        assert list(FrictionEvent.objects.values_list("agent", flat=True)) == [bob.pk]
        other.execute("SELECT pg_advisory_unlock(%s, %s)", [ADVISORY_LOCK, alice.pk % 2])
        assert derive_pending.apply().get() == 3 and backlog().pending == 0
    finally:
        other.close()


class SteppedTime:
    """Stands in for the time module in telemetry.derived: sleeping advances it and lets
    `arrive` run (events stored while a following pass waits)."""

    def __init__(self, arrive):
        self.now, self.arrive, self.sleeps = 0.0, arrive, 0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.sleeps += 1
        if self.sleeps == 1:
            self.arrive()


def test_a_following_pass_drains_what_arrives_while_it_waits(broker_down, monkeypatch):
    from telemetry import derived

    _, alice = client_for("alice")
    failures(alice, 1)
    stepped = SteppedTime(lambda: failures(alice, 2, start=1))
    monkeypatch.setattr(derived, "time", stepped)

    follow = 3 * derived.POLL_S
    assert derived.derive_pending(follow_seconds=follow) == 3  # one before, two while following
    assert backlog().pending == 0
    assert FrictionEvent.objects.get().count == 3  # the late two completed the pair's θ = 3
    assert stepped.sleeps == 3 and stepped.now <= follow


def test_without_following_a_pass_stops_at_an_empty_list(broker_down, monkeypatch):
    from telemetry import derived

    stepped = SteppedTime(lambda: None)
    monkeypatch.setattr(derived, "time", stepped)
    assert derived.derive_pending() == 0 and stepped.sleeps == 0


def test_a_pass_reads_its_to_do_list_as_often_for_30_entries_as_for_3(broker_down):
    # each entry's fields come with the claim: none is fetched again row by row
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _, alice = client_for("alice")
    reads = []
    for events in (3, 30):
        failures(alice, events)
        with CaptureQueriesContext(connection) as queries:
            derive_pending.apply()
        sql = [q["sql"] for q in queries]
        reads.append(sum(q.startswith("SELECT") and "telemetry_pendingderivation" in q for q in sql))
    assert reads[0] == reads[1]
