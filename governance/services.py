"""Proposal lifecycle: create, approve, reject, refine, implement. Each is one transaction."""

from collections.abc import Callable

from django.db import IntegrityError, transaction

from config import clock
from config.errors import ApplicationError, Conflict, open_duplicate
from governance.models import ChangeDecision, Citation, Proposal, SuppressedKey
from governance.registry import handlers_for, proposal_approved
from telemetry.retention import as_ids

Status = Proposal.Status


def _actor_label(actor) -> str:
    return getattr(actor, "username", "") or (str(actor) if actor else "system")


def _locked_pending(proposal: Proposal) -> Proposal:
    locked = Proposal.objects.select_for_update().get(pk=proposal.pk)
    if locked.status != Status.PENDING:
        raise Conflict(
            f"Proposal #{locked.pk} is {locked.status}, not pending; it cannot be decided again.",
            {"status": locked.status},
        )
    return locked


def proposal_open(dedup_key: str) -> bool:
    return Proposal.objects.filter(dedup_key=dedup_key[:300], status=Status.PENDING).exists()


def suppression_for(dedup_key: str) -> SuppressedKey | None:
    if not dedup_key:
        return None
    return SuppressedKey.objects.filter(key__iexact=dedup_key).first()


@transaction.atomic
def proposal_create(  # noqa: PLR0913  (a proposal's fields, each a keyword its callers name)
    *,
    type: str,
    title: str,
    rationale: str = "",
    evidence: dict | None = None,
    payload: dict | None = None,
    risk: str = Proposal.Risk.LOW,
    dedup_key: str = "",
    source: str = Proposal.Source.HUMAN,
    subject: str = "",
    created_by=None,
    created_by_agent=None,
    parent: Proposal | None = None,
) -> Proposal:
    """Create a pending proposal; refuse suppressed keys and a second open one per dedup key. The
    events its evidence cites become Citation rows (retention keeps them)."""
    dedup_key = dedup_key[:300]
    suppressed = suppression_for(dedup_key)
    if suppressed is not None:
        raise ApplicationError(
            f"'{dedup_key}' was rejected before and is suppressed: {suppressed.reason or 'no reason given'}",
            {"fields": {"dedup_key": ["Suppressed by an earlier rejection."]}},
        )
    try:
        with transaction.atomic():
            proposal = Proposal.objects.create(
                type=type,
                title=title[:300],
                rationale=rationale,
                evidence=evidence or {},
                payload=payload or {},
                risk=risk,
                dedup_key=dedup_key,
                source=source,
                subject=subject,
                created_by=created_by,
                created_by_agent=created_by_agent,
                parent=parent,
            )
            if "cites" in proposal.evidence:
                proposal.evidence = _cite(proposal, proposal.evidence)
                proposal.save(update_fields=["evidence"])
            return proposal
    except IntegrityError as exc:
        existing = Proposal.objects.filter(dedup_key=dedup_key, status=Status.PENDING).first()
        raise open_duplicate("proposal", dedup_key, existing.pk if existing else None) from exc


@transaction.atomic
def proposal_raise(
    *,
    type: str,
    dedup_key: str,
    title: str,
    evidence: dict,
    strengthen: Callable[[dict], dict] | None = None,
    source: str = Proposal.Source.AUTONOMY,
    **fields,
) -> tuple[Proposal | None, bool]:
    """A machine raises a proposal: the one way every producer does it. Returns (proposal, created).

    A suppressed key raises nothing (None). While a proposal with the key is open, it is returned
    and, given `strengthen(open evidence) -> new evidence`, strengthened with the new evidence;
    otherwise a new pending proposal is created. Two producers racing on one key end with one
    proposal (the loser strengthens the winner's).
    """
    if suppression_for(dedup_key) is not None:
        return None, False
    for _ in range(2):
        existing = (
            Proposal.objects.select_for_update()
            .filter(dedup_key=dedup_key[:300], status=Status.PENDING)
            .first()
        )
        if existing is not None:
            if strengthen is not None:
                stronger = strengthen(dict(existing.evidence))
                if stronger != existing.evidence:
                    existing.evidence = _cite(existing, stronger, before=existing.evidence)
                    existing.save(update_fields=["evidence", "updated_at"])
            return existing, False
        try:
            proposal = proposal_create(
                type=type, dedup_key=dedup_key, title=title, evidence=evidence, source=source, **fields
            )
        except Conflict:
            continue  # created a moment ago by a concurrent raise: strengthen that one
        return proposal, True
    return None, False


