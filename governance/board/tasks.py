from celery import shared_task
from django.conf import settings

from config.webhooks import RETRY, post_json
from fleet.ticks import periodic
from governance.board.scans import improve_cycle_run
from governance.board.scans import reconcile_stale_running as reconcile


@periodic("governance.improve_cycle", soft_time_limit=600)
def improve_cycle() -> int:
    """One improve cycle: the scans due on it (cycle counter persisted)."""
    return len(improve_cycle_run())


@periodic("governance.reconcile_stale_running", soft_time_limit=240)
def reconcile_stale_running() -> int:
    return len(reconcile())


@shared_task(name="governance.escalation_webhook", **RETRY)
def escalation_webhook(classification: str, at: str) -> int:
    """POST the escalation (signed); retried with backoff."""
    url = settings.KAIZEN["ESCALATION_WEBHOOK_URL"]
    if not url:
        return 0
    payload = {
        "classification": classification,
        "at": at,
        "message": f"Recurring {classification} failures: {settings.KAIZEN['ESCALATION_THRESHOLD']}+ blocked "
        f"tasks within {settings.KAIZEN['ESCALATION_WINDOW_HOURS']} h.",
    }
    return post_json(url, payload, event="escalation")
