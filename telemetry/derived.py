"""Derived work, off the request path and durable through broker or worker outages.

The statement that stores an event some handler wants (telemetry/hooks.py) also writes it to
the to-do list (PendingDerivation), so the list is exactly as durable as the events, and the
event tables are never updated after their INSERT. The worker drains the list in bounded
batches, oldest first (beat runs `telemetry.derive_pending` every 2 s; each run drains the
list and keeps polling it for KAIZEN_DERIVE_FOLLOW_SECONDS, or until its time is up).
Entries leave the list in the same transaction that derives from them, one process derives at
a time (a second run leaves at once), and a deadlock or lost connection rolls the batch back
for the next pass, so a killed worker or a second run doubles nothing and loses nothing.
Without a broker (tests, the demo) the list is drained in-process right after the ingest
stores its rows.

`backlog()` is the list's size and how long its oldest entry has waited (the derived-work lag),
exported on /metrics (the ingest benchmark samples the same age with its own query).
"""

import logging
import time
from collections import defaultdict
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import OperationalError, connection, transaction
from django.db.models import Count, Min

from config import clock
from telemetry import hooks
from telemetry.bulk import rows_by_id
from telemetry.models import EVENT_MODELS, Agent, PendingDerivation

log = logging.getLogger(__name__)
BATCH_ROWS = 2000
TIME_BUDGET_S = 20.0
POLL_S = 1.0  # a batch costs ~30 ms whatever its size: fewer, larger ones while following
ADVISORY_LOCK = 0x4B5A_0001  # derive_pending's PostgreSQL advisory lock key


def derive_pending(
    *, max_batches: int = 1000, types: list[str] | None = None, follow_seconds: float = 0
) -> int:
    """Hand the to-do list to the handlers, batch by batch, until it is empty, `max_batches`
    batches or TIME_BUDGET_S have passed; return the entries drained. With `follow_seconds`,
    an empty list is polled every POLL_S until that long after the start.

    One process derives at a time (a PostgreSQL advisory lock; a second run finds it taken and
    leaves at once): handlers of different batches update the same stores and pattern rows, and
    two of them in parallel would deadlock, not go faster."""
    drained, started = 0, time.monotonic()
    with _one_at_a_time() as mine:
        if not mine:
            return 0
        for _ in range(max_batches):
            done = _derive_batch(types)
            drained += done
            elapsed = time.monotonic() - started
            if elapsed > TIME_BUDGET_S:
                break
            if done < BATCH_ROWS:
                if elapsed + POLL_S > follow_seconds:
                    break
                time.sleep(POLL_S)
    return drained


@contextmanager
def _one_at_a_time():
    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield True  # SQLite has one writer anyway; inside a transaction the caller serialises
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [ADVISORY_LOCK])
        mine = cursor.fetchone()[0]
    try:
        yield mine
    finally:
        if mine:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [ADVISORY_LOCK])


def _derive_batch(types: list[str] | None) -> int:
    """Derive from the oldest BATCH_ROWS entries (of `types`), type by type; they leave the list
    in the same transaction (a failure puts them back)."""
    with transaction.atomic():
        entries = _claim(types)
        if not entries:
            return 0
        ids_by_type: dict[str, list[int]] = defaultdict(list)
        for event_type, row_id in entries:
            ids_by_type[event_type].append(row_id)
        for event_type in hooks.handled_types(ids_by_type):
            _dispatch(event_type, ids_by_type[event_type])
    return len(entries)


def _claim(types: list[str] | None) -> list[tuple[str, int]]:
    """Delete the oldest BATCH_ROWS entries (of `types`) and return their (type, row id): one
    statement, the ids travelling as one array parameter on PostgreSQL rather than thousands of
    placeholders."""
    if not connection.features.can_return_rows_from_bulk_insert:  # SQLite before 3.35
        todo = PendingDerivation.objects.order_by("id")
        if types is not None:
            todo = todo.filter(event_type__in=types)
        entries = list(todo.values_list("id", "event_type", "row_id")[:BATCH_ROWS])
        PendingDerivation.objects.filter(id__in=[entry[0] for entry in entries]).delete()
        return [(event_type, row_id) for _, event_type, row_id in entries]
    table = connection.ops.quote_name(PendingDerivation._meta.db_table)
    where, params = "", []
    if types is not None:
        where = f"WHERE event_type IN ({', '.join(['%s'] * len(types))})"
        params = list(types)
    sql = (
        f"DELETE FROM {table} WHERE id IN (SELECT id FROM {table} {where} ORDER BY id LIMIT %s) "
        "RETURNING event_type, row_id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, BATCH_ROWS])
        return cursor.fetchall()


def _dispatch(event_type: str, row_ids: list[int]) -> None:
    rows = rows_by_id(EVENT_MODELS[event_type], row_ids)
    agents = Agent.objects.in_bulk({row["agent_id"] for row in rows})
    for registration in hooks.registrations(event_type):
        chosen = [row for row in rows if registration.accepts(row)]
        if not chosen:
            continue
        if registration.whole_batch and _isolated(registration, agents, chosen, "the whole batch"):
            continue
        by_agent: dict[int, list[dict]] = defaultdict(list)
        for row in chosen:
            by_agent[row["agent_id"]].append(row)
        for agent_id in sorted(by_agent):  # again agent by agent: one agent's bad data holds back no one
            _isolated(registration, {agent_id: agents[agent_id]}, by_agent[agent_id], f"agent {agent_id}")


def _isolated(registration, agents: dict, rows: list[dict], whose: str) -> bool:
    """Run a handler in a savepoint; False (logged) when it failed on the data."""
    try:
        with transaction.atomic():
            registration.call(agents, rows)
        return True
    except OperationalError:
        raise  # the database, not the data: roll the batch back, the next pass retries it
    except Exception:
        log.exception("%s failed on the rows of %s", registration.handler.__name__, whose)
        return False


@dataclass(frozen=True)
class Backlog:
    pending: int  # events waiting for their derived work
    lag_seconds: float  # how long the oldest of them has waited (0 when none waits)


def backlog() -> Backlog:
    """The to-do list's size and age, in one aggregate."""
    row = PendingDerivation.objects.aggregate(n=Count("id"), at=Min("received_at"))
    lag = max(0.0, (clock.now() - row["at"]).total_seconds()) if row["at"] else 0.0
    return Backlog(row["n"], lag)


def drain_in_process(types: list[str]) -> None:
    """Without a broker nothing else would drain the list: do it now, in this process."""
    from config.celery import app

    if app.conf.task_always_eager:
        derive_pending(types=types)
