"""Derived work that must survive a broker or worker outage: friction detection (loop 1).

Ingest marks each failed tool invocation `pending_derivation` in the same INSERT that stores it,
so the to-do list is exactly as durable as the events. The worker drains it in bounded batches
(beat runs `telemetry.derive_pending` every few seconds); rows leave the list in the same
transaction that derives from them, and friction fires once per (session, tool, mode) by a
unique constraint, so a killed worker or a second concurrent run doubles nothing. Without a
broker (tests, the demo) the list is drained in-process right after the ingest commits.
"""

import logging
from collections import defaultdict

from django.db import connection, transaction

from telemetry import hooks
from telemetry.loops import friction_detect
from telemetry.models import Agent, ToolInvocation

log = logging.getLogger(__name__)
BATCH_ROWS = 500
FIELDS = ("id", "agent_id", "session_id", "tool", "failure_mode", "outcome", "occurred_at")


def needs_derivation(event_type: str, row: dict) -> bool:
    """Only failures that carry a failure mode count towards friction (not timeouts or cancellations)."""
    return (
        event_type == "tool_invocation"
        and row.get("outcome") == ToolInvocation.Outcome.FAILURE
        and bool(row.get("failure_mode"))
    )


def derive_pending(*, max_batches: int = 20) -> int:
    """Run loop 1 over pending failures, at most `max_batches` batches; return the rows drained."""
    drained = 0
    for _ in range(max_batches):
        done = _derive_batch()
        drained += done
        if done < BATCH_ROWS:
            break
    return drained


def _derive_batch() -> int:
    with transaction.atomic():
        pending = ToolInvocation.objects.filter(pending_derivation=True).order_by("id")
        if connection.features.has_select_for_update_skip_locked:
            pending = pending.select_for_update(skip_locked=True)  # concurrent runs split the work
        rows = list(pending.values(*FIELDS)[:BATCH_ROWS])
        if not rows:
            return 0
        by_agent: dict[int, list[dict]] = defaultdict(list)
        for row in rows:
            by_agent[row["agent_id"]].append(row)
        for agent in Agent.objects.filter(pk__in=by_agent):
            try:
                with transaction.atomic():
                    friction_detect(agent=agent, rows=by_agent[agent.pk])
            except Exception:  # one agent's bad data must not hold back everyone's
                log.exception("friction detection failed for agent %s; its rows are skipped", agent.pk)
        ToolInvocation.objects.filter(pk__in=[r["id"] for r in rows]).update(pending_derivation=False)
    return len(rows)


def pending_count() -> int:
    return ToolInvocation.objects.filter(pending_derivation=True).count()


@hooks.on_stored("tool_invocation", transactional=False)
def drain_without_broker(*, agent, rows: list[dict]) -> None:
    """Failures wait in the durable to-do list (`pending_derivation`) for the worker; without a
    broker nothing else would drain it, so it is drained in-process once the ingest commits."""
    from config.celery import app

    if app.conf.task_always_eager and any(needs_derivation("tool_invocation", r) for r in rows):
        transaction.on_commit(derive_pending)
