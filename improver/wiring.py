"""What the improver's services answer to, wired once at start-up (ImproverConfig.ready):
approving, rejecting and refining a template evolution (the governance registry), a template's
head moving (its rollout and its pending evolution follow), a rollout ending (the evolution
queued behind it starts) and a rollout being deleted. This module sits above the rollouts and
the evolutions, so neither names the other: each sends its Django signal and this answers it."""

from django.db.models.signals import pre_delete

from experiments.services import factor_ended
from fleet.documents import head_moved
from governance.models import Proposal
from governance.registry import register as register_type
from improver.models import Rollout
from improver.review import maintenance_review, new_tool_review, review
from improver.services.evolution import TYPE, evolution_lines, on_approve, on_refine, on_reject, what_next
from improver.services.evolution_moves import evolution_dequeue, evolution_rebase
from improver.services.rollouts import rollout_deleted, rollout_ended, rollout_head_moved


def template_head_moved(sender, *, document, version, **kwargs) -> None:
    """A template's head moved: its rollout and its pending evolution follow."""
    if document.name.startswith("template:"):
        rollout_head_moved(document, version)
        evolution_rebase(document, version)


def queued_evolution_starts(sender, *, template, **kwargs) -> None:
    """A template's rollout or line under test ended: the evolution approved behind it starts."""
    evolution_dequeue(template=template)


def register() -> None:
    register_type(
        TYPE,
        approve=on_approve,
        reject=on_reject,
        refine=on_refine,
        review=review,
        what_next=what_next,
        lines=evolution_lines,
    )
    register_type(Proposal.Type.MAINTENANCE, review=maintenance_review)
    register_type(Proposal.Type.NEW_TOOL, review=new_tool_review)
    head_moved.connect(template_head_moved, dispatch_uid="improver.template_head_moved")
    rollout_ended.connect(queued_evolution_starts, dispatch_uid="improver.queued_evolution_starts")
    factor_ended.connect(queued_evolution_starts, dispatch_uid="improver.queued_evolution_starts_lines")
    pre_delete.connect(rollout_deleted, sender=Rollout, dispatch_uid="rollout_deleted")
