"""One run at a time of a job that must not overlap itself (a prune of the event tables): on
PostgreSQL a session advisory lock, on SQLite a file lock beside the database. Held while the job
runs; released when it ends, or by the database (the operating system) when its process dies."""

import contextlib
import fcntl
import hashlib
import os
import tempfile
from pathlib import Path

from django.db import connection


class Busy(Exception):
    """Another process runs the job now."""


def _key(name: str) -> int:
    return int.from_bytes(hashlib.sha256(f"kaizen:{name}".encode()).digest()[:8], "big", signed=True)


@contextlib.contextmanager
def exclusive(name: str):
    """Run the body only if no other process runs job `name`; Busy otherwise."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [_key(name)])
            if not cursor.fetchone()[0]:
                raise Busy(name)
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [_key(name)])
        return
    database = str(connection.settings_dict["NAME"])
    if os.sep in database:  # a file: the lock lies beside it, one per database and job
        where = Path(database).parent / f".{Path(database).name}.{_key(name) & 0xFFFFFFFF:08x}.lock"
    else:  # a database in memory lives in one process: so does its lock
        where = Path(tempfile.gettempdir()) / f".kaizen-{os.getpid()}-{_key(name) & 0xFFFFFFFF:08x}.lock"
    descriptor = os.open(where, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(name) from None
        yield
    finally:
        os.close(descriptor)  # closing the last descriptor releases the lock