CITES_SAMPLE = 50


def _cite(proposal: Proposal, evidence: dict, before: dict | None = None) -> dict:
    """Store every event `evidence["cites"]` names as a Citation row, and keep in the evidence
    only a bounded sample of them: a proposal strengthened by thousands of frictions stays a
    small row, rewritten in constant time."""
    cites = evidence.get("cites")
    if not isinstance(cites, dict):
        return evidence
    known = (before or {}).get("cites")
    known = known if isinstance(known, dict) else {}
    Citation.objects.bulk_create(
        [
            Citation(proposal=proposal, event_type=event_type, row_id=row_id)
            for event_type, ids in cites.items()
            for row_id in as_ids(ids if isinstance(ids, list) else []) - as_ids(known.get(event_type, []))
        ],
        ignore_conflicts=True,
    )
    return {**evidence, "cites": {t: list(ids)[:CITES_SAMPLE] for t, ids in cites.items()}}


def _decide(proposal: Proposal, *, verdict: str, actor, reason: str = "", rating=None) -> None:
    ChangeDecision.objects.create(
        proposal=proposal,
        verdict=verdict,
        actor=actor if getattr(actor, "pk", None) else None,
        actor_label=_actor_label(actor),
        reason=reason,
        rating=rating,
    )


def decision_record(*, proposal: Proposal, verdict: str, actor=None, reason: str = "") -> None:
    """Record what became of an approved change (promoted, rolled back …); no actor = the system."""
    _decide(proposal, verdict=verdict, actor=actor, reason=reason)


def _leave_out_checked(proposal: Proposal, leave_out) -> tuple[str, ...]:
    """The lines a person approves the proposal without, each one of its own; a 400 on
    `leave_out` otherwise, or when nothing would be left to approve."""
    leave_out = tuple(dict.fromkeys(leave_out or ()))
    if not leave_out:
        return ()
    lines_of = handlers_for(proposal.type).lines
    lines = tuple(lines_of(proposal)) if lines_of else ()

    def refused(why: str):
        return ApplicationError(f"leave_out: {why}", {"fields": {"leave_out": [why]}})

    if not lines:
        raise refused(f"a {proposal.type} proposal has no lines to approve one by one.")
    unknown = [line for line in leave_out if line not in lines]
    if unknown:
        raise refused(f"{unknown[0]!r} is not a line of proposal #{proposal.pk}.")
    if set(lines) <= set(leave_out):
        raise refused("every line is left out: reject the proposal instead.")
    return leave_out


@transaction.atomic
def proposal_approve(*, proposal: Proposal, actor, rating: int | None = None, leave_out=()) -> Proposal:
    """Approve a pending proposal and run what its type registered; all or nothing. `leave_out`:
    lines of the proposal approved without (line by line, for types that have lines); they are
    recorded on the decision and never proposed again."""
    if rating is not None and not 1 <= rating <= 5:
        raise ApplicationError("rating: must be 1 to 5.", {"fields": {"rating": ["Must be 1 to 5."]}})
    proposal = _locked_pending(proposal)
    leave_out = _leave_out_checked(proposal, leave_out)
    handler = handlers_for(proposal.type).approve
    more = {"leave_out": leave_out} if leave_out else {}
    landed = bool(handler(proposal=proposal, actor=actor, rating=rating, **more)) if handler else False
    now = clock.now()
    proposal.status = Status.IMPLEMENTED if landed else Status.APPROVED
    proposal.decided_by = actor if getattr(actor, "pk", None) else None
    proposal.decided_at = now
    proposal.implemented_at = now if landed else None
    proposal.save(update_fields=["status", "decided_by", "decided_at", "implemented_at", "updated_at"])
    without = f"Approved without: {'; '.join(leave_out)}" if leave_out else ""
    _decide(proposal, verdict=ChangeDecision.Verdict.CONFIRMED, actor=actor, rating=rating, reason=without)
    proposal_approved.send(sender=Proposal, proposal=proposal, landed=landed)
    return proposal


