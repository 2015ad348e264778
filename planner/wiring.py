"""What the planner answers to, wired once at start-up (PlannerConfig.ready): the documents
people edit (goals, actions, agent cards, checked by their parsers), what approving a goal,
action or config change does (the governance registry), a card's head moving (the card
applies to its agent), and derived batches committing (the pattern feedback they left waiting is
folded into the patterns' stats)."""

from django.db.models.signals import post_migrate

from fleet.documents import head_moved
from planner import config_docs, proposals, stores
from telemetry.hooks import batches_committed


def waiting_feedback_folds(sender, **kwargs) -> None:
    """Derived batches committed: fold the pattern feedback they left waiting."""
    stores.fold_waiting_feedback()


def register(app_config) -> None:
    config_docs.register()
    proposals.register_types()
    head_moved.connect(config_docs.card_head_moved, dispatch_uid="planner.card_head_moved")
    batches_committed.connect(waiting_feedback_folds, dispatch_uid="planner.waiting_feedback_folds")
    post_migrate.connect(
        config_docs.ensure_defaults, sender=app_config, dispatch_uid="kaizen-config-defaults"
    )
