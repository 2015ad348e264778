"""Shared helpers for the benchmarks: a throwaway PostgreSQL database and manage.py calls."""

import hashlib
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get("BENCH_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")


def fresh_database(name: str, admin: str = PG_ADMIN, *, from_empty: bool = False) -> str:
    """Drop and create database `name` on the server of `admin` (a URL of its `postgres`
    database), migrated, and return its DATABASE_URL. It is copied from a migrated template of
    the current migrations (`_template`, made by the first benchmark that needs it) and migrated
    again, which only runs what `migrate` does after its migrations (the partitions for today, the
    schedule's rows): a copy takes a fraction of a second where a migration from nothing takes
    about 15. `from_empty` migrates it from nothing, for a benchmark of that."""
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if from_empty:
            conn.execute(f'CREATE DATABASE "{name}"')
        else:
            with _locked(conn):
                conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{_template(conn, admin)}"')
    url = admin.rsplit("/", 1)[0] + f"/{name}"
    if not from_empty:
        _drop_dated_partitions(url)
    manage(url, "migrate", "--verbosity", "0")
    return url


def _drop_dated_partitions(url: str) -> None:
    """The template's (empty) partitions are those of the day it was made; a copy drops them, so
    its `migrate` makes today's and the days ahead, as a migration from nothing would today."""
    with psycopg.connect(url, autocommit=True) as conn:
        dated = conn.execute(
            "SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid "
            "WHERE pg_get_expr(c.relpartbound, c.oid) <> 'DEFAULT'"
        ).fetchall()
        for (table,) in dated:
            conn.execute(f'DROP TABLE "{table}"')


TEMPLATE_PREFIX = "kaizen_bench_template_"


@contextmanager
def _locked(conn):
    """One benchmark at a time makes or copies the template (a copy needs nobody connected to it)."""
    conn.execute("SELECT pg_advisory_lock(hashtext(%s))", (TEMPLATE_PREFIX,))
    try:
        yield
    finally:
        conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (TEMPLATE_PREFIX,))


def _template(conn, admin: str) -> str:
    """The migrated template of the current migrations, named by a digest of their files: made
    (and any template of other migrations dropped) when missing. One left half-made by a
    killed run is finished by the `migrate` every copy gets."""
    digest = hashlib.sha256()
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    name = TEMPLATE_PREFIX + digest.hexdigest()[:12]
    made = conn.execute("SELECT datname FROM pg_database WHERE datname LIKE %s", (TEMPLATE_PREFIX + "%",))
    names = [row[0] for row in made]
    if name not in names:
        for old in names:
            conn.execute(f'DROP DATABASE IF EXISTS "{old}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
        manage(admin.rsplit("/", 1)[0] + f"/{name}", "migrate", "--verbosity", "0")
    return name


@contextmanager
def private_database(prefix: str, *, from_empty: bool = False):
    """A fresh, migrated database of this process's own (two runs, or a smoke test meanwhile,
    never meet), set as DATABASE_URL for Django, and dropped on leaving (`fresh_database`)."""
    name = f"{prefix}_{os.getpid()}"
    os.environ["DATABASE_URL"] = fresh_database(name, from_empty=from_empty)
    try:
        yield name
    finally:
        from django.db import connections

        connections.close_all()
        drop_database(name)


def drop_database(name: str, admin: str = PG_ADMIN) -> None:
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(database_url: str, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": database_url}
    env.pop("CELERY_BROKER_URL", None)
    out = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return out.stdout.strip()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
