"""A person approves an evolution line by line: over the API or on its review page, the lines
left out are not in the version its canary serves, the decision says which they were, and they
are never proposed again. A bad choice is a 400 naming `leave_out`."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from experiments.models import Rollout
from governance.models import ChangeDecision, Proposal
from improver.services.ritual import withdrawn_lines
from tests.factories import approver
from tests.improver.helpers import WAKE
from tests.improver.test_line_memory import CITE, CONCISE, DATES, added, asked, fleet_of_six, wake

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def bundle_of_three(clock):
    """Six agents and a pending evolution adding three lines; (its proposal, a reviewer's client)."""
    clock.move_to(WAKE)
    improver, client, reviewer, _ = fleet_of_six()
    for line, tag in ((CONCISE, "a"), (CITE, "b"), (DATES, "c")):
        asked(client, line, 5, WAKE - timedelta(days=1), tag)
    wake(improver, "w1", WAKE)
    proposal = Proposal.objects.get(status="pending")
    assert set(added(proposal)) == {CONCISE, CITE, DATES}
    return proposal, reviewer, improver, client


def test_an_evolution_approved_without_a_line_serves_the_others_and_never_proposes_it_again(clock):
    proposal, reviewer, improver, client = bundle_of_three(clock)
    response = reviewer.post(
        f"/api/v1/proposals/{proposal.pk}/approve", {"leave_out": [DATES]}, format="json"
    )
    assert response.status_code == 200, response.json()
    rollout = Rollout.objects.get(proposal=proposal)
    served = rollout.candidate.text
    assert CONCISE in served and CITE in served and DATES not in served
    proposal.refresh_from_db()
    assert set(added(proposal)) == {CONCISE, CITE}
    assert [x["text"] for x in proposal.payload["left_out"]] == [DATES]
    decision = ChangeDecision.objects.get(proposal=proposal, verdict="confirmed")
    assert decision.reason == f"Approved without: {DATES}"
    assert DATES in withdrawn_lines(rollout.template)
    # the same feedback again: the left-out line is not proposed, whatever else is
    asked(client, DATES, 8, WAKE + timedelta(days=6), "z")
    wake(improver, "w2", WAKE + timedelta(days=7))
    for pending in Proposal.objects.filter(status="pending"):
        assert DATES not in added(pending)


@pytest.mark.parametrize(
    ("leave_out", "says"),
    [
        (["Not a line of it."], "is not a line of proposal"),
        ([CONCISE, CITE, DATES], "every line is left out: reject the proposal instead"),
        (["x" * 5001], "no more than 5000 characters"),
        ("a string", "Expected a list"),
    ],
)
def test_a_bad_choice_of_lines_is_a_400_naming_leave_out(clock, leave_out, says):
    proposal, reviewer, _, _ = bundle_of_three(clock)
    response = reviewer.post(
        f"/api/v1/proposals/{proposal.pk}/approve", {"leave_out": leave_out}, format="json"
    )
    assert response.status_code == 400, response.json()
    assert "leave_out" in str(response.json()) and says in str(response.json()), response.json()
    assert Proposal.objects.get(pk=proposal.pk).status == "pending"  # nothing was decided


def test_a_proposal_without_lines_cannot_be_approved_line_by_line():
    proposal = Proposal.objects.create(type=Proposal.Type.GOAL, title="Raise the floor", payload={})
    reviewer = APIClient()
    reviewer.force_authenticate(approver("goals"))
    response = reviewer.post(f"/api/v1/proposals/{proposal.pk}/approve", {"leave_out": ["x"]}, format="json")
    assert response.status_code == 400 and "has no lines to approve one by one" in str(response.json())
    assert Proposal.objects.get(pk=proposal.pk).status == "pending"


def test_the_review_page_approves_line_by_line(clock):
    proposal, _, _, _ = bundle_of_three(clock)
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    page = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert "Approve without these lines" in page and f'value="{CITE}"' in page
    assert 'value="Refine"' in page  # an evolution can be refined with the operator's words
    admin.post(f"/admin/governance/proposal/{proposal.pk}/approve/", {"leave_out": [CITE]})
    served = Rollout.objects.get(proposal=proposal).candidate.text
    assert CONCISE in served and DATES in served and CITE not in served
    after = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert f"Approved without: {CITE}" in after
