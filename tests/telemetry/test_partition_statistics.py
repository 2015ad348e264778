"""Kaizen gathers the statistics of the partitions it fills itself, autovacuum or not: the hourly
partition task analyses a partition once it holds enough rows, and a past period's partition
(the day rolled over) once it has any, so the planner never reads an event table blind."""

from datetime import timedelta

import pytest
from django.db import connection

from telemetry import partitions
from telemetry.models import ToolInvocation
from telemetry.tasks import partitions_ensure
from tests.conftest import FIXED_NOW
from tests.planner.helpers import client_for
from tests.telemetry.test_partitions import post, tool

pytestmark = [
    pytest.mark.postgresql("PostgreSQL's partitions and their statistics"),
    pytest.mark.usefixtures("clock"),
    pytest.mark.django_db,
]
TABLE = ToolInvocation._meta.db_table


def estimate(name: str) -> float:
    """pg_class.reltuples: -1 until the partition is first analysed (PostgreSQL 14 on)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = %s::regclass", [name])
        return cursor.fetchone()[0]


def names() -> list[str]:
    with connection.cursor() as cursor:
        return [p.name for p in partitions.partitions(cursor, TABLE)]


def test_the_partition_task_analyses_the_partitions_it_filled(settings):
    settings.KAIZEN = {**settings.KAIZEN, "RETENTION_DAYS": 30}
    _, client = client_for("alice")
    partitions_ensure.apply(kwargs={})
    today = f"{TABLE}_p{FIXED_NOW:%Y%m%d}"
    yesterday = FIXED_NOW - timedelta(days=1)
    then = f"{TABLE}_p{yesterday:%Y%m%d}"
    with connection.cursor() as cursor:  # made afresh, never analysed, whatever ran before
        cursor.execute(f'DROP TABLE IF EXISTS "{today}", "{then}"')
    partitions_ensure.apply(kwargs={})
    assert estimate(today) == -1 and then not in names()

    post(client, [tool(n, yesterday + timedelta(seconds=n), id=f"y-{n}") for n in range(5)])  # default
    post(client, [tool(n, FIXED_NOW - timedelta(seconds=n + 1)) for n in range(10)])
    assert partitions_ensure.apply(kwargs={}).get()["moved"] == 5
    assert estimate(then) == 5  # moved into a past day's partition: analysed with what it holds
    assert estimate(today) == -1  # ten rows of a day still being filled: not yet

    for start in range(10, partitions.ANALYZE_ROWS + 10, 1000):
        post(client, [tool(n, FIXED_NOW - timedelta(seconds=n + 1)) for n in range(start, start + 1000)])
    partitions_ensure.apply(kwargs={})
    assert estimate(today) >= partitions.ANALYZE_ROWS  # past the threshold: analysed
