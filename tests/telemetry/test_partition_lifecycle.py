"""PostgreSQL's event partitions over an install's life: made by `migrate`, moved out of the
default partition while ingest goes on, retired at any size one event type at a time, behind a
long reader without stalling ingest, and never taking an event whose derived work has not run."""

import threading
import time
from datetime import timedelta

import pytest
from celery.exceptions import Retry
from django.db import connection, connections
from rest_framework.test import APIClient

from config import clock
from telemetry import partitions, retention
from telemetry.models import Observation, PendingDerivation, ToolInvocation
from telemetry.tasks import RetentionIncomplete
from telemetry.tasks import prune_events as prune_task
from tests.factories import agent_with_token

pytestmark = pytest.mark.postgresql("PostgreSQL's partitions")
TABLE = ToolInvocation._meta.db_table


def names(table: str = TABLE) -> list[str]:
    with connection.cursor() as cursor:
        return [p.name for p in partitions.partitions(cursor, table)]


def tool(n: int, at) -> dict:
    return {
        "id": f"t-{n}",
        "type": "tool_invocation",
        "timestamp": at.isoformat(),
        "body": {"session_id": f"s{n % 7}", "tool": "bash", "outcome": "success", "duration_ms": n},
    }


def bulk_tools(agent_id: int, at, count: int, *, first: int = 0) -> None:
    """`count` tool rows at `at` (+ n ms), written in one statement."""
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{TABLE}" (agent_id, dedup_key, sha256, occurred_at, received_at, session_id, tool, '
            "args, outcome, duration_ms, failure_mode, error) "
            "SELECT %s, 'b-' || n, md5(n::text) || md5(n::text), %s + n * interval '1 millisecond', now(), "
            "'s', 'bash', '{}', 'success', 1, '', '' FROM generate_series(%s::int, %s::int) n",
            [agent_id, at, first, first + count - 1],
        )


@pytest.mark.django_db
def test_migrate_leaves_partitions_for_now_and_the_periods_ahead():
    made = names()
    start, _ = partitions.period_of(clock.now())
    assert partitions.name_for(TABLE, start) in made
    assert partitions.name_for(TABLE, start + timedelta(days=3)) in made


@pytest.mark.django_db(transaction=True)
def test_a_large_default_partition_moves_out_while_ingest_goes_on(broker_down):
    agent, token = agent_with_token(name="mover")
    day = partitions.period_of(clock.now() - timedelta(days=20))[0]
    with connection.cursor() as cursor:  # a period whose rows arrived before it had a partition
        for p in partitions.partitions(cursor, TABLE):
            if p.start is not None and p.start <= day < p.end:
                cursor.execute(f'DROP TABLE "{p.name}"')
    bulk_tools(agent.pk, day, 60_000)
    stop, answers, slowest = threading.Event(), [], [0.0]

    def ingest():
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        n = 0
        try:
            while not stop.is_set():
                batch = [tool(100_000 + n + i, day + timedelta(hours=1, seconds=n + i)) for i in range(5)]
                began = time.monotonic()
                response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
                slowest[0] = max(slowest[0], time.monotonic() - began)
                answers.extend(r["status"] for r in response.json()["results"])
                n += 5
        finally:
            connections.close_all()

    thread = threading.Thread(target=ingest)
    thread.start()
    try:
        time.sleep(0.3)
        result = partitions.partitions_ensure()
        time.sleep(0.3)
    finally:
        stop.set()
        thread.join()
    assert answers and set(answers) == {201}, sorted(set(answers))
    assert result["moved"] >= 60_000 and result["outside"] == 0
    assert partitions.name_for(TABLE, day) in names()
    stored = ToolInvocation.objects.filter(agent=agent).count()
    assert stored == 60_000 + len(answers)  # nothing lost, nothing twice
    assert slowest[0] < 5.0  # the move held its lock for a moment, not for the whole copy


