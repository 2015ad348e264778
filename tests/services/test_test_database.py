"""The PostgreSQL test database: one per checkout, dropped when the suite ends."""

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from config.settings import BASE_DIR, postgres_test_name

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("name", "checkout"), [("kaizen", "/work/main"), ("kaizen", "/work/other"), ("k" * 80, "/srv/ci/x")]
)
def test_each_checkout_tests_on_its_own_database(name, checkout):
    test_name = postgres_test_name(name, Path(checkout))
    assert test_name == postgres_test_name(name, Path(checkout))  # the same on every run
    assert test_name != postgres_test_name(name, Path(checkout + "-2"))
    assert test_name.startswith(f"test_{name[:48]}_") and len(test_name) <= 63


LEAK = '''
import psycopg
import pytest

held = []


@pytest.fixture(autouse=True)
def a_connection_left_open(django_db_setup):
    """A connection to the test database that is never closed (a worker process, a thread)."""
    from django.db import connection

    s = connection.settings_dict
    held.append(psycopg.connect(host=s["HOST"], port=s["PORT"], user=s["USER"], dbname=s["NAME"]))
    yield
'''


@pytest.mark.django_db
@pytest.mark.postgresql("a PostgreSQL test database")
def test_a_suite_on_postgresql_leaves_no_test_database_behind(tmp_path):
    """A suite run whose test database is still in use when it ends (pytest-django only warns
    that it could not drop it) leaves no database behind."""
    s = connection.settings_dict
    url = (
        f"postgres://{s['USER'] or 'postgres'}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/kaizen_leftover"
    )
    leftover = postgres_test_name("kaizen_leftover", BASE_DIR)
    (tmp_path / "leak_plugin.py").write_text(LEAK)
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"}
    env.pop("KAIZEN_RECORD_CLOCK_READERS", None)
    env.pop("KAIZEN_CLOCK_READERS", None)
    env.pop("KAIZEN_DIFFERS_BY_DATABASE", None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "leak_plugin", "-q",
         "tests/test_authorization.py::test_trusted_proxies_are_parsed_strictly"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    with psycopg.connect(
        host=s["HOST"] or "127.0.0.1", port=s["PORT"] or 5432, user=s["USER"] or "postgres", dbname="postgres"
    ) as conn:
        names = [row[0] for row in conn.execute("SELECT datname FROM pg_database")]
    assert leftover not in names, run.stdout
