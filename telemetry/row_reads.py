"""Reads of many rows at once for derived work, on Django's connection and cursor."""

from datetime import timedelta

from django.db import connection
from django.db.models import BooleanField, Lookup, Q
from django.db.models.expressions import RawSQL
from psycopg.rows import dict_row
from psycopg.types.datetime import TimestamptzLoader
from psycopg.types.json import JsonbLoader


def rows_by_id(model, row_ids: list[int], *, within: tuple | None = None) -> list[dict]:
    """The rows of `row_ids` as dicts of every column by attname (what `.values()` gives), in id
    order. `within` (earliest, latest `occurred_at` of those rows), when known, lets PostgreSQL
    read only the time partitions that hold them instead of probing every one.
    On PostgreSQL the cursor decodes timestamps and JSON with psycopg's C loaders (Django's
    timestamp loader is pure Python: two timestamps a row were a tenth of a derive pass)."""
    if connection.vendor != "postgresql":
        return list(model.objects.filter(pk__in=row_ids).order_by("pk").values())

    quote, opts = connection.ops.quote_name, model._meta
    columns = ", ".join(f"{quote(f.column)} AS {quote(f.attname)}" for f in opts.concrete_fields)
    pk = quote(opts.pk.column)
    window, params = "", [row_ids]
    if within is not None:
        window, params = " AND occurred_at BETWEEN %s AND %s", [row_ids, *within]
    sql = f"SELECT {columns} FROM {quote(opts.db_table)} WHERE {pk} = ANY(%s){window} ORDER BY {pk}"
    with connection.cursor() as cursor:
        raw = cursor.cursor  # this cursor's own loaders and rows; Django's wrapper runs the query
        raw.adapters.register_loader("timestamptz", TimestamptzLoader)  # swapped for the C versions
        raw.adapters.register_loader("jsonb", JsonbLoader)  # Django leaves JSON to its fields
        raw.row_factory = dict_row
        cursor.execute(sql, params)
        return cursor.fetchall()


SESSION_SPAN = timedelta(days=1)


def near(rows: list[dict]) -> Q:
    """Events dated within SESSION_SPAN of `rows` (which must carry `occurred_at`): what derived
    work reads of the sessions a batch names. On PostgreSQL that reads a few time partitions
    instead of probing every one; an event of the same session dated further away is not seen."""
    times = [row["occurred_at"] for row in rows]
    return Q(occurred_at__gte=min(times) - SESSION_SPAN, occurred_at__lte=max(times) + SESSION_SPAN)


class AnyOf(Lookup):
    """`field__any_of=values`: `field IN values`, on PostgreSQL as `field = ANY(%s)` with the
    values as one array parameter (registered on every field by telemetry/wiring.py). Derived
    work filters by a batch's thousands of correlation ids or hundreds of sessions; as an IN list
    each value is a placeholder that Django binds and PostgreSQL parses and plans one by one (a
    fifth of a derive pass)."""

    lookup_name = "any_of"
    prepare_rhs = False

    def get_prep_lookup(self):
        return [self.lhs.output_field.get_prep_value(v) for v in self.rhs]

    def as_sql(self, compiler, connection):
        lhs, params = self.process_lhs(compiler, connection)
        if not self.rhs:
            return "0 = 1", []
        if connection.vendor == "postgresql":
            return f"{lhs} = ANY(%s)", [*params, self.rhs]
        return f"{lhs} IN ({', '.join(['%s'] * len(self.rhs))})", [*params, *self.rhs]


def pairs_in(model, fields: tuple[str, str], pairs: set[tuple]) -> Q:
    """A filter for rows whose two `fields` are one of `pairs` (an agent's sessions, say).

    On PostgreSQL it is exact: `(a, b) IN (SELECT * FROM unnest(%s, %s))`, one index probe per
    pair. Filtering each field by its own list instead probes every combination (every agent
    with every session of the batch): the session digest's aggregate took 27 ms where the pairs
    take 6. Elsewhere it is that looser filter (both lists), so callers keep only the pairs they
    asked for.
    """
    first, second = fields
    if connection.vendor != "postgresql":
        return Q(**{f"{first}__in": {p[0] for p in pairs}, f"{second}__any_of": {p[1] for p in pairs}})
    opts, quote = model._meta, connection.ops.quote_name
    a, b = (opts.get_field(name) for name in fields)
    sql = (
        f"({quote(opts.db_table)}.{quote(a.column)}, {quote(opts.db_table)}.{quote(b.column)}) "
        f"IN (SELECT * FROM unnest(%s::{a.db_type(connection)}[], %s::{b.db_type(connection)}[]))"
    )
    ordered = list(pairs)
    return Q(RawSQL(sql, ([p[0] for p in ordered], [p[1] for p in ordered]), output_field=BooleanField()))
