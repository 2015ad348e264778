"""A correction that a learned fact of the template already answers, on trial or served to every
agent, asks for no line of its own: proposed from the correction, the line would say the fact
again in fewer words ("stop saying assessments are 30 minutes", without the 45 the fact holds),
and the block would serve the line in the fact's place. Through the ingest API and the ritual."""

from datetime import timedelta

import pytest

from governance.models import Proposal
from improver.services.ritual import ritual_run
from learning.models import LearnedFact
from tests.improver.helpers import T0, WAKE, coder_fleet

pytestmark = pytest.mark.django_db

SAID = (
    "Please stop saying initial assessments are 30 minutes — they're 45 minutes and have been since January."
)


def corrected(client, people: int) -> None:
    batch = [
        {
            "id": f"c-{i}",
            "type": "correction",
            "timestamp": (T0 + timedelta(days=1, minutes=i)).isoformat(),
            "body": {"user_message": SAID, "session_id": f"s-{i}", "user_id": f"user-{i}"},
        }
        for i in range(people)
    ]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] == 201 for r in response.json()["results"]), response.json()


def asked_lines() -> list[str]:
    proposal = Proposal.objects.filter(type="template_evolution").first()
    return [a["text"] for a in proposal.payload["additions"] if a["origin"] == "remedy"] if proposal else []


@pytest.mark.parametrize(
    ("reach", "status", "proposed"),
    [
        ("template", "active", False),  # six people in six sessions: the fact reached every agent
        ("trial", "active", False),
        ("agent", "active", True),  # served to one agent only: the line would reach the others
        ("template", "retired", True),
    ],
)
def test_a_correction_a_template_fact_answers_asks_for_no_line(reach, status, proposed):
    _, improver, client = coder_fleet()
    corrected(client, people=6)
    fact = LearnedFact.objects.get(content=SAID)
    assert fact.reach == "template"  # as the ingest left it
    LearnedFact.objects.filter(pk=fact.pk).update(reach=reach, status=status)
    ritual_run(improver=improver, period="w1", now=WAKE)
    assert any("initial assessments are 30 minutes" in line for line in asked_lines()) is proposed
