"""A line promoted on one template with a measured effect on its target is proposed to another
template whose sessions show the same target, citing the proof, and canaried there."""

from datetime import timedelta

import pytest

from fleet.models import AgentTemplate
from fleet.templates import template_version_create
from governance.models import Proposal
from governance.services import proposal_create
from improver.models import Rollout
from improver.services.ritual import ritual_run
from tests.conftest import FIXED_NOW
from tests.improver.helpers import coder_fleet, complaints

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
PROVEN = "Put the answer in the first line and the details after it."


def promoted_elsewhere(target: str, diff: float) -> Rollout:
    other = AgentTemplate.objects.create(slug="writer", name="Writer")
    v1 = template_version_create(template=other, directives="Write plainly.\n")
    v2 = template_version_create(template=other, directives=f"Write plainly.\n{PROVEN}\n")
    proposal = proposal_create(
        type="template_evolution",
        title="Evolve writer v1",
        payload={"additions": [{"text": PROVEN, "origin": "remedy", "target": [target]}]},
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
    ("target", "diff", "proposed"),
    [
        ("negative:communication", -0.3, True),  # proven, and this fleet's users complain of it
        ("negative:communication", 0.02, False),  # promoted as "not worse": no effect to transfer
        ("correction", -0.3, False),  # proven, but this fleet shows no such signal
    ],
)
def test_a_proven_line_is_offered_where_its_target_shows(target, diff, proposed):
    rollout = promoted_elsewhere(target, diff)
    template, improver, client = coder_fleet()
    # negative communication feedback that names no remedy of its own: a remedy said here for the
    # same signal would compete with the proven line, and the one asked in more sessions would win
    complaints(client, 4, at=FIXED_NOW - timedelta(days=1), text="The summary was too long and verbose.")
    ritual_run(improver=improver, period="w1", now=FIXED_NOW + timedelta(hours=1))
    proposal = Proposal.objects.get(type="template_evolution", payload__template="coder")
    transfer = [a for a in proposal.payload["additions"] if a["origin"] == "transfer"]
    assert bool(transfer) is proposed
    if proposed:
        [line] = transfer
        assert line["text"] == PROVEN and line["target"] == [target]
        assert f"rollout:{rollout.pk}" in line["sources"] and "promoted on writer" in line["reason"]
        assert PROVEN in proposal.payload["proposed_directives"]
