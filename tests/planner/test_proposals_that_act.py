import io
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from fleet.models import DocumentVersion
from governance.board.services import task_update
from governance.models import BoardTask, Proposal, SuppressedKey
from planner.config_docs import current_text, current_version
from planner.goalbook import current_actions, current_goals
from planner.models import DeclaredSkill, Dispatch
from planner.services import fleet_snapshot_take
from tests.factories import approver
from tests.planner.helpers import NOW, client_for, declare, outcomes

pytestmark = pytest.mark.django_db
URL = "/api/v1/proposals"

GOAL = """goals:
  - id: fleet.success_rate_floor
    description: The fleet succeeds at least 90% of the time.
    selector: max_failure_rate_1h
    operator: "<="
    threshold: 0.1
"""
ACTION = """actions:
  - id: page_the_oncall
    goal: fleet.no_agent_stuck
    skill: page_oncall
    description: Page whoever is on call.
"""


def submit(client, **body):
    return client.post(URL, {"rationale": "evidence says so", **body}, format="json")


def test_a_goal_proposal_is_validated_approved_applied_and_becomes_board_work(approver_client):
    _, bot = client_for("ava")
    response = submit(bot, type="goal", yaml=GOAL, evidence={"refs": ["snapshot:1"]})
    assert response.status_code == 201, response.json()
    proposal = Proposal.objects.get(pk=response.json()["id"])
    assert (proposal.source, proposal.payload["base_version"]) == ("agent", 1)
    assert "fleet.success_rate_floor" not in {g.id for g in current_goals()}
    assert (
        approver_client.post(f"{URL}/{proposal.pk}/approve", {}, format="json").json()["status"] == "approved"
    )
    assert "fleet.success_rate_floor" in {g.id for g in current_goals()}  # live, no restart
    assert current_version("goals").number == 2
    task = BoardTask.objects.get(proposal=proposal)
    assert (task.source, task.status) == ("autonomy", "backlog")
    task_update(task=task, changes={"status": "running"})
    task_update(task=task, changes={"status": "done"})
    proposal.refresh_from_db()
    assert proposal.status == "implemented" and proposal.implemented_at


def test_the_planners_next_evaluation_uses_an_approved_action(approver_client):
    _, bot = client_for("ava")
    _, oncall = client_for("oncall")
    declare(oncall, "page_oncall", confidence=0.9)
    proposal_id = submit(bot, type="action", yaml=ACTION).json()["id"]
    # replace the shipped action of that goal so the new one is chosen
    text = current_text("actions").replace("goal: fleet.no_agent_stuck", "goal: fleet.cost_under_budget", 1)
    from planner.config_docs import version_create

    version_create(name="actions", text=text, reason="test")
    proposal = Proposal.objects.get(pk=proposal_id)
    proposal.payload["base_version"] = current_version("actions").number
    proposal.save()
    assert (
        approver_client.post(f"{URL}/{proposal_id}/approve", {}, format="json").json()["status"]
        == "implemented"
    )
    assert "page_the_oncall" in {a.id for a in current_actions()}
    _, stuck = client_for("stuck")
    outcomes(stuck, "x", [False] * 3, start=NOW - timedelta(minutes=10))
    fleet_snapshot_take(now=NOW)
    dispatch = Dispatch.objects.get(goal_id="fleet.no_agent_stuck")
    assert (dispatch.action_id, dispatch.agent.name) == ("page_the_oncall", "oncall")


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"type": "goal", "yaml": "goals: [\n"}, "yaml:2: invalid YAML"),
        (
            {"type": "goal", "yaml": GOAL.replace("threshold: 0.1", "threshold: 0.1\n    colour: red")},
            "yaml:7: goals[0].colour: unknown key",
        ),
        ({"type": "goal", "yaml": GOAL.replace("max_failure_rate_1h", "vibes")}, "yaml:4: goals[0].selector"),
        (
            {"type": "action", "yaml": ACTION.replace("fleet.no_agent_stuck", "fleet.nope")},
            "yaml:3: actions[0].goal: unknown goal",
        ),
        (
            {"type": "config_change", "document": "goals", "yaml": "goals: 5\n"},
            "yaml:1: goals: must be a list",
        ),
    ],
)
def test_bad_documents_name_the_line_and_key_and_store_nothing(body, message):
    _, bot = client_for("ava")
    response = submit(bot, **body)
    assert response.status_code == 400
    assert message in response.json()["message"], response.json()
    assert "yaml" in response.json()["extra"]["fields"]
    assert not Proposal.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"type": "maintenance", "yaml": "x"}, "type"),
        ({"type": "goal"}, "yaml"),
        ({"type": "config_change", "yaml": "x"}, "document"),
        ({"type": "goal", "yaml": GOAL, "colour": 1}, "colour"),
        ({"type": "config_change", "document": "card:ghost", "yaml": "skills: []"}, "document"),
        ({"type": "config_change", "document": "secrets", "yaml": "a: 1"}, "document"),
    ],
)
def test_submission_errors_name_the_field(body, field):
    _, bot = client_for("ava")
    response = submit(bot, **body)
    assert response.status_code == 400 and field in response.json()["extra"]["fields"], response.json()


