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


def ship(client, result: str) -> tuple[Proposal, BoardTask]:
    """A tool built for order_lookup's friction, shipped with the engineer's `result`."""
    failures(client, 3, session="s1", tool="order_lookup", mode="NOTFOUND.order")
    new_tool = Proposal.objects.get(type="new_tool")
    proposal_approve(proposal=new_tool, actor=approver())
    task = BoardTask.objects.get(proposal=new_tool)
    task_update(task=task, changes={"status": "running"}, actor_label="builder")
    task_update(task=task, changes={"status": "done", "result": result}, actor_label="builder", human=True)
    return new_tool, task


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


def test_an_engineers_long_note_still_reaches_the_agents_in_whole_sentences():
    """A note longer than a line holds was refused every week: the tool was built and the agents
    were never told. The line keeps what to do, in whole sentences, and drops the why."""
    _, improver, client = coder_fleet()
    why = (
        "order_lookup reads the legacy orders table, which stopped being written when checkout moved "
        "to the new platform in March, so every order placed since then comes back as not found, and "
        "retrying it only burns the rate limit that the warehouse scanners share with us."
    )
    ship(client, f"{why} Use order_search with the customer's email or phone instead. Thanks, Dana")

    assert ritual_run(improver=improver, period="w1", now=WAKE).outcome == "proposed"

    evolution = Proposal.objects.get(type="template_evolution")
    [line] = [a["text"] for a in evolution.payload["additions"] if a["origin"] == "shipped_tool"]
    assert line == (
        "When order_lookup fails with NOTFOUND.order, use what was built for it instead of retrying: "
        "Use order_search with the customer's email or phone instead. Thanks, Dana."
    )
