"""Statements planned for their own parameters, where a cached generic plan reads badly."""

from contextlib import contextmanager

from django.db import DatabaseError, connection


@contextmanager
def planned_for_each_run():
    """Within the block, PostgreSQL plans every statement for the parameters it is given
    (`plan_cache_mode = force_custom_plan`), then the connection goes back to its default.

    Prepared statements (see the database settings) may be given one generic plan after five
    runs. That is what ingest, derived work and the pages want: their statements cannot prune
    time partitions at plan time anyway, and planning them afresh over 90 daily partitions halved
    ingest at 50M events and made the admin pages 7x slower. A loop that asks the same question of
    different keys over a time window is the exception: a generic plan does not know which key or
    window it reads, and the maintenance pass's "newest 100 failures" of its sixth pattern took
    1.3 s with one instead of 0.3 ms."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SET plan_cache_mode = force_custom_plan")
    try:
        yield
    finally:
        try:
            with connection.cursor() as cursor:
                cursor.execute("RESET plan_cache_mode")
        except DatabaseError:  # an aborted transaction rolls the SET back; a lost connection goes
            pass
