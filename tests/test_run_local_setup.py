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


@pytest.mark.parametrize(
    ("database", "file"),
    [
        ("/srv/kaizen/var/kaizen.sqlite3", "demo-agent.token"),  # what `make run` serves
        ("/srv/kaizen/var/demo.sqlite3", "demo-agent-demo.token"),  # browsing the demo's run
        ("kaizen_prod", "demo-agent-kaizen_prod.token"),
    ],
)
def test_each_database_keeps_its_own_demo_agent_token(settings, database, file):
    """Serving another database (the demo's) neither overwrites nor revokes the default's token."""
    from fleet.management.commands.run_local import token_file

    settings.DATABASES = {
        **settings.DATABASES,
        "default": {**settings.DATABASES["default"], "NAME": database},
    }
    assert token_file().name == file and token_file().parent.name == "var"