@pytest.mark.django_db
def test_retention_keeps_more_cited_events_than_bind_parameters_allow_and_goes_on_past_a_failure(
    settings, monkeypatch
):
    from governance.models import Citation, Proposal

    settings.KAIZEN = {**settings.KAIZEN, "RETENTION_DAYS": 30}
    agent, _ = agent_with_token(name="old")
    old = partitions.period_of(clock.now() - timedelta(days=60))[0]
    partitions.partition_add(TABLE, old)
    bulk_tools(agent.pk, old, 80_000)
    proposal = Proposal.objects.create(type="maintenance", title="t")
    with connection.cursor() as cursor:  # 70,000 citations: more than 65,535 bind parameters
        cursor.execute(
            f'INSERT INTO "{Citation._meta.db_table}" (proposal_id, event_type, row_id) '
            f"SELECT %s, 'tool_invocation', id FROM \"{TABLE}\" ORDER BY id LIMIT 70000",
            [proposal.pk],
        )
    waiting = ToolInvocation.objects.order_by("-id").values_list("id", "occurred_at")[0]
    PendingDerivation.objects.create(  # derived work not done yet: the event must outlive the prune
        event_type="tool_invocation", row_id=waiting[0], occurred_at=waiting[1], received_at=clock.now()
    )
    Observation.objects.create(
        agent=agent, dedup_key="o", sha256="0" * 64, occurred_at=old, received_at=old, text="old"
    )
    real = partitions.partition_retire

    def failing(table, partition, sql, params):
        if table == Observation._meta.db_table:
            raise RuntimeError("disk on fire")
        return real(table, partition, sql, params)

    monkeypatch.setattr(partitions, "partition_retire", failing)
    partitions.partition_add(Observation._meta.db_table, old)
    with pytest.raises(Retry) as retried:  # Celery tries the run again later
        prune_task.apply(throw=True, kwargs={}).get()
    assert isinstance(retried.value.exc, RetentionIncomplete)
    assert ToolInvocation.objects.filter(agent=agent).count() == 70_001  # the cited ones and the waiting one
    assert partitions.name_for(TABLE, old) not in names()
    assert f"{partitions.name_for(TABLE, old)}_kept" in names()
    assert Observation.objects.count() == 1  # its failure stopped only itself
    from fleet.ticks import failing_jobs

    assert "disk on fire" in failing_jobs()["telemetry.prune_events"]
    monkeypatch.setattr(partitions, "partition_retire", real)
    result = retention.prune_events(older_than_days=30)
    assert result["failed"] == {} and Observation.objects.count() == 0
    Citation.objects.all().delete()
    PendingDerivation.objects.all().delete()
    retention.prune_events(older_than_days=30)  # nothing needed any more: the kept partition goes
    assert ToolInvocation.objects.filter(agent=agent).count() == 0
    assert f"{partitions.name_for(TABLE, old)}_kept" not in names()


@pytest.mark.django_db(transaction=True)
def test_a_prune_behind_a_long_reader_never_stalls_ingest(broker_down, monkeypatch):
    agent, token = agent_with_token(name="reader")
    old = partitions.period_of(clock.now() - timedelta(days=200))[0]
    partitions.partition_add(TABLE, old)
    bulk_tools(agent.pk, old, 10)
    monkeypatch.setattr(partitions, "LOCK_BUDGET_S", 3.0)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    warm = client.post(
        "/api/v1/ingest", {"batch": [tool(99_999, clock.now())]}, format="json"
    )  # a warm process
    assert warm.json()["results"][0]["status"] == 201, warm.json()
    reader = connections.create_connection("default")
    reader.set_autocommit(False)
    results, timings, statuses = {}, [], []
    try:
        with reader.cursor() as cursor:  # a long report holds its read lock on the table
            cursor.execute(f'SELECT count(*) FROM "{TABLE}"')

        def prune():
            try:
                results.update(retention.prune_events(older_than_days=90))
            finally:
                connections.close_all()

        thread = threading.Thread(target=prune)
        thread.start()
        n = 0
        while thread.is_alive() and n < 2000:
            began = time.monotonic()
            response = client.post("/api/v1/ingest", {"batch": [tool(n, clock.now())]}, format="json")
            timings.append(time.monotonic() - began)
            statuses.extend(r["status"] for r in response.json()["results"])
            n += 1
        thread.join()
    finally:
        reader.rollback()
        reader.close()
    assert set(statuses) == {201}
    assert "tool_invocation" in results["failed"] and "lock" in results["failed"]["tool_invocation"]
    assert len(timings) > 5 and max(timings) < 1.0, max(timings)
    mine = ToolInvocation.objects.filter(agent=agent)
    assert mine.filter(occurred_at__gte=clock.now() - timedelta(days=1)).count() == 1 + n  # nothing lost
    # the old period's uncited rows are due: its partition is retired whole or not at all
    assert mine.filter(occurred_at__lt=clock.now() - timedelta(days=90)).count() in (0, 10)
