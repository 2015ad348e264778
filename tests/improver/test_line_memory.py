"""Lines with a memory: a line a human rejected, or one a rollback blamed, is not proposed again
by the ritual, however much the same feedback keeps asking for it, nor in other words."""

from datetime import timedelta

import pytest

from governance.models import Proposal
from governance.services import proposal_reject
from improver.models import ImproverAgent
from improver.services.ritual import ritual_run
from tests.factories import approver
from tests.improver.helpers import WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db


def test_a_rejected_line_never_comes_back_through_the_ritual():
    _, improver, client = coder_fleet()
    complaints(client, 3, at=WAKE - timedelta(days=1))
    ritual_run(improver=improver, period="w1", now=WAKE)
    first = Proposal.objects.get(status="pending")
    lines = [a["text"] for a in first.payload["additions"]]
    proposal_reject(proposal=first, actor=approver(), reason="we want long reports")
    for p in Proposal.objects.filter(status="pending"):  # a refinement the rejection proposed
        proposal_reject(proposal=p, actor=approver(), reason="no")
    for week in (2, 3):  # the same complaints again, twice as many
        complaints(client, 6, at=WAKE + timedelta(days=7 * (week - 1) - 1))
        ImproverAgent.objects.filter(pk=improver.pk).update(ritual_state="sleeping")
        improver.refresh_from_db()
        ritual_run(improver=improver, period=f"w{week}", now=WAKE + timedelta(days=7 * (week - 1)))
        for p in Proposal.objects.filter(status="pending"):
            proposed = [a["text"] for a in p.payload["additions"]]
            assert not set(proposed) & set(lines), proposed
            proposal_reject(proposal=p, actor=approver(), reason="no")
