"""A line and its contrary are never served together: when feedback pulls both ways, the side
stated in more sessions is proposed and the other is shown, with both counts, on the review page."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from governance.models import Proposal
from improver.contrary import contrary
from improver.proposer import DeterministicProposer, ProposalInput
from improver.remedies import Remedy
from improver.services.ritual import ritual_run
from tests.improver.helpers import WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db

PAIRS = [
    ("Rotate the logs when the disk is full.", "Don't rotate the logs, we need them for the audit.", True),
    ("Rotate the logs.", "Stop rotating the logs.", True),
    ("Never push to main.", "Push to main when the tests pass.", True),
    ("Always cite sources.", "Never cite sources you did not open.", False),  # narrows, not contrary
    ("Rotate the logs.", "Expand the volume.", False),
    ("Cite the source for every number.", "Never cite blogs.", False),
]


@pytest.mark.parametrize(("a", "b", "expected"), PAIRS)
def test_contrary_lines_are_the_same_action_with_opposite_polarity(a, b, expected):
    assert contrary(a, b) is expected and contrary(b, a) is expected


def test_the_side_with_more_evidence_is_proposed_and_the_conflict_kept():
    change = DeterministicProposer().propose(
        ProposalInput(
            template="ops",
            directives="Page the on-call engineer for outages.\n",
            negative_by_category={"accuracy": 12},
            remedies=(
                Remedy("Rotate the logs when the disk is full.", 10, 10, ("observation:1",)),
                Remedy("Don't rotate the logs, we need them for the audit.", 2, 2, ("observation:2",)),
            ),
        )
    )
    assert "Rotate the logs when the disk is full." in change.directives
    assert "Don't rotate the logs" not in change.directives
    [conflict] = change.conflicts
    assert conflict["line"].startswith("Don't rotate") and conflict["sessions"] == 2
    assert conflict["against_sessions"] == 10 and not conflict["served"]


def test_the_contrary_of_a_served_line_is_never_added():
    change = DeterministicProposer().propose(
        ProposalInput(
            template="ops",
            directives="Rotate the logs every night.\n",
            negative_by_category={"accuracy": 12},
            remedies=(Remedy("Never rotate the logs.", 30, 30, ("observation:2",)),),
        )
    )
    assert change is None or "Never rotate" not in change.directives


def test_the_ritual_proposes_the_majority_and_the_review_page_shows_the_conflict():
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    complaints(client, 10, at=at, text="The disk filled up again. Rotate the logs when the disk is full.")
    complaints(
        client, 3, at=at - timedelta(hours=2), text="Don't rotate the logs, we need them for the audit."
    )
    ritual_run(improver=improver, period="w1", now=WAKE)
    proposal = Proposal.objects.get(status="pending")
    assert "Rotate the logs when the disk is full." in proposal.payload["proposed_directives"]
    assert "rotate the logs, we need" not in proposal.payload["proposed_directives"]
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    page = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert "Lines left out for contradicting a stronger one" in page
    assert "Don&#x27;t rotate the logs, we need them for the audit." in page


def test_a_withdrawn_majority_line_still_keeps_its_weaker_contrary_out():
    change = DeterministicProposer().propose(
        ProposalInput(
            template="ops",
            directives="Page the on-call engineer for outages.\n",
            negative_by_category={"accuracy": 12},
            remedies=(
                Remedy("Rotate the logs when the disk is full.", 10, 10, ("observation:1",)),
                Remedy("Don't rotate the logs, we need them for the audit.", 3, 3, ("observation:2",)),
            ),
            exclude=("Rotate the logs when the disk is full.",),  # a human aborted it
        )
    )
    assert change is None or "rotate the logs" not in change.directives.lower()
