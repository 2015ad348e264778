"""What `make run` prepares before it starts the processes: a demo agent that can be tried at once."""

import pytest
from rest_framework.test import APIClient

from telemetry.management.commands.run_local import demo_agent_token

pytestmark = pytest.mark.django_db


def directives_status(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.get("/api/v1/agents/me/directives").status_code


def test_the_demo_agent_has_directives_and_each_start_leaves_one_working_token():
    first = demo_agent_token()
    assert directives_status(first) == 200  # it runs the demo template, not a 409
    second = demo_agent_token()
    assert directives_status(second) == 200
    assert directives_status(first) == 401
