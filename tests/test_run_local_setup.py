"""What `make run` prepares before it starts the processes: a demo agent that can be tried at once."""

import pytest
from rest_framework.test import APIClient

from fleet.management.commands.run_local import demo_agent_token

pytestmark = pytest.mark.django_db


def directives_status(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client.get("/api/v1/agents/me/directives").status_code


def test_the_demo_agent_keeps_its_token_across_starts_until_a_new_one_is_asked_for(tmp_path):
    kept = tmp_path / "demo-agent.token"
    first = demo_agent_token(kept)
    assert directives_status(first) == 200  # it runs the demo template, not a 409
    assert kept.read_text().strip() == first and kept.stat().st_mode & 0o077 == 0
    assert demo_agent_token(kept) == first  # a restart: the agent wired in keeps working
    assert directives_status(first) == 200
    second = demo_agent_token(kept, new=True)
    assert second != first and directives_status(second) == 200
    assert directives_status(first) == 401  # one working token, not one more
    kept.write_text("kz_garbage_token\n")  # a kept token that no longer works is replaced
    third = demo_agent_token(kept)
    assert third != second and directives_status(third) == 200
