import pytest
from rest_framework.test import APIClient

from governance.models import ChangeDecision, Proposal
from governance.services import proposal_create
from tests.factories import ProposalFactory, agent_with_token

pytestmark = pytest.mark.django_db


def test_it_lists_and_filters_proposals_paginated(approver_client):
    ProposalFactory(type="goal", title="g")
    ProposalFactory(type="maintenance", title="m", status="rejected")
    data = approver_client.get("/api/v1/proposals?status=pending&type=goal").json()
    assert [p["title"] for p in data["results"]] == ["g"]
    assert {"id", "type", "status", "title", "evidence", "created_at"} <= set(data["results"][0])
    assert "next" in data


def test_bad_filters_name_the_field(approver_client):
    response = approver_client.get("/api/v1/proposals?status=maybe")
    assert response.status_code == 400
    assert "status" in response.json()["extra"]["fields"]


def test_approve_and_reject_over_rest(approver_client):
    a, b = ProposalFactory(), ProposalFactory()
    assert (
        approver_client.post(f"/api/v1/proposals/{a.pk}/approve", {"rating": 5}, format="json").json()[
            "status"
        ]
        == "approved"
    )
    response = approver_client.post(f"/api/v1/proposals/{b.pk}/reject", {}, format="json")
    assert response.status_code == 400 and "reason" in response.json()["extra"]["fields"]
    response = approver_client.post(f"/api/v1/proposals/{b.pk}/reject", {"reason": "no"}, format="json")
    assert response.json()["status"] == "rejected"
    assert ChangeDecision.objects.count() == 2
    again = approver_client.post(f"/api/v1/proposals/{b.pk}/approve", {}, format="json")
    assert again.status_code == 409


def test_rating_out_of_range_is_a_400(approver_client):
    p = ProposalFactory()
    response = approver_client.post(f"/api/v1/proposals/{p.pk}/approve", {"rating": 9}, format="json")
    assert response.status_code == 400 and "rating" in response.json()["extra"]["fields"]


def test_unknown_proposal_is_a_json_404(approver_client):
    response = approver_client.post("/api/v1/proposals/999/approve", {}, format="json")
    assert response.status_code == 404 and response.json()["message"]


def test_staff_without_permission_and_agents_are_refused(staff_client):
    p = ProposalFactory()
    assert staff_client.get("/api/v1/proposals").status_code == 200
    assert staff_client.post(f"/api/v1/proposals/{p.pk}/approve", {}, format="json").status_code == 403
    _, token = agent_with_token(name="bot")
    agent = APIClient()
    agent.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert agent.get("/api/v1/proposals").status_code == 403
    assert agent.post(f"/api/v1/proposals/{p.pk}/approve", {}, format="json").status_code == 403
    p.refresh_from_db()
    assert p.status == "pending"


def test_a_second_open_proposal_with_the_same_dedup_key_is_refused():
    from config.errors import Conflict

    proposal_create(type="goal", title="a", dedup_key="k")
    with pytest.raises(Conflict):
        proposal_create(type="goal", title="b", dedup_key="k")
    assert Proposal.objects.count() == 1


def test_rejected_autonomy_keys_are_suppressed_case_insensitively(approver_user):
    from config.errors import ApplicationError
    from governance.services import proposal_reject

    p = proposal_create(type="goal", title="a", dedup_key="Goal:Fix-X", source="autonomy")
    proposal_reject(proposal=p, actor=approver_user, reason="not useful")
    with pytest.raises(ApplicationError, match="suppressed"):
        proposal_create(type="goal", title="again", dedup_key="goal:fix-x", source="autonomy")
