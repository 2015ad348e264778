"""What governance answers to, wired once at start-up (GovernanceConfig.ready): an approved
proposal whose effect did not land by itself becomes a board task, and retention keeps the events
a proposal cites."""

from governance.board.services import work_task_for_approved
from governance.registry import proposal_approved
from governance.selectors import events_cited_by_proposals
from telemetry.retention import keep_events


def cited_events_kept(sender, *, event_type: str, **kwargs):
    """Retention asks what to keep: the events of `event_type` some proposal cites."""
    return events_cited_by_proposals(event_type)


def register() -> None:
    proposal_approved.connect(work_task_for_approved, dispatch_uid="governance.work_task_for_approved")
    keep_events.connect(cited_events_kept, dispatch_uid="governance.cited_events_kept")
