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

Retention (telemetry/retention.py) retires whole partitions with `partition_retire`, in the
same spirit: the rows it keeps are copied in batches while the partition stays attached, and
the lock on the table is held only to swap the partition for its kept rows (catalog work).

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
RETIRE_BATCH = 20_000  # kept rows copied a transaction when a partition is retired
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
LOCK_NOT_AVAILABLE = "55P03"
ADVISORY_LOCK = 0x4B5A_0002  # (this, table): one partition run per table at a time
# Statistics are not left to autovacuum (a server may run without it): a partition never analysed
# is analysed once it holds ANALYZE_ROWS rows or its period has ended with rows in it, and one
# analysed before once the rows changed since exceed ANALYZE_ROWS plus ANALYZE_SHARE of its rows.
ANALYZE_ROWS = 1_000
ANALYZE_SHARE = 0.1


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
            statistics_refresh(table, now)
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
        cursor.execute("SELECT to_regclass(%s) IS NOT NULL", [f"{name}_kept"])
        if cursor.fetchone()[0]:
            return True  # the period's kept rows after a prune: it has its partition
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


def statistics_refresh(table: str, now: datetime) -> list[str]:
    """ANALYZE the partitions of `table` whose statistics are missing or stale (see ANALYZE_ROWS),
    the default one included (rows moved out of it); return their names. What it reads is cheap:
    the catalog's row estimate and the server's count of rows changed since the last ANALYZE,
    and, for a partition never analysed, a count that stops at ANALYZE_ROWS."""
    analysed = []
    with connection.cursor() as cursor:
        for partition in partitions(cursor, table):
            cursor.execute(
                "SELECT c.reltuples, coalesce(s.n_mod_since_analyze, 0) FROM pg_class c "
                "LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = %s::regclass",
                [partition.name],
            )
            estimate, changed = cursor.fetchone()
            if estimate < 0:  # never analysed (PostgreSQL 14 on)
                head = f'SELECT FROM "{partition.name}" LIMIT {ANALYZE_ROWS}'
                cursor.execute(f"SELECT count(*) FROM ({head}) t")
                rows = cursor.fetchone()[0]
                ended = partition.end is not None and partition.end <= now
                due = rows >= ANALYZE_ROWS or (ended and rows > 0)
            else:
                due = changed > ANALYZE_ROWS + ANALYZE_SHARE * estimate
            if due:
                cursor.execute(f'ANALYZE "{partition.name}"')
                analysed.append(partition.name)
    if analysed:
        log.info("%s: statistics gathered for %s", table, ", ".join(analysed))
    return analysed


def stored_rows(partition: Partition) -> int:
    """The planner's estimate of a partition's rows (what `ANALYZE` or autovacuum last counted)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT greatest(reltuples, 0)::bigint FROM pg_class WHERE oid = %s::regclass", [partition.name]
        )
        row = cursor.fetchone()
    return row[0] if row else 0


def retired_name(partition_name: str) -> str:
    """What a partition being retired is called from its detach until it is dropped."""
    return f"{partition_name}_retired"


def partition_retire(table: str, partition: Partition, kept_sql: str, params: list) -> int:
    """Drop `partition`, except its rows whose ids `kept_sql` names: those stay, same ids, in a
    small partition of the same period (`<name>_kept`). Returns the rows kept by this run.

    Ingest and readers of the table never wait for the copy; only a moment of catalog work locks
    the table:

    1. The ids to keep are gathered once into a work table (`<name>_keep_ids`), and the rows they
       name are copied into the kept table (not attached yet; its CHECK spares the attach a scan)
       in batches of RETIRE_BATCH, each its own short transaction, while the partition stays
       attached and read as ever.
    2. What became kept during the copy is copied too, by one statement, still locking nothing
       ingest needs.
    3. One short transaction locks the table (waiting at most LOCK_WAIT a try, see
       `with_short_locks`), detaches the partition, renames it `<name>_retired` and attaches the
       kept table in its place. No row of the partition is read or written under that lock (the
       attach reads only the default partition, which holds the few events no partition takes).
    4. `retired_finish` copies, from the detached table, what became kept between steps 2 and 3
       (readers of the table miss those few rows from the swap until this copy commits), and
       drops it in the same transaction. The detach waited for every transaction that had read
       the table, so a proposal that read those events to cite them has committed its citations
       by then; later readers no longer see the partition.

    A run killed half-way is safe to run again: the kept table is filled on from its highest id
    and every copy skips the rows it holds already (nothing twice), and a `_retired` table left
    behind is finished by the next run (`retired_leftovers`) before anything else."""
    name = f"{partition.name}_kept"
    bounds, _ = _range_sql(partition.start, partition.end)
    with transaction.atomic(), connection.cursor() as cursor:
        empty_like(cursor, table, name, partition.start, partition.end)
    copied = _copy_kept(partition.name, name, kept_sql, params)
    copied += _catch_up(partition.name, name, kept_sql, params)
    with connection.cursor() as cursor:
        cursor.execute(f'ANALYZE "{name}"')
    retired = retired_name(partition.name)

    def swap(cursor) -> None:
        cursor.execute(f'ALTER TABLE "{table}" DETACH PARTITION "{partition.name}"')
        cursor.execute(f'ALTER TABLE "{partition.name}" RENAME TO "{retired}"')
        cursor.execute(f'ALTER TABLE "{table}" ATTACH PARTITION "{name}" {bounds}')

    with_short_locks(swap)
    return copied + retired_finish(table, retired, kept_sql, params)


def retired_leftovers(cursor, table: str) -> list[str]:
    """The table's partitions a killed retirement detached and left undropped (`<name>_retired`)."""
    cursor.execute(
        "SELECT relname FROM pg_class WHERE relkind = 'r' AND NOT relispartition AND relname ~ %s "
        "ORDER BY relname",
        [f"^{table}_p[0-9]{{8}}_retired$"],
    )
    return [row[0] for row in cursor.fetchall()]


