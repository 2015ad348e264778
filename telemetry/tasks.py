from django.conf import settings

from config.exclusive import Busy, exclusive
from fleet.ticks import periodic
from telemetry import services
from telemetry.derived import derive_pending as drain
from telemetry.derived import pass_time_limit
from telemetry.intake.otel_traces import traces_settle
from telemetry.partitions import partitions_ensure as ensure
from telemetry.retention import prune_events as prune


@periodic("telemetry.agent_activity_refresh", soft_time_limit=240)
def agent_activity_refresh() -> int:
    return services.agent_activity_refresh()


@periodic("telemetry.derive_pending", soft_time_limit=pass_time_limit())
def derive_pending() -> int:
    """Every 2 s: the handlers of new events over the rows waiting for them (idempotent, bounded),
    following the to-do list for KAIZEN_DERIVE_FOLLOW_SECONDS."""
    return drain(follow_seconds=settings.KAIZEN["DERIVE_FOLLOW_SECONDS"])


class RetentionIncomplete(Exception):
    """Some event types could not be pruned (the others were): Celery tries the run again."""


@periodic("telemetry.prune_events", autoretry_for=(RetentionIncomplete,), retry_backoff=300, max_retries=6)
def prune_events() -> dict:
    """Daily: retire raw events older than KAIZEN_RETENTION_DAYS, keeping what is cited or waits
    for derived work. A type that fails does not stop the others; the run then fails, is tried
    again (5, 10, 20 … minutes later) and shows as failing until a run passes. One prune at a
    time: two at once deadlocked on PostgreSQL."""
    try:
        with exclusive("prune_events"):
            result = prune(older_than_days=settings.KAIZEN["RETENTION_DAYS"])
    except Busy:  # a prune started by hand runs now: it does this run's work
        return {"skipped": "a prune is running"}
    if result["failed"]:
        raise RetentionIncomplete("; ".join(f"{t}: {why}" for t, why in result["failed"].items()))
    return result


@periodic("telemetry.partitions_ensure")
def partitions_ensure() -> dict:
    """Hourly, on PostgreSQL: the event tables' partitions for now and the periods ahead, and the
    default partitions' rows moved to partitions of their own (telemetry/partitions.py)."""
    return ensure()


@periodic("telemetry.settle_traces", soft_time_limit=300)
def settle_traces() -> int:
    """Every minute: map the traces whose root never arrived (see telemetry/intake/otel_traces.py)."""
    return traces_settle()
