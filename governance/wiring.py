"""What governance answers to, wired once at start-up (GovernanceConfig.ready): an approved
proposal whose effect did not land by itself becomes a board task, and retention keeps the events
a proposal cites."""

from governance.board.services import work_task_for_approved
from governance.registry import proposal_approved
from governance.selectors import events_cited_by_proposals
from telemetry.retention import register_keeper


def register() -> None:
    proposal_approved.connect(work_task_for_approved, dispatch_uid="governance.work_task_for_approved")
    register_keeper(events_cited_by_proposals)  # retention keeps what a proposal cites
