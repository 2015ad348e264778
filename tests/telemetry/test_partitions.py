"""On PostgreSQL the event tables are partitioned by the events' time: partitions are made ahead
and out of the default partition's rows, a replay is still recognised wherever its row lives,
and retention drops whole partitions without losing anything a proposal or a fact cites."""

import io
import json
import threading
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from rest_framework.test import APIClient

from governance.services import proposal_create
from learning.models import LearnedFact
from telemetry import partitions
from telemetry.models import Correction, Observation, ToolInvocation
from telemetry.tasks import partitions_ensure
from tests.concurrency import at_once
from tests.conftest import FIXED_NOW
from tests.factories import agent_with_token
from tests.planner.helpers import client_for

pytestmark = [
    pytest.mark.postgresql("PostgreSQL's partitions"),
    pytest.mark.usefixtures("clock"),
]
TABLE = ToolInvocation._meta.db_table


def tool(n: int, at, *, id: str | None = None) -> dict:
    return {
        "id": id or f"t-{n}",
        "type": "tool_invocation",
        "timestamp": at.isoformat(),
        "body": {"session_id": "s", "tool": "bash", "outcome": "success", "duration_ms": n},
    }


def post(client, batch):
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert response.status_code in (200, 201, 207), response.content
    return [r["status"] for r in response.json()["results"]]


def where(model) -> dict[int, str]:
    """Each row's id → the partition it is stored in."""
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT id, tableoid::regclass::text FROM "{model._meta.db_table}"')
        return dict(cursor.fetchall())


def names(table: str) -> list[str]:
    with connection.cursor() as cursor:
        return [p.name for p in partitions.partitions(cursor, table)]


@pytest.mark.django_db
def test_partitions_are_made_ahead_and_out_of_the_default_partition(settings):
    settings.KAIZEN = {**settings.KAIZEN, "PARTITIONS_AHEAD": 2, "RETENTION_DAYS": 30}
    _, client = client_for("alice")
    three_days_ago = FIXED_NOW - timedelta(days=3)
    with connection.cursor() as cursor:  # whatever `migrate` made at the real date: none for that day
        for p in partitions.partitions(cursor, TABLE):
            if p.start is not None and p.start <= three_days_ago < p.end:
                cursor.execute(f'DROP TABLE "{p.name}"')
    early = [tool(n, three_days_ago - timedelta(minutes=n)) for n in range(3)]  # before any partition
    assert post(client, early) == [201] * 3
    assert set(where(ToolInvocation).values()) == {f"{TABLE}_default"}
    ids = dict(ToolInvocation.objects.values_list("dedup_key", "id"))

    result = partitions_ensure.apply(kwargs={}).get()
    today = f"{TABLE}_p{FIXED_NOW:%Y%m%d}"
    then = f"{TABLE}_p{three_days_ago:%Y%m%d}"
    assert {today, then, f"{TABLE}_p{FIXED_NOW + timedelta(days=2):%Y%m%d}"} <= set(names(TABLE))
    assert result["moved"] == 3 and result["outside"] == 0
    stored = where(ToolInvocation)
    assert {stored[ids[f"t-{n}"]] for n in range(3)} == {then}  # same ids, moved
    # a second run finds everything made
    assert partitions_ensure.apply(kwargs={}).get() == {"created": 0, "moved": 0, "outside": 0}

    now_event = tool(20, FIXED_NOW)
    assert post(client, [now_event]) == [201]
    assert where(ToolInvocation)[ToolInvocation.objects.get(dedup_key="t-20").pk] == today


@pytest.mark.django_db
def test_a_replay_is_recognised_in_its_partition_and_the_same_id_at_another_time_is_new():
    partitions.partitions_ensure()
    _, client = client_for("alice")
    first = [tool(n, FIXED_NOW - timedelta(minutes=n)) for n in range(30)]  # by COPY
    assert post(client, first) == [201] * 30
    assert post(client, first) == [200] * 30
    assert post(client, first[:3]) == [200] * 3  # by INSERT … ON CONFLICT
    later = tool(0, FIXED_NOW + timedelta(hours=1))  # the client reused an id for another event
    assert post(client, [later, first[5]]) == [201, 200]
    assert ToolInvocation.objects.count() == 31
    hashed = {**tool(1, FIXED_NOW), "id": None}  # no client id: its content hash is the key
    hashed.pop("id")
    assert post(client, [hashed]) == [201] and post(client, [hashed]) == [200]


@pytest.mark.django_db(transaction=True)
def test_concurrent_replays_store_each_event_once(broker_down):
    partitions.partitions_ensure()
    agent, token = agent_with_token(name="racer")
    batches = {
        "copy": [tool(n, FIXED_NOW - timedelta(minutes=n)) for n in range(40)],
        "insert": [tool(100 + n, FIXED_NOW - timedelta(days=2, minutes=n)) for n in range(5)],
    }
    for batch in batches.values():
        answers = []

        def send(batch=batch, answers=answers):
            client = APIClient()
            client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
            answers.append(post(client, batch))

        at_once(send, send, send)
        assert len(answers) == 3
        for position in range(len(batch)):
            assert sorted(a[position] for a in answers) == [200, 200, 201]
    assert ToolInvocation.objects.filter(agent=agent).count() == 45


def waiting_on_a_lock(pids: set[int]) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
        return bool({pid for (pid,) in cursor.fetchall()} & pids)


