import re

import pytest

from governance.models import BlockedEvent, BoardTask, TaskComment
from tests.planner.helpers import client_for

pytestmark = pytest.mark.django_db
URL = "/api/v1/board/tasks"


@pytest.fixture
def bot(db):
    return client_for("worker")[1]


def create(client, **body):
    response = client.post(
        URL, {"title": "Add the export endpoint", "kind": "goal", "source": "autonomy", **body}, format="json"
    )
    assert response.status_code == 201, response.json()
    return response.json()


def blocked(client, task: dict, result: str, **more) -> dict:
    """Start `task`, then block it with `result` (and `more` of the update); the task as answered."""
    url = f"{URL}/{task['id']}"
    client.patch(url, {"status": "running"}, format="json")
    return client.patch(url, {"status": "blocked", "result": result, **more}, format="json").json()


def test_an_agent_creates_lists_and_filters_tasks(bot):
    task = create(bot, body="Export as CSV", labels=["api"])
    create(bot, title="Write tests", kind="test")
    assert (task["status"], task["source"], task["labels"]) == ("backlog", "autonomy", ["api"])
    listed = bot.get(f"{URL}?kind=test&status=backlog").json()
    assert [t["title"] for t in listed["results"]] == ["Write tests"] and "next" in listed


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "banana"}, "kind"),
        ({"title": ""}, "title"),
        ({"source": "aliens"}, "source"),
        ({"colour": "red"}, "colour"),
        ({"pr_url": "not a url"}, "pr_url"),
        ({"parent": 999}, "parent"),
    ],
)
def test_create_errors_name_the_field(bot, body, field):
    response = bot.post(URL, {"title": "x", **body}, format="json")
    assert response.status_code == 400
    assert field in response.json()["extra"]["fields"]


def test_a_duplicate_open_dedup_key_is_refused(bot):
    create(bot, dedup_key="export")
    response = bot.post(URL, {"title": "again", "dedup_key": "export"}, format="json")
    assert response.status_code == 409 and response.json()["extra"]["fields"]["dedup_key"]


def test_status_changes_follow_the_allowed_transitions(bot):
    task = create(bot)
    url = f"{URL}/{task['id']}"
    assert bot.patch(url, {"status": "done"}, format="json").status_code == 400  # backlog → done
    assert bot.patch(url, {"status": "running"}, format="json").json()["status"] == "running"
    assert bot.patch(url, {"status": "done"}, format="json").json()["status"] == "done"
    response = bot.patch(url, {"status": "running"}, format="json")
    assert response.status_code == 400 and "status" in response.json()["extra"]["fields"]
    assert bot.patch(url, {"status": "paused"}, format="json").status_code == 400


def test_blocking_a_task_triages_it_and_comments(bot):
    task = create(bot)
    data = blocked(bot, task, "ModuleNotFoundError: No module named 'httpx'")
    assert data["classification"] == "dependency_missing"
    assert data["triage"]["certainty"] == 0.85 and data["triage"]["human_attention_required"] is False
    assert data["triage"]["follow_up"]["kind"] == "goal"
    triage_comment = TaskComment.objects.get(task_id=task["id"], kind="triage")
    assert "Triage: dependency_missing" in triage_comment.body and "Follow-up: #" in triage_comment.body
    child = BoardTask.objects.get(parent_id=task["id"])
    assert (child.source, child.kind, child.status) == ("improve", "goal", "backlog")
    assert BlockedEvent.objects.get().classification == "dependency_missing"


def test_human_attention_tasks_are_visible(bot, approver_client):
    data = blocked(bot, create(bot), "fatal: Authentication failed")
    assert data["human_attention"] is True
    page = approver_client.get("/admin/governance/boardtask/?human_attention__exact=1").content.decode()
    assert "Add the export endpoint" in page
    # said in words, not with the green tick that reads as "all fine"
    assert "needs a human</span>" in page and "icon-yes.svg" not in page


