from datetime import datetime

from celery import shared_task
from django.conf import settings

from config.webhooks import RETRY, post_json
from experiments.models import Rollout
from fleet.ticks import periodic
from governance.models import Proposal
from improver.models import ImproverAgent
from improver.notify import handover_message, review_message, send_handover_email, send_review_email
from improver.services.improvers import wake_due_improvers as wake
from improver.services.lifecycle import check as canaries_check
from improver.services.maintenance import maintenance_pass as run
from improver.services.ritual import ritual_run, rituals_reap


@periodic("improver.wake_due_improvers", soft_time_limit=600)
def wake_due_improvers() -> int:
    """Every five minutes: enqueue the ritual of every improver whose scheduled wake has come."""
    return len(wake())


@shared_task(name="improver.run_ritual", acks_late=True)
def run_ritual(improver_id: int, period: str, now: str | None = None) -> str:
    """Run one ritual; safe to run twice or concurrently (single-flight per improver and period)."""
    improver = ImproverAgent.objects.filter(pk=improver_id).first()
    if improver is None:
        return "gone"
    run = ritual_run(improver=improver, period=period, now=datetime.fromisoformat(now) if now else None)
    return run.outcome if run else "already-ran"


@periodic("improver.reap_rituals", soft_time_limit=300)
def reap_rituals() -> int:
    """Every minute: rituals whose worker died (lease lapsed) are failed and queued again."""
    return len(rituals_reap())


@shared_task(name="improver.notify_review", bind=True, **RETRY)
def notify_review(self, proposal_id: int) -> dict:
    """Email approvers and POST the review webhook; webhook failures retry with backoff."""
    proposal = Proposal.objects.filter(pk=proposal_id).first()
    if proposal is None or proposal.status != Proposal.Status.PENDING:
        return {"skipped": True}
    return _notify(
        self, lambda: send_review_email(proposal), lambda: review_message(proposal), "review.pending"
    )


@shared_task(name="improver.notify_handover", bind=True, **RETRY)
def notify_handover(self, rollout_id: int) -> dict:
    """Email approvers and POST the webhook (`rollout.needs_human`) with the recommendation of a
    rollout handed to a human; webhook failures retry with backoff, the email goes once."""
    rollout = (
        Rollout.objects.select_related("template", "champion", "candidate").filter(pk=rollout_id).first()
    )
    if rollout is None or rollout.status != Rollout.Status.NEEDS_HUMAN:
        return {"skipped": True}
    return _notify(
        self, lambda: send_handover_email(rollout), lambda: handover_message(rollout), "rollout.needs_human"
    )


def _notify(task, email, message, event: str) -> dict:
    """The email on the first attempt only; the webhook (KAIZEN_NOTIFY_WEBHOOK_URL) on every one
    until it is delivered (a failure raises, and Celery retries the task)."""
    sent = {"emails": 0, "webhook": None}
    if task.request.retries == 0:
        sent["emails"] = email()
    url = settings.KAIZEN["NOTIFY_WEBHOOK_URL"]
    if url:
        sent["webhook"] = post_json(url, message(), event=event)
    return sent


@periodic("improver.maintenance_pass")
def maintenance_pass() -> int:
    """Weekly: recurring failure patterns become maintenance proposals (never duplicating open ones)."""
    return len(run())


@periodic("improver.check_rollouts", soft_time_limit=600)
def check_rollouts() -> dict:
    """Every 10 minutes: run the sequential test on each running rollout and line under test, and act."""
    return canaries_check()