def card_yaml(model: str) -> str:
    return f"model: {model}\nskills:\n  - name: pr_review\n    confidence: 0.8\n"


@pytest.mark.parametrize(("samples", "accepted"), [(49, False), (50, True)])
def test_tuning_an_agent_needs_fifty_samples(samples, accepted):
    quinn, quinn_client = client_for("quinn")
    declare(quinn_client, "pr_review", confidence=0.8)
    outcomes(quinn_client, "pr_review", [True] * samples)
    _, ava = client_for("ava")
    summary = ava.get("/api/v1/planner/summary?agent=quinn&skill=pr_review").json()
    assert (summary["samples"], summary["tuning_allowed"]) == (samples, accepted)
    response = submit(ava, type="config_change", document="card:quinn", yaml=card_yaml("small-model"))
    if accepted:
        assert response.status_code == 201
    else:
        assert response.status_code == 400
        assert (
            "needs at least 50 samples" in response.json()["message"]
            and "pr_review: 49" in response.json()["message"]
        )
        assert response.json()["extra"]["samples"] == {"pr_review": 49}


def test_summary_validates_its_parameters(approver_client):
    missing = approver_client.get("/api/v1/planner/summary?skill=x")
    assert missing.status_code == 400 and "agent" in missing.json()["extra"]["fields"]
    unknown = approver_client.get("/api/v1/planner/summary?agent=nobody&skill=x")
    assert unknown.status_code == 404 and "agent" in unknown.json()["extra"]["fields"]


def test_an_approved_card_change_applies_live_with_before_and_after(approver_client):
    quinn, quinn_client = client_for("quinn")
    declare(quinn_client, "pr_review", confidence=0.8)
    outcomes(quinn_client, "pr_review", [True] * 50)
    _, ava = client_for("ava")
    pid = submit(
        ava, type="config_change", document="card:quinn", yaml=card_yaml("small-model").replace("0.8", "0.6")
    ).json()["id"]
    assert approver_client.post(f"{URL}/{pid}/approve", {}, format="json").json()["status"] == "implemented"
    quinn.refresh_from_db()
    assert quinn.card["model"] == "small-model"
    assert DeclaredSkill.objects.get(agent=quinn).confidence == 0.6
    proposal = Proposal.objects.get(pk=pid)
    assert "confidence: 0.8" in proposal.payload["before"] and "small-model" in proposal.payload["after"]


def test_a_change_whose_base_moved_is_refused_and_nothing_is_applied(approver_client):
    _, bot = client_for("ava")
    pid = submit(bot, type="config_change", document="goals", yaml=GOAL).json()["id"]
    from planner.config_docs import version_create

    version_create(name="goals", text=current_text("goals") + "\n# edited by a human\n", reason="human")
    response = approver_client.post(f"{URL}/{pid}/approve", {}, format="json")
    assert response.status_code == 409 and "moved from v1 to v2" in response.json()["message"]
    assert Proposal.objects.get(pk=pid).status == "pending"
    assert current_version("goals").number == 2 and "fleet.success_rate_floor" not in current_text("goals")


