"""What becomes of a template's evolutions when its head moves or its rollout ends: the pending
one is prepared again against the new head, and one approved while a canary ran starts its own."""

from config import clock
from experiments.services import room_for_lines
from fleet.models import AgentTemplate, Document, DocumentVersion
from governance.models import ChangeDecision, Proposal
from governance.services import decision_record, proposal_mark_implemented, proposal_supersede
from improver.applied import applied
from improver.models import EvolutionSession, ImproverAgent
from improver.proposer import ProposedChange
from improver.services.evolution import (
    TYPE,
    addition_from,
    line_factors,
    lines_land,
    lines_tested,
    session_give_up,
    session_of,
    session_repropose,
    set_state,
    version_land,
)
from improver.services.ritual import withdrawn_lines


def evolution_rebase(document: Document, head: DocumentVersion) -> Proposal | None:
    """The head of a template moved (an approval, a promoted canary, a human's edit or rollback):
    its pending evolution, prepared against the old head, is prepared again against the new one,
    evidence kept — its additions not already there, its removals of lines still there. With
    nothing left, the session ends. A proposal is never left for a human to reject as stale."""
    template = AgentTemplate.objects.filter(document=document).first()
    pending = (
        Proposal.objects.filter(
            type=TYPE, status=Proposal.Status.PENDING, dedup_key=f"evolution:{template.slug}"
        ).first()
        if template
        else None
    )
    if pending is None or (head.provenance or {}).get("proposal") == pending.pk:
        return None  # nothing pending, or the head moved by approving it
    session = session_of(pending)
    if session.base_version_id == head.pk:
        return None

    now = clock.now()
    improver = ImproverAgent.objects.select_for_update().get(pk=session.improver_id)
    additions, removals, directives = applied(head.text, pending.payload)
    proposal_supersede(
        proposal=pending, reason=f"{template.slug} moved to v{head.number}: prepared again against it"
    )
    set_state(improver, "refining", strict=False)
    if not additions and not removals:
        return session_give_up(
            session,
            improver,
            f"v{head.number} already holds every change of #{pending.pk}: nothing left.",
            now,
        )
    session.base_version = head
    session.save(update_fields=["base_version"])
    change = ProposedChange(
        directives=directives,
        additions=tuple(addition_from(a) for a in additions),
        rationale=f"{pending.rationale} (Prepared again against v{head.number}.)",
        proposer=pending.payload.get("proposer", "deterministic"),
        alternatives=tuple(addition_from(a) for a in pending.payload.get("alternatives", [])),
        removals=tuple(removals),
    )
    return session_repropose(
        session,
        improver,
        pending,
        change,
        note=f"v{head.number} became the head: #{pending.pk} prepared again against it.",
        at=now,
    )


def evolution_dequeue(*, template) -> bool:
    """Start the evolution approved behind the template's canary (the oldest queued) once that
    canary has ended, its additions and removals applied to the head as it is now (a promoted
    canary's, or the old one's); line by line when the template tests lines and has room for them.
    True when it started (or was found to have nothing left and ended)."""
    session = (
        EvolutionSession.objects.select_for_update(of=("self",))
        .select_related("improver", "template", "base_version", "improver__agent", "proposal")
        .filter(template=template, status=EvolutionSession.Status.QUEUED)
        .order_by("id")
        .first()
    )
    if session is None or session.proposal is None:
        return False

    proposal, now = session.proposal, clock.now()
    document = Document.objects.select_related("head").get(pk=template.document_id)
    if document.candidate_id is not None:
        return False  # a version canary still runs: it waits for its end
    head, by_lines = document.head, lines_tested(template)
    if by_lines and len(line_factors(proposal.payload, template)) > room_for_lines(template.pk):
        return False  # it waits for more of the template's lines under test to be decided
    # a canary that was rolled back or aborted took its lines back: they are left out, and the
    # proposal records what is applied (the rollout tests those lines' targets)
    additions, removals, directives = applied(head.text, proposal.payload, set(withdrawn_lines(template)))
    if not additions and not removals:
        session.status = EvolutionSession.Status.ABANDONED
        session.save(update_fields=["status"])
        decision_record(
            proposal=proposal,
            verdict=ChangeDecision.Verdict.DEFERRED,
            actor=None,
            reason=f"v{head.number} already holds every line of #{proposal.pk} not taken back: nothing left.",
        )
        return True
    proposal.payload = {
        **proposal.payload,
        "additions": additions,
        "removals": removals,
        "proposed_directives": directives,
    }
    proposal.save(update_fields=["payload"])
    session.base_version = head
    session.save(update_fields=["base_version"])
    improver = ImproverAgent.objects.select_for_update().get(pk=session.improver_id)
    if by_lines:
        factors = line_factors(proposal.payload, template)
        lines_land(session, improver, proposal, factors, session.rating, now)
        return True
    if version_land(session, improver, proposal, directives, proposal.decided_by, session.rating, now):
        proposal_mark_implemented(proposal=proposal)
    return True
