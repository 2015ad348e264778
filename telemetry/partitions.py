"""Time partitions of the event tables, on PostgreSQL (SQLite keeps plain tables).

Each event table is partitioned by range of `occurred_at` (the migration that made it so moved
its rows to the table's default partition). Periods are KAIZEN_PARTITION_DAYS long, counted from
1970-01-01 UTC, and named `<table>_p<first day>`. `partitions_ensure` creates the current period
and KAIZEN_PARTITIONS_AHEAD more: after every `migrate`, when a worker or beat starts, and hourly
from beat. Ingest refuses events older than the retention horizon or dated further ahead than
KAIZEN_EVENT_MAX_AHEAD_HOURS, so an event lands in the default partition only when its period
has no partition yet (a late event of a past day); the same task moves those rows into a
partition of their own.

A move never refuses a concurrent ingest and never holds a lock for long: the rows are copied
into the new table in batches while they stay where they are, then one short transaction locks
the table and its default partition, copies what arrived meanwhile, deletes the moved rows and
attaches the new partition (its CHECK constraint spares the attach a scan). Readers and writers
wait for that transaction, so none sees the moved rows in neither place. An ingest that was
routed to the default partition just before the attach fails its partition constraint and is
stored again (telemetry/ingest.py).

Retention (telemetry/retention.py) retires whole partitions with `partition_retire`.

Every statement that needs a table's lock waits at most LOCK_WAIT for it and is tried again
after a growing pause, for at most LOCK_BUDGET_S: a long reader never makes ingest queue behind
a waiting DDL statement for more than LOCK_WAIT.
"""

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import OperationalError, connection, transaction

from config import clock
from telemetry.models import EVENT_MODELS

log = logging.getLogger(__name__)
LOCK_WAIT = "200ms"
LOCK_BUDGET_S = 120.0
MOVE_BATCH = 20_000
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
LOCK_NOT_AVAILABLE = "55P03"
ADVISORY_LOCK = 0x4B5A_0002  # (this, table): one partition run per table at a time


@dataclass(frozen=True)
class Partition:
    name: str
    start: datetime | None  # None: the default partition
    end: datetime | None

    @property
    def keeps_evidence(self) -> bool:
        """A partition that holds only the rows kept past retention (see partition_retire)."""
        return self.name.endswith("_kept")


def enabled() -> bool:
    return connection.vendor == "postgresql"


def event_tables() -> dict[str, str]:
    """Event type → its table."""
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


def is_lock_timeout(exc: BaseException) -> bool:
    return getattr(exc.__cause__, "sqlstate", None) == LOCK_NOT_AVAILABLE


def with_short_locks(work: Callable, *, budget_s: float | None = None):
    """Run `work(cursor)` in a transaction whose statements wait at most LOCK_WAIT for a lock;
    when one times out, roll back, pause (doubling, with jitter) and try again, for at most
    `budget_s` (LOCK_BUDGET_S), then raise the lock timeout."""
    deadline = time.monotonic() + (LOCK_BUDGET_S if budget_s is None else budget_s)
    pause = 0.05
    while True:
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL lock_timeout = '{LOCK_WAIT}'")
                return work(cursor)
        except OperationalError as exc:
            if not is_lock_timeout(exc) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause * (0.5 + random.random()))
        pause = min(pause * 2, 2.0)


class table_held:
    """A session advisory lock on one table's partition work (runs on other workers skip it)."""

    def __init__(self, table: str):
        self.table = table
        self.mine = False

    def __enter__(self) -> bool:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s, hashtext(%s))", [ADVISORY_LOCK, self.table])
            self.mine = cursor.fetchone()[0]
        return self.mine

    def __exit__(self, *exc) -> None:
        if self.mine:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, hashtext(%s))", [ADVISORY_LOCK, self.table])


def partitions_ensure(now: datetime | None = None) -> dict:
    """Create the current period's partitions and the next KAIZEN_PARTITIONS_AHEAD, and move the
    default partitions' rows of every period within the retention window into partitions of
    their own. Idempotent, and safe beside a concurrent run (a table another run is working on
    is skipped). Returns what it did and the rows left in the default partitions."""
    if not enabled():
        return {"created": 0, "moved": 0, "outside": 0}
    now = now or clock.now()
    cfg = settings.KAIZEN
    first, _ = period_of(now)
    length = timedelta(days=cfg["PARTITION_DAYS"])
    wanted = {first + i * length for i in range(cfg["PARTITIONS_AHEAD"] + 1)}
    horizon = now - timedelta(days=cfg["RETENTION_DAYS"])
    last = first + (cfg["PARTITIONS_AHEAD"] + 1) * length
    created = moved = 0
    for table in event_tables().values():
        with table_held(table) as mine:
            if not mine:
                continue
            with connection.cursor() as cursor:
                have = [(p.start, p.end) for p in partitions(cursor, table) if p.start is not None]
                periods = _default_periods(cursor, table) | wanted
            for start in sorted(periods):
                if any(start < end and begin < start + length for begin, end in have):
                    continue  # made already, or covered by partitions of another period length
                if start + length <= horizon or start >= last:
                    continue  # outside the window: stays in the default partition
                moved += partition_add(table, start)
                created += 1
                have.append((start, start + length))
    outside = default_rows()
    if outside:
        log.info("%d events lie in the default partitions (outside every partition)", outside)
    return {"created": created, "moved": moved, "outside": outside}


