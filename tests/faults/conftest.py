"""Fault tests: real processes on private PostgreSQL and Redis instances.

They run in the PostgreSQL pass of `make test` (skipped on the SQLite pass, which would only
repeat them); under CI a missing PostgreSQL or Redis binary fails them instead of skipping.
"""

import os

import pytest

from tests.conftest import on_ci
from tests.faults.processes import Kaizen, PrivatePostgres, PrivateRedis, available


def pytest_collection_modifyitems(config, items):
    reason = None
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        reason = "fault tests run in the PostgreSQL pass of make test"
    elif why := available():
        if on_ci():
            return  # let the fixtures fail loudly
        reason = why
    if reason:
        for item in items:
            if "tests/faults/" in str(item.fspath):
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture
def private_pg():
    pg = PrivatePostgres()
    yield pg
    pg.destroy()


@pytest.fixture
def private_redis():
    redis = PrivateRedis()
    yield redis
    redis.destroy()


@pytest.fixture
def kaizen_factory():
    made: list[Kaizen] = []

    def make(pg, redis=None, **env) -> Kaizen:
        kaizen = Kaizen(pg, redis, **env)
        made.append(kaizen)
        return kaizen

    yield make
    for kaizen in made:
        kaizen.stop_all()
