"""Shared helpers for the benchmarks: a throwaway PostgreSQL or SQLite database and manage.py calls."""

import fcntl
import hashlib
import os
import shutil
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


def migrations_digest() -> str:
    """A digest of the current migrations' files: what names a migrated template of them."""
    digest = hashlib.sha256()
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()[:12]


def fresh_sqlite(path: str, folder: Path = ROOT / "var") -> str:
    """A migrated SQLite database at `path`, and its DATABASE_URL: a copy of the migrated template
    of the current migrations (var/bench-template-<digest>.sqlite3, made by the first benchmark
    that needs it, any of other migrations removed), to be migrated again as a PostgreSQL copy
    is (`fresh_database`): a copy takes a fraction of a second where a migration from nothing
    takes about 25. The template is made under a file lock and moved into place whole, so two
    benchmarks at once, or one killed half-way, never copy a half-made one."""
    folder.mkdir(exist_ok=True)
    template = folder / f"bench-template-{migrations_digest()}.sqlite3"
    with open(folder / "bench-template.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not template.exists():
            for old in folder.glob("bench-template-*"):  # (of other migrations, or half-made)
                old.unlink()
            making = template.with_suffix(f".making-{os.getpid()}")
            manage(f"sqlite:///{making}", "migrate", "--verbosity", "0")
            os.replace(making, template)
        shutil.copyfile(template, path)
    return f"sqlite:///{path}"


def _template(conn, admin: str) -> str:
    """The migrated template of the current migrations, named by a digest of their files: made
    (and any template of other migrations dropped) when missing. One left half-made by a
    killed run is finished by the `migrate` every copy gets."""
    name = TEMPLATE_PREFIX + migrations_digest()
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
