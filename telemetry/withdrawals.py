"""Stored events taken back: an event that turned out to be part of another (an OpenTelemetry
run's calls, stored on their own while the run was quiet, until the run's root arrived and its
outcome took them over) is deleted with its entries on the derived-work to-do list, and the
handlers that had already derived from it take that back.

A handler of `<event type>` that keeps something per event registers for
`<event type>_withdrawn` (telemetry.hooks) the handler that takes it back; each withdrawn row
comes as a dict of its columns whose `derived_by` names the handlers that had seen it
(`hooks.handled` asks). No derive pass works the agent's entries while the withdrawal's
transaction is open, so an event is taken back exactly when it was counted.
"""

from collections import defaultdict

from django.conf import settings
from django.db import connection

from fleet.models import Agent
from telemetry import hooks
from telemetry.derived import ADVISORY_LOCK
from telemetry.models import EVENT_MODELS, PendingDerivation


def agent_held(agent_id: int) -> None:
    """Until the caller's transaction ends, no derive pass works `agent_id`'s entries: the
    advisory lock of its bucket (telemetry.derived), for the transaction, waiting for a pass that
    holds it. On PostgreSQL only: elsewhere the database has one writer at a time."""
    if connection.vendor != "postgresql":
        return
    bucket = agent_id % settings.KAIZEN["DERIVE_BUCKETS"]
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [ADVISORY_LOCK, bucket])


def events_withdraw(event_type: str, agent: Agent, rows) -> int:
    """Delete `rows` (a queryset of `event_type` events of `agent`) inside the caller's
    transaction, with their to-do entries; dispatch those some handler had derived from as
    `<event_type>_withdrawn`. Return how many were deleted."""
    agent_held(agent.pk)
    found = list(rows.values())
    if not found:
        return 0
    ids = [row["id"] for row in found]
    entries = PendingDerivation.objects.filter(event_type=event_type, row_id__any_of=ids)
    owed: dict[int, set[str]] = defaultdict(set)
    for row_id, handler in entries.values_list("row_id", "handler"):
        owed[row_id].add(handler)
    entries.delete()
    times = [row["occurred_at"] for row in found]
    EVENT_MODELS[event_type].objects.filter(
        pk__any_of=ids, occurred_at__gte=min(times), occurred_at__lte=max(times)
    ).delete()
    counted = []
    for row in found:
        waiting = owed.get(row["id"], set())
        if "" in waiting:  # no handler has seen it yet
            continue
        row["derived_by"] = {
            r.name for r in hooks.registrations(event_type) if r.accepts(row) and r.name not in waiting
        }
        if row["derived_by"]:
            counted.append(row)
    if counted:
        hooks.dispatch(f"{event_type}_withdrawn", agents={agent.pk: agent}, rows=counted)
    return len(found)


def events_amend(event_type: str, agent: Agent, amended: list[tuple[dict, dict]]) -> int:
    """Change stored events of `agent` inside the caller's transaction: `amended` holds, for
    each, its row as stored (a dict of its columns) and the changes. Those some handler had
    already derived from are dispatched as `<event_type>_amended`, each as its row after the
    change, with `before` (the changed columns' values it was derived with) and `derived_by`;
    a handler that has not seen it yet reads the changed row when it does. No derive pass works
    the agent's entries meanwhile, so a change is handed on exactly when it was counted before.
    Return how many were changed."""
    if not amended:
        return 0
    agent_held(agent.pk)
    model = EVENT_MODELS[event_type]
    ids = [row["id"] for row, _ in amended]
    owed: dict[int, set[str]] = defaultdict(set)
    entries = PendingDerivation.objects.filter(event_type=event_type, row_id__any_of=ids)
    for row_id, handler in entries.values_list("row_id", "handler"):
        owed[row_id].add(handler)
    counted = []
    for row, changes in amended:
        model.objects.filter(pk=row["id"], occurred_at=row["occurred_at"]).update(**changes)
        waiting = owed.get(row["id"], set())
        if "" in waiting:  # no handler has seen it yet
            continue
        seen = {r.name for r in hooks.registrations(event_type) if r.accepts(row) and r.name not in waiting}
        if seen:
            before = {name: row.get(name) for name in changes}
            counted.append({**row, **changes, "before": before, "derived_by": seen})
    if counted:
        hooks.dispatch(f"{event_type}_amended", agents={agent.pk: agent}, rows=counted)
    return len(amended)
