"""Time partitions of the event tables, on PostgreSQL (SQLite keeps plain tables).

Each event table is partitioned by range of `occurred_at` (the migration that made it so moved
its rows to the table's default partition). Periods are KAIZEN_PARTITION_DAYS long, counted from
1970-01-01 UTC, and named `<table>_p<first day>`. The hourly beat task `telemetry.partitions_ensure`
creates the current period and KAIZEN_PARTITIONS_AHEAD more; an event outside every partition
(a late or early clock, history sent in bulk) lands in the default partition, and the same task
moves the default's rows of each period within the retention window into a partition of their
own (created, filled, then attached, in one transaction). What lies outside that window stays in
the default partition and is reported: events older than retention (among them the ones kept as
evidence when their own partition was retired) and events dated far in the future.

Retention (telemetry/retention.py) retires a partition wholly older than its horizon with
`partition_retire`: detach, copy back the rows something still cites (they land in the default
partition, ids unchanged), drop; one short transaction.

DDL waits at most LOCK_TIMEOUT for the table's lock: behind a long read it gives up and the next
run tries again, instead of queueing every ingest behind it.
"""

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import connection, transaction

from config import clock

log = logging.getLogger(__name__)
LOCK_TIMEOUT = "5s"
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Partition:
    name: str
    start: datetime | None  # None: the default partition
    end: datetime | None


def enabled() -> bool:
    return connection.vendor == "postgresql"


def event_tables() -> dict[str, str]:
    """Event type → its table."""
    from telemetry.models import EVENT_MODELS

    return {event_type: model._meta.db_table for event_type, model in EVENT_MODELS.items()}


