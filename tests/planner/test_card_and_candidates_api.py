import pytest

from planner.models import DeclaredSkill, SkillStats
from tests.planner.helpers import client_for, declare, outcomes

pytestmark = pytest.mark.django_db


def test_card_declares_skills_and_replaces_them(db):
    agent, client = client_for("alice")
    body = {
        "skills": [
            {"name": "pr_review", "confidence": 0.9, "blast_radius": "low", "hitl_mode": "autonomous"},
            {"name": "deploy", "confidence": 0.4, "blast_radius": "critical", "hitl_mode": "gated"},
        ],
        "webhook_url": "https://agents.example.com/alice",
    }
    data = client.put("/api/v1/agents/me/card", body, format="json").json()
    assert [s["name"] for s in data["skills"]] == ["pr_review", "deploy"]
    assert DeclaredSkill.objects.get(agent=agent, skill="deploy").hitl_mode == "gated"
    declare(client, "pr_review")
    assert list(DeclaredSkill.objects.filter(agent=agent).values_list("skill", flat=True)) == ["pr_review"]
    agent.refresh_from_db()
    assert agent.webhook_url == "https://agents.example.com/alice"


@pytest.mark.parametrize(
    ("skills", "field"),
    [
        ([{"name": "x", "confidence": 1.5}], "confidence"),
        ([{"name": "x", "confidence": 0.5, "blast_radius": "huge"}], "blast_radius"),
        ([{"name": "x", "confidence": 0.5, "hitl_mode": "yolo"}], "hitl_mode"),
        ([{"name": "bad name!", "confidence": 0.5}], "name"),
        ([{"confidence": 0.5}], "name"),
        ([{"name": "x", "confidence": 0.5, "colour": "red"}], "colour"),
        ([{"name": "x", "confidence": 0.5}, {"name": "x", "confidence": 0.6}], "name"),
    ],
)
def test_card_errors_name_the_skill_and_field(db, skills, field):
    _, client = client_for("alice")
    response = client.put("/api/v1/agents/me/card", {"skills": skills}, format="json")
    assert response.status_code == 400
    errors = response.json()["extra"]["fields"]["skills"]
    assert any(field in item for item in errors.values()), errors


def test_card_needs_an_agent_token(staff_client):
    assert staff_client.put("/api/v1/agents/me/card", {"skills": []}, format="json").status_code == 403


def test_candidates_rank_warm_over_cold_with_score_terms(approver_client):
    _, alice = client_for("alice")
    _, bob = client_for("bob")
    _, carol = client_for("carol")
    declare(alice, "pr_review", confidence=0.6)
    declare(bob, "pr_review", confidence=0.9)
    declare(carol, "pr_review", confidence=0.95)
    outcomes(alice, "pr_review", [True] * 19 + [False])  # warm: 2*0.95 - 0.3*1000/60000
    outcomes(bob, "pr_review", [True, False, False, False, False])  # warm: 0.4 - 0.005
    outcomes(carol, "pr_review", [True, True, True, True])  # 4 samples: cold, 0.95
    data = approver_client.get("/api/v1/planner/candidates?skill=pr_review").json()
    rows = data["candidates"]
    assert [r["agent"] for r in rows] == ["alice", "carol", "bob"]
    assert rows[0] | {"score": pytest.approx(1.895)} == rows[0]
    assert (rows[0]["regime"], rows[0]["samples"], rows[0]["success_rate"]) == ("warm", 20, 0.95)
    assert rows[0]["terms"]["latency_penalty"] == pytest.approx(-0.005)
    assert (rows[1]["regime"], rows[1]["score"]) == ("cold", 0.95)


def test_candidates_need_the_skill_parameter(approver_client):
    response = approver_client.get("/api/v1/planner/candidates")
    assert response.status_code == 400
    assert "skill" in response.json()["extra"]["fields"]


def test_stores_keep_the_last_200_samples_but_the_history_stays(db):
    agent, client = client_for("alice")
    outcomes(client, "triage", [False] * 50 + [True] * 200)
    stats = SkillStats.objects.get(agent=agent, skill="triage")
    assert (stats.samples, stats.success_rate, stats.total_samples) == (200, 1.0, 250)
    from telemetry.models import SkillOutcome

    assert SkillOutcome.objects.filter(agent=agent).count() == 250


def test_replayed_outcomes_do_not_count_twice(db):
    agent, client = client_for("alice")
    outcomes(client, "triage", [True, False])
    outcomes(client, "triage", [True, False])
    assert SkillStats.objects.get(agent=agent, skill="triage").total_samples == 2


def test_select_is_seedable_and_returns_every_weight(approver_client):
    _, alice = client_for("alice")
    _, bob = client_for("bob")
    declare(alice, "pr_review")
    declare(bob, "pr_review")
    outcomes(alice, "pr_review", [True] * 19 + [False], cost_usd=0.0)
    from planner.services import fleet_snapshot_take
    from tests.planner.helpers import NOW

    fleet_snapshot_take(now=NOW)
    first = approver_client.post(
        "/api/v1/planner/select", {"skill": "pr_review", "seed": 7}, format="json"
    ).json()
    again = approver_client.post(
        "/api/v1/planner/select", {"skill": "pr_review", "seed": 7}, format="json"
    ).json()
    assert first == again
    assert first["weights"] == {"alice": 0.95, "bob": 1.0}  # bob has no data: 1.0
    assert first["agent"] in ("alice", "bob")


def test_select_validates_its_input(approver_client):
    response = approver_client.post("/api/v1/planner/select", {"seed": "x"}, format="json")
    assert response.status_code == 400
    assert {"skill", "seed"} <= set(response.json()["extra"]["fields"])


def test_an_operator_edit_in_the_admin_versions_the_card(db):
    from django.test import Client

    from planner.config_docs import current_text, current_version
    from tests.factories import approver

    agent, client = client_for("alice")
    declare(client, "pr_review", confidence=0.5)
    before = current_version("card:alice").number
    skill = DeclaredSkill.objects.get(agent=agent)
    admin = Client()
    admin.force_login(approver())
    admin.post(
        f"/admin/planner/declaredskill/{skill.pk}/change/",
        {
            "agent": agent.pk,
            "skill": "pr_review",
            "confidence": "0.9",
            "blast_radius": "high",
            "hitl_mode": "gated",
        },
    )
    assert current_version("card:alice").number == before + 1
    assert "confidence: 0.9" in current_text("card:alice") and "hitl_mode: gated" in current_text(
        "card:alice"
    )
