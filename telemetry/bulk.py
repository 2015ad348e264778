"""Multi-row INSERT … ON CONFLICT DO NOTHING RETURNING, for PostgreSQL and SQLite.

Django's bulk_create(ignore_conflicts=True) cannot say which rows were new, and the ingest
contract must answer 201 or 200 per event and run side effects only for new ones; the unique
constraint decides, so concurrent replays cannot insert twice. On PostgreSQL many rows travel
as one JSON array parameter unpacked by the server (`jsonb_to_recordset`): the statement stays
tiny whatever the batch size and the rows are encoded by json.dumps at C speed (adapting one
array per column in Python cost a fifth of a 500-event request). A few rows, and SQLite, get a
plain multi-row VALUES list.
"""

import functools
import json
from contextlib import contextmanager

from django.db import connection
from django.db.models import JSONField

CHUNK_ROWS = 500
SMALL_ROWS = 4


def _prepare(field, value):
    if isinstance(field, JSONField):
        return None if value is None else json.dumps(value)
    return value


def insert_new(model, rows: list[dict], conflict_fields: tuple[str, ...]) -> dict[tuple, int]:
    """Insert `rows` (attname → value) skipping conflicts; return {conflict key: new id}."""
    if not rows:
        return {}
    opts = model._meta
    fields = [f for f in opts.concrete_fields if not f.primary_key]
    defaults = {f.attname: f.get_default() for f in fields}
    quote = connection.ops.quote_name
    table = quote(opts.db_table)
    columns = ", ".join(quote(f.column) for f in fields)
    conflict = ", ".join(quote(opts.get_field(name).column) for name in conflict_fields)
    returning = ", ".join(["id", *(quote(opts.get_field(n).column) for n in conflict_fields)])
    inserted: dict[tuple, int] = {}
    postgres = connection.vendor == "postgresql"
    with fast_cursor() as cursor:
        for start in range(0, len(rows), CHUNK_ROWS):
            chunk = rows[start : start + CHUNK_ROWS]
            # A few rows go as a plain VALUES list (cheaper to plan); many as column arrays.
            build = _recordset_insert if postgres and len(chunk) > SMALL_ROWS else _values_insert
            sql, params = build(table, columns, fields, defaults, chunk)
            cursor.execute(f"{sql} ON CONFLICT ({conflict}) DO NOTHING RETURNING {returning}", params)
            for row_id, *key in cursor.fetchall():
                inserted[tuple(key)] = row_id
    return inserted


@contextmanager
def fast_cursor():
    """Django's cursor, or on PostgreSQL a server-binding psycopg cursor on the same connection.

    Django binds parameters client-side (quoting every array element into the SQL text); the
    server-binding cursor sends the column arrays as parameters, several times faster. It runs
    inside Django's error wrapper, so a failure marks the connection for Django to discard
    (a dead connection is not reused after a database restart) and surfaces as django.db errors.
    """
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            yield cursor
        return
    import psycopg

    with connection.wrap_database_errors:
        connection.ensure_connection()
        with psycopg.Cursor(connection.connection) as cursor:
            yield cursor


@functools.cache
def _array_casts(fields: tuple) -> str:
    casts = []
    for f in fields:
        db_type = f.db_type(connection)
        casts.append("%s::text[]::jsonb[]" if db_type == "jsonb" else f"%s::{db_type}[]")
    return ", ".join(casts)


@functools.cache
def _recordset(fields: tuple) -> str:
    quote = connection.ops.quote_name
    return ", ".join(f"{quote(f.attname)} {f.db_type(connection)}" for f in fields)


def _json_default(value):
    return value.isoformat()  # datetimes: the only non-JSON values rows carry


def _recordset_insert(table, columns, fields, defaults, chunk):
    """Many rows as one JSON array parameter, unpacked by the server (jsonb_to_recordset): one
    C-speed json.dumps instead of one array per column to adapt in Python."""
    names = [f.attname for f in fields]
    rows = [{name: row.get(name, defaults[name]) for name in names} for row in chunk]
    payload = json.dumps(rows, default=_json_default, separators=(",", ":"))
    select = ", ".join(connection.ops.quote_name(name) for name in names)
    sql = (
        f"INSERT INTO {table} ({columns}) SELECT {select} "
        f"FROM jsonb_to_recordset(%s::jsonb) AS r({_recordset(tuple(fields))})"
    )
    return sql, [payload]


def _values_insert(table, columns, fields, defaults, chunk):
    params: list = []
    for row in chunk:
        for f in fields:
            value = row[f.attname] if f.attname in row else defaults[f.attname]
            params.append(f.get_db_prep_save(value, connection))
    placeholder = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {table} ({columns}) VALUES {', '.join([placeholder] * len(chunk))}", params


def update_by_id(model, field_name: str, values: dict[int, object]) -> None:
    """Set one column of many rows, each to its own value, in one statement per chunk (on
    PostgreSQL an UPDATE … FROM unnest; elsewhere Django's bulk_update)."""
    if not values:
        return
    field = model._meta.get_field(field_name)
    if connection.vendor != "postgresql":
        objects = [model(pk=pk, **{field.attname: value}) for pk, value in values.items()]
        model.objects.bulk_update(objects, [field_name], batch_size=CHUNK_ROWS)
        return
    quote = connection.ops.quote_name
    cast = _array_casts((field,))
    sql = (
        f"UPDATE {quote(model._meta.db_table)} AS t SET {quote(field.column)} = v.value "
        f"FROM unnest(%s::bigint[], {cast}) AS v(id, value) WHERE t.id = v.id"
    )
    ids = list(values)
    with fast_cursor() as cursor:
        for start in range(0, len(ids), CHUNK_ROWS):
            chunk = ids[start : start + CHUNK_ROWS]
            cursor.execute(sql, [chunk, [_prepare(field, values[pk]) for pk in chunk]])
