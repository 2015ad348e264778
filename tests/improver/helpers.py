from datetime import UTC, datetime, timedelta

from rest_framework.test import APIClient

from fleet.models import AgentTemplate
from fleet.services import agent_create
from fleet.templates import template_version_create
from improver.services.improvers import improver_create

DIRECTIVES = "Run the tests before reporting done.\nKeep changes small.\n"
T0 = datetime(2026, 11, 1, tzinfo=UTC)
WAKE = T0 + timedelta(days=7)


def coder_fleet(*, window_days: int = 7, kind: str = "task_agent", slug: str = "coder"):
    template = AgentTemplate.objects.create(slug=slug, name=slug.title(), kind=kind)
    template_version_create(template=template, directives=DIRECTIVES)
    improver = improver_create(template=template, wake_at=WAKE, window_days=window_days)
    agent, token = agent_create(name=f"{slug}-1", template_slug=slug)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return template, improver, client


def observation(i: int, text: str, at=None, **body) -> dict:
    at = at or T0 + timedelta(days=1, minutes=i)
    return {
        "id": f"obs-{i}-{at.isoformat()}",
        "type": "observation",
        "timestamp": at.isoformat(),
        "body": {"text": text, **body},
    }


def complaints(
    client,
    n: int,
    at=None,
    text="The summary was too long and verbose. Keep reports concise: lead with the result.",
) -> None:
    """`n` complaints, each in its own session, that name their remedy (the last sentence)."""
    batch = [
        observation(i, text, at, sentiment="negative", category="complaint", session_id=f"s{i}")
        for i in range(n)
    ]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] == 201 for r in response.json()["results"]), response.json()
