from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from fleet.models import DocumentVersion
from fleet.templates import template_version_create
from governance.models import ChangeDecision, Proposal
from improver.models import EvolutionNote, EvolutionSession, ImproverAgent
from improver.services.ritual import ritual_run
from tests.factories import UserFactory, approver
from tests.improver.helpers import T0, WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db


@pytest.fixture
def pending(db):
    """A pending evolution with two additions (two remedies users keep stating)."""
    template, improver, client = coder_fleet()
    complaints(client, 3)
    complaints(
        client,
        3,
        at=T0 + timedelta(days=2),
        text="That broke the build again. Run the linter before you push.",
    )
    ritual_run(improver=improver, period="w1", now=WAKE)
    return template, improver, client, Proposal.objects.get()


@pytest.fixture
def admin_client(db):
    c = Client()
    c.force_login(approver())
    return c


def test_the_admin_page_shows_the_diff_feedback_notes_and_delta(admin_client, pending):
    *_, proposal = pending
    page = admin_client.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert 'id="kz-diff"' in page and '<div class="add">+Keep reports concise' in page
    assert 'id="kz-feedback"' in page and "communication" in page
    assert 'id="kz-notes"' in page and "hypothesis" in page
    assert 'id="kz-delta"' in page and 'id="kz-decide"' in page


def test_approving_in_the_admin_makes_a_version_moves_the_head_and_completes_the_session(
    admin_client, pending
):
    template, improver, client, proposal = pending
    before = timezone.now()
    admin_client.post(f"/admin/governance/proposal/{proposal.pk}/approve/", {"rating": "5"})
    proposal.refresh_from_db()
    assert proposal.status == "implemented"
    version = DocumentVersion.objects.get(document__template=template, number=2)
    assert version.author == "improver" and version.provenance["proposal"] == proposal.pk
    assert version.text == proposal.payload["proposed_directives"]
    session = EvolutionSession.objects.get()
    assert (session.status, session.rating, session.new_version) == ("completed", 5, version)
    improver.refresh_from_db()
    assert improver.ritual_state == "sleeping" and improver.total_sessions_completed == 1
    assert improver.last_one_on_one_at >= before
    assert improver.scheduled_wake_at == improver.last_one_on_one_at + timedelta(days=7)
    assert ChangeDecision.objects.get(proposal=proposal).verdict == "confirmed"
    directives = client.get("/api/v1/agents/me/directives").json()
    assert directives["version"] == 2 and "Keep reports concise" in directives["directives"]


def test_rejecting_with_a_reason_records_a_note_and_proposes_a_smaller_change(admin_client, pending):
    template, improver, client, proposal = pending
    assert len(proposal.payload["additions"]) == 2
    admin_client.post(f"/admin/governance/proposal/{proposal.pk}/reject/", {"reason": "Too much at once"})
    proposal.refresh_from_db()
    assert proposal.status == "rejected"
    refined = Proposal.objects.get(status="pending")
    assert refined.parent == proposal and len(refined.payload["additions"]) == 1
    assert EvolutionNote.objects.filter(kind="rejection", content__contains="Too much at once").exists()
    improver.refresh_from_db()
    assert improver.ritual_state == "awaiting_review"
    assert EvolutionSession.objects.get().proposal == refined
    # rejecting the single remaining change leaves nothing smaller: the session is abandoned
    admin_client.post(f"/admin/governance/proposal/{refined.pk}/reject/", {"reason": "No"})
    improver.refresh_from_db()
    assert improver.ritual_state == "sleeping"
    assert EvolutionSession.objects.get().status == "abandoned"
    assert not Proposal.objects.filter(status="pending").exists()


def test_refine_over_rest_takes_the_operators_text(approver_client, pending):
    *_, proposal = pending
    response = approver_client.post(
        f"/api/v1/proposals/{proposal.pk}/refine", {"text": "Mention the changelog."}, format="json"
    )
    assert response.status_code == 201
    new = Proposal.objects.get(pk=response.json()["id"])
    assert "Operator guidance: Mention the changelog." in new.payload["proposed_directives"]
    assert "Keep reports concise" in new.payload["proposed_directives"]
    proposal.refresh_from_db()
    assert proposal.status == "superseded"
    assert ChangeDecision.objects.get(proposal=proposal).reason == "refine: Mention the changelog."
    assert approver_client.post(f"/api/v1/proposals/{new.pk}/approve", {}, format="json").json()[
        "status"
    ] == ("implemented")


def test_reject_over_rest_needs_a_reason(approver_client, pending):
    *_, proposal = pending
    response = approver_client.post(f"/api/v1/proposals/{proposal.pk}/reject", {"reason": " "}, format="json")
    assert response.status_code == 400


