"""A proposal strengthened by many frictions stays a small row: its evidence holds the count and a
bounded sample; every cited event is a row of its own, which retention keeps."""

import json

import pytest

from governance.models import Citation, Proposal
from governance.selectors import events_cited_by_proposals
from telemetry.models import ToolInvocation
from telemetry.tasks import derive_pending
from tests.learning.test_loops import failures
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("broker_down")]


def test_evidence_stays_bounded_and_every_cited_event_is_kept():
    _, alice = client_for("alice")
    for session in range(60):
        failures(alice, 3, session=f"s{session}")
    derive_pending.apply()

    proposal = Proposal.objects.get(dedup_key="friction:npm_install:NOTFOUND.package")
    assert proposal.evidence["occurrences"] == 60
    assert len(proposal.evidence["events"]) == 50
    assert all(len(ids) <= 50 for ids in proposal.evidence["cites"].values())
    assert len(json.dumps(proposal.evidence)) < 40_000
    every_invocation = set(ToolInvocation.objects.values_list("id", flat=True))
    assert len(every_invocation) == 180
    assert set(events_cited_by_proposals("tool_invocation")) >= every_invocation
    assert Citation.objects.filter(proposal=proposal, event_type="friction").count() == 60


def test_a_friction_counted_once_however_often_it_is_handed_over():
    from improver.services.maintenance import friction_proposal
    from learning.models import FrictionEvent

    _, alice = client_for("alice")
    failures(alice, 3)
    derive_pending.apply()
    friction_proposal(events=[FrictionEvent.objects.get()])
    assert Proposal.objects.get().evidence["occurrences"] == 1


@pytest.mark.parametrize("decided", ["approved", "implemented"])
def test_a_friction_whose_tool_was_approved_raises_no_duplicate(decided):
    _, alice = client_for("alice")
    failures(alice, 3, session="s1")
    derive_pending.apply()
    Proposal.objects.filter(type="new_tool").update(status=decided)
    failures(alice, 3, session="s2")
    derive_pending.apply()
    assert Proposal.objects.filter(type="new_tool").count() == 1
