"""The wiring between the apps, as one table: every signal the apps send to each other and who
answers it. A receiver added, renamed or connected twice changes the table and fails this test."""

from django.db.models.signals import pre_delete

from fleet.documents import head_moved
from governance.registry import proposal_approved
from improver.models import Rollout
from improver.services.rollouts import rollout_ended
from telemetry.hooks import batches_committed
from telemetry.retention import keep_events

SIGNALS = {
    "fleet.documents.head_moved": (head_moved, None),
    "improver.services.rollouts.rollout_ended": (rollout_ended, None),
    "governance.registry.proposal_approved": (proposal_approved, None),
    "pre_delete of improver.Rollout": (pre_delete, Rollout),
    "telemetry.retention.keep_events": (keep_events, None),
    "telemetry.hooks.batches_committed": (batches_committed, None),
}
EXPECTED = {
    "fleet.documents.head_moved": [
        "improver.wiring.template_head_moved",
        "planner.config_docs.card_head_moved",
    ],
    "improver.services.rollouts.rollout_ended": ["improver.wiring.queued_evolution_starts"],
    "governance.registry.proposal_approved": ["governance.board.services.work_task_for_approved"],
    "pre_delete of improver.Rollout": ["improver.services.rollouts.rollout_deleted"],
    "telemetry.retention.keep_events": [
        "governance.wiring.cited_events_kept",
        "learning.wiring.corrections_kept",
    ],
    "telemetry.hooks.batches_committed": ["planner.wiring.waiting_feedback_folds"],
}


def receivers(signal, sender) -> list[str]:
    live = signal._live_receivers(sender)
    live = live[0] if isinstance(live, tuple) else live  # sync receivers (Django 5 returns both kinds)
    return sorted(f"{r.__module__}.{r.__qualname__}" for r in live)


def test_the_wiring_table():
    table = {name: receivers(signal, sender) for name, (signal, sender) in SIGNALS.items()}
    print()
    for name, answered_by in table.items():
        print(f"{name:45} → {', '.join(answered_by)}")
    assert table == EXPECTED
