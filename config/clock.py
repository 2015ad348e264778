"""The one clock: every service, selector and task asks `clock.now()` for the time.

It is Django's aware UTC now, kept behind one name so that tests pin or move it (with
time-machine) and the suite can be run at any date and hour (`KAIZEN_TEST_NOW`).

Claims, ticks and leases are shared between processes, so they compare against one time that
every process agrees on: `db_now()`, the database server's (on SQLite, one machine's file, it is
`now()`). A worker whose clock is minutes off then neither steals nor stalls another's claim.
"""

from datetime import datetime

from django.db import connection
from django.utils import timezone


def now() -> datetime:
    return timezone.now()


def db_now() -> datetime:
    """The database server's time (the start of the current statement)."""
    if connection.vendor != "postgresql":
        return now()
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement_timestamp()")
        return cursor.fetchone()[0]
