"""Fault tests: real processes on private PostgreSQL and Redis instances.

They need PostgreSQL (marked so: skipped on SQLite, run in the PostgreSQL pass of `make test`);
under CI a missing PostgreSQL or Redis binary fails them instead of skipping.
"""

import pytest

from tests.conftest import on_ci
from tests.databases import on_postgresql
from tests.faults.processes import Kaizen, PrivatePostgres, PrivateRedis, available


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    faults = [item for item in items if "tests/faults/" in str(item.fspath)]
    for item in faults:
        item.add_marker(pytest.mark.postgresql("fault tests run in the PostgreSQL pass of make test"))
    why = on_postgresql() and available()
    if why and not on_ci():  # under CI the fixtures fail loudly instead
        for item in faults:
            item.add_marker(pytest.mark.skip(reason=why))


@pytest.fixture(scope="session")
def migrated_server():
    """The data directory of a stopped private server whose `kaizen` database is migrated: the
    migrations run once per pass (tens of seconds each time), not once per fault test."""
    pg = PrivatePostgres()
    kaizen = Kaizen(pg)
    kaizen.manage("migrate", "--verbosity", "0")
    kaizen.stop_all()  # it started no process: this removes its log directory
    pg.stop()
    yield pg.data
    pg.destroy()


@pytest.fixture
def private_pg(migrated_server):
    """A private server of the test's own, its `kaizen` database migrated (a copy of
    `migrated_server`)."""
    pg = PrivatePostgres(copy_of=migrated_server)
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
