import io

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from fleet.models import Agent, ApiToken
from tests.factories import TemplateFactory, UserFactory

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue().strip()


def test_it_creates_the_agent_and_prints_a_working_token_once():
    TemplateFactory(slug="coder")
    token = run("create_agent", "alice", "--template", "coder")
    agent = Agent.objects.get(name="alice")
    assert agent.template.slug == "coder"
    stored = ApiToken.objects.get(agent=agent)
    assert token.startswith(f"kz_{stored.prefix}_")
    assert token not in stored.digest and len(stored.digest) == 64
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert client.get("/api/v1/agents/me/directives").status_code == 200


def test_it_refuses_an_unknown_template_and_a_taken_name():
    TemplateFactory(slug="coder")
    with pytest.raises(CommandError, match="No template 'nope'"):
        run("create_agent", "alice", "--template", "nope")
    run("create_agent", "alice", "--template", "coder")
    with pytest.raises(CommandError, match="already exists"):
        run("create_agent", "alice", "--template", "coder")


def test_staff_token_authenticates_staff_tools():
    UserFactory(username="ops", is_staff=True)
    token = run("create_staff_token", "ops")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert client.get("/api/v1/proposals").status_code == 200


def test_staff_token_refuses_non_staff_and_unknown_users():
    UserFactory(username="guest", is_staff=False)
    with pytest.raises(CommandError, match="not staff"):
        run("create_staff_token", "guest")
    with pytest.raises(CommandError, match="No user"):
        run("create_staff_token", "ghost")


@pytest.mark.parametrize("name", ["", "two words", "x" * 101, "naïve"])
def test_a_name_that_is_not_a_slug_is_refused_in_one_line(name):
    with pytest.raises(CommandError, match=r"An agent's name is 1 to 100 letters, digits, '-' or '_'"):
        run("create_agent", name)
    assert not Agent.objects.exists()
