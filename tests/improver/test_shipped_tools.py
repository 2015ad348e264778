"""The capability backlog reaches the agents: once the tool built for a friction is shipped (its
new-tool proposal implemented by a board task done with a result), the next ritual proposes the
line that tells agents to use it, citing the friction, the proposal and the task."""

import pytest

from governance.board.services import task_update
from governance.models import BoardTask, Proposal
from governance.services import proposal_approve
from improver.services.ritual import ritual_run
from tests.factories import approver
from tests.improver.helpers import WAKE, coder_fleet
from tests.learning.test_loops import failures

pytestmark = pytest.mark.django_db


def test_a_shipped_tool_becomes_a_directive_line_at_the_next_ritual():
    _, improver, client = coder_fleet()
    failures(client, 3, session="s1", tool="order_lookup", mode="NOTFOUND.order")
    new_tool = Proposal.objects.get(type="new_tool")
    proposal_approve(proposal=new_tool, actor=approver())
    task = BoardTask.objects.get(proposal=new_tool)
    task_update(task=task, changes={"status": "running"}, actor_label="builder")
    task_update(
        task=task,
        changes={"status": "done", "result": "Shipped order_search: finds an order by email or phone."},
        actor_label="builder",
        human=True,
    )
    assert Proposal.objects.get(pk=new_tool.pk).status == "implemented"

    run = ritual_run(improver=improver, period="w1", now=WAKE)  # no feedback at all: the news is enough

    assert run.outcome == "proposed"
    evolution = Proposal.objects.get(type="template_evolution")
    [line] = [a for a in evolution.payload["additions"] if a["origin"] == "shipped_tool"]
    assert line["text"] == (
        "When order_lookup fails with NOTFOUND.order, use what was built for it instead of retrying: "
        "Shipped order_search: finds an order by email or phone."
    )
    assert {f"proposal:{new_tool.pk}", f"task:{task.pk}", "friction:order_lookup:NOTFOUND.order"} <= set(
        line["sources"]
    )
