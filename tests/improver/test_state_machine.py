"""The ritual's state machine cannot stick: a human's decision on a proposal is taken whatever
the improver is doing meanwhile (never a 409 from an internal state), and a ritual that wakes
while its template's evolution still awaits review is a no-op that says so, not a failure."""

from datetime import timedelta

import pytest

from governance.models import Proposal
from improver.models import ImproverAgent, RitualRun
from improver.services.ritual import ritual_run
from tests.experiments.test_rollouts import fleet_of
from tests.improver.helpers import WAKE, complaints

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ritual_state", ["sleeping", "gathering", "completing", "refining"])
@pytest.mark.parametrize("action", ["approve", "reject", "refine"])
def test_a_decision_is_taken_whatever_state_the_ritual_moved_to(ritual_state, action):
    _, _, proposal, reviewer = fleet_of(3)
    ImproverAgent.objects.update(ritual_state=ritual_state)  # it slept or moved on since
    body = {"approve": {"rating": 4}, "reject": {"reason": "too long"}, "refine": {"text": "Shorter."}}[
        action
    ]
    response = reviewer.post(f"/api/v1/proposals/{proposal.pk}/{action}", body, format="json")
    assert response.status_code < 300, response.json()


def test_a_ritual_that_wakes_while_its_evolution_awaits_review_is_a_no_op_that_says_why():
    template, clients, proposal, _ = fleet_of(3)
    improver = ImproverAgent.objects.get()
    ImproverAgent.objects.update(ritual_state="sleeping")  # as after a decision elsewhere
    for week in (2, 3):  # again and again: never a failure
        complaints(next(iter(clients.values())), 3, at=WAKE + timedelta(days=7 * (week - 1) - 1))
        ritual_run(improver=improver, period=f"w{week}", now=WAKE + timedelta(days=7 * (week - 1)))
        run = RitualRun.objects.get(period=f"w{week}")
        assert run.outcome == "noop" and f"#{proposal.pk}" in run.detail and "awaits review" in run.detail
    assert Proposal.objects.filter(status="pending").count() == 1