def period_of(at: datetime, days: int | None = None) -> tuple[datetime, datetime]:
    """The period holding `at`: [start, end), `days` long (KAIZEN_PARTITION_DAYS), from the epoch."""
    length = timedelta(days=days or settings.KAIZEN["PARTITION_DAYS"])
    start = EPOCH + ((at - EPOCH) // length) * length
    return start, start + length


def name_for(table: str, start: datetime) -> str:
    return f"{table}_p{start:%Y%m%d}"


def default_name(table: str) -> str:
    return f"{table}_default"


def partitions(cursor, table: str) -> list[Partition]:
    """The table's partitions with their bounds, oldest first, the default one last."""
    cursor.execute(
        "SELECT c.relname, b[1]::timestamptz, b[2]::timestamptz FROM pg_inherits i "
        "JOIN pg_class c ON c.oid = i.inhrelid "
        "LEFT JOIN LATERAL regexp_match(pg_get_expr(c.relpartbound, c.oid), "
        "$$FROM \\('([^']+)'\\) TO \\('([^']+)'\\)$$) AS b ON true "
        "WHERE i.inhparent = %s::regclass ORDER BY b[1]::timestamptz NULLS LAST",
        [table],
    )
    return [Partition(name, start, end) for name, start, end in cursor.fetchall()]


def partitions_ensure(now: datetime | None = None) -> dict:
    """Create the current period's partitions and the next KAIZEN_PARTITIONS_AHEAD, and move the
    default partitions' rows of every period within the retention window into partitions of
    their own. Idempotent, and safe beside a concurrent run (a partition made meanwhile is found,
    not made twice). Returns what it did and what it left in the default partitions."""
    if not enabled():
        return {"created": 0, "moved": 0, "outside": 0}
    now = now or clock.now()
    cfg = settings.KAIZEN
    first, _ = period_of(now)
    length = timedelta(days=cfg["PARTITION_DAYS"])
    wanted = {first + i * length for i in range(cfg["PARTITIONS_AHEAD"] + 1)}
    horizon = now - timedelta(days=cfg["RETENTION_DAYS"])
    last = first + (cfg["PARTITIONS_AHEAD"] + 1) * length
    created = moved = outside = 0
    for table in event_tables().values():
        with connection.cursor() as cursor:
            have = [(p.start, p.end) for p in partitions(cursor, table) if p.start is not None]
            for start in sorted(_default_periods(cursor, table) | wanted):
                if any(start < end and begin < start + length for begin, end in have):
                    continue  # made already, or covered by partitions of another period length
                if start + length <= horizon or start >= last:
                    continue  # outside the window: stays in the default partition
                moved += partition_add(table, start)
                created += 1
                have.append((start, start + length))
            cursor.execute(
                f'SELECT count(*) FROM "{default_name(table)}" WHERE occurred_at < %s OR occurred_at >= %s',
                [period_of(horizon)[1], last],
            )
            outside += cursor.fetchone()[0]
    if outside:
        log.info("%d events lie outside every partition (older than retention or far ahead)", outside)
    return {"created": created, "moved": moved, "outside": outside}


def _default_periods(cursor, table: str) -> set[datetime]:
    """The periods the default partition holds rows of (it is small: a full read)."""
    seconds = settings.KAIZEN["PARTITION_DAYS"] * 86400
    cursor.execute(
        f"SELECT DISTINCT to_timestamp(floor(extract(epoch FROM occurred_at) / {seconds}) * {seconds}) "
        f'FROM "{default_name(table)}"'
    )
    return {row[0] for row in cursor.fetchall()}


def partition_add(table: str, start: datetime) -> int:
    """Give the period from `start` a partition (none made when one exists); return the rows
    moved into it from the default partition.

    With no such rows, one CREATE … PARTITION OF. Otherwise the new table is filled with them
    and attached, all in one transaction (PostgreSQL refuses a partition whose range the default
    partition still holds rows of)."""
    end = period_of(start)[1]
    name, default = name_for(table, start), default_name(table)
    bounds = f"FOR VALUES FROM ('{start.isoformat()}') TO ('{end.isoformat()}')"  # DDL takes no parameters
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [name])
        if cursor.fetchone()[0]:
            return 0  # a concurrent run made it
        cursor.execute(
            f'SELECT EXISTS (SELECT FROM "{default}" WHERE occurred_at >= %s AND occurred_at < %s)',
            [start, end],
        )
        if not cursor.fetchone()[0]:
            cursor.execute(f'CREATE TABLE "{name}" PARTITION OF "{table}" {bounds}')
            return 0
        cursor.execute(f'LOCK TABLE "{default}" IN ACCESS EXCLUSIVE MODE')
        cursor.execute(f'CREATE TABLE "{name}" (LIKE "{table}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS)')
        cursor.execute(
            f'WITH moved AS (DELETE FROM "{default}" WHERE occurred_at >= %s AND occurred_at < %s '
            f'RETURNING *) INSERT INTO "{name}" SELECT * FROM moved',
            [start, end],
        )
        count = cursor.rowcount
        cursor.execute(f'ALTER TABLE "{table}" ATTACH PARTITION "{name}" {bounds}')
    log.info("%s: partition %s made from %d events of the default partition", table, name, count)
    return count


def partition_retire(table: str, partition: Partition, keep: set[int]) -> int:
    """Detach and drop `partition` after copying the rows of `keep` (ids) back into the table,
    where they land in the default partition; one transaction. Returns the rows kept."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_TIMEOUT}'")
        cursor.execute(f'ALTER TABLE "{table}" DETACH PARTITION "{partition.name}"')
        kept = 0
        if keep:
            cursor.execute(
                f'INSERT INTO "{table}" SELECT * FROM "{partition.name}" WHERE id = ANY(%s)', [sorted(keep)]
            )
            kept = cursor.rowcount
        cursor.execute(f'DROP TABLE "{partition.name}"')
    return kept


def stored_rows(partition: Partition) -> int:
    """The planner's estimate of a partition's rows (what `ANALYZE` or autovacuum last counted)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = %s::regclass", [partition.name]
        )
        row = cursor.fetchone()
    return row[0] if row else 0
