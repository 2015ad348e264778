"""A line promoted on one template with a measured effect on its target is proposed to another
template whose sessions show the same target, citing the proof, and canaried there."""

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from experiments.models import Rollout
from fleet.models import AgentTemplate
from fleet.services import agent_create
from fleet.templates import template_version_create
from governance.models import Proposal
from governance.services import proposal_create
from improver.services.ritual import ritual_run
from telemetry.models import Observation
from tests.conftest import FIXED_NOW
from tests.improver.helpers import coder_fleet, complaints


def agent_client(name: str, template_slug: str):
    agent, token = agent_create(name=name, template_slug=template_slug)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return agent, client


pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
PROVEN = "Put the answer in the first line and the details after it."
PROBLEM_THERE = "The summary was too long and verbose."  # the feedback the line was proven on


def promoted_elsewhere(target: str, diff: float) -> Rollout:
    other = AgentTemplate.objects.create(slug="writer", name="Writer")
    v1 = template_version_create(template=other, directives="Write plainly.\n")
    _, writer_client = agent_client("writer-1", "writer")
    complaints(writer_client, 3, at=FIXED_NOW - timedelta(days=25), text=PROBLEM_THERE)
    sources = [f"observation:{pk}" for pk in Observation.objects.values_list("pk", flat=True)]
    v2 = template_version_create(template=other, directives=f"Write plainly.\n{PROVEN}\n")
    proposal = proposal_create(
        type="template_evolution",
        title="Evolve writer v1",
        payload={"additions": [{"text": PROVEN, "origin": "remedy", "target": [target], "sources": sources}]},
    )
    return Rollout.objects.create(
        template=other,
        proposal=proposal,
        champion=v1,
        candidate=v2,
        share=0.5,
        status=Rollout.Status.PROMOTED,
        started_at=FIXED_NOW - timedelta(days=20),
        decided_at=FIXED_NOW - timedelta(days=10),
        targets=[target],
        last_check={"intervals": {target: [diff, diff - 0.1, diff + 0.1]}},
    )


@pytest.mark.parametrize(
    ("target", "diff", "said_here", "proposed"),
    [
        ("negative:communication", -0.3, PROBLEM_THERE, True),  # proven, and users here say the same
        # the same category, another problem: one desk's line is no help to another desk
        ("negative:communication", -0.3, "The email was confusing and full of jargon.", False),
        ("negative:communication", 0.02, PROBLEM_THERE, False),  # promoted as "not worse": no effect
        ("correction", -0.3, PROBLEM_THERE, False),  # proven, but this fleet shows no such signal
    ],
)
def test_a_proven_line_is_offered_where_its_target_shows(target, diff, said_here, proposed):
    rollout = promoted_elsewhere(target, diff)
    template, improver, client = coder_fleet()
    # negative communication feedback that names no remedy of its own: a remedy said here for the
    # same signal would compete with the proven line, and the one asked in more sessions would win
    complaints(client, 4, at=FIXED_NOW - timedelta(days=1), text=said_here)
    ritual_run(improver=improver, period="w1", now=FIXED_NOW + timedelta(hours=1))
    proposal = Proposal.objects.get(type="template_evolution", payload__template="coder")
    transfer = [a for a in proposal.payload["additions"] if a["origin"] == "transfer"]
    assert bool(transfer) is proposed
    if proposed:
        [line] = transfer
        assert line["text"] == PROVEN and line["target"] == [target]
        assert f"rollout:{rollout.pk}" in line["sources"] and "promoted on writer" in line["reason"]
        assert PROVEN in proposal.payload["proposed_directives"]