@pytest.mark.django_db(transaction=True)
def test_derived_work_waiting_on_a_partition_move_derives_every_moved_event(broker_down, monkeypatch):
    """A derive pass whose read waits for a move's last transaction reads the moved rows where
    they land: it derives their friction, and leaves nothing on the list and nothing lost."""
    from learning.models import FrictionEvent
    from telemetry.derived import derive_pending
    from telemetry.models import PendingDerivation

    partitions.partitions_ensure()
    _, client = client_for("mover")
    then = FIXED_NOW - timedelta(days=3)
    with connection.cursor() as cursor:  # no partition for that day: a late event's case
        for p in partitions.partitions(cursor, TABLE):
            if p.start is not None and p.start <= then < p.end:
                cursor.execute(f'DROP TABLE "{p.name}"')
    failures = [
        {
            **tool(n, then + timedelta(minutes=n)),
            "body": {
                "session_id": "s",
                "tool": "npm",
                "outcome": "failure",
                "duration_ms": 5,
                "failure_mode": "NOTFOUND.package",
            },
        }  # fmt: skip
        for n in range(3)
    ]
    assert post(client, failures) == [201] * 3 and PendingDerivation.objects.count() == 3

    attached, release, pids = threading.Event(), threading.Event(), set()
    real = partitions.with_short_locks

    def held_open(work, **kwargs):  # the move's last transaction stays open until released
        def work_then_wait(cursor):
            result = work(cursor)
            if work.__name__ == "attach":
                attached.set()
                assert release.wait(30)
            return result

        return real(work_then_wait, **kwargs)

    monkeypatch.setattr(partitions, "with_short_locks", held_open)

    def run(job):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            pids.add(cursor.fetchone()[0])
        try:
            job()
        finally:
            connection.close()

    mover = threading.Thread(
        target=run, args=(lambda: partitions.partition_add(TABLE, partitions.period_of(then)[0]),)
    )
    mover.start()
    assert attached.wait(30)
    deriver = threading.Thread(target=run, args=(derive_pending,))
    deriver.start()
    deadline = time.monotonic() + 30
    while not waiting_on_a_lock(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert waiting_on_a_lock(pids)  # the pass waits for the move
    release.set()
    mover.join(30)
    deriver.join(30)
    assert set(where(ToolInvocation).values()) >= {f"{TABLE}_p{then:%Y%m%d}"}
    assert PendingDerivation.objects.count() == 0
    assert FrictionEvent.objects.filter(session_id="s", count=3).count() == 1


@pytest.mark.django_db
def test_retention_drops_whole_partitions_and_keeps_what_is_cited(settings):
    settings.KAIZEN = {**settings.KAIZEN, "PARTITIONS_AHEAD": 1}
    agent, client = client_for("alice")
    old = FIXED_NOW - timedelta(days=120)
    assert post(client, [tool(n, old + timedelta(minutes=n)) for n in range(25)]) == [201] * 25
    correction = {
        "id": "c-1",
        "type": "correction",
        "timestamp": (old + timedelta(minutes=30)).isoformat(),
        "body": {"user_message": "Use pnpm, not npm.", "session_id": "s"},
    }
    recent = {"type": "observation", "timestamp": FIXED_NOW.isoformat(), "body": {"text": "fine"}}
    assert post(client, [correction, recent]) == [201, 201]
    settings.KAIZEN = {**settings.KAIZEN, "RETENTION_DAYS": 365}
    partitions.partitions_ensure()  # the old events get partitions of their own
    old_partition = f"{TABLE}_p{old:%Y%m%d}"
    assert old_partition in names(TABLE)
    cited = list(ToolInvocation.objects.order_by("pk").values_list("pk", flat=True)[:2])
    proposal_create(type="maintenance", title="t", evidence={"cites": {"tool_invocation": cited}})
    fact = LearnedFact.objects.filter(correction__isnull=False).first() or LearnedFact.objects.create(
        template=agent.template,
        agent=agent,
        correction=Correction.objects.get(),
        content="Use pnpm.",
        confidence=0.9,
        source="user-stated",
        created_at=FIXED_NOW,
    )

    out = io.StringIO()
    call_command("prune_events", "--older-than", "90", "--dry-run", stdout=out)
    assert "tool_invocation: would delete" in out.getvalue() and old_partition in out.getvalue()
    assert ToolInvocation.objects.count() == 25 and old_partition in names(TABLE)

    out = io.StringIO()
    call_command("prune_events", "--older-than", "90", "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert old_partition in result["partitions"]["tool_invocation"]
    assert old_partition not in names(TABLE)
    assert sorted(ToolInvocation.objects.values_list("pk", flat=True)) == sorted(cited)  # kept, same ids
    assert set(where(ToolInvocation).values()) == {f"{old_partition}_kept"}  # a small partition of its own
    assert result["kept"]["tool_invocation"] == 2 and result["failed"] == {}
    fact.refresh_from_db()
    assert fact.correction.user_message == "Use pnpm, not npm."  # the fact's correction survives
    assert Observation.objects.count() == 1
    # run again: nothing more goes, the kept rows stay where they are
    call_command("prune_events", "--older-than", "90", "--json", stdout=io.StringIO())
    assert sorted(ToolInvocation.objects.values_list("pk", flat=True)) == sorted(cited)


@pytest.mark.django_db
def test_a_longer_period_starts_where_the_shorter_partitions_end(settings):
    settings.KAIZEN = {**settings.KAIZEN, "PARTITIONS_AHEAD": 3}
    partitions.partitions_ensure()
    # weeks overlapping the days made already (by migrate, a week of them) are skipped: four weeks
    # ahead reach past those days whatever the weekday the suite runs on
    settings.KAIZEN = {**settings.KAIZEN, "PARTITION_DAYS": 7, "PARTITIONS_AHEAD": 4}
    partitions.partitions_ensure()
    with connection.cursor() as cursor:
        made = [p for p in partitions.partitions(cursor, TABLE) if p.start is not None]
    for before, after in zip(made, made[1:], strict=False):
        assert before.end <= after.start  # no overlap
    assert made[-1].end - made[-1].start == timedelta(days=7)
