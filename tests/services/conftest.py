"""Real services: PostgreSQL as the database and a Celery worker consuming from Redis.

On the SQLite pass these tests are skipped: `make test` runs them in its PostgreSQL pass, and
that pass fails under CI when PostgreSQL or Redis is unreachable. On PostgreSQL, a missing Redis
skips locally and fails when the CI environment variable is set, so CI cannot pass by skipping.
"""

import os
import subprocess
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from config.celery import app as celery_app
from tests.conftest import on_ci
from tests.databases import on_postgresql
from tests.reachability import reachable
from tests.workers import celery_worker_command

ROOT = Path(__file__).resolve().parents[2]


def need(condition: bool, why: str) -> None:
    if condition:
        return
    if on_ci():
        pytest.fail(f"CI is set but {why}")
    pytest.skip(why)


@pytest.fixture
def postgres(db):
    if not on_postgresql():
        pytest.skip("runs in the PostgreSQL pass of make test")
    return connection


@pytest.fixture
def celery_worker(transactional_db):
    """A real `celery worker` process on the test database, fed through Redis."""
    redis_url = os.environ.get("KAIZEN_TEST_REDIS_URL", "")
    if not on_postgresql():
        pytest.skip("runs in the PostgreSQL pass of make test")
    need(bool(redis_url) and reachable(redis_url, 6379), "Redis is not configured or reachable")
    db = connection.settings_dict
    host, port = db["HOST"] or "127.0.0.1", db["PORT"] or 5432
    database_url = f"postgres://{db['USER'] or 'postgres'}@{host}:{port}/{db['NAME']}"
    queue = f"kaizen-test-{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": redis_url,
        "DATABASE_CONN_MAX_AGE": "0",
    }
    proc = subprocess.Popen(
        celery_worker_command("-Q", queue, "--without-heartbeat", loglevel="WARNING"),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    saved = {k: celery_app.conf[k] for k in ("broker_url", "task_always_eager", "task_default_queue")}
    celery_app.conf.update(broker_url=redis_url, task_always_eager=False, task_default_queue=queue)
    _reset_connections()
    try:
        yield queue
    finally:
        celery_app.conf.update(saved)
        _reset_connections()
        proc.terminate()
        try:
            output, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            output, _ = proc.communicate()
        if output.strip():
            print("celery worker output:\n" + output)


def _reset_connections() -> None:
    """Drop pooled broker connections so the next send uses the broker configured now."""
    from kombu import pools

    pools.reset()  # kombu's registry of producer pools, keyed by connection
    celery_app._pool = None
    celery_app.amqp._producer_pool = None


def wait_for(predicate, timeout: float = 30.0, interval: float = 0.2):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(interval)
    raise AssertionError("condition not met within the timeout")
