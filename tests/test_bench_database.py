"""The benchmarks' throwaway database is what a migration from nothing makes today, whatever day
the migrated template it is copied from was made."""

import os
from datetime import UTC, datetime, timedelta

import psycopg
import pytest

from bench import common


@pytest.mark.postgresql("the benchmarks' databases are on PostgreSQL")
def test_a_copy_of_a_template_made_days_ago_has_todays_partitions_and_none_of_then():
    admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    today = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    then = today - timedelta(days=3)
    with psycopg.connect(admin, autocommit=True) as conn, common._locked(conn):
        template = admin.rsplit("/", 1)[0] + "/" + common._template(conn, admin)
        with psycopg.connect(template, autocommit=True) as made:  # as if it were made three days ago
            made.execute(
                f'CREATE TABLE IF NOT EXISTS "telemetry_toolinvocation_p{then:%Y%m%d}" PARTITION OF '
                f"telemetry_toolinvocation FOR VALUES FROM ('{then.isoformat()}') TO "
                f"('{(then + timedelta(days=1)).isoformat()}')"
            )
    name = f"kaizen_copy_{os.getpid()}"
    try:
        url = common.fresh_database(name, admin)
        with psycopg.connect(url) as copy:
            starts = [
                row[0]
                for row in copy.execute(
                    "SELECT (regexp_match(pg_get_expr(c.relpartbound, c.oid), $$FROM \\('([^']+)'$$))[1]"
                    "::timestamptz FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
                    "WHERE i.inhparent = 'telemetry_toolinvocation'::regclass ORDER BY 1"
                )
                if row[0] is not None
            ]
    finally:
        common.drop_database(name, admin)
    assert then not in starts
    assert starts[0] in (today, today - timedelta(days=1))  # the day it migrated (midnight may pass)
    assert today + timedelta(days=7) in starts


def test_a_sqlite_benchmark_database_is_a_copy_of_one_template_made_once(tmp_path, monkeypatch):
    import sqlite3

    made = []

    def migrate(url, *args):  # stands in for `manage.py migrate` from nothing (25 seconds)
        made.append(url)
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            conn.execute("CREATE TABLE django_migrations (name TEXT)")

    monkeypatch.setattr(common, "manage", migrate)
    (tmp_path / "bench-template-000000000000.sqlite3").write_text("of other migrations")
    (tmp_path / "bench-template-111111111111.making-7").write_text("left half-made by a killed run")
    urls = [common.fresh_sqlite(str(tmp_path / f"run{i}.sqlite3"), tmp_path) for i in range(2)]
    assert len(made) == 1 and urls == [f"sqlite:///{tmp_path}/run{i}.sqlite3" for i in range(2)]
    for url in urls:
        with sqlite3.connect(url.removeprefix("sqlite:///")) as conn:
            assert conn.execute("SELECT count(*) FROM django_migrations").fetchone() == (0,)
    templates = sorted(p.name for p in tmp_path.glob("bench-template-*"))
    assert templates == [f"bench-template-{common.migrations_digest()}.sqlite3"]
