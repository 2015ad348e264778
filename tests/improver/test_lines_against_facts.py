"""A learned fact every agent is served earned its reach by its own test. A line that says its
contrary would take it out of every block the line is served in (a fact is never served beside
its contrary), unseen by the human approving the line: the ritual leaves such a line out and says
which fact it contradicts, beside the lines it does propose."""

from datetime import timedelta

import pytest

from governance.models import Proposal
from improver.models import EvolutionNote
from improver.services.ritual import ritual_run
from learning.models import LearnedFact
from tests.improver.helpers import WAKE, coder_fleet
from tests.improver.test_competing_lines import said

pytestmark = pytest.mark.django_db

ROTATE, CONCISE = "Rotate the logs.", "Keep reports concise: lead with the result."


@pytest.mark.parametrize("reach", [LearnedFact.Reach.TEMPLATE, LearnedFact.Reach.AGENT])
def test_a_line_that_contradicts_a_fact_every_agent_is_served_is_left_out(reach):
    template, improver, client = coder_fleet()
    LearnedFact.objects.create(
        template=template,
        content="No, don't rotate the logs, we need them for the audit.",
        source="user-stated",
        confidence=1.0,
        reach=reach,
        created_at=WAKE - timedelta(days=3),
    )
    at = WAKE.replace(hour=0)
    said(client, 6, f"The disk filled up again. {ROTATE}", at)
    said(client, 4, f"The summary was too long and verbose. {CONCISE}", at, first=20)

    run = ritual_run(improver=improver, period="w1", now=WAKE)

    if reach == LearnedFact.Reach.AGENT:  # one agent's own fact reaches no other: nothing to displace
        assert {a["text"] for a in Proposal.objects.get(status="pending").payload["additions"]} == {
            ROTATE,
            CONCISE,
        }
        return
    assert run.outcome == "proposed"  # the other line, and the one left out noted beside it
    assert [a["text"] for a in Proposal.objects.get(status="pending").payload["additions"]] == [CONCISE]
    [note] = EvolutionNote.objects.filter(content__startswith=f"Left out '{ROTATE}'")
    assert (
        'contradicts the learned fact "Don\'t rotate the logs, we need them for the audit.", which every '
        "agent is served: retire the fact on its page first to serve this line" in note.content
    )
