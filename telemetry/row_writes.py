"""Many rows written at once, on Django's connection and cursor: `rows_store` is the writer of
ingest's events and of the derived stores that must know which rows were new (SessionSeen,
pattern feedback); it chooses between two ways:

- many rows (COPY_ROWS or more) on PostgreSQL: `copy_new`, psycopg's binary COPY reached through
  Django's cursor wrapper, inside a savepoint;
- otherwise, and when a concurrent transaction stored some of the same rows between the COPY's
  id draw and its write: `insert_new`, one INSERT … VALUES … ON CONFLICT DO NOTHING RETURNING
  per chunk. Django's bulk_create(ignore_conflicts=True) cannot say which rows were new, and
  ingest must answer 201 or 200 per event and enqueue derived work for new ones only.

Either way the unique constraint decides what is new, so concurrent replays cannot insert twice,
and the new rows a loop wants enter the derived-work to-do list with them (on PostgreSQL's INSERT
in the same statement). `update_rows` saves columns of many loaded rows in one statement a chunk.
"""

import functools
import operator
import re
from contextlib import nullcontext
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction
from django.db.models import JSONField
from django.db.models.expressions import Col
from psycopg.types.json import set_json_dumps

from config import jsonbytes
from telemetry.models import PendingDerivation

CHUNK_ROWS = 500
COPY_ROWS = 20  # from this many rows on, PostgreSQL gets them by COPY


def rows_store(
    model, rows: list[dict], conflict_fields: tuple[str, ...], *, enqueue: tuple[str, set] | None = None
) -> dict[tuple, int]:
    """Store `rows` (attname → value) skipping conflicts; return {conflict key: new id}. With
    `enqueue=(event_type, keys)` the new rows whose key is in `keys` enter the to-do list."""
    if connection.vendor == "postgresql" and len(rows) >= COPY_ROWS:
        try:
            with transaction.atomic():  # a savepoint when the caller holds a transaction
                return copy_new(model, rows, conflict_fields, enqueue=enqueue)
        except IntegrityError:
            pass  # a concurrent transaction stored some of them since the ids were drawn
    return insert_new(model, rows, conflict_fields, enqueue=enqueue)


def insert_new(
    model, rows: list[dict], conflict_fields: tuple[str, ...], *, enqueue: tuple[str, set] | None = None
) -> dict[tuple, int]:
    """Insert `rows` (attname → value) skipping conflicts; return {conflict key: new id}.

    With `enqueue=(event_type, keys)`, the new rows whose conflict key is in `keys` also enter
    the derived-work to-do list (PendingDerivation), on PostgreSQL in the same statement.
    """
    if not rows:
        return {}
    if enqueue is not None and not enqueue[1]:
        enqueue = None
    postgres = connection.vendor == "postgresql"
    t = _table(model, conflict_fields, connection.vendor)
    inserted: dict[tuple, int] = {}
    several = len(rows) > CHUNK_ROWS or (enqueue is not None and not postgres)
    with transaction.atomic() if several else nullcontext(), connection.cursor() as cursor:
        for start in range(0, len(rows), CHUNK_ROWS):
            sql, params = _values_insert(t, rows[start : start + CHUNK_ROWS])
            sql = f"{sql} ON CONFLICT ({t.conflict}) DO NOTHING RETURNING id, {t.conflict}"
            if enqueue is not None and postgres:
                sql, params = _with_enqueue(t, sql, params, *enqueue)
            cursor.execute(sql, params)
            convert = t.key_from_db
            for row_id, *key in cursor.fetchall():
                inserted[convert(key) if convert else tuple(key)] = row_id
        if enqueue is not None and not postgres:
            _enqueue(t, rows, inserted, *enqueue)
    return inserted


def copy_new(
    model, rows: list[dict], conflict_fields: tuple[str, ...], *, enqueue: tuple[str, set] | None = None
) -> dict[tuple, int]:
    """`insert_new` by COPY, for many rows on PostgreSQL inside a transaction (`rows_store`'s
    savepoint).

    One statement finds which conflict keys are stored already and draws ids for the others;
    the new rows (and their to-do entries) then travel by binary COPY, which writes them several
    to a page instead of one by one. The unique constraint still decides: a row a concurrent
    transaction stored meanwhile makes the COPY fail with an IntegrityError.
    """
    if not rows:
        return {}
    t = _table(model, conflict_fields, connection.vendor)
    unique: dict[tuple, dict] = {}
    for row in rows:
        unique.setdefault(tuple(row[a] for a in t.key_attnames), row)  # the first copy decides
    with connection.cursor() as cursor, connection.wrap_database_errors:
        inserted = draw_ids(cursor, t, list(unique))
        if not inserted:
            return {}
        set_json_dumps(jsonbytes.compact, cursor.cursor)  # JSON values as orjson writes them
        defaults, values = t.defaults, t.values
        with cursor.copy(t.copy) as copy:
            copy.set_types(t.copy_types)  # binary: every value dumped in C, JSON but the text
            write = copy.write_row
            for key, row_id in inserted.items():
                write((row_id, *values({**defaults, **unique[key]})))
        if enqueue is not None and enqueue[1]:
            _copy_todo(cursor, enqueue[0], [(inserted[k], unique[k]) for k in inserted if k in enqueue[1]])
    return inserted