def test_rejection_discards_the_change_and_keeps_the_reason(approver_client):
    _, bot = client_for("ava")
    pid = submit(bot, type="goal", yaml=GOAL).json()["id"]
    approver_client.post(f"{URL}/{pid}/reject", {"reason": "threshold too strict"}, format="json")
    assert Proposal.objects.get(pk=pid).decisions.get().reason == "threshold too strict"
    assert current_version("goals").number == 1 and not BoardTask.objects.exists()


def test_duplicates_and_suppressed_keys_are_refused(approver_client):
    _, bot = client_for("ava")
    assert submit(bot, type="goal", yaml=GOAL).status_code == 201
    duplicate = submit(bot, type="goal", yaml=GOAL)
    assert duplicate.status_code == 409
    SuppressedKey.objects.create(key="action:page_the_oncall", reason="we never page at night")
    response = submit(bot, type="action", yaml=ACTION)
    assert response.status_code == 400 and "we never page at night" in response.json()["message"]


def test_staff_only_list_and_agents_only_submit(approver_client):
    _, bot = client_for("ava")
    assert bot.get(URL).status_code == 403
    assert (
        approver_client.post(URL, {"type": "goal", "yaml": GOAL, "rationale": "x"}, format="json").status_code
        == 403
    )


def test_config_rollback_in_the_admin_is_audited(approver_client):
    from django.contrib.admin.models import LogEntry

    _, bot = client_for("ava")
    pid = submit(bot, type="goal", yaml=GOAL).json()["id"]
    approver_client.post(f"{URL}/{pid}/approve", {}, format="json")
    v1 = DocumentVersion.objects.get(document__name="goals", number=1)
    client = Client()
    client.force_login(approver("admin2"))
    client.post("/admin/fleet/documentversion/", {"action": "roll_back_to", "_selected_action": [v1.pk]})
    assert current_version("goals").number == 3 and current_text("goals") == v1.text
    assert "fleet.success_rate_floor" not in {g.id for g in current_goals()}
    assert LogEntry.objects.filter(change_message__startswith="Rolled back to v1").exists()


def test_rolling_back_a_card_in_the_admin_applies_the_earlier_card_to_the_agent():
    quinn, quinn_client = client_for("quinn")
    declare(quinn_client, "pr_review", confidence=0.8)
    declare(quinn_client, "pr_review", "triage", confidence=0.4)
    assert set(DeclaredSkill.objects.filter(agent=quinn).values_list("skill", flat=True)) == {
        "pr_review",
        "triage",
    }
    v1 = DocumentVersion.objects.get(document__name="card:quinn", number=1)
    client = Client()
    client.force_login(approver("admin3"))
    client.post("/admin/fleet/documentversion/", {"action": "roll_back_to", "_selected_action": [v1.pk]})
    assert current_version("card:quinn").number == 3
    assert list(DeclaredSkill.objects.filter(agent=quinn).values_list("skill", "confidence")) == [
        ("pr_review", 0.8)
    ]


def test_export_and_import_round_trip(tmp_path):
    quinn, quinn_client = client_for("quinn")
    declare(quinn_client, "pr_review", confidence=0.8)
    call_command("export_config", str(tmp_path), stdout=io.StringIO())
    assert (tmp_path / "goals.yaml").read_text() == current_text("goals")
    assert "pr_review" in (tmp_path / "cards" / "quinn.yaml").read_text()
    (tmp_path / "goals.yaml").write_text(GOAL)
    out = io.StringIO()
    call_command("import_config", str(tmp_path), stdout=out)
    assert "goals: v2" in out.getvalue() and "actions: unchanged" in out.getvalue()
    assert [g.id for g in current_goals()] == ["fleet.success_rate_floor"]
    (tmp_path / "goals.yaml").write_text("goals:\n  - id: x\n")
    with pytest.raises(CommandError, match="goals.yaml:2: goals\\[0\\]: missing required key"):
        call_command("import_config", str(tmp_path), stdout=io.StringIO())


