"""A client generated from the schema with openapi-python-client calls every list and detail
endpoint and parses what the server answers."""

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from fleet.services import token_issue
from governance.models import BoardTask, Proposal
from tests.factories import agent_with_token, approver

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.same_on_every_database("the schema and the client are made from the serializers"),
]


def generate(tmp_path: Path):
    schema = tmp_path / "schema.json"
    schema.write_text(json.dumps(Client().get("/api/schema/", {"format": "json"}).json()))
    bin_dir = Path(sys.executable).parent
    subprocess.run(
        [
            str(bin_dir / "openapi-python-client"),
            "generate",
            "--path",
            str(schema),
            "--meta",
            "none",
            "--output-path",
            str(tmp_path / "kaizen_api"),
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"},
    )
    sys.path.insert(0, str(tmp_path))
    return importlib.import_module("kaizen_api")


def test_the_generated_client_reads_every_list_and_detail(live_server, tmp_path):
    agent, agent_token = agent_with_token(name="generated")
    _, staff_token = token_issue(user=approver(), label="generated client")
    task = BoardTask.objects.create(title="Fix the flaky test", created_by_agent=agent)
    proposal = Proposal.objects.create(type="goal", title="A goal", created_by_agent=agent)
    kaizen_api = generate(tmp_path)
    from kaizen_api import AuthenticatedClient
    from kaizen_api.api.api import (
        api_v1_agents_me_dispatches_retrieve as dispatches,
    )
    from kaizen_api.api.api import (
        api_v1_board_tasks_list as tasks,
    )
    from kaizen_api.api.api import (
        api_v1_board_tasks_retrieve as task_detail,
    )
    from kaizen_api.api.api import (
        api_v1_fleet_health_retrieve as fleet,
    )
    from kaizen_api.api.api import (
        api_v1_planner_candidates_retrieve as candidates,
    )
    from kaizen_api.api.api import (
        api_v1_planner_patterns_retrieve as patterns,
    )
    from kaizen_api.api.api import (
        api_v1_proposals_list as proposals,
    )
    from kaizen_api.api.api import (
        api_v1_proposals_retrieve as proposal_detail,
    )
    from kaizen_api.api.api import (
        api_v1_rollouts_list as rollouts,
    )

    as_agent = AuthenticatedClient(
        base_url=live_server.url, token=agent_token, raise_on_unexpected_status=True
    )
    as_staff = AuthenticatedClient(
        base_url=live_server.url, token=staff_token, raise_on_unexpected_status=True
    )
    calls = {
        "dispatches": dispatches.sync_detailed(client=as_agent),
        "tasks": tasks.sync_detailed(client=as_agent),
        "task": task_detail.sync_detailed(task.pk, client=as_agent),
        "fleet": fleet.sync_detailed(client=as_agent),
        "candidates": candidates.sync_detailed(client=as_agent, skill="pr_review"),
        "patterns": patterns.sync_detailed(client=as_agent),
        "proposals": proposals.sync_detailed(client=as_staff),
        "proposal": proposal_detail.sync_detailed(proposal.pk, client=as_staff),
        "rollouts": rollouts.sync_detailed(client=as_staff),
    }
    for name, response in calls.items():
        assert response.status_code == 200 and response.parsed is not None, (name, response.content[:300])
    assert calls["tasks"].parsed.results[0].title == "Fix the flaky test"
    assert calls["proposals"].parsed.count == 1
    assert kaizen_api is not None
