"""The beat schedule: one entry per periodic task, each with an explicit name and an expiry.

`sync_periodic_tasks` writes missing entries into django-celery-beat's tables after `migrate`,
so operators see (and can edit or disable) every periodic task in the admin before beat first
starts. Existing rows are left as the operator set them.
"""

from datetime import timedelta

from celery.schedules import crontab

BEAT_SCHEDULE: dict[str, dict] = {
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


def sync_periodic_tasks(**_kwargs) -> int:
    """Create a PeriodicTask row for each schedule entry that has none; return how many."""
    from django_celery_beat.models import CrontabSchedule, IntervalSchedule, PeriodicTask

    created = 0
    for name, entry in BEAT_SCHEDULE.items():
        if PeriodicTask.objects.filter(name=name).exists():
            continue
        schedule = entry["schedule"]
        fields: dict = {"name": name, "task": entry["task"]}
        if isinstance(schedule, timedelta):
            fields["interval"], _ = IntervalSchedule.objects.get_or_create(
                every=int(schedule.total_seconds()), period=IntervalSchedule.SECONDS
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
        PeriodicTask.objects.create(**fields)
        created += 1
    return created
