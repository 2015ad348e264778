"""A prune on PostgreSQL, stopped and killed half-way: ingest goes on while it copies the rows it
keeps (it holds no lock on the event table then), and the runs after a kill, mid-copy and after
its swap, keep every cited event once, same id, same row, nothing else.

The prune's copy is held still by a SHARE lock on its kept table (which every insert into that
table waits for), let through one batch at a time, and its connection is killed by the server
(pg_terminate_backend), as a worker killed mid-task would leave it."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection, connections
from rest_framework.test import APIClient

from config import clock
from governance.models import Citation, Proposal
from telemetry import partitions, retention
from telemetry.models import ToolInvocation
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db(transaction=True)
TABLE = ToolInvocation._meta.db_table
ROWS, BATCH, INGEST_BOUND_S = 30_000, 1_000, 2.0


class PruneThread(threading.Thread):
    """`retention.prune_events` on a connection of its own, whose server process id it tells."""

    def __init__(self):
        super().__init__(daemon=True)
        self.pid, self.started, self.result, self.error = None, threading.Event(), None, None

    def run(self) -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                self.pid = cursor.fetchone()[0]
            self.started.set()
            self.result = retention.prune_events(older_than_days=90)
        except Exception as exc:  # the killed connection, once the other event types try it too
            self.error = exc
        finally:
            connections.close_all()


def query(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall() if cursor.description else []


def until(condition, what: str, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting until {what}"
        time.sleep(0.02)


def waiting_for_lock(pid: int) -> bool:
    return bool(query("SELECT 1 FROM pg_locks WHERE pid = %s AND NOT granted", [pid]))


def cite(proposal: Proposal, ids: list[int]) -> None:
    Citation.objects.bulk_create(
        [Citation(proposal=proposal, event_type="tool_invocation", row_id=i) for i in ids]
    )


def ingest_answers_in_time(client: APIClient, n: int) -> None:
    """One request storing an event of the table being pruned, from another connection."""
    began = time.monotonic()
    event = {
        "id": f"live-{n}",
        "type": "tool_invocation",
        "timestamp": clock.now().isoformat(),
        "body": {"session_id": "live", "tool": "bash", "outcome": "success", "duration_ms": 1},
    }
    response = client.post("/api/v1/ingest", {"batch": [event]}, format="json")
    seconds = time.monotonic() - began
    assert response.json()["results"][0]["status"] == 201, response.json()
    assert seconds < INGEST_BOUND_S, f"ingest waited {seconds:.2f} s on the prune"


def test_ingest_goes_on_mid_copy_and_a_killed_prune_runs_again_losing_and_doubling_nothing(
    broker_down, monkeypatch
):
    monkeypatch.setattr(partitions, "RETIRE_BATCH", BATCH)
    old_agent, _ = agent_with_token(name="old")
    _, token = agent_with_token(name="live")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    ingest_answers_in_time(client, 0)  # a warm process
    start, end = partitions.period_of(clock.now() - timedelta(days=200))
    partitions.partition_add(TABLE, start)
    query(
        f'INSERT INTO "{TABLE}" (agent_id, dedup_key, sha256, occurred_at, received_at, session_id, tool, '
        "args, outcome, duration_ms, failure_mode, error) "
        "SELECT %s, 'b-' || n, md5(n::text) || md5(n::text), %s + n * interval '1 second', now(), "
        "'s', 'bash', '{}', 'success', 1, '', '' FROM generate_series(1, %s) n",
        [old_agent.pk, start, ROWS],
    )
    original = dict(ToolInvocation.objects.filter(agent=old_agent).values_list("id", "dedup_key"))
    ids = sorted(original)
    first = Proposal.objects.create(type="maintenance", title="cites every other event")
    cite(first, ids[::2])
    name = partitions.name_for(TABLE, start)
    kept = f"{name}_kept"
    with connection.cursor() as cursor:  # made now so that the lock below holds the copy from its start
        partitions.empty_like(cursor, TABLE, kept, start, end)

    # 1. The copy, let through three batches, then held: ingest goes on; then the prune is killed.
    blocker = connections.create_connection("default")
    blocker.set_autocommit(False)

    def hold() -> None:
        with blocker.cursor() as cursor:
            cursor.execute(f'LOCK TABLE "{kept}" IN SHARE MODE')

    try:
        hold()
        prune = PruneThread()
        prune.start()
        prune.started.wait(30)
        until(lambda: waiting_for_lock(prune.pid), "the first batch waits")
        for _ in range(3):  # released, the waiting batch takes its lock; held again once it commits
            blocker.rollback()
            hold()
            until(lambda: waiting_for_lock(prune.pid), "the next batch waits")
        assert query(f'SELECT count(*) FROM "{kept}"') == [(3 * BATCH,)]  # mid-copy
        held = query(
            "SELECT mode FROM pg_locks WHERE pid = %s AND relation = %s::regclass", [prune.pid, TABLE]
        )
        assert held == [], held  # nothing on the event table, so nothing ingest would wait for
        ingest_answers_in_time(client, 1)
        assert ToolInvocation.objects.filter(agent=old_agent).count() == ROWS  # readers still see all
        query("SELECT pg_terminate_backend(%s)", [prune.pid])
        prune.join(60)
        assert not prune.is_alive()
    finally:
        blocker.rollback()
        blocker.close()
    assert prune.error is not None or prune.result["failed"].get("tool_invocation")
    assert name in [p.name for p in partitions.partitions(connection.cursor(), TABLE)]  # not swapped yet
    assert query(f'SELECT count(*) FROM "{kept}"') == [(3 * BATCH,)]  # what it committed stays

    # 2. Run again, with more cited meanwhile (below and past where the copy stopped); killed after
    # its swap, with more cited still while the detached partition waits to be finished.
    copied = query(f'SELECT max(id) FROM "{kept}"')[0][0]
    uncited = ids[1::2]
    second = Proposal.objects.create(type="maintenance", title="cites more")
    cite(second, [i for i in uncited if i < copied][:50] + [i for i in uncited if i > copied][:50])
    real_finish = partitions.retired_finish
    at_finish, go_on = threading.Event(), threading.Event()

    def finish_after_a_pause(*args):
        at_finish.set()
        go_on.wait(60)
        return real_finish(*args)

    monkeypatch.setattr(partitions, "retired_finish", finish_after_a_pause)
    prune = PruneThread()
    prune.start()
    try:
        assert at_finish.wait(120), "the prune never reached its swap"
        with connection.cursor() as cursor:
            attached = {p.name for p in partitions.partitions(cursor, TABLE)}
            assert partitions.retired_leftovers(cursor, TABLE) == [partitions.retired_name(name)]
        assert kept in attached and name not in attached
        cited_so_far = set(Citation.objects.values_list("row_id", flat=True))
        stored = list(ToolInvocation.objects.filter(agent=old_agent).values_list("id", flat=True))
        assert sorted(stored) == sorted(cited_so_far)  # swapped: the kept rows in its place, once each
        ingest_answers_in_time(client, 2)
        third = Proposal.objects.create(type="maintenance", title="cites more after the swap")
        cite(third, [i for i in uncited if i not in cited_so_far][:20])
        query("SELECT pg_terminate_backend(%s)", [prune.pid])
    finally:
        go_on.set()
        prune.join(60)
    assert prune.error is not None or prune.result["failed"].get("tool_invocation")
    assert query("SELECT to_regclass(%s) IS NOT NULL", [partitions.retired_name(name)]) == [(True,)]

    # 3. The next run finishes what the killed one left: every cited event once, unchanged.
    monkeypatch.setattr(partitions, "retired_finish", real_finish)
    result = retention.prune_events(older_than_days=90)
    assert result["failed"] == {}
    cited = set(Citation.objects.values_list("row_id", flat=True))
    assert len(cited) == ROWS // 2 + 100 + 20
    rows = list(ToolInvocation.objects.filter(agent=old_agent).values_list("id", "dedup_key"))
    assert len(rows) == len({i for i, _ in rows}) == len(cited)  # nothing twice, nothing else
    assert dict(rows) == {i: original[i] for i in cited}  # nothing lost: the same rows, same ids
    leftovers = query("SELECT relname FROM pg_class WHERE relname ~ '_(retired|keep_ids)$'")
    assert leftovers == []
    assert [p.name for p in partitions.partitions(connection.cursor(), TABLE) if p.start == start] == [kept]
