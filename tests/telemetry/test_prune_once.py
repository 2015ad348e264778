"""Two prunes at once do not run: the second says a prune is running and changes nothing (two at
once deadlocked on PostgreSQL); the daily task leaves the run to the one in progress."""

import contextlib
import io

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from config.exclusive import _key, exclusive
from telemetry.tasks import prune_events

pytestmark = pytest.mark.django_db


def held_elsewhere():
    """The prune's lock held as another process would hold it: on PostgreSQL by another session."""
    if connection.vendor != "postgresql":
        return exclusive("prune_events")  # a second open file: flock refuses it like another process

    @contextlib.contextmanager
    def other_session():
        s = connection.settings_dict
        with psycopg.connect(
            dbname=s["NAME"],
            user=s["USER"],
            host=s["HOST"] or "localhost",
            port=s["PORT"] or 5432,
            autocommit=True,
        ) as other:
            other.execute("SELECT pg_advisory_lock(%s)", [_key("prune_events")])
            yield
            other.execute("SELECT pg_advisory_unlock(%s)", [_key("prune_events")])

    return other_session()


def test_a_second_prune_says_one_is_running_and_the_daily_task_leaves_it_the_work():
    with held_elsewhere():
        with pytest.raises(CommandError, match="a prune is running"):
            call_command("prune_events", "--older-than", "90", stdout=io.StringIO())
        assert prune_events() == {"skipped": "a prune is running"}
    out = io.StringIO()
    call_command("prune_events", "--older-than", "90", stdout=out)  # once it ended, the next runs
    assert "deleted" in out.getvalue()
