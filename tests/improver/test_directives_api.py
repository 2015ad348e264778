import pytest

from fleet.models import AgentTemplate
from fleet.templates import template_version_create

URL = "/api/v1/agents/me/directives"
pytestmark = pytest.mark.django_db


def test_it_returns_the_head_version_and_a_prompt_block(agent_client):
    agent, client = agent_client
    template_version_create(template=agent.template, directives="Cite sources.\n")
    data = client.get(URL).json()
    assert data["template"] == agent.template.slug
    assert data["version"] == 2
    assert data["directives"] == "Cite sources.\n"
    assert data["learned_facts"] == [] and data["anti_patterns"] == [] and data["proven_patterns"] == []
    assert data["prompt_block"].startswith(f"# Directives ({agent.template.slug} v2)\nCite sources.")


def test_an_agent_without_a_template_gets_a_clear_409(agent_client):
    agent, client = agent_client
    agent.template = None
    agent.save()
    response = client.get(URL)
    assert response.status_code == 409  # the agent's state, not its request, is at fault
    assert "runs no template" in response.json()["message"]


def test_it_needs_an_agent_token(api, staff_client):
    assert api.get(URL).status_code == 401
    assert staff_client.get(URL).status_code == 403


def test_a_template_without_versions_is_reported(agent_client):
    agent, client = agent_client
    agent.template = AgentTemplate.objects.create(slug="empty", name="Empty")
    agent.save()
    assert "no version" in client.get(URL).json()["message"]
