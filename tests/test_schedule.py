"""The beat schedule: rows written once at migrate, never rewritten by beat; one run per tick."""

import json
from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django_celery_beat.models import IntervalSchedule, PeriodicTask
from django_celery_beat.schedulers import DatabaseScheduler

from config.celery import app
from config.schedule import BEAT_SCHEDULE
from fleet.models import PeriodicClaim
from fleet.ticks import claim_tick
from governance.board.tasks import improve_cycle
from governance.models import ImproveCycle

pytestmark = pytest.mark.django_db
T = datetime(2030, 5, 17, 12, 0, tzinfo=UTC)


def test_every_row_has_its_expiry_and_the_scheduled_marker():
    for name, entry in BEAT_SCHEDULE.items():
        row = PeriodicTask.objects.get(name=name)
        assert row.expire_seconds == entry["options"]["expires"], name
        assert json.loads(row.kwargs) == {"scheduled": True}, name


@pytest.mark.django_db(transaction=True)  # the scheduler closes the connection it starts on
def test_starting_beat_keeps_an_operators_edit_and_the_expiries():
    row = PeriodicTask.objects.get(name="planner.fleet_health_snapshot")
    row.interval, _ = IntervalSchedule.objects.get_or_create(every=300, period="seconds")
    row.save()
    scheduler = DatabaseScheduler(app=app, lazy=False)  # what `celery beat` builds at start
    scheduler.setup_schedule()
    row.refresh_from_db()
    assert row.interval.every == 300
    assert not PeriodicTask.objects.filter(name__in=list(BEAT_SCHEDULE), expire_seconds=None).exists()


def test_a_tick_is_claimed_once_and_the_next_tick_again():
    name = "planner.fleet_health_snapshot"  # every 60 s: two sends within 48 s are one tick
    assert claim_tick(name, now=T) is True
    assert claim_tick(name, now=T + timedelta(seconds=2)) is False
    assert claim_tick(name, now=T + timedelta(seconds=47)) is False
    assert claim_tick(name, now=T + timedelta(seconds=60)) is True


def test_a_later_tick_is_claimed_without_a_failing_insert():
    """Only the job's first start creates its row: later ticks leave no unique-key error in the
    database's log every few seconds."""
    name = "planner.fleet_health_snapshot"
    assert claim_tick(name, now=T) is True
    with CaptureQueriesContext(connection) as queries:
        assert claim_tick(name, now=T + timedelta(seconds=60)) is True
        assert claim_tick(name, now=T + timedelta(seconds=61)) is False
    assert not [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("INSERT")]


def test_the_gap_follows_the_interval_an_operator_set():
    row = PeriodicTask.objects.get(name="planner.fleet_health_snapshot")
    row.interval, _ = IntervalSchedule.objects.get_or_create(every=600, period="seconds")
    row.save()
    name = row.name
    assert claim_tick(name, now=T)
    assert not claim_tick(name, now=T + timedelta(seconds=470))
    assert claim_tick(name, now=T + timedelta(seconds=600))


def test_two_beats_sending_the_improve_cycle_advance_it_once():
    improve_cycle.apply(kwargs={"scheduled": True})
    improve_cycle.apply(kwargs={"scheduled": True})  # the second beat's copy of the same tick
    assert ImproveCycle.objects.get(name="improve").count == 1
    # ten minutes pass on the database's clock, which ticks are claimed by
    PeriodicClaim.objects.update(last_started_at=F("last_started_at") - timedelta(minutes=10))
    improve_cycle.apply(kwargs={"scheduled": True})
    assert ImproveCycle.objects.get(name="improve").count == 2
    improve_cycle.apply()  # an operator's manual run is not a tick: it always runs
    assert ImproveCycle.objects.get(name="improve").count == 3


@pytest.mark.postgresql("SQLite's time is this process's own clock")
def test_a_worker_whose_clock_runs_ahead_neither_steals_nor_stalls_ticks(time_machine):
    """Ticks compare against the database's clock: a worker five minutes ahead claims the tick it
    is due, and the next tick is still due for every other worker one interval later."""
    import time

    from config import clock

    name = "telemetry.derive_pending"  # every 2 s: one tick per 1.6 s
    PeriodicTask.objects.filter(name=name).update(
        interval=IntervalSchedule.objects.create(every=2, period="seconds")
    )
    server = clock.db_now()
    time_machine.move_to(server + timedelta(minutes=5), tick=True)  # this process's clock only
    assert claim_tick(name) is True
    assert claim_tick(name) is False  # the same tick, however far ahead this clock runs
    time_machine.move_to(server, tick=True)
    time.sleep(1.7)  # one interval of the server's time later
    assert claim_tick(name) is True


def test_every_task_has_a_soft_time_limit_and_a_derive_pass_its_own():
    """Every task is interrupted before the broker would hand its message to another worker; a
    derive pass sooner, by its budget, how long it follows the list and its handlers' time."""
    from django.conf import settings

    from telemetry.derived import pass_time_limit

    app.loader.import_default_modules()
    ours = {name: task for name, task in app.tasks.items() if not name.startswith("celery.")}
    assert set(BEAT_SCHEDULE) <= set(ours)
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    for name, task in ours.items():
        limit = task.soft_time_limit or app.conf.task_soft_time_limit
        assert limit and 0 < limit < visibility, name
    assert app.tasks["telemetry.derive_pending"].soft_time_limit == pass_time_limit()
    cfg = settings.KAIZEN
    assert pass_time_limit() == max(20, cfg["DERIVE_FOLLOW_SECONDS"]) + 10 * cfg["DERIVE_HANDLER_SECONDS"]
    for name in ("governance.escalation_webhook", "planner.dispatch_deliver", "improver.notify_review"):
        assert app.tasks[name].soft_time_limit == 60, name