def test_a_proposal_whose_base_moved_is_prepared_again_against_the_new_head(approver_client, pending):
    template, improver, client, proposal = pending
    additions = [a["text"] for a in proposal.payload["additions"]]
    template_version_create(template=template, directives="Changed by a human.\n")  # v2, by hand

    proposal.refresh_from_db()
    assert proposal.status == "superseded"
    assert "moved to v2" in ChangeDecision.objects.get(proposal=proposal).reason
    response = approver_client.post(f"/api/v1/proposals/{proposal.pk}/approve", {}, format="json")
    assert response.status_code == 409  # the stale one cannot be decided
    again = Proposal.objects.get(status="pending")
    assert (again.parent_id, again.payload["base_version"]) == (proposal.pk, 2)
    assert again.evidence == proposal.evidence
    assert again.payload["proposed_directives"] == "Changed by a human.\n" + "\n".join(additions) + "\n"
    assert (
        approver_client.post(f"/api/v1/proposals/{again.pk}/approve", {}, format="json").json()["status"]
        == "implemented"
    )
    assert template.document.versions.count() == 3


def test_a_proposal_the_new_head_already_holds_ends_its_session(pending):
    template, improver, client, proposal = pending
    template_version_create(template=template, directives=proposal.payload["proposed_directives"])
    proposal.refresh_from_db()
    assert proposal.status == "superseded" and not Proposal.objects.filter(status="pending").exists()
    improver.refresh_from_db()
    assert improver.ritual_state == "sleeping"


def test_rollback_from_the_admin_is_a_new_version_and_is_audited(admin_client, pending):
    template, improver, client, proposal = pending
    admin_client.post(f"/admin/governance/proposal/{proposal.pk}/approve/", {})
    v1 = DocumentVersion.objects.get(document__template=template, number=1)
    admin_client.post(
        "/admin/fleet/documentversion/", {"action": "roll_back_to", "_selected_action": [v1.pk]}
    )
    served = client.get("/api/v1/agents/me/directives").json()
    assert (served["version"], served["directives"]) == (3, v1.text)  # v1's text, as v3
    assert DocumentVersion.objects.get(document__template=template, number=3).provenance == {"rollback_of": 1}
    assert LogEntry.objects.filter(change_message="Rolled back to v1 (now v3)").exists()


def test_users_without_the_permission_and_agents_cannot_decide(pending):
    *_, client, proposal = pending
    viewer = Client()
    viewer.force_login(UserFactory(username="viewer"))
    assert viewer.post(f"/admin/governance/proposal/{proposal.pk}/approve/").status_code in (302, 403)
    rest = APIClient()
    rest.force_login(UserFactory(username="viewer2"))
    assert rest.post(f"/api/v1/proposals/{proposal.pk}/approve", {}, format="json").status_code == 403
    assert client.post(f"/api/v1/proposals/{proposal.pk}/approve", {}, format="json").status_code == 403
    proposal.refresh_from_db()
    assert proposal.status == "pending"
    assert ImproverAgent.objects.get().ritual_state == "awaiting_review"


def test_classified_feedback_is_searchable_in_the_admin(admin_client, pending):
    page = admin_client.get(
        "/admin/learning/feedbackitem/?sentiment__exact=negative&category__exact=communication&q=verbose"
        "&occurred_at__gte=2026-10-01"  # a search covers the last day unless a date is picked
    ).content.decode()
    assert "too long and verbose" in page


def single_change_pending():
    """A pending evolution with one evidence-backed line (the remedy three complaints state)."""
    template, improver, client = coder_fleet()
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    proposal = Proposal.objects.get()
    assert len(proposal.payload["additions"]) == 1
    return improver, proposal


def test_rejecting_a_single_change_proposes_the_next_evidence_line_then_says_nothing_is_left(approver_client):
    improver, proposal = single_change_pending()
    approver_client.post(f"/api/v1/proposals/{proposal.pk}/reject", {"reason": "not this"}, format="json")
    refined = Proposal.objects.get(parent=proposal)
    [line] = refined.payload["additions"]
    assert line["origin"] == "category" and refined.payload["rejected_lines"] == [
        "Keep reports concise: lead with the result."
    ]
    approver_client.post(f"/api/v1/proposals/{refined.pk}/reject", {"reason": "no"}, format="json")
    assert not Proposal.objects.filter(parent=refined).exists()
    note = EvolutionNote.objects.filter(kind="decision").order_by("-id").first()
    assert note.content.startswith("Nothing left to propose")
    improver.refresh_from_db()
    assert improver.ritual_state == "sleeping"


