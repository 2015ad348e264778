from telemetry import services
from telemetry.ticks import periodic


@periodic("telemetry.agent_activity_refresh")
def agent_activity_refresh() -> int:
    return services.agent_activity_refresh()


@periodic("telemetry.derive_pending")
def derive_pending() -> int:
    """Every 2 s: the handlers of new events over the rows waiting for them (idempotent, bounded),
    following the to-do list for KAIZEN_DERIVE_FOLLOW_SECONDS."""
    from django.conf import settings

    from telemetry.derived import derive_pending as drain

    return drain(follow_seconds=settings.KAIZEN["DERIVE_FOLLOW_SECONDS"])


@periodic("telemetry.prune_events")
def prune_events() -> dict:
    """Daily: delete raw events older than KAIZEN_RETENTION_DAYS (proposal evidence is kept)."""
    from django.conf import settings

    from telemetry.retention import prune_events as prune

    return prune(older_than_days=settings.KAIZEN["RETENTION_DAYS"])


@periodic("telemetry.partitions_ensure")
def partitions_ensure() -> dict:
    """Hourly, on PostgreSQL: the event tables' partitions for now and the periods ahead, and the
    default partitions' rows moved to partitions of their own (telemetry/partitions.py)."""
    from telemetry.partitions import partitions_ensure as ensure

    return ensure()


@periodic("telemetry.settle_traces")
def settle_traces() -> int:
    """Every minute: map the traces whose root never arrived (see telemetry/otel_traces.py)."""
    from telemetry.otel_traces import traces_settle

    return traces_settle()


@periodic("telemetry.retire_facts")
def retire_facts() -> int:
    """Daily: retire the facts that stayed with one agent and were not stated again for
    KAIZEN_FACT_EXPIRE_DAYS (idempotent: a second run finds nothing)."""
    from telemetry.loops import facts_retire

    return facts_retire()
