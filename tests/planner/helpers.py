from datetime import UTC, datetime, timedelta

from rest_framework.test import APIClient

from tests.factories import agent_with_token

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def client_for(name: str, **kwargs):
    agent, token = agent_with_token(name=name, **kwargs)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return agent, client


def declare(client, *skills, confidence: float = 0.5, **card):
    """The agent's card: `skills` at `confidence` (and `card`: the rest of it, a webhook_url say)."""
    body = {"skills": [{"name": s, "confidence": confidence} for s in skills], **card}
    response = client.put("/api/v1/agents/me/card", body, format="json")
    assert response.status_code == 200, response.json()


def outcomes(client, skill: str, results: list[bool], *, start=None, step=timedelta(minutes=1), **body):
    start = start or NOW - timedelta(hours=2)
    batch = []
    for i, ok in enumerate(results):
        fields = {"skill": skill, "success": ok, "duration_ms": 1000, **body}
        if not ok:
            fields.setdefault("failure_reason", f"boom {i}")
        fields.setdefault("correlation_id", f"{skill}-{start.isoformat()}-{i}")
        batch.append({"type": "skill_outcome", "timestamp": (start + i * step).isoformat(), "body": fields})
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] in (200, 201) for r in response.json()["results"]), response.json()
    return response
