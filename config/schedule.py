"""The beat schedule: one entry per periodic task, each with an explicit name and an expiry.

`sync_periodic_tasks` writes missing entries into django-celery-beat's tables after `migrate`,
so operators see (and can edit or disable) every periodic task in the admin before beat first
starts. Existing rows are left as the operator set them, and beat never rewrites them: this
dict is deliberately not Celery's `beat_schedule`, which the database scheduler would upsert at
every beat start (reverting operators' edits and clearing expiries).

Each row calls its task with `scheduled=True`; the task then claims its tick (`claim_tick`), so
two beat processes sending the same tick run the job once.
"""

import json
import logging
from datetime import datetime, timedelta

from celery.schedules import crontab
from django.db import IntegrityError, transaction

from config import clock

log = logging.getLogger(__name__)
SCHEDULED_KWARGS = json.dumps({"scheduled": True})
CRONTAB_MIN_GAP = timedelta(minutes=30)  # daily and weekly jobs: two sends within this are one tick

BEAT_SCHEDULE: dict[str, dict] = {
    "telemetry.derive_pending": {
        "task": "telemetry.derive_pending",
        "schedule": timedelta(seconds=5),
        "options": {"expires": 5},
    },
    "telemetry.agent_activity_refresh": {
        "task": "telemetry.agent_activity_refresh",
        "schedule": timedelta(minutes=5),
        "options": {"expires": 240},
    },
    "planner.fleet_health_snapshot": {
        "task": "planner.fleet_health_snapshot",
        "schedule": timedelta(seconds=60),
        "options": {"expires": 55},
    },
    "improver.wake_due_improvers": {
        "task": "improver.wake_due_improvers",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    "improver.reap_rituals": {
        "task": "improver.reap_rituals",
        "schedule": timedelta(seconds=60),
        "options": {"expires": 55},
    },
    "governance.improve_cycle": {
        "task": "governance.improve_cycle",
        "schedule": timedelta(minutes=10),
        "options": {"expires": 540},
    },
    "governance.reconcile_stale_running": {
        "task": "governance.reconcile_stale_running",
        "schedule": timedelta(minutes=5),
        "options": {"expires": 240},
    },
    "improver.prune_events": {
        "task": "improver.prune_events",
        "schedule": crontab(minute=30, hour=3),
        "options": {"expires": 6 * 3600},
    },
    "improver.maintenance_pass": {
        "task": "improver.maintenance_pass",
        "schedule": crontab(minute=0, hour=6, day_of_week=1),
        "options": {"expires": 6 * 3600},
    },
}


def sync_periodic_tasks(apps=None, **_kwargs) -> int:
    """Create a PeriodicTask row for each schedule entry that has none; return how many.

    Runs from the data migration (with its historical models) and after every `migrate` (so an
    entry added to the schedule later gets its row too); rows that exist are left as edited.
    """
    if apps is None or not hasattr(apps, "get_model"):
        from django.apps import apps as global_apps

        apps = global_apps
    PeriodicTask = apps.get_model("django_celery_beat", "PeriodicTask")  # noqa: N806
    IntervalSchedule = apps.get_model("django_celery_beat", "IntervalSchedule")  # noqa: N806
    CrontabSchedule = apps.get_model("django_celery_beat", "CrontabSchedule")  # noqa: N806

    created = 0
    for name, entry in BEAT_SCHEDULE.items():
        if PeriodicTask.objects.filter(name=name).exists():
            continue
        schedule = entry["schedule"]
        fields: dict = {"name": name, "task": entry["task"]}
        if isinstance(schedule, timedelta):
            fields["interval"], _ = IntervalSchedule.objects.get_or_create(
                every=int(schedule.total_seconds()), period="seconds"
            )
        else:
            fields["crontab"], _ = CrontabSchedule.objects.get_or_create(
                minute=schedule._orig_minute,
                hour=schedule._orig_hour,
                day_of_week=schedule._orig_day_of_week,
                day_of_month=schedule._orig_day_of_month,
                month_of_year=schedule._orig_month_of_year,
            )
        fields["expire_seconds"] = entry.get("options", {}).get("expires")
        fields["kwargs"] = SCHEDULED_KWARGS
        PeriodicTask.objects.create(**fields)
        created += 1
    # Rows created before ticks were claimed get the marker once; edited rows keep their edits.
    PeriodicTask.objects.filter(name__in=list(BEAT_SCHEDULE), kwargs__in=["", "{}"]).update(
        kwargs=SCHEDULED_KWARGS
    )
    return created


TICK_SHARE = 0.8  # a start within 80% of the interval after the last one is the same tick


def min_gap(name: str) -> timedelta:
    """Most of the job's interval as the operator set it (crontab jobs: CRONTAB_MIN_GAP).

    Two beat processes tick at their own phases; any gap shorter than the interval (minus room
    for jitter) merges their sends into one start per interval, whatever the phase offset."""
    from django_celery_beat.models import PeriodicTask

    row = PeriodicTask.objects.filter(name=name).select_related("interval").first()
    if row is not None and row.interval is not None:
        return row.interval.schedule.run_every * TICK_SHARE
    schedule = BEAT_SCHEDULE.get(name, {}).get("schedule")
    return schedule * TICK_SHARE if isinstance(schedule, timedelta) else CRONTAB_MIN_GAP


def claim_tick(name: str, *, now: datetime | None = None) -> bool:
    """True for the first start of job `name` in this tick; False for a second beat's duplicate.

    A tick is claimed by a conditional update of the job's row: it succeeds only when the last
    start lies at least `min_gap` back, so concurrent claims cannot both win.
    """
    from telemetry.models import PeriodicClaim

    now = now or clock.now()
    try:
        with transaction.atomic():
            PeriodicClaim.objects.create(name=name, last_started_at=now)
            return True
    except IntegrityError:
        pass
    won = PeriodicClaim.objects.filter(name=name, last_started_at__lte=now - min_gap(name)).update(
        last_started_at=now
    )
    if not won:
        log.info("%s: this tick already ran (a second beat process?)", name)
    return bool(won)


def remove_periodic_tasks(apps, schema_editor) -> None:
    """Reverse of the data migration: drop the rows of this schedule's entries."""
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name__in=list(BEAT_SCHEDULE)).delete()


def periodic(name: str):
    """`shared_task(name=name)` for a beat entry: a call with `scheduled=True` (as every beat row
    makes it) first claims its tick and returns None when another beat already ran it."""
    from celery import shared_task

    def register(func):
        def run(*args, scheduled: bool = False, **kwargs):
            if scheduled and not claim_tick(name):
                return None
            return func(*args, **kwargs)

        run.__name__, run.__qualname__ = func.__name__, func.__qualname__
        run.__doc__, run.__module__ = func.__doc__, func.__module__
        return shared_task(name=name)(run)

    return register
