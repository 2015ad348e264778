"""The improver's weekly report: produced after each ritual, shown in the admin, sent with the
review notification."""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from improver.models import ImproverReport
from improver.services.ritual import ritual_run
from tests.factories import approver, mailed_approver
from tests.improver.helpers import WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db


def test_a_ritual_writes_its_report_and_the_review_email_carries_it(
    settings, django_capture_on_commit_callbacks
):
    user = mailed_approver(settings)
    _, improver, client = coder_fleet()
    complaints(client, 3)
    with django_capture_on_commit_callbacks(execute=True):
        ritual_run(improver=improver, period="w1", now=WAKE)
    report = ImproverReport.objects.get()
    assert "## Reviewed: 3 feedback item(s)\n- negative · communication: 3" in report.content
    assert "## Proposed\n- Evolve coder v1" in report.content
    assert "- no decisions" in report.content
    assert "not measurable yet: the template has one version" in report.content
    assert report.confidence == 0.5  # exactly the 3-item minimum
    [message] = mail.outbox
    assert report.content in message.body
    admin = Client()
    admin.force_login(user)
    page = admin.get(f"/admin/improver/improverreport/{report.pk}/change/").content.decode()
    assert "<h2>Reviewed: 3 feedback item(s)</h2>" in page and "<li>negative · communication: 3</li>" in page
    assert "## Reviewed" not in page  # shown as a page, not as its markdown source
    report.content += "- quoted: <script>alert(1)</script> [x](javascript:alert(1))\n"
    report.save(update_fields=["content"])
    page = admin.get(f"/admin/improver/improverreport/{report.pk}/change/").content.decode()
    assert "quoted: &lt;script&gt;alert(1)&lt;/script&gt;" in page and 'href="javascript' not in page
    proposal_page = admin.get(f"/admin/governance/proposal/{report.provenance['proposal']}/change/")
    assert "The improver&#x27;s weekly report" in proposal_page.content.decode()


def test_next_weeks_report_tells_the_decision_and_the_measured_effect():
    _, improver, client = coder_fleet()
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    first = ImproverReport.objects.get()
    reviewer = APIClient()
    reviewer.force_authenticate(approver())
    pid = first.provenance["proposal"]
    assert reviewer.post(f"/api/v1/proposals/{pid}/approve", {"rating": 4}, format="json").status_code == 200
    later = WAKE + timedelta(days=2)
    complaints(client, 1, at=later)  # in session s0 again: a session counts once per signal
    batch = [
        {
            "type": "tool_invocation",
            "timestamp": later.isoformat(),
            "body": {"session_id": f"v2-{i}", "tool": "run_tests", "outcome": "success", "duration_ms": 9},
        }
        for i in range(4)
    ]
    assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code == 207
    ritual_run(improver=improver, period="w2", now=WAKE + timedelta(days=7))
    second = ImproverReport.objects.exclude(pk=first.pk).get()
    assert "## Reviewed: 1 feedback item(s) (fewer than 3: no review)" in second.content
    assert f"- proposal #{pid} approved, rated 4/5" in second.content
    assert "- v1 → v2: success" in second.content
    # three sessions of v1, each with a complaint; none of v2's four sessions had one
    assert "## Sessions showing each failure signal (previous version → head)" in second.content
    assert "- negative feedback: 100% → 0%" in second.content and "- any failure: 100% → 0%" in second.content
    assert second.confidence == 0.3


def test_running_the_same_ritual_twice_writes_one_report():
    _, improver, client = coder_fleet()
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    ritual_run(improver=improver, period="w1", now=WAKE)
    assert ImproverReport.objects.count() == 1
