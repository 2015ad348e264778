import pytest
from django.test import Client

from governance.models import ChangeDecision, Proposal, SuppressedKey
from tests.factories import ProposalFactory, UserFactory, approver

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client() -> Client:
    client = Client()
    client.force_login(approver())
    return client


def test_the_list_has_filters_and_the_decision_actions(admin_client):
    ProposalFactory(title="Add a retry tool")
    page = admin_client.get("/admin/governance/proposal/?status__exact=pending").content.decode()
    assert "Add a retry tool" in page
    assert "approve_selected" in page and "reject_selected" in page


def test_approving_from_the_change_page_writes_a_decision(admin_client):
    proposal = ProposalFactory()
    response = admin_client.post(f"/admin/governance/proposal/{proposal.pk}/approve/", {"rating": "4"})
    assert response.status_code == 302
    proposal.refresh_from_db()
    assert proposal.status == "approved" and proposal.decided_by.username == "approver"
    decision = ChangeDecision.objects.get(proposal=proposal)
    assert (decision.verdict, decision.rating, decision.actor_label) == ("confirmed", 4, "approver")


@pytest.mark.parametrize("kind", [Proposal.Type.GOAL, Proposal.Type.MAINTENANCE, Proposal.Type.NEW_TOOL])
def test_a_proposal_that_cannot_be_refined_is_not_offered_refine(admin_client, kind):
    """Refining is refused for these types: the page offers approve and reject only, rather
    than a form whose words the refusal would lose."""
    page = admin_client.get(f"/admin/governance/proposal/{ProposalFactory(type=kind).pk}/change/")
    text = page.content.decode()
    assert page.status_code == 200 and 'value="Approve"' in text and 'value="Reject"' in text
    assert 'value="Refine"' not in text


def test_rejecting_needs_a_reason(admin_client):
    proposal = ProposalFactory()
    admin_client.post(f"/admin/governance/proposal/{proposal.pk}/reject/", {"reason": ""})
    proposal.refresh_from_db()
    assert proposal.status == "pending"
    admin_client.post(f"/admin/governance/proposal/{proposal.pk}/reject/", {"reason": "Too risky"})
    proposal.refresh_from_db()
    assert proposal.status == "rejected"
    assert ChangeDecision.objects.get(proposal=proposal).reason == "Too risky"


def test_bulk_actions_approve_and_reject_with_a_reason(admin_client):
    a, b = ProposalFactory(), ProposalFactory(source="autonomy", dedup_key="goal:x")
    admin_client.post(
        "/admin/governance/proposal/", {"action": "approve_selected", "_selected_action": [a.pk]}
    )
    form = admin_client.post(
        "/admin/governance/proposal/", {"action": "reject_selected", "_selected_action": [b.pk]}
    )
    assert b"reason" in form.content
    admin_client.post(
        "/admin/governance/proposal/",
        {"action": "reject_selected", "_selected_action": [b.pk], "apply": "1", "reason": "noise"},
    )
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.status, b.status) == ("approved", "rejected")
    assert SuppressedKey.objects.filter(key="goal:x").exists()


def test_a_staff_user_without_the_permission_sees_no_actions_and_cannot_decide(db):
    viewer = UserFactory(username="viewer")
    from django.contrib.auth.models import Permission

    viewer.user_permissions.add(Permission.objects.get(codename="view_proposal"))
    client = Client()
    client.force_login(viewer)
    proposal = ProposalFactory()
    page = client.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert "kz-decide" not in page
    assert "approve_selected" not in client.get("/admin/governance/proposal/").content.decode()
    assert client.post(f"/admin/governance/proposal/{proposal.pk}/approve/").status_code == 403
    proposal.refresh_from_db()
    assert proposal.status == "pending"
    assert not ChangeDecision.objects.exists()


def test_a_decided_proposal_cannot_be_decided_again(admin_client):
    proposal = ProposalFactory(status=Proposal.Status.REJECTED)
    response = admin_client.post(f"/admin/governance/proposal/{proposal.pk}/approve/", follow=True)
    assert "not pending" in response.content.decode()
    proposal.refresh_from_db()
    assert proposal.status == "rejected"