def escalate(client, n: int, target="deploy to production"):
    batch = [
        {
            "type": "hitl_escalation",
            "timestamp": (NOW - timedelta(minutes=i)).isoformat(),
            "body": {"target": target, "reason": f"needs sign-off {i}", "skill": "deploy"},
        }
        for i in range(n)
    ]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] == 201 for r in response.json()["results"]), response.json()


@pytest.mark.parametrize(("count", "proposals"), [(2, 0), (3, 1), (5, 1)])
def test_escalations_become_one_goal_proposal_at_three(count, proposals):
    _, bot = client_for("ava")
    escalate(bot, count)
    found = Proposal.objects.filter(type="goal", dedup_key="hitl:deploy to production")
    assert found.count() == proposals
    if proposals:
        assert found.get().evidence["count"] == count
        assert "unblock 'deploy to production'" in found.get().title


def test_approved_work_cancelled_by_a_human_suppresses_the_key(approver_client):
    _, bot = client_for("ava")
    pid = submit(bot, type="goal", yaml=GOAL).json()["id"]
    approver_client.post(f"{URL}/{pid}/approve", {}, format="json")
    task = BoardTask.objects.get(proposal_id=pid)
    approver_client.patch(f"/api/v1/board/tasks/{task.pk}", {"status": "cancelled"}, format="json")
    assert SuppressedKey.objects.filter(key="goal:fleet.success_rate_floor").exists()
    assert Proposal.objects.get(pk=pid).status == "approved"


def test_new_tool_and_maintenance_approvals_create_one_board_task(approver_client):
    for kind in ("new_tool", "maintenance"):
        p = Proposal.objects.create(type=kind, title=f"{kind} work", dedup_key=kind)
        approver_client.post(f"{URL}/{p.pk}/approve", {}, format="json")
        assert BoardTask.objects.filter(proposal=p, dedup_key=f"proposal:{p.pk}").count() == 1


def test_acceptance_per_type_and_source_is_shown_in_the_admin():
    Proposal.objects.create(type="goal", title="a", source="agent", status="approved")
    Proposal.objects.create(type="goal", title="b", source="agent", status="rejected")
    Proposal.objects.create(type="goal", title="c", source="agent", status="implemented")
    client = Client()
    client.force_login(approver())
    page = client.get("/admin/governance/proposal/").content.decode()
    assert 'id="kz-acceptance"' in page and "67%" in page


def test_templates_travel_with_the_other_documents(tmp_path):
    agent, _ = client_for("tess")  # runs a template with one version
    template = agent.template
    call_command("export_config", str(tmp_path), stdout=io.StringIO())
    exported = (tmp_path / "templates.yaml").read_text()
    assert template.slug in exported
    call_command("import_config", str(tmp_path), stdout=(out := io.StringIO()))
    assert f"template {template.slug}: unchanged" in out.getvalue()
    edited = exported.replace(template.document.head.text.splitlines()[0], "Always write a plan first.")
    (tmp_path / "templates.yaml").write_text(edited)
    call_command("import_config", str(tmp_path), stdout=(out := io.StringIO()))
    assert f"template {template.slug}: new version v2" in out.getvalue()
    template.refresh_from_db()
    assert "Always write a plan first." in template.document.head.text


def test_an_agent_proposing_a_change_to_another_agents_card_is_not_shown_that_card(approver_client):
    quinn, quinn_client = client_for("quinn")
    declare(
        quinn_client, "pr_review", confidence=0.8, webhook_url="https://hooks.example.com/quinn-secret-path"
    )
    outcomes(quinn_client, "pr_review", [True] * 50)
    _, ava = client_for("ava")
    response = submit(ava, type="config_change", document="card:quinn", yaml=card_yaml("small-model"))
    assert response.status_code == 201, response.content
    assert "quinn-secret-path" not in response.content.decode()
    assert response.json()["payload"]["yaml"] == card_yaml("small-model")  # what ava sent, as sent
    staff = approver_client.get(f"{URL}/{response.json()['id']}").json()
    assert "quinn-secret-path" in staff["payload"]["before"]  # the reviewer sees what it replaces