def test_the_feedback_list_reads_no_whole_table(admin_client, pending):
    """Derived work stores an item per feedback event (ten million at 50M events): the list counts
    at most its bound, and neither a date hierarchy nor a filter scans every item for its values."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        page = admin_client.get("/admin/learning/feedbackitem/")
    sql = [q["sql"] for q in queries.captured_queries if "improver_feedbackitem" in q["sql"]]
    assert page.status_code == 200 and "too long and verbose" in page.content.decode()
    assert not [s for s in sql if "DISTINCT" in s or "MIN(" in s or "MAX(" in s], sql
    assert not [s for s in sql if "COUNT(" in s], sql  # counted by the ids it reads, up to a bound
    assert [s for s in sql if "LIMIT 10001" in s and "ORDER BY" not in s], sql
    assert "?source_type__exact=correction" in page.content.decode()  # the known sources, as choices


def test_refine_with_guidance_contrary_to_a_served_line_says_which_and_replaces_it_when_asked(
    approver_client, pending
):
    """Guidance read as the contrary of a served line is never dropped: the refinement answers 400
    naming the line and the field that replaces it; sent with that field it replaces the line."""
    *_, proposal = pending
    url = f"/api/v1/proposals/{proposal.pk}/refine"
    refused = approver_client.post(url, {"text": "Never run the tests before reporting done."}, format="json")
    assert refused.status_code == 400, refused.content
    body = refused.json()
    assert body["extra"]["replace"] == "Run the tests before reporting done." and body["extra"]["served"]
    assert "contradicts the served line 'Run the tests before reporting done.'" in body["message"]
    assert "replace=" in body["extra"]["fields"]["text"][0]
    proposal.refresh_from_db()
    assert proposal.status == "pending"  # nothing was decided
    wrong = approver_client.post(
        url, {"text": "Never run the tests.", "replace": "Not a line."}, format="json"
    )
    assert wrong.status_code == 400 and "replace" in wrong.json()["extra"]["fields"]
    made = approver_client.post(
        url,
        {"text": "Never run the tests before reporting done.", "replace": body["extra"]["replace"]},
        format="json",
    )
    assert made.status_code == 201, made.content
    new = Proposal.objects.get(pk=made.json()["id"])
    directives = new.payload["proposed_directives"]
    assert "Operator guidance: Never run the tests before reporting done." in directives
    assert "Run the tests before reporting done." not in directives.splitlines()
    assert "Keep reports concise" in directives  # the proposal's own additions stay
    [removal] = new.payload["removals"]
    assert (removal["text"], removal["action"]) == ("Run the tests before reporting done.", "replace")
    assert approver_client.post(f"/api/v1/proposals/{new.pk}/approve", {}, format="json").status_code == 200


def test_refine_contrary_to_a_line_the_proposal_adds_drops_that_addition_when_asked(approver_client, pending):
    *_, proposal = pending
    url = f"/api/v1/proposals/{proposal.pk}/refine"
    said = "Do not run the linter before you push."
    refused = approver_client.post(url, {"text": said}, format="json")
    assert refused.status_code == 400 and refused.json()["extra"]["served"] is False
    line = refused.json()["extra"]["replace"]
    assert "linter" in line and "the line this proposal adds" in refused.json()["message"]
    new = Proposal.objects.get(
        pk=approver_client.post(url, {"text": said, "replace": line}, format="json").json()["id"]
    )
    assert [a["text"] for a in new.payload["additions"]] == [
        a["text"] for a in proposal.payload["additions"] if a["text"] != line
    ] + [f"Operator guidance: {said}"]
    assert new.payload["removals"] == []  # it was never served


def test_refine_with_words_the_proposal_already_carries_names_the_field(approver_client, pending):
    *_, proposal = pending
    url = f"/api/v1/proposals/{proposal.pk}/refine"
    first = approver_client.post(url, {"text": "Mention the changelog."}, format="json").json()["id"]
    again = approver_client.post(
        f"/api/v1/proposals/{first}/refine", {"text": "Mention the changelog."}, format="json"
    )
    assert again.status_code == 400 and "already says" in again.json()["extra"]["fields"]["text"][0]


def test_refine_in_the_admin_offers_the_replacement_and_makes_it(admin_client, pending):
    *_, proposal = pending
    url = f"/admin/governance/proposal/{proposal.pk}/refine/"
    said = "Never run the tests before reporting done."
    answer = admin_client.post(url, {"text": said}, follow=True)
    page = answer.content.decode()
    assert answer.status_code == 200 and "contradicts the served line" in page
    assert 'value="Run the tests before reporting done."' in page  # the form again, filled in
    assert said in page
    proposal.refresh_from_db()
    assert proposal.status == "pending"
    admin_client.post(url, {"text": said, "replace": "Run the tests before reporting done."})
    new = Proposal.objects.get(parent=proposal)
    assert new.payload["removals"][0]["text"] == "Run the tests before reporting done."
