"""A ritual whose model is slower than its lease: the live worker renews the lease while it waits,
so the reaper leaves it alone and it proposes once; nothing is locked while the model answers."""

import threading
import time

import pytest
from django.db import connection, transaction

from governance.models import Proposal
from improver.models import ImproverAgent, RitualRun
from improver.proposer import DeterministicProposer
from improver.services.ritual import ritual_run, rituals_reap
from tests.improver.helpers import WAKE, coder_fleet, complaints

LEASE_S = 2.0  # long enough for the ritual to reach its model on a loaded machine


class SlowModel(DeterministicProposer):
    """Answers after three leases; meanwhile `during()` runs on another connection, as another
    worker or an operator would."""

    name = "slow-model"

    def __init__(self, during):
        self.during, self.seen, self.asked = during, [], threading.Event()

    def propose(self, data):
        time.sleep(LEASE_S * 1.5)
        try:
            self.seen.append(self.during())
        finally:
            connection.close()  # this thread's own connection
            self.asked.set()
        time.sleep(LEASE_S * 1.5)
        return super().propose(data)


@pytest.fixture
def short_lease(settings):
    settings.KAIZEN = {**settings.KAIZEN, "RITUAL_LEASE_SECONDS": LEASE_S}


@pytest.mark.django_db(transaction=True)
def test_a_model_three_leases_slow_still_proposes_once(short_lease):
    _, improver, client = coder_fleet()
    complaints(client, 3)
    model = SlowModel(during=lambda: len(rituals_reap()))

    run = ritual_run(improver=improver, period=WAKE.isoformat(), now=WAKE, proposer=model)

    assert model.seen == [0]  # the reaper, half-way through, found a live lease
    assert run is not None and run.outcome == "proposed"
    assert RitualRun.objects.get().outcome == "proposed"
    assert Proposal.objects.filter(type="template_evolution").count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.postgresql("row locks (SQLite locks the whole file)")
def test_nothing_is_locked_while_the_model_answers(short_lease):
    _, improver, client = coder_fleet()
    complaints(client, 3)

    def an_operator_writes_the_improver():
        with transaction.atomic():
            row = ImproverAgent.objects.select_for_update(nowait=True).get(pk=improver.pk)
            row.save(update_fields=["feedback_window_days"])
        return "written"

    model = SlowModel(during=an_operator_writes_the_improver)
    run = ritual_run(improver=improver, period=WAKE.isoformat(), now=WAKE, proposer=model)
    assert model.seen == ["written"]
    assert run.outcome == "proposed"


@pytest.mark.django_db(transaction=True)
def test_a_run_reaped_while_its_model_answers_writes_nothing(short_lease):
    """The lease lapses when renewals stop (here: the reaper wins the row first): the run's
    late answer is dropped, and the wake runs again."""
    _, improver, client = coder_fleet()
    complaints(client, 3)

    def reap_now():
        RitualRun.objects.update(lease_expires_at=WAKE)  # as if no one had renewed it
        return len(rituals_reap())

    model = SlowModel(during=reap_now)
    assert ritual_run(improver=improver, period=WAKE.isoformat(), now=WAKE, proposer=model) is None
    # the run gave up as soon as it found its lease gone: the abandoned call may still be returning
    assert model.asked.wait(timeout=30) and model.seen[0] >= 1
    assert not Proposal.objects.filter(type="template_evolution", evidence__proposer="slow-model").exists()
