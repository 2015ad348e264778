"""From ingest to a new head version read by an agent, through the public surfaces only."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import approver

pytestmark = pytest.mark.django_db


def test_telemetry_becomes_a_reviewed_directive_that_agents_read(tmp_path, settings):
    settings.KAIZEN = {**settings.KAIZEN, "CANARY_SHARE": 0}  # the loop here; canaries: test_rollouts
    templates = tmp_path / "t.yaml"
    templates.write_text("templates:\n  - slug: coder\n    directives: |\n      Run the tests.\n")
    call_command("load_templates", str(templates))
    import io

    def new_agent(name: str) -> APIClient:
        out = io.StringIO()
        call_command("create_agent", name, "--template", "coder", stdout=out, stderr=io.StringIO())
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {out.getvalue().strip()}")
        return client

    agent, bob = new_agent("alice"), new_agent("bob")
    call_command("create_improver", "--template", "coder", stdout=io.StringIO())

    yesterday = timezone.now() - timedelta(days=1)

    def correction(i: int, session: str) -> dict:
        return {
            "type": "correction",
            "timestamp": (yesterday + timedelta(minutes=i)).isoformat(),
            "body": {"user_message": "No, use pnpm instead of npm here.", "session_id": session},
        }

    # the same correction in three sessions of two agents: a fact of the template, not of one agent
    bob.post("/api/v1/ingest", {"batch": [correction(9, "b1")]}, format="json")
    batch = [correction(i, f"s{i}") for i in range(2)]
    batch += [
        {
            "type": "observation",
            "timestamp": (yesterday + timedelta(hours=1, minutes=i)).isoformat(),
            "body": {"text": "npm install failed again, use the right package tool", "sentiment": "negative"},
        }
        for i in range(2)
    ]
    assert [
        r["status"] for r in agent.post("/api/v1/ingest", {"batch": batch}, format="json").json()["results"]
    ] == [201] * 4
    assert agent.get("/api/v1/agents/me/directives").json()["version"] == 1

    out = io.StringIO()
    call_command("run_ritual", "--template", "coder", "--json", stdout=out)
    assert '"proposed"' in out.getvalue()

    operator = APIClient()
    operator.force_login(approver())
    [proposal] = operator.get("/api/v1/proposals?status=pending&type=template_evolution").json()["results"]
    assert (
        operator.post(f"/api/v1/proposals/{proposal['id']}/approve", {"rating": 4}, format="json").status_code
        == 200
    )

    directives = agent.get("/api/v1/agents/me/directives").json()
    assert directives["version"] == 2
    assert "use pnpm instead of npm" in directives["directives"].lower()  # learned from the corrections
    assert directives["prompt_block"].startswith("# Directives (coder v2)")
