from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from fleet.models import AgentTemplate
from fleet.templates import template_version_create
from governance.models import Proposal
from improver.models import EvolutionSession, ImproverAgent
from improver.proposer import Addition, ProposedChange
from improver.services.evolution import DepthPolicyError, evolution_proposal_create
from improver.services.improvers import improver_create
from improver.services.ritual import ritual_run
from tests.factories import approver, mailed_approver
from tests.improver.helpers import WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db


def test_the_service_layer_refuses_automated_proposals_for_level_two_templates():
    meta = AgentTemplate.objects.create(slug="meta", name="Meta", kind="meta_improver")
    version = template_version_create(template=meta, directives="Review improvers monthly.\n")
    improver = improver_create(template=meta, wake_at=WAKE)
    session = EvolutionSession.objects.create(
        improver=improver, template=meta, base_version=version, created_at=WAKE
    )
    change = ProposedChange(
        "Review improvers weekly.\n", (Addition("x", "y", 1),), "because", "deterministic"
    )
    with pytest.raises(DepthPolicyError, match="only a human may change it"):
        evolution_proposal_create(session=session, change=change, evidence={})
    assert not Proposal.objects.exists()
    # a human still can: a new version through the normal template service
    template_version_create(template=meta, directives="Review improvers weekly.\n")
    assert meta.document.versions.count() == 2


def test_the_meta_improver_evolves_an_improver_template_monthly_from_session_outcomes():
    # level 0: coder, evolved by coder-improver, whose agent runs the level-1 template "coach"
    coach = AgentTemplate.objects.create(slug="coach", name="Coach", kind="template_improver")
    template_version_create(template=coach, directives="Propose small changes.\n")
    template, improver, client = coder_fleet()
    improver.agent.template = coach
    improver.agent.save()
    meta = improver_create(template=coach, wake_at=WAKE + timedelta(days=30))
    assert meta.window_days == 30 and meta.recursion_depth == 2 and meta.agent.kind == "meta_improver"
    # three weekly sessions of the coder improver, each rejected by the operator
    operator = approver()
    from governance.services import proposal_reject

    remedies = ["Keep reports under ten lines.", "Lead with the result.", "Use bullet points for steps."]
    for week in range(3):  # a new remedy each week: a rejected line is never proposed again
        complaints(
            client,
            3,
            at=WAKE + timedelta(days=7 * week - 1),
            text=f"Too verbose, week {week}. {remedies[week]}",
        )
        ImproverAgent.objects.filter(pk=improver.pk).update(ritual_state="sleeping")
        improver.refresh_from_db()
        ritual_run(improver=improver, period=f"w{week}", now=WAKE + timedelta(days=7 * week))
        for p in Proposal.objects.filter(status="pending", subject="coder"):
            proposal_reject(proposal=p, actor=operator, reason="not convinced")
    now = timezone.now() + timedelta(minutes=1)
    run = ritual_run(improver=meta, period="m1", now=now)
    assert run.outcome == "proposed", run.detail
    proposal = Proposal.objects.get(subject="coach", status="pending")
    groups = proposal.evidence["feedback_groups"]
    assert groups["negative/accuracy"]["count"] >= 3  # the rejected sessions
    assert proposal.payload["current_directives"] == "Propose small changes.\n"


def test_a_pending_review_emails_approvers_and_posts_a_signed_webhook(
    settings, webhook_receiver, django_capture_on_commit_callbacks
):
    settings.KAIZEN = {**settings.KAIZEN, "NOTIFY_WEBHOOK_URL": webhook_receiver.url, "WEBHOOK_SECRET": "k"}
    mailed_approver(settings)
    _, improver, client = coder_fleet()
    complaints(client, 3)
    with django_capture_on_commit_callbacks(execute=True):
        ritual_run(improver=improver, period="w1", now=WAKE)
    [message] = mail.outbox
    assert message.to == ["ops@example.com"] and "Review pending" in message.subject
    [request] = webhook_receiver.requests
    assert request["json"]["type"] == "template_evolution" and request["json"]["pending_reviews"] == 1
    from config.webhooks import sign

    assert request["headers"]["X-Kaizen-Signature"] == sign(request["body"], "k")


def test_a_failing_webhook_is_retried_with_backoff(settings, webhook_receiver):
    from celery.exceptions import Retry

    from improver.tasks import notify_review

    settings.KAIZEN = {**settings.KAIZEN, "NOTIFY_WEBHOOK_URL": webhook_receiver.url}
    webhook_receiver.statuses = [500]
    proposal = Proposal.objects.create(type="goal", title="x")
    with pytest.raises(Retry):
        notify_review.apply(args=[proposal.pk], throw=True)
    assert notify_review.apply(args=[proposal.pk]).get()["webhook"] == 200
    assert len(webhook_receiver.requests) == 2


def test_the_admin_shows_a_pending_review_badge():
    Proposal.objects.create(type="goal", title="a")
    Proposal.objects.create(type="goal", title="b")
    client = Client()
    client.force_login(approver())
    page = client.get("/admin/").content.decode()
    assert 'id="kz-pending-badge"' in page and "2 pending reviews" in page