def test_a_task_blocked_as_outside_the_agents_scope_is_flagged_for_a_human(bot, approver_client):
    task = create(bot)
    data = blocked(bot, task, "Stopped: deleting the audit log is outside the agent's scope.")
    assert (data["classification"], data["human_attention"]) == ("scope_policy", True)
    assert data["triage"]["human_attention_required"] is True
    flagged = approver_client.get("/admin/governance/boardtask/?human_attention__exact=1").content.decode()
    assert f"/admin/governance/boardtask/{task['id']}/change/" in flagged


def test_a_task_blocked_on_an_unknown_repo_key_is_a_configuration_problem(bot):
    data = blocked(bot, create(bot), "Unknown repo key 'docs-site' (known: web, api)")
    assert (data["classification"], data["human_attention"]) == ("parse_config", False)
    child = BoardTask.objects.get(parent_id=data["id"])
    assert child.title == "Fix the task specification of: Add the export endpoint"


def test_comments_from_agents_and_humans(bot, approver_client):
    task = create(bot)
    assert (
        bot.post(f"{URL}/{task['id']}/comments", {"body": "started"}, format="json").json()["kind"]
        == "comment"
    )
    assert (
        approver_client.post(f"{URL}/{task['id']}/comments", {"body": "use v2"}, format="json").json()["kind"]
        == "human"
    )
    assert bot.post(f"{URL}/{task['id']}/comments", {}, format="json").status_code == 400
    detail = bot.get(f"{URL}/{task['id']}").json()
    assert [c["body"] for c in detail["comments"]] == ["started", "use v2"]


def test_validation_runs_feed_flaky_detection(bot):
    for i in range(10):
        other = create(bot, title=f"run {i}")
        bot.patch(
            f"{URL}/{other['id']}",
            {"validation_runs": [{"command": "pytest -q", "passed": i >= 3}]},
            format="json",
        )
    task = create(bot, title="Fix export")
    data = blocked(
        bot, task, "1 failed (pytest)", validation_runs=[{"command": "pytest -q", "passed": False}]
    )
    url = f"{URL}/{task['id']}"
    assert data["classification"] == "flaky_test"
    assert BoardTask.objects.get(parent_id=task["id"]).title == "Stabilise flaky test: pytest -q"
    bad = bot.patch(url, {"validation_runs": [{"command": "x"}]}, format="json")
    assert bad.status_code == 400 and "validation_runs" in bad.json()["extra"]["fields"]


def test_bulk_actions_in_the_admin(bot, approver_client):
    a, b = create(bot, title="a"), create(bot, title="b")
    approver_client.post(
        "/admin/governance/boardtask/", {"action": "cancel", "_selected_action": [a["id"], b["id"]]}
    )
    assert set(BoardTask.objects.values_list("status", flat=True)) == {"cancelled"}


def test_anonymous_callers_are_refused(api):
    assert api.get(URL).status_code == 401


def test_a_pr_url_longer_than_its_column_is_a_400_naming_it(bot):
    """Found by schemathesis on PostgreSQL (a 500 there): the serializer checks what the column holds."""
    long_url = "https://forge.example/" + "p" * 200
    response = bot.post(
        URL, {"title": "t", "kind": "goal", "source": "autonomy", "pr_url": long_url}, format="json"
    )
    assert response.status_code == 400 and "pr_url" in response.json()["extra"]["fields"]
    task = create(bot)
    response = bot.patch(f"{URL}/{task['id']}", {"pr_url": long_url}, format="json")
    assert response.status_code == 400 and "pr_url" in response.json()["extra"]["fields"]


def test_an_agent_told_it_may_not_use_source_human_is_told_a_source_it_may_use():
    _, client = client_for("scout")
    refused = client.post("/api/v1/board/tasks", {"title": "x", "source": "human"}, format="json")
    assert refused.status_code == 403
    said = re.findall(r"'(\w+)'", refused.json()["message"])
    offered = [s for s in said if s != "human"]
    assert offered, refused.json()["message"]
    for source in offered:  # every source the message offers is one an agent may use
        taken = client.post("/api/v1/board/tasks", {"title": f"y {source}", "source": source}, format="json")
        assert taken.status_code == 201, (source, taken.json())
