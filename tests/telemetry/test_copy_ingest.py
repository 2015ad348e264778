"""On PostgreSQL a batch's new events of one type travel by COPY from COPY_ROWS of them on; what
is stored, what is answered and what enters the to-do list are the same as by INSERT … ON
CONFLICT, and a row a concurrent request stored in between still counts once. (Awkward texts by
COPY: test_ingest_api.)"""

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from telemetry import row_writes
from telemetry.models import EVENT_MODELS, PendingDerivation
from tests.factories import agent_with_token
from tests.planner.helpers import client_for
from tests.telemetry.events import VALID_BODIES, event
from tests.telemetry.test_ingest_api import URL, post

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.postgresql("COPY is PostgreSQL's; elsewhere every batch is INSERTed"),
]
VARIED = {  # a few fields that differ from event to event (nulls, booleans, floats, JSON)
    "tool_invocation": lambda n: {"outcome": ["failure", "success"][n % 2], "args": {"n": n, "f": n / 7}},
    "skill_outcome": lambda n: {"success": n % 3 != 0, "cost_usd": None if n % 2 else n / 1000},
    "observation": lambda n: {"text": f"seen {n}"},
    "correction": lambda n: {"user_tool_call": None} if n % 2 else {},
    "decision": lambda n: {"subject": f"s-{n}"},
    "session_end": lambda n: {"session_id": f"s-{n}"},
    "wake_run": lambda n: {"duration_ms": n},
}


@pytest.fixture
def copies(monkeypatch) -> list[str]:
    """The event types each ingest stored by COPY."""
    seen, real_copy = [], row_writes.copy_new

    def spy(model, rows, *args, **kwargs):
        if model in EVENT_MODELS.values():  # the sessions they name may go by COPY too
            seen.append(model.__name__)
        return real_copy(model, rows, *args, **kwargs)

    monkeypatch.setattr(row_writes, "copy_new", spy)
    return seen


def mixed_batch(tag: str, per_type: int = row_writes.COPY_ROWS + 5) -> list[dict]:
    return [
        event(t, id=f"{tag}-{t}-{n}", **VARIED[t](n)) for t in sorted(VALID_BODIES) for n in range(per_type)
    ]


def stored(agent) -> dict[str, list[dict]]:
    """Every stored event of `agent` but what differs between two agents and two requests."""
    skip = {"id", "agent_id", "template_version_id", "received_at"}
    return {
        name: [
            {k: v for k, v in row.items() if k not in skip}
            for row in model.objects.filter(agent=agent).order_by("dedup_key").values()
        ]
        for name, model in EVENT_MODELS.items()
    }


def todo(agent) -> list[tuple[str, str]]:
    """The to-do list's entries for `agent`'s events, as (type, dedup key), one per entry (an
    event entered twice shows twice)."""
    entries = []
    for event_type, model in EVENT_MODELS.items():
        keys = dict(model.objects.filter(agent=agent).values_list("pk", "dedup_key"))
        listed = PendingDerivation.objects.filter(event_type=event_type, row_id__in=keys)
        entries += [(event_type, keys[row_id]) for row_id in listed.values_list("row_id", flat=True)]
    return sorted(entries)


def test_copy_stores_and_answers_exactly_what_insert_does(copies, monkeypatch, broker_down):
    (by_copy, copy_client), (by_insert, insert_client) = client_for("copy"), client_for("insert")
    batch = mixed_batch("m")
    copied = post(copy_client, batch).json()["results"]
    assert sorted(copies) == sorted(EVENT_MODELS[t].__name__ for t in VALID_BODIES)

    monkeypatch.setattr(row_writes, "COPY_ROWS", 10**6)
    inserted = post(insert_client, batch).json()["results"]
    assert len(copies) == len(VALID_BODIES)  # the second agent's batch took no COPY
    assert copied == inserted and {r["status"] for r in copied} == {201}
    assert stored(by_copy) == stored(by_insert)
    assert todo(by_copy) == todo(by_insert) != []


def test_a_replayed_or_overlapping_batch_by_copy_stores_nothing_twice(copies, broker_down):
    agent, client = client_for("replay")
    first = mixed_batch("r")
    assert {r["status"] for r in post(client, first).json()["results"]} == {201}
    assert {r["status"] for r in post(client, first).json()["results"]} == {200}
    # half of them stored before, the other half new, and one new event sent twice
    overlap = first[::2] + mixed_batch("new")
    overlap.append(overlap[-1])
    statuses = [r["status"] for r in post(client, overlap).json()["results"]]
    half = len(first[::2])
    assert statuses == [200] * half + [201] * (len(overlap) - half - 1) + [200]
    assert sum(model.objects.filter(agent=agent).count() for model in EVENT_MODELS.values()) == 2 * len(first)
    assert len(todo(agent)) == len(set(todo(agent)))


@pytest.mark.django_db(transaction=True)
def test_events_a_concurrent_request_stores_meanwhile_count_once(copies, monkeypatch, broker_down):
    """Another request commits some of the batch's events after this one found them new and
    before its COPY: the COPY fails on the unique key, the batch is stored again by INSERT … ON
    CONFLICT, and those events are answered 200."""
    agent, token = agent_with_token(name="racer")
    batch = [
        event("tool_invocation", id=f"race-{n}", duration_ms=n) for n in range(row_writes.COPY_ROWS + 10)
    ]
    theirs = batch[3:6]
    real_draw = row_writes.draw_ids

    def draw_then_lose_the_race(cursor, t, keys):
        drawn = real_draw(cursor, t, keys)
        other = APIClient()
        other.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        done = threading.Thread(target=lambda: (post(other, theirs), connection.close()))
        done.start()
        done.join()
        return drawn

    monkeypatch.setattr(row_writes, "draw_ids", draw_then_lose_the_race)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    statuses = [r["status"] for r in post(client, batch).json()["results"]]
    assert copies == ["ToolInvocation"]  # it did try the COPY first
    assert statuses == [201] * 3 + [200] * 3 + [201] * (len(batch) - 6)
    rows = EVENT_MODELS["tool_invocation"].objects.filter(agent=agent)
    assert rows.count() == len(batch) == rows.values("dedup_key").distinct().count()
    assert PendingDerivation.objects.count() == len(batch)  # failures: each waits for friction once
    client.get(URL)  # the connection is still usable after the rolled-back COPY