def draw_ids(cursor, t: "_Table", keys: list[tuple]) -> dict[tuple, int]:
    """{key: a new id} for the conflict `keys` not stored yet, in one statement."""
    cursor.execute(t.fresh_ids, [list(column) for column in zip(*keys, strict=True)])
    return {key: row_id for key, (row_id,) in zip(keys, cursor.fetchall(), strict=True) if row_id}


TODO_COLUMNS = "event_type, row_id, received_at, agent_id, occurred_at"  # of a to-do entry


def _copy_todo(cursor, event_type: str, new: list[tuple[int, dict]]) -> None:
    if not new:
        return
    table = connection.ops.quote_name(PendingDerivation._meta.db_table)
    with cursor.copy(f"COPY {table} ({TODO_COLUMNS}) FROM STDIN (FORMAT BINARY)") as copy:
        copy.set_types(["varchar", "int8", "timestamptz", "int8", "timestamptz"])
        for row_id, row in new:
            copy.write_row([event_type, row_id, row["received_at"], row["agent_id"], row["occurred_at"]])


@dataclass(frozen=True)
class _Table:
    """What every INSERT into one table needs, worked out once per process."""

    fields: tuple  # the concrete columns but the primary key
    defaults: dict  # attname → default value (only ever serialised, never mutated)
    insert: str  # INSERT INTO table (columns)
    key_attnames: tuple
    key_casts: str  # one typed array parameter per conflict column
    conflict: str
    copy_types: tuple  # the PostgreSQL types of the id and the columns, for a binary COPY
    values: operator.itemgetter  # a row's values in column order
    fresh_ids: str  # per conflict key in order: NULL when stored, else a new id (PostgreSQL)
    copy: str  # COPY table (id, columns) FROM STDIN
    key_from_db: object  # a RETURNING row's key columns as Python values (None: they already are)


@functools.cache
def _table(model, conflict_fields: tuple[str, ...], vendor: str) -> _Table:
    quote = connection.ops.quote_name
    opts = model._meta
    fields = tuple(f for f in opts.concrete_fields if not f.primary_key)
    key_fields = tuple(opts.get_field(name) for name in conflict_fields)
    key_casts = ", ".join(f"%s::{f.db_type(connection)}[]" for f in key_fields)
    return _Table(
        fields=fields,
        defaults={f.attname: f.get_default() for f in fields},
        insert=f"INSERT INTO {quote(opts.db_table)} ({', '.join(quote(f.column) for f in fields)})",
        key_attnames=tuple(f.attname for f in key_fields),
        key_casts=key_casts,
        conflict=", ".join(quote(f.column) for f in key_fields),
        copy_types=tuple(re.sub(r"\(.*\)", "", f.db_type(connection)) for f in (opts.pk, *fields)),
        values=operator.itemgetter(*(f.attname for f in fields)),
        fresh_ids=_fresh_ids(opts, key_fields, key_casts),
        copy=f"COPY {quote(opts.db_table)} ({quote(opts.pk.column)}, "
        f"{', '.join(quote(f.column) for f in fields)}) FROM STDIN (FORMAT BINARY)",
        key_from_db=_key_from_db(opts.db_table, key_fields),
    )


def _key_from_db(table: str, key_fields: tuple):
    """What turns a raw RETURNING row's key columns into the values the rows were given, with the
    backend's own converters (SQLite returns a timestamp as text); None when nothing needs it."""
    converters = [
        [*connection.ops.get_db_converters(Col(table, f)), *f.get_db_converters(connection)]
        for f in key_fields
    ]
    if not any(converters):
        return None

    def convert(values) -> tuple:
        out = []
        for value, field_converters, field in zip(values, converters, key_fields, strict=True):
            for converter in field_converters:
                value = converter(value, Col(table, field), connection)
            out.append(value)
        return tuple(out)

    return convert


