"""What the planner answers to, wired once at start-up (PlannerConfig.ready): the documents
people edit (goals, actions, agent cards, checked by their parsers), what approving a goal,
action or config change does (the governance registry), what new skill outcomes and
escalations teach it (telemetry's hooks), a card's head moving (the card applies to its agent),
derived batches committing (the pattern feedback they left waiting is folded into the patterns'
stats), and the shipped goals and actions after `migrate`."""

from django.db.models.signals import post_migrate

from fleet.documents import head_moved, on_validate
from governance.models import Proposal
from governance.registry import register as register_type
from planner import config_docs, proposals, stores
from planner.cards import parse_card
from planner.goals import parse_goals
from planner.review import document_review
from telemetry.hooks import batches_committed, on_stored


def waiting_feedback_folds(sender, **kwargs) -> None:
    """Derived batches committed: fold the pattern feedback they left waiting."""
    stores.fold_waiting_feedback()


def register(app_config) -> None:
    on_validate("goals", parse_goals)
    on_validate("actions", config_docs.parse_actions_of_goals)
    on_validate(config_docs.CARD_PREFIX, parse_card)

    review = document_review  # the review page of each (presentation, planner.review)
    register_type(
        Proposal.Type.GOAL, approve=proposals.approve_goal, validate=proposals.validate_goal, review=review
    )
    register_type(
        Proposal.Type.ACTION,
        approve=proposals.approve_action,
        validate=proposals.validate_action,
        review=review,
    )
    register_type(
        Proposal.Type.CONFIG_CHANGE,
        approve=proposals.approve_config_change,
        validate=proposals.validate_config_change,
        review=review,
    )

    on_stored("skill_outcome", stores.on_skill_outcomes, whole_batch=True)
    on_stored("skill_outcome_withdrawn", stores.forget_outcomes, whole_batch=True)
    on_stored("skill_outcome_amended", stores.amend_outcomes, whole_batch=True)
    on_stored("hitl_escalation", proposals.escalations_to_goal_proposals)  # per agent

    head_moved.connect(config_docs.card_head_moved, dispatch_uid="planner.card_head_moved")
    batches_committed.connect(waiting_feedback_folds, dispatch_uid="planner.waiting_feedback_folds")
    post_migrate.connect(
        config_docs.ensure_defaults, sender=app_config, dispatch_uid="kaizen-config-defaults"
    )
