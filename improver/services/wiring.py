"""What the improver's services answer to, registered once at start-up (ImproverConfig.ready):
approving, rejecting and refining a template evolution (the governance registry), a template's
head moving (its rollout and its pending evolution follow), a rollout ending (the evolution
queued behind it starts) and a rollout being deleted."""

from django.db.models.signals import pre_delete

from fleet.documents import on_head_moved
from governance.models import Proposal
from governance.registry import register as register_type
from improver.models import Rollout
from improver.review import maintenance_review, new_tool_review, review
from improver.services.evolution import TYPE, on_approve, on_refine, on_reject, what_next
from improver.services.evolution_moves import evolution_dequeue, evolution_rebase
from improver.services.rollouts import on_rollout_ended, rollout_deleted, rollout_head_moved


def head_moved(document, head) -> None:
    rollout_head_moved(document, head)
    evolution_rebase(document, head)


def register() -> None:
    register_type(
        TYPE, approve=on_approve, reject=on_reject, refine=on_refine, review=review, what_next=what_next
    )
    register_type(Proposal.Type.MAINTENANCE, review=maintenance_review)
    register_type(Proposal.Type.NEW_TOOL, review=new_tool_review)
    on_head_moved("template:", head_moved)
    on_rollout_ended(evolution_dequeue)
    pre_delete.connect(rollout_deleted, sender=Rollout, dispatch_uid="rollout_deleted")