def _fresh_ids(opts, key_fields, key_casts: str) -> str:
    """One row per conflict key, in the order given: NULL for a key already stored, else an id
    drawn from the primary key's sequence (CASE draws it only for the keys that need one)."""
    quote, table = connection.ops.quote_name, connection.ops.quote_name(opts.db_table)
    names = [f"k{i}" for i in range(len(key_fields))]
    stored = " AND ".join(f"t.{quote(f.column)} = k.{n}" for f, n in zip(key_fields, names, strict=True))
    sequence = f"(SELECT pg_get_serial_sequence('{opts.db_table}', '{opts.pk.column}')::regclass)"  # once
    return (
        f"SELECT CASE WHEN EXISTS (SELECT FROM {table} t WHERE {stored}) THEN NULL "
        f"ELSE nextval({sequence}) END "
        f"FROM unnest({key_casts}) "
        f"WITH ORDINALITY AS k({', '.join(names)}, position) ORDER BY k.position"
    )


def _with_enqueue(t: _Table, insert_sql, params, event_type, keys):
    """The INSERT as a data-modifying CTE whose new rows (of `keys`) also enter the to-do list."""
    quote = connection.ops.quote_name
    returned = t.conflict.split(", ")
    extra = "".join(f", {c}" for c in ("received_at", "agent_id", "occurred_at") if quote(c) not in returned)
    sql = (
        f"WITH new AS ({insert_sql}{extra}), "
        f"todo AS (INSERT INTO {quote(PendingDerivation._meta.db_table)} ({TODO_COLUMNS}) "
        f"SELECT %s, id, received_at, agent_id, occurred_at FROM new "
        f"WHERE ({t.conflict}) IN (SELECT * FROM unnest({t.key_casts}))) "
        f"SELECT id, {t.conflict} FROM new"
    )
    return sql, [*params, event_type, *(list(column) for column in zip(*keys, strict=True))]


def _enqueue(t: _Table, rows, inserted, event_type, keys) -> None:
    todo = []
    for row in rows:
        key = tuple(row[a] for a in t.key_attnames)
        if key in keys and key in inserted:
            todo.append(
                PendingDerivation(
                    event_type=event_type,
                    row_id=inserted[key],
                    received_at=row["received_at"],
                    agent_id=row["agent_id"],
                    occurred_at=row["occurred_at"],
                )
            )
    PendingDerivation.objects.bulk_create(todo)


def _values_insert(t: _Table, chunk):
    # On PostgreSQL psycopg adapts the cleaned values itself (JSON goes as its compact text);
    # Django's field preparation costs about 7 µs a value and is kept for the other backends.
    postgres = connection.vendor == "postgresql"
    params: list = []
    for row in chunk:
        for f in t.fields:
            value = row[f.attname] if f.attname in row else t.defaults[f.attname]
            params.append(_prepare(f, value) if postgres else f.get_db_prep_save(value, connection))
    placeholder = "(" + ", ".join(["%s"] * len(t.fields)) + ")"
    return f"{t.insert} VALUES {', '.join([placeholder] * len(chunk))}", params


def _prepare(field, value):
    if isinstance(field, JSONField):
        return None if value is None else jsonbytes.compact(value).decode()
    return value


def update_by_id(model, field_name: str, values: dict[int, object]) -> None:
    """Set one column of many rows, each to its own value (`values`: id → value)."""
    attname = model._meta.get_field(field_name).attname
    update_rows(model, [model(pk=pk, **{attname: value}) for pk, value in values.items()], [field_name])


def update_rows(model, objects: list, field_names: list[str], *, match: tuple[str, ...] = ()) -> None:
    """Save `field_names` of many loaded `objects` in one statement per chunk: on PostgreSQL an
    UPDATE … FROM one JSON array parameter (Django's bulk_update compiles a CASE per field and
    row, slower than the work it saves); elsewhere bulk_update. `match`: columns the rows are
    matched on besides the primary key (an event's time finds its partition)."""
    if not objects:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_update(objects, field_names, batch_size=CHUNK_ROWS)
        return
    quote = connection.ops.quote_name
    fields = [model._meta.get_field(name) for name in field_names]
    pk = model._meta.pk
    keys = (pk, *(model._meta.get_field(name) for name in match))
    assignments = ", ".join(f"{quote(f.column)} = v.{quote(f.attname)}" for f in fields)
    sql = (
        f"UPDATE {quote(model._meta.db_table)} AS t SET {assignments} "
        f"FROM json_to_recordset(%s::json) AS v({_recordset((*keys, *fields))}) "
        f"WHERE {' AND '.join(f't.{quote(k.column)} = v.{quote(k.attname)}' for k in keys)}"
    )
    with connection.cursor() as cursor:
        for start in range(0, len(objects), CHUNK_ROWS):
            chunk = [
                {f.attname: getattr(obj, f.attname) for f in (*keys, *fields)}
                for obj in objects[start : start + CHUNK_ROWS]
            ]
            cursor.execute(sql, [jsonbytes.compact(chunk).decode()])


def _recordset(fields: tuple) -> str:
    quote = connection.ops.quote_name
    return ", ".join(f"{quote(f.attname)} {f.db_type(connection)}" for f in fields)