def default_rows() -> int:
    """Rows in the event tables' default partitions (ideally none; the planner's estimate when
    one holds many, so the figure stays cheap at any size)."""
    if not enabled():
        return 0
    total = 0
    with connection.cursor() as cursor:
        for table in event_tables().values():
            cursor.execute(f'SELECT count(*) FROM (SELECT 1 FROM "{default_name(table)}" LIMIT 10001) t')
            n = cursor.fetchone()[0]
            if n > 10_000:
                cursor.execute(
                    "SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = %s::regclass",
                    [default_name(table)],
                )
                n = max(n, cursor.fetchone()[0])
            total += n
    return total


def _default_periods(cursor, table: str) -> set[datetime]:
    """The periods the default partition holds rows of (it is small: a full read)."""
    seconds = settings.KAIZEN["PARTITION_DAYS"] * 86400
    cursor.execute(
        f"SELECT DISTINCT to_timestamp(floor(extract(epoch FROM occurred_at) / {seconds}) * {seconds}) "
        f'FROM "{default_name(table)}"'
    )
    return {row[0] for row in cursor.fetchall()}


def _range_sql(start: datetime, end: datetime) -> tuple[str, str]:
    """The partition bounds and the equivalent CHECK (DDL takes no parameters)."""
    s, e = start.isoformat(), end.isoformat()
    return (
        f"FOR VALUES FROM ('{s}') TO ('{e}')",
        f"CHECK (occurred_at IS NOT NULL AND occurred_at >= '{s}' AND occurred_at < '{e}')",
    )


def _exists(cursor, name: str) -> bool:
    cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [name])
    return cursor.fetchone()[0]


def empty_like(cursor, table: str, name: str, start: datetime, end: datetime) -> None:
    """A table shaped like `table` (columns, defaults, indexes) whose CHECK holds it to the period,
    ready to be attached without a scan; nothing when it exists (a run killed half-way)."""
    if _exists(cursor, name):
        return
    _, check = _range_sql(start, end)
    cursor.execute(
        f'CREATE TABLE "{name}" (LIKE "{table}" INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)'
    )
    cursor.execute(f'ALTER TABLE "{name}" ADD CONSTRAINT "{name}_range" {check}')


def partition_add(table: str, start: datetime) -> int:
    """Give the period from `start` a partition (none made when one exists); return the rows
    moved into it from the default partition.

    With no such rows, one CREATE … PARTITION OF. Otherwise the new table is filled in batches
    while the rows stay visible in the default partition, then one short transaction moves the
    rest and attaches it (PostgreSQL refuses a partition whose range the default still holds)."""
    end = period_of(start)[1]
    name, default = name_for(table, start), default_name(table)
    bounds, _ = _range_sql(start, end)

    def create_empty(cursor) -> bool:
        cursor.execute("SELECT relispartition FROM pg_class WHERE oid = to_regclass(%s)", [name])
        row = cursor.fetchone()
        if row is not None:
            return row[0]  # attached already; or a table a killed run was filling: go on with it
        cursor.execute(
            f'SELECT EXISTS (SELECT FROM "{default}" WHERE occurred_at >= %s AND occurred_at < %s)',
            [start, end],
        )
        if cursor.fetchone()[0]:
            return False
        cursor.execute(f'CREATE TABLE "{name}" PARTITION OF "{table}" {bounds}')
        return True

    if with_short_locks(create_empty):
        return 0
    with transaction.atomic(), connection.cursor() as cursor:
        empty_like(cursor, table, name, start, end)
    with connection.cursor() as cursor:
        while True:  # batches by id, outside any table lock; the rows stay where they are
            cursor.execute(f'SELECT coalesce(max(id), 0) FROM "{name}"')
            after = cursor.fetchone()[0]
            cursor.execute(
                f'INSERT INTO "{name}" SELECT * FROM "{default}" '
                f"WHERE occurred_at >= %s AND occurred_at < %s AND id > %s ORDER BY id LIMIT {MOVE_BATCH}",
                [start, end, after],
            )
            if cursor.rowcount < MOVE_BATCH:
                break

    def attach(cursor) -> int:
        # The table itself, not only its default partition: ATTACH alone lets readers of the table
        # go on, and a statement that planned over the old partitions while waiting for the
        # default one would run on a snapshot where the moved rows are in neither (derived work
        # read none of them and left the list with nothing derived). Locked, they wait for the
        # commit and plan over the new partition.
        cursor.execute(f'LOCK TABLE ONLY "{table}", "{default}" IN ACCESS EXCLUSIVE MODE')
        cursor.execute(
            f'INSERT INTO "{name}" SELECT d.* FROM "{default}" d '
            "WHERE d.occurred_at >= %s AND d.occurred_at < %s "
            f'AND NOT EXISTS (SELECT FROM "{name}" n WHERE n.id = d.id)',
            [start, end],
        )
        cursor.execute(f'DELETE FROM "{default}" WHERE occurred_at >= %s AND occurred_at < %s', [start, end])
        count = cursor.rowcount
        cursor.execute(f'ALTER TABLE "{table}" ATTACH PARTITION "{name}" {bounds}')
        return count

    count = with_short_locks(attach)
    log.info("%s: partition %s made from %d events of the default partition", table, name, count)
    return count


