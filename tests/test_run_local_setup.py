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
    ("engine", "database", "file"),
    [
        ("sqlite3", "{base}/var/kaizen.sqlite3", r"demo-agent\.token"),  # what `make run` serves
        ("sqlite3", "{base}/var/demo.sqlite3", r"demo-agent-demo-[0-9a-f]{{8}}\.token"),  # the demo's run
        # sqlite://var/kaizen.sqlite3 (two slashes) names another kaizen.sqlite3: a file of its own
        ("sqlite3", "kaizen.sqlite3", r"demo-agent-kaizen-[0-9a-f]{{8}}\.token"),
        ("postgresql", "kaizen_prod", r"demo-agent-kaizen_prod-[0-9a-f]{{8}}\.token"),
    ],
)
def test_each_database_keeps_its_own_demo_agent_token(settings, engine, database, file):
    """Serving another database (the demo's, or one a mistyped URL names) neither overwrites nor
    revokes the default's token: the file is keyed by the database's full identity."""
    import re

    from fleet.management.commands.run_local import token_file

    default = settings.DATABASES["default"]
    settings.DATABASES = {
        **settings.DATABASES,
        "default": {
            **default,
            "ENGINE": f"django.db.backends.{engine}",
            "NAME": database.format(base=settings.BASE_DIR),
        },
    }
    assert re.fullmatch(file.format(), token_file().name), token_file().name
    assert token_file().parent == settings.BASE_DIR / "var"
