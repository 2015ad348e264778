"""What governance answers to, wired once at start-up (GovernanceConfig.ready): an approved
proposal whose effect did not land by itself becomes a board task, retention keeps the events
a proposal cites, and Celery learns the board's tasks (the improve cycle, the stale-task
reconciler, the escalation webhook), which live outside the app's own tasks.py."""

from config.celery import app as celery_app
from governance.board.services import work_task_for_approved
from governance.registry import proposal_approved
from governance.selectors import events_cited_by_proposals
from telemetry.retention import keep_events

TASK_PACKAGES = ["governance.board"]  # packages whose tasks.py Celery's discovery of the apps misses


def cited_events_kept(sender, *, event_type: str, **kwargs):
    """Retention asks what to keep: the events of `event_type` some proposal cites."""
    return events_cited_by_proposals(event_type)


def register(app_config) -> None:
    proposal_approved.connect(work_task_for_approved, dispatch_uid="governance.work_task_for_approved")
    keep_events.connect(cited_events_kept, dispatch_uid="governance.cited_events_kept")
    # imported now (force): a worker runs this while it imports its modules, too late to be asked
    celery_app.autodiscover_tasks(TASK_PACKAGES, force=True)
