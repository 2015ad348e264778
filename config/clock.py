"""The one clock: every service, selector and task asks `clock.now()` for the time.

It is Django's aware UTC now, kept behind one name so that tests pin or move it (with
time-machine) and the suite can be run at any date and hour (`KAIZEN_TEST_NOW`). A simulation
that runs on simulated days (the demo) pins it for what it does at a simulated time
(`pinned`), so the decisions it makes carry that time.

Claims, ticks and leases are shared between processes, so they compare against one time that
every process agrees on: `db_now()`, the database server's (on SQLite, one machine's file, it is
`now()`). A worker whose clock is minutes off then neither steals nor stalls another's claim.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime

from django.db import connection
from django.utils import timezone

_pinned: ContextVar[datetime | None] = ContextVar("kaizen_clock_pinned", default=None)


def now() -> datetime:
    return _pinned.get() or timezone.now()


@contextmanager
def pinned(at: datetime) -> Iterator[None]:
    """`now()` answers `at` within the block (in this thread or task only)."""
    token = _pinned.set(at)
    try:
        yield
    finally:
        _pinned.reset(token)


def db_now() -> datetime:
    """The database server's time (the start of the current statement)."""
    if connection.vendor != "postgresql":
        return now()
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement_timestamp()")
        return cursor.fetchone()[0]
