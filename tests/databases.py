"""Which database a test needs, and a PostgreSQL pass that runs only what differs by database.

The SQLite pass runs every test. The PostgreSQL pass of `make test` (KAIZEN_DIFFERS_BY_DATABASE=1)
runs only the tests whose outcome can depend on the database, and leaves out:
- a test that reaches no database: no `django_db` marker, no database fixture, not a Django
  TestCase (pytest-django refuses it the connection), not marked `postgresql`;
- a test marked `same_on_every_database("why")`: it reaches the database, but what it proves is
  not the database's (a page's layout in a browser, a generated client parsing the schema, a
  benchmark that makes its own SQLite file).
(`same_at_every_instant("why")`, its counterpart for the moved-clock passes, is read by
tests/conftest.py.)
`postgresql("why")` marks a test that needs PostgreSQL itself (row locks, partitions, COPY, a
worker, a private server): skipped on SQLite, always in the PostgreSQL pass.
"""

import os

import pytest
from django.conf import settings
from django.test import TransactionTestCase

DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def on_postgresql() -> bool:
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def reaches_database(item) -> bool:
    cls = getattr(item, "cls", None)
    return bool(
        item.get_closest_marker("django_db")
        or item.get_closest_marker("postgresql")
        or DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        or (cls is not None and issubclass(cls, TransactionTestCase))  # Django's own test classes
    )


def differs_by_database(item) -> bool:
    return reaches_database(item) and not item.get_closest_marker("same_on_every_database")


def _why(item, name: str) -> str:
    marker = item.get_closest_marker(name)
    if not marker.args or not str(marker.args[0]).strip():
        raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.{name} needs the reason as its argument")
    return marker.args[0]


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    postgres = on_postgresql()
    for item in items:
        if item.get_closest_marker("postgresql"):
            why = _why(item, "postgresql")
            if not postgres:
                item.add_marker(pytest.mark.skip(reason=f"PostgreSQL only: {why}"))
        if item.get_closest_marker("same_on_every_database"):
            _why(item, "same_on_every_database")
        if item.get_closest_marker("same_at_every_instant"):
            _why(item, "same_at_every_instant")
    if not (postgres and os.environ.get("KAIZEN_DIFFERS_BY_DATABASE")):
        return
    kept, same = [], []
    for item in items:
        (kept if differs_by_database(item) else same).append(item)
    if same:
        config.hook.pytest_deselected(items=same)
        items[:] = kept
