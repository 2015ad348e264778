"""A line that does the same work dearer is rolled back on its own: cost, tokens and time per
successful outcome are guardrails of every line, summed per drawn session (the unit drawn)."""

import random
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from experiments.models import LineFactor
from experiments.rollouts import rollouts_check
from experiments.services import factors_start
from tests.conftest import FIXED_NOW
from tests.factories import TemplateFactory, agent_with_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
URL = "/api/v1/agents/me/directives"
COSTLY, CHEAP = "Run the full diagnostics before every reply.", "Answer in the customer's language."


@pytest.fixture(autouse=True)
def many_reads(settings):
    settings.KAIZEN = {**settings.KAIZEN, "DIRECTIVES_READS_PER_MINUTE": 100_000}  # the clock stands still


def test_a_line_that_doubles_the_tokens_of_the_same_work_is_rolled_back_alone(clock):
    start = FIXED_NOW - timedelta(days=12)
    clock.move_to(start)
    template = TemplateFactory(slug="desk")
    clients = []
    for i in range(3):
        _, token = agent_with_token(name=f"desk-{i}", template=template)
        clients.append(APIClient())
        clients[-1].credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    costly, cheap = factors_start(
        template=template,
        proposal=None,
        factors=[[{"add": [COSTLY], "targets": ["negative"]}], [{"add": [CHEAP], "targets": ["negative"]}]],
        at=start,
    )
    rng = random.Random(11)
    for day in range(10):
        at = start + timedelta(days=day, hours=2)
        for i, client in enumerate(clients):
            for j in range(6):
                key = f"s-{day}-{i}-{j}"
                text = client.get(URL, {"session_id": key}).json()["directives"]
                tokens = 2000 if COSTLY in text else 1000
                batch = [
                    {
                        "type": "skill_outcome",
                        "timestamp": (at + timedelta(minutes=j, seconds=k)).isoformat(),
                        "body": {
                            "skill": "answer",
                            "success": True,
                            "duration_ms": 60_000,
                            "input_tokens": int(tokens * rng.uniform(0.8, 1.2)),
                            "output_tokens": 100,
                            "session_id": key,
                        },
                    }
                    for k in range(2)
                ]
                results = client.post("/api/v1/ingest", {"batch": batch}, format="json").json()["results"]
                assert {r["status"] for r in results} == {201}, results
        clock.move_to(start + timedelta(days=day + 1))
        rollouts_check()
    costly.refresh_from_db()
    cheap.refresh_from_db()
    assert costly.status == "rolled_back", costly.last_check["1"]["reason"]
    assert (
        "tokens_per_success" in costly.last_check["1"]["reason"] or "cost" in costly.last_check["1"]["reason"]
    )
    arms = costly.last_check["1"]["arms"]["tokens_per_success"]
    (n_with, tokens_with), (n_without, tokens_without) = arms["candidate"], arms["champion"]
    assert 1.7 < (tokens_with / n_with) / (tokens_without / n_without) < 2.3
    assert cheap.status in LineFactor.OPEN  # the other line's test goes on