@transaction.atomic
def proposal_submit(
    *, type: str, data: dict, agent, rationale: str = "", evidence: dict | None = None
) -> Proposal:
    """An agent's proposal: its document is validated by the owning app before anything is stored."""
    validate = handlers_for(type).validate
    if validate is None:
        raise ApplicationError(
            f"type: agents cannot submit {type} proposals.",
            {"fields": {"type": ["Not accepted from agents."]}},
        )
    spec = validate(data=data, agent=agent)
    return proposal_create(
        type=type,
        title=spec["title"],
        rationale=rationale,
        evidence=evidence or {},
        payload=spec["payload"],
        dedup_key=spec["dedup_key"],
        subject=spec.get("subject", ""),
        source=Proposal.Source.AGENT,
        created_by_agent=agent,
        risk=Proposal.Risk.MEDIUM,
    )


@transaction.atomic
def proposal_reject(*, proposal: Proposal, actor, reason: str) -> Proposal:
    """Reject with a reason; an autonomy proposal's dedup key is suppressed for good."""
    if not reason or not reason.strip():
        raise ApplicationError(
            "reason: a rejection needs a reason.",
            {"fields": {"reason": ["This field is required."]}},
        )
    proposal = _locked_pending(proposal)
    proposal.status = Status.REJECTED
    proposal.decided_by = actor if getattr(actor, "pk", None) else None
    proposal.decided_at = clock.now()
    proposal.save(update_fields=["status", "decided_by", "decided_at", "updated_at"])
    _decide(proposal, verdict=ChangeDecision.Verdict.REJECTED, actor=actor, reason=reason.strip())
    if proposal.source == Proposal.Source.AUTONOMY and proposal.dedup_key:
        suppression_add(key=proposal.dedup_key, proposal=proposal, reason=reason.strip())
    handler = handlers_for(proposal.type).reject
    if handler:
        handler(proposal=proposal, actor=actor, reason=reason.strip())
    return proposal


@transaction.atomic
def proposal_supersede(*, proposal: Proposal, reason: str) -> Proposal:
    """The system replaces a pending proposal (its producer prepares it again); recorded as
    deferred with the reason, no human needed."""
    proposal = _locked_pending(proposal)
    proposal.status, proposal.decided_at = Status.SUPERSEDED, clock.now()
    proposal.save(update_fields=["status", "decided_at", "updated_at"])
    _decide(proposal, verdict=ChangeDecision.Verdict.DEFERRED, actor=None, reason=reason)
    return proposal


@transaction.atomic
def proposal_refine(*, proposal: Proposal, actor, text: str, replace: str = "") -> Proposal:
    """Replace a pending proposal by a refined one that takes the operator's text into account;
    `replace` names a line of the proposal the text is to take the place of (its type's handler
    refuses text that contradicts a line unless that line is named here)."""
    if not text or not text.strip():
        raise ApplicationError(
            "text: refining needs the operator's text.",
            {"fields": {"text": ["This field is required."]}},
        )
    handler = handlers_for(proposal.type).refine
    if handler is None:
        raise ApplicationError(f"Proposals of type {proposal.type} cannot be refined; reject instead.")
    proposal = _locked_pending(proposal)
    proposal.status = Status.SUPERSEDED
    proposal.decided_by = actor if getattr(actor, "pk", None) else None
    proposal.decided_at = clock.now()
    proposal.save(update_fields=["status", "decided_by", "decided_at", "updated_at"])
    _decide(
        proposal,
        verdict=ChangeDecision.Verdict.DEFERRED,
        actor=actor,
        reason=f"refine: {text.strip()}",
    )
    return handler(proposal=proposal, actor=actor, text=text.strip(), replace=(replace or "").strip())


@transaction.atomic
def proposal_mark_implemented(*, proposal: Proposal) -> bool:
    """Move an approved proposal to implemented once its effect landed; idempotent."""
    return bool(
        Proposal.objects.filter(pk=proposal.pk, status=Status.APPROVED).update(
            status=Status.IMPLEMENTED, implemented_at=clock.now()
        )
    )


@transaction.atomic
def suppression_add(*, key: str, proposal: Proposal | None = None, reason: str = "") -> SuppressedKey:
    existing = suppression_for(key)
    if existing is not None:
        return existing
    return SuppressedKey.objects.create(key=key, proposal=proposal, reason=reason)
