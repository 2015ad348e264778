"""The beat schedule: one entry per periodic task, each with an explicit name and an expiry.

`sync_periodic_tasks` writes missing entries into django-celery-beat's tables after `migrate`,
so operators see (and can edit or disable) every periodic task in the admin before beat first
starts. Existing rows are left as the operator set them, and beat never rewrites them: this
dict is deliberately not Celery's `beat_schedule`, which the database scheduler would upsert at
every beat start (reverting operators' edits and clearing expiries).

Each row calls its task with `scheduled=True`; the task then claims its tick
(`fleet.ticks.claim_tick`), so two beat processes sending the same tick run the job once.
"""

import json
from datetime import timedelta

from celery.schedules import crontab
from django.apps import apps as global_apps

SCHEDULED_KWARGS = json.dumps({"scheduled": True})

BEAT_SCHEDULE: dict[str, dict] = {
    "telemetry.derive_pending": {
        "task": "telemetry.derive_pending",
        "schedule": timedelta(seconds=2),
        "options": {"expires": 2},
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
    "improver.wake_due_improvers": {  # one indexed query: a wake that came or was missed runs in minutes
        "task": "improver.wake_due_improvers",
        "schedule": timedelta(minutes=5),
        "options": {"expires": 240},
    },
    "improver.reap_rituals": {
        "task": "improver.reap_rituals",
        "schedule": timedelta(seconds=60),
        "options": {"expires": 55},
    },
    "improver.check_rollouts": {
        "task": "improver.check_rollouts",
        "schedule": timedelta(minutes=10),
        "options": {"expires": 540},
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
    "telemetry.prune_events": {
        "task": "telemetry.prune_events",
        "schedule": crontab(minute=30, hour=3),
        "options": {"expires": 6 * 3600},
    },
    "telemetry.partitions_ensure": {
        "task": "telemetry.partitions_ensure",
        "schedule": timedelta(hours=1),
        "options": {"expires": 3000},
    },
    "telemetry.settle_traces": {
        "task": "telemetry.settle_traces",
        "schedule": timedelta(seconds=60),
        "options": {"expires": 55},
    },
    "telemetry.retire_facts": {
        "task": "telemetry.retire_facts",
        "schedule": crontab(minute=45, hour=3),
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


def remove_periodic_tasks(apps, schema_editor) -> None:
    """Reverse of the data migration: drop the rows of this schedule's entries."""
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name__in=list(BEAT_SCHEDULE)).delete()
