"""Tell operators that a review is pending: email and an optional signed webhook (retried)."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db.models import Q
from django.urls import reverse

from config.queue import publish
from governance.models import Proposal
from improver.models import ImproverReport


def review_pending(*, proposal_id: int) -> None:
    """Queue the notifications of a new pending proposal (runs after the ritual commits)."""
    publish("improver.notify_review", proposal_id)


def approvers_emails() -> list[str]:
    users = (
        get_user_model()
        .objects.filter(is_active=True, is_staff=True)
        .filter(
            Q(is_superuser=True)
            | Q(user_permissions__codename="approve_proposal")
            | Q(groups__permissions__codename="approve_proposal")
        )
        .exclude(email="")
    )
    return sorted(set(users.values_list("email", flat=True)))


def weekly_report(proposal: Proposal) -> str:
    """The report of the ritual that raised `proposal` (empty for other proposals)."""
    found = ImproverReport.objects.filter(run__session__proposal=proposal).values_list("content", flat=True)
    return found.first() or ""


def review_message(proposal: Proposal) -> dict:
    path = reverse("admin:governance_proposal_change", args=[proposal.pk])
    return {
        "report": weekly_report(proposal),
        "proposal": proposal.pk,
        "type": proposal.type,
        "title": proposal.title,
        "subject": proposal.subject,
        "admin_path": path,
        "pending_reviews": Proposal.objects.filter(status=Proposal.Status.PENDING).count(),
    }


def send_review_email(proposal: Proposal) -> int:
    recipients = approvers_emails()
    if not recipients:
        return 0
    msg = review_message(proposal)
    body = (
        f"A one-on-one is ready for review: {proposal.title}\n\n{proposal.rationale}\n\n"
        f"Review it in the admin: {msg['admin_path']}\n"
        f"Pending reviews: {msg['pending_reviews']}\n" + (f"\n{msg['report']}" if msg["report"] else "")
    )
    return send_mail(
        f"[Kaizen] Review pending: {proposal.title}", body, settings.DEFAULT_FROM_EMAIL, recipients
    )


def handover_message(rollout) -> dict:
    """What a rollout handed to a human needs to be acted on: why the test could not decide, what
    a careful reviewer would do with the evidence, and where to do it."""
    advice = (rollout.last_check or {}).get("advice") or {}
    return {
        "rollout": rollout.pk,
        "template": rollout.template.slug,
        "versions": f"v{rollout.champion.number} → v{rollout.candidate.number}",
        "reason": rollout.reason,
        "recommendation": advice.get("action", "wait"),
        "why": advice.get("why", ""),
        "figures": advice.get("figures", []),
        "admin_path": reverse("admin:experiments_rollout_change", args=[rollout.pk]),
    }


def send_handover_email(rollout) -> int:
    recipients = approvers_emails()
    if not recipients:
        return 0
    msg = handover_message(rollout)
    figures = "".join(f"  - {f}\n" for f in msg["figures"])
    body = (
        f"The canary of {msg['template']} {msg['versions']} needs a human.\n\n{msg['reason']}\n\n"
        f"Recommended: {msg['recommendation']} ({msg['why']})\n{figures}\n"
        f"Promote, abort or pin it on its page: {msg['admin_path']}\n"
    )
    return send_mail(
        f"[Kaizen] Canary needs a decision: {msg['template']} {msg['versions']} "
        f"(recommended: {msg['recommendation']})",
        body,
        settings.DEFAULT_FROM_EMAIL,
        recipients,
    )
