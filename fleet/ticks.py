"""Once per tick: a periodic job that two beat processes both send runs once.

Every beat row (config/schedule.py) calls its task with `scheduled=True`; `periodic` wraps the
task so that such a call first claims the job's tick in the database.
"""

import logging
from datetime import datetime, timedelta

from celery import shared_task
from django.db import IntegrityError, transaction
from django_celery_beat.models import PeriodicTask

from config import clock
from config.schedule import BEAT_SCHEDULE
from fleet.models import PeriodicClaim

log = logging.getLogger(__name__)
CRONTAB_MIN_GAP = timedelta(minutes=30)  # daily and weekly jobs: two sends within this are one tick


TICK_SHARE = 0.8  # a start within 80% of the interval after the last one is the same tick


def min_gap(name: str) -> timedelta:
    """Most of the job's interval as the operator set it (crontab jobs: CRONTAB_MIN_GAP).

    Two beat processes tick at their own phases; any gap shorter than the interval (minus room
    for jitter) merges their sends into one start per interval, whatever the phase offset."""
    row = PeriodicTask.objects.filter(name=name).select_related("interval").first()
    if row is not None and row.interval is not None:
        return row.interval.schedule.run_every * TICK_SHARE
    schedule = BEAT_SCHEDULE.get(name, {}).get("schedule")
    return schedule * TICK_SHARE if isinstance(schedule, timedelta) else CRONTAB_MIN_GAP


def claim_tick(name: str, *, now: datetime | None = None) -> bool:
    """True for the first start of job `name` in this tick; False for a second beat's duplicate.

    A tick is claimed by a conditional update of the job's row: it succeeds only when the last
    start lies at least `min_gap` back, so concurrent claims cannot both win. The row is created
    by the job's first start ever (a unique name decides between two first starts); every later
    tick is the one UPDATE, with no failed INSERT for the database to log as an error.
    """
    now = now or clock.db_now()  # every beat and worker reads the same clock
    won = PeriodicClaim.objects.filter(name=name, last_started_at__lte=now - min_gap(name)).update(
        last_started_at=now
    )
    if won:
        return True
    if not PeriodicClaim.objects.filter(name=name).exists():
        try:
            with transaction.atomic():
                PeriodicClaim.objects.create(name=name, last_started_at=now)
                return True
        except IntegrityError:
            pass  # another first start created it a moment ago
    log.info("%s: this tick already ran (a second beat process?)", name)
    return False


def periodic(name: str, **options):
    """`shared_task(name=name, **options)` for a beat entry: a call with `scheduled=True` (as every
    beat row makes it) first claims its tick and returns None when another beat already ran it (a
    retry Celery makes of a claimed run goes ahead). A run that raises is recorded on the job's
    row (shown by /readyz, /metrics and the admin's periodic jobs) until a run succeeds; so is a
    run interrupted by its `soft_time_limit` (an option; CELERY_TASK_SOFT_TIME_LIMIT without one)."""

    def register(func):
        def run(self, *args, scheduled: bool = False, **kwargs):
            if scheduled and not self.request.retries and not claim_tick(name):
                return None
            try:
                result = func(*args, **kwargs)
            except Exception as exc:
                job_failed(name, exc)
                raise
            PeriodicClaim.objects.filter(name=name).exclude(last_error="").update(last_error="")
            return result

        run.__name__, run.__qualname__ = func.__name__, func.__qualname__
        run.__doc__, run.__module__ = func.__doc__, func.__module__
        return shared_task(name=name, bind=True, **options)(run)

    return register


def job_failed(name: str, exc: BaseException) -> None:
    """Record why job `name` failed (its own statement: the job's transaction may be gone)."""
    why = (f"{type(exc).__name__}: {exc}".strip())[:2000]
    try:
        now = clock.now()
        updated = PeriodicClaim.objects.filter(name=name).update(last_error=why, failed_at=now)
        if not updated:
            PeriodicClaim.objects.get_or_create(
                name=name, defaults={"last_started_at": now, "last_error": why, "failed_at": now}
            )
    except Exception:  # the database itself may be what failed: the log keeps it
        log.exception("%s failed, and its failure could not be recorded", name)


def failing_jobs() -> dict[str, str]:
    """The periodic jobs whose last run failed, with why."""
    return dict(PeriodicClaim.objects.exclude(last_error="").values_list("name", "last_error"))
