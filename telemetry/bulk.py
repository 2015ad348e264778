"""Multi-row INSERT … ON CONFLICT DO NOTHING RETURNING, for SQLite and PostgreSQL.

Django's bulk_create(ignore_conflicts=True) cannot say which rows were new, and the ingest
contract must answer 201 or 200 per event and run side effects only for new ones; the unique
constraint decides, so concurrent replays cannot insert twice.
"""

from django.db import connection

CHUNK_ROWS = 500


def insert_new(model, rows: list[dict], conflict_fields: tuple[str, ...]) -> dict[tuple, int]:
    """Insert `rows` (attname → value) skipping conflicts; return {conflict key: new id}."""
    if not rows:
        return {}
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    defaults = {f.attname: f.get_default() for f in fields}
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    conflict = ", ".join(
        connection.ops.quote_name(model._meta.get_field(name).column) for name in conflict_fields
    )
    returning = ", ".join(
        ["id"]
        + [connection.ops.quote_name(model._meta.get_field(n).column) for n in conflict_fields]
    )
    placeholder = "(" + ", ".join(["%s"] * len(fields)) + ")"
    inserted: dict[tuple, int] = {}
    with connection.cursor() as cursor:
        for start in range(0, len(rows), CHUNK_ROWS):
            chunk = rows[start : start + CHUNK_ROWS]
            params: list = []
            for row in chunk:
                for f in fields:
                    value = row[f.attname] if f.attname in row else defaults[f.attname]
                    params.append(f.get_db_prep_save(value, connection))
            sql = (
                f"INSERT INTO {table} ({columns}) VALUES "
                f"{', '.join([placeholder] * len(chunk))} "
                f"ON CONFLICT ({conflict}) DO NOTHING RETURNING {returning}"
            )
            cursor.execute(sql, params)
            for row_id, *key in cursor.fetchall():
                inserted[tuple(key)] = row_id
    return inserted
