"""A ritual runs at most once per improver and period, under real concurrency on PostgreSQL."""

from improver.models import RitualRun
from improver.services.ritual import ritual_run
from tests.concurrency import at_once
from tests.improver.helpers import WAKE, coder_fleet, complaints
from tests.services.conftest import wait_for


def test_two_concurrent_rituals_for_one_period_run_once(postgres, transactional_db):
    _, improver, client = coder_fleet()
    complaints(client, 3)
    results = []

    def run():
        results.append(ritual_run(improver=improver, period="w1", now=WAKE))

    at_once(run, run)
    assert sorted(r is None for r in results) == [False, True]
    assert RitualRun.objects.count() == 1
    assert RitualRun.objects.get().outcome == "proposed"


def test_a_ritual_enqueued_twice_through_redis_runs_once_on_a_real_worker(celery_worker):
    from improver.tasks import run_ritual

    _, improver, client = coder_fleet()
    complaints(client, 3)
    for _ in range(2):
        run_ritual.apply_async(args=[improver.pk, WAKE.isoformat(), WAKE.isoformat()], queue=celery_worker)
    run = wait_for(lambda: RitualRun.objects.filter(outcome="proposed").first())
    assert run.period == WAKE.isoformat()
    import time

    time.sleep(1.5)
    assert RitualRun.objects.count() == 1
