"""A ritual whose worker died is reaped when its lease lapses and runs again, exactly once."""

from datetime import timedelta

import pytest

from config import clock
from governance.models import Proposal
from improver.models import RitualRun
from improver.services.ritual import ritual_run
from improver.tasks import reap_rituals, run_ritual
from tests.improver.helpers import WAKE, coder_fleet, complaints

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def orphan_run(improver) -> RitualRun:
    """What a `kill -9` mid-ritual leaves: the claim committed, the ritual's own writes rolled back."""
    return RitualRun.objects.create(
        improver=improver,
        period=WAKE.isoformat(),
        started_at=WAKE,
        lease_expires_at=clock.db_now() - timedelta(seconds=1),  # leases run on the database's clock
    )


def test_a_live_claim_makes_a_second_delivery_a_no_op():
    _, improver, client = coder_fleet()
    complaints(client, 3)
    orphan = orphan_run(improver)
    orphan.lease_expires_at = clock.db_now() + timedelta(minutes=10)
    orphan.save()
    assert run_ritual.apply(args=[improver.pk, WAKE.isoformat(), WAKE.isoformat()]).get() == "already-ran"
    assert reap_rituals.apply().get() == 0  # the lease still holds


def test_a_lapsed_lease_is_reaped_with_its_reason_and_the_wake_runs_once_more(
    django_capture_on_commit_callbacks,
):
    _, improver, client = coder_fleet()
    complaints(client, 3)
    orphan = orphan_run(improver)
    with django_capture_on_commit_callbacks(execute=True):
        assert reap_rituals.apply().get() == 1
    orphan.refresh_from_db()
    assert orphan.outcome == "failed" and orphan.detail.startswith("lease expired")
    rerun = RitualRun.objects.exclude(pk=orphan.pk).get()
    assert (rerun.period, rerun.outcome) == (WAKE.isoformat(), "proposed")
    assert Proposal.objects.filter(type="template_evolution").count() == 1
    improver.refresh_from_db()
    assert improver.consecutive_failure_count == 0 and improver.scheduled_wake_at > WAKE
    with django_capture_on_commit_callbacks(execute=True):
        assert reap_rituals.apply().get() == 0  # reaping again changes nothing
    assert run_ritual.apply(args=[improver.pk, WAKE.isoformat(), WAKE.isoformat()]).get() == "already-ran"
    assert RitualRun.objects.count() == 2


def test_a_failed_ritual_frees_its_period_for_the_next_wake():
    _, improver, client = coder_fleet()
    complaints(client, 3)

    class Broken:
        name = "broken"

        def propose(self, data):
            raise RuntimeError("the model provider is down")

    with pytest.raises(RuntimeError):
        ritual_run(improver=improver, period="w1", now=WAKE, proposer=Broken())
    assert RitualRun.objects.get().outcome == "failed"
    assert ritual_run(improver=improver, period="w1", now=WAKE).outcome == "proposed"