def retired_finish(table: str, retired: str, kept_sql: str, params: list) -> int:
    """Copy the rows of the detached `retired` table that are kept now and not yet in its kept
    partition, and drop it in the same transaction (it is no one else's since the detach); then
    drop the kept partition if it holds nothing. Returns the rows copied."""
    name = retired.removesuffix("_retired") + "_kept"
    with connection.cursor() as cursor:
        cursor.execute("SELECT relispartition FROM pg_class WHERE oid = to_regclass(%s)", [name])
        row = cursor.fetchone()
    if not row or not row[0]:  # attached with the detach, so never: keep the rows for an operator
        raise RuntimeError(f"{retired} has no kept partition {name}: left in place, nothing dropped")

    def finish(cursor) -> int:
        copied = _catch_up_in(cursor, retired, name, kept_sql, params)
        cursor.execute(f'DROP TABLE "{retired}"')
        return copied

    copied = with_short_locks(finish)
    if drop_if_empty(table, Partition(name, None, None)):
        log.info("%s: nothing of %s is kept: its kept partition dropped", table, retired)
    return copied


def _keep_ids_name(partition_name: str) -> str:
    return f"{partition_name}_keep_ids"


def _id_range(cursor, source: str) -> tuple[int, int] | None:
    cursor.execute(f'SELECT min(id), max(id) FROM "{source}"')
    lo, hi = cursor.fetchone()
    return None if lo is None else (int(lo), int(hi))


def _kept_ids_sql(kept_sql: str, lo: int, hi: int) -> str:
    """The kept ids within a partition's own id range only: the set to match stays that small."""
    return f"SELECT kid FROM ({kept_sql}) AS kept_ids(kid) WHERE kid BETWEEN {lo} AND {hi}"


def _copy_kept(source: str, kept: str, kept_sql: str, params: list) -> int:
    """Copy the rows of `source` that `kept_sql` names into `kept`, in id order, RETIRE_BATCH a
    transaction, from past the highest id `kept` holds (where a killed run stopped)."""
    ids = _keep_ids_name(source)
    with connection.cursor() as cursor:
        span = _id_range(cursor, source)
        if span is None or not kept_sql:
            return 0
        cursor.execute(f'SELECT max(id) FROM "{kept}"')
        done = cursor.fetchone()[0]
        lo = max(span[0], (done or 0) + 1)
        with transaction.atomic():  # unlogged, not temporary: a pooler may give each batch another session
            cursor.execute(f'DROP TABLE IF EXISTS "{ids}"')
            cursor.execute(f'CREATE UNLOGGED TABLE "{ids}" (kid bigint NOT NULL)')
            cursor.execute(
                f'INSERT INTO "{ids}" SELECT DISTINCT kid FROM ({_kept_ids_sql(kept_sql, lo, span[1])}) k',
                params,
            )
            cursor.execute(f'ALTER TABLE "{ids}" ADD PRIMARY KEY (kid)')
        cursor.execute(f'ANALYZE "{ids}"')
    copied, after = 0, lo - 1
    while True:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f'SELECT max(kid) FROM (SELECT kid FROM "{ids}" WHERE kid > %s '
                f"ORDER BY kid LIMIT {RETIRE_BATCH}) b",
                [after],
            )
            upto = cursor.fetchone()[0]
            if upto is None:
                break
            cursor.execute(
                f'INSERT INTO "{kept}" SELECT s.* FROM "{ids}" k JOIN "{source}" s ON s.id = k.kid '
                "WHERE k.kid > %s AND k.kid <= %s AND s.id > %s AND s.id <= %s ON CONFLICT DO NOTHING",
                [after, upto, after, upto],  # both sides bounded: the batch reads its own ids only
            )
            copied += max(cursor.rowcount, 0)
        after = upto
    with connection.cursor() as cursor:
        cursor.execute(f'DROP TABLE IF EXISTS "{ids}"')
    return copied


def _catch_up(source: str, kept: str, kept_sql: str, params: list) -> int:
    """Copy the rows of `source` kept now that `kept` lacks (those cited since the copy), in one
    statement of its own."""
    with transaction.atomic(), connection.cursor() as cursor:
        return _catch_up_in(cursor, source, kept, kept_sql, params)


def _catch_up_in(cursor, source: str, kept: str, kept_sql: str, params: list) -> int:
    span = _id_range(cursor, source)
    if span is None or not kept_sql:
        return 0
    cursor.execute(
        f'INSERT INTO "{kept}" SELECT s.* FROM "{source}" s WHERE s.id IN ('
        f"SELECT kid FROM ({_kept_ids_sql(kept_sql, *span)}) k "
        f'WHERE NOT EXISTS (SELECT FROM "{kept}" held WHERE held.id = k.kid)) ON CONFLICT DO NOTHING',
        params,
    )
    return max(cursor.rowcount, 0)


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
