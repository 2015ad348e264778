"""Shared helpers for the benchmarks: a throwaway PostgreSQL database and manage.py calls."""

import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[1]
PG_ADMIN = os.environ.get("BENCH_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")


def fresh_database(name: str, admin: str = PG_ADMIN) -> str:
    """Drop and create database `name` on the server of `admin` (a URL of its `postgres`
    database), migrate it, return its DATABASE_URL."""
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    url = admin.rsplit("/", 1)[0] + f"/{name}"
    manage(url, "migrate", "--verbosity", "0")
    return url


@contextmanager
def private_database(prefix: str):
    """A fresh, migrated database of this process's own (two runs, or a smoke test meanwhile,
    never meet), set as DATABASE_URL for Django, and dropped on leaving."""
    name = f"{prefix}_{os.getpid()}"
    os.environ["DATABASE_URL"] = fresh_database(name)
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
