"""A review page's figures agree with each other: each one is read from the same source as the
figure beside it. The feedback panel counts what the ritual read (its groups), not the items it
cites; a new tool's friction is counted from its evidence, not from the first session's rationale;
a learned fact about the tool is shown when one exists; two proposals about one tool link to each
other; and "weight" is explained where it is shown."""

from datetime import UTC, datetime

import pytest
from django.test import Client
from django.utils import timezone

from governance.models import Proposal
from improver.proposer import WEIGHTS
from improver.services.maintenance import maintenance_pass
from improver.services.ritual import ritual_run
from learning.models import LearnedFact
from tests.factories import approver
from tests.improver.helpers import WAKE, coder_fleet, complaints
from tests.improver.test_maintenance import spread
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def review_page(proposal) -> str:
    client = Client()
    client.force_login(approver("reader"))
    response = client.get(f"/admin/governance/proposal/{proposal.pk}/change/")
    assert response.status_code == 200
    return response.content.decode()


def groups(*counts):
    return {
        f"negative/c{i}": {"sentiment": "negative", "category": f"c{i}", "count": n, "examples": ["x"]}
        for i, n in enumerate(counts)
    }


@pytest.mark.parametrize(
    ("counts", "cited", "title", "note"),
    [
        ((150, 60, 40), 200, "(250 items, grouped", "The 200 most confident of the 250 items are cited"),
        ((3, 2), 5, "(5 items, grouped", None),  # every item cited: nothing more to say
    ],
)
def test_the_feedback_panel_counts_what_the_ritual_read(counts, cited, title, note):
    proposal = Proposal.objects.create(
        type="template_evolution",
        title="Evolve coder v1",
        payload={"template": "coder"},
        evidence={"feedback_groups": groups(*counts), "feedback_items": list(range(1, cited + 1))},
    )
    page = review_page(proposal)
    assert title in page
    assert (note in page) if note else ("most confident" not in page)


@pytest.fixture
def npm_friction():
    """npm_install failing with NOTFOUND.package in twelve sessions, five times in each: the
    maintenance pass raises a maintenance proposal and a new-tool proposal for it."""
    agent, tools = client_for("builder")
    spread(tools, 60, 12)
    maintenance_pass(now=datetime(2026, 11, 30, tzinfo=UTC), window_days=3650)
    maintenance = Proposal.objects.get(type="maintenance")
    new_tool = Proposal.objects.get(type="new_tool")
    return agent, maintenance, new_tool


def test_two_proposals_about_one_tool_link_to_each_other(npm_friction):
    _, maintenance, new_tool = npm_friction
    for this, other in ((maintenance, new_tool), (new_tool, maintenance)):
        page = review_page(this)
        assert 'id="kz-same-tool"' in page and f'href="/admin/governance/proposal/{other.pk}/change/"' in page


def test_a_new_tools_friction_is_counted_from_its_evidence(npm_friction):
    _, _, new_tool = npm_friction
    occurrences = new_tool.evidence["occurrences"]
    worst = max(e["count"] for e in new_tool.evidence["events"])
    page = review_page(new_tool)
    assert f"{occurrences} sessions where npm_install failed" in page
    assert f"{worst} failed calls (builder, session" in page
    assert "times with" not in new_tool.rationale and "in one session of" not in new_tool.rationale


def test_a_fact_about_the_tool_is_shown_when_one_exists(npm_friction):
    agent, maintenance, _ = npm_friction
    assert maintenance.evidence["learned_fact"] is None
    assert "<td>none</td>" in review_page(maintenance).replace("<div>", "").replace("</div>", "")
    fact = LearnedFact.objects.create(
        template=agent.template,
        content="npm_install needs the private registry token in the environment",
        confidence=0.9,
        source="user-stated",
        created_at=timezone.now(),
    )
    page = review_page(maintenance)
    assert fact.content in page and f"/admin/learning/learnedfact/{fact.pk}/change/" in page


def test_weight_is_explained_beside_the_lines_it_ranks():
    _, improver, client = coder_fleet()
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    page = review_page(Proposal.objects.get(status="pending"))
    additions = page[page.index('id="kz-additions"') :]
    additions = additions[: additions.index("</table>")]
    assert "(weight " in additions
    assert "Weight: how much evidence stands behind a line" in additions
    assert f"a request {WEIGHTS['remedy']} plus one per person who asked" in additions