def stored_rows(partition: Partition) -> int:
    """The planner's estimate of a partition's rows (what `ANALYZE` or autovacuum last counted)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = %s::regclass", [partition.name]
        )
        row = cursor.fetchone()
    return row[0] if row else 0


def partition_retire(table: str, partition: Partition, kept_sql: str, params: list) -> int:
    """Drop `partition`, except its rows whose ids `kept_sql` names: those stay, same ids, in a
    small partition of the same period (`<name>_kept`). Returns the rows kept.

    The kept rows are copied first, holding no lock but the partition's read lock; then one
    short transaction detaches the partition, copies what became kept meanwhile (no window
    between deciding and dropping), attaches the kept table in its place (its CHECK spares the
    attach a scan) or drops it when empty, and drops the partition. A run killed half-way leaves
    the kept table behind, and the next run goes on with it."""
    name = f"{partition.name}_kept"
    bounds, _ = _range_sql(partition.start, partition.end)
    with transaction.atomic(), connection.cursor() as cursor:
        empty_like(cursor, table, name, partition.start, partition.end)
        cursor.execute(f'SELECT min(id), max(id) FROM "{partition.name}"')
        lo, hi = cursor.fetchone()
    # the kept ids within the partition's own id range only: the set to match stays this small
    where = (
        f"id IN (SELECT kid FROM ({kept_sql}) AS kept_ids(kid) WHERE kid BETWEEN {int(lo)} AND {int(hi)})"
        if kept_sql and lo is not None
        else "false"
    )
    copy = (
        f'INSERT INTO "{name}" SELECT * FROM "{partition.name}" p WHERE {where} '
        f'AND NOT EXISTS (SELECT FROM "{name}" kept_row WHERE kept_row.id = p.id)'
    )  # only rows not copied yet: an anti-join, never a re-insert of what is there
    with connection.cursor() as cursor:
        cursor.execute(copy, params)
        copied = cursor.rowcount
        cursor.execute(f'ANALYZE "{name}"')  # a new table: the locked step's anti-join plans on its size

    def swap(cursor) -> int:
        cursor.execute(f'ALTER TABLE "{table}" DETACH PARTITION "{partition.name}"')
        cursor.execute(copy, params)  # what became kept since the copy
        since = max(cursor.rowcount, 0)
        cursor.execute(f'SELECT EXISTS (SELECT FROM "{name}")')
        if cursor.fetchone()[0]:
            cursor.execute(f'ALTER TABLE "{table}" ATTACH PARTITION "{name}" {bounds}')
        else:
            cursor.execute(f'DROP TABLE "{name}"')
        cursor.execute(f'DROP TABLE "{partition.name}"')
        return copied + since  # the rows kept by this run (a resumed run counts only its own)

    return with_short_locks(swap)


def drop_if_empty(table: str, partition: Partition) -> bool:
    """Drop a partition that holds no rows (a kept partition whose rows all went); True if dropped."""

    def drop(cursor) -> bool:
        cursor.execute(f'SELECT EXISTS (SELECT FROM "{partition.name}")')
        if cursor.fetchone()[0]:
            return False
        cursor.execute(f'ALTER TABLE "{table}" DETACH PARTITION "{partition.name}"')
        cursor.execute(f'DROP TABLE "{partition.name}"')
        return True

    with connection.cursor() as cursor:
        cursor.execute(f'SELECT EXISTS (SELECT FROM "{partition.name}")')
        if cursor.fetchone()[0]:
            return False
    return with_short_locks(drop)
