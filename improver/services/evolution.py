"""Template-evolution proposals: create one from a ritual, and resolve it (approve/reject/refine).

The resolution functions are registered with governance for the `template_evolution` type, so
the admin actions and the REST endpoints run exactly this code inside the decision transaction.
"""

from datetime import datetime, timedelta

from django.conf import settings

from config import clock
from config.errors import ApplicationError, Conflict, field_error
from experiments.metrics import target_of
from experiments.models import LineFactor, Rollout
from experiments.rollouts import canary_share, rollout_start, template_agent_ids
from experiments.selectors import DOWNSTREAM, open_factors
from experiments.services import factors_start, room_for_lines
from fleet.models import Agent, AgentTemplate, Document, DocumentVersion
from fleet.selectors import lines_tested as template_lines_tested
from fleet.templates import template_version_create
from governance.models import Proposal
from governance.services import proposal_create
from improver.applied import applied
from improver.lifecycle import RITUAL, next_ritual_state
from improver.models import EvolutionNote, EvolutionSession, ImproverAgent
from improver.proposer import Addition, DeterministicProposer, ProposalInput, ProposedChange, normalised
from improver.services.line_targets import resolve
from language.contrary import contrary_to

TYPE = Proposal.Type.TEMPLATE_EVOLUTION


class DepthPolicyError(ApplicationError):
    pass


def check_depth_policy(template: AgentTemplate) -> None:
    """Templates at the deepest level (meta-improvers, level 2) are changed by humans only."""
    if template.level >= settings.KAIZEN["MAX_RECURSION_DEPTH"]:
        raise DepthPolicyError(
            f"Template '{template.slug}' is level {template.level}: only a human may change it; "
            "automated proposals are refused.",
            {"template": template.slug, "level": template.level},
        )


def note_add(improver: ImproverAgent, kind: str, content: str, *, session=None, at: datetime | None = None):
    return EvolutionNote.objects.create(
        improver=improver, session=session, kind=kind, content=content, created_at=at or clock.now()
    )


def set_state(improver: ImproverAgent, *targets: str, strict: bool = True) -> None:
    """Move the improver's ritual through `targets`. The ritual's own steps are strict. A human's
    decision on a proposal is not (`strict=False`): it is recorded whatever the ritual is doing
    (the improver may have slept, or moved on to a newer proposal, since this one was made), and
    moves the ritual only where that move is legal, so no decision is ever refused for an
    internal state."""
    for target in targets:
        if strict:
            improver.ritual_state = next_ritual_state(improver.ritual_state, target)
        elif target in RITUAL.get(improver.ritual_state, set()):
            improver.ritual_state = target


def evolution_proposal_create(
    *,
    session: EvolutionSession,
    change: ProposedChange,
    evidence: dict,
    parent: Proposal | None = None,
    title_suffix: str = "",
    rejected: tuple[str, ...] = (),
) -> Proposal:
    """The pending proposal of a session (automated: refused for human-only templates)."""
    template = session.template
    check_depth_policy(template)
    base = session.base_version
    return proposal_create(
        type=TYPE,
        source=Proposal.Source.IMPROVER,
        parent=parent,
        subject=template.slug,
        dedup_key=f"evolution:{template.slug}",
        created_by_agent=session.improver.agent,
        title=f"Evolve {template.slug} v{base.number}{title_suffix}",
        rationale=change.rationale,
        risk=Proposal.Risk.LOW if len(change.additions) <= 2 else Proposal.Risk.MEDIUM,
        evidence=evidence,
        payload={
            "session": session.pk,
            "template": template.slug,
            "base_version": base.number,
            "base_version_id": base.pk,
            "current_directives": base.text,
            "proposed_directives": change.directives,
            "proposer": change.proposer,
            "alternatives": [_as_dict(a) for a in change.alternatives],
            "removals": list(change.removals),
            "conflicts": list(change.conflicts),
            "competitors": list(change.competitors),
            "rejected_lines": list(rejected),
            "additions": [_as_dict(a) for a in change.additions],
        },
    )


def session_of(proposal: Proposal) -> EvolutionSession:
    session = (
        EvolutionSession.objects.select_for_update()
        .select_related("improver", "template", "base_version", "improver__agent")
        .filter(pk=proposal.payload.get("session"))
        .first()
    )
    if session is None:
        raise ApplicationError(f"Proposal #{proposal.pk} has no evolution session.")
    return session


def evolution_lines(proposal: Proposal) -> tuple[str, ...]:
    """The lines an evolution may be approved without: each line it adds, then each it removes."""
    payload = proposal.payload or {}
    return tuple(
        x["text"] for key in ("additions", "removals") for x in payload.get(key, []) if x.get("text")
    )


def _approved_without(proposal: Proposal, session: EvolutionSession, leave_out: tuple[str, ...]) -> None:
    """Approved line by line: the proposal keeps only the lines a person approved, its directives
    made again from its base version, and records the lines it was approved without (`left_out`,
    never proposed again)."""
    payload = proposal.payload
    left = [x for key in ("additions", "removals") for x in payload.get(key, []) if x["text"] in leave_out]
    additions, removals, directives = applied(session.base_version.text, payload, set(leave_out))
    proposal.payload = {
        **payload,
        "additions": additions,
        "removals": removals,
        "proposed_directives": directives,
        "left_out": [*payload.get("left_out", []), *left],
    }
    proposal.save(update_fields=["payload"])


def on_approve(*, proposal: Proposal, actor, rating: int | None, leave_out: tuple[str, ...] = ()) -> bool:
    """Session completed, improver back to sleep, and the change set in motion. When the
    template's reads name their sessions (`lines_tested`), each line is tested on its own, drawn
    per session, alongside the other lines under test (queued when the template has no room for
    them); otherwise a new immutable version: with a canary share and at least two agents, it
    starts a rollout (a canary share runs it until the sequential test decides), else the head
    moves for everyone at once. Approved while another rollout of the template runs, it is queued
    behind it and starts when that one ends, prepared against whatever the head is then.
    `leave_out`: lines approved without."""
    session = session_of(proposal)
    if leave_out:
        _approved_without(proposal, session, leave_out)
    document = (
        Document.objects.select_for_update(of=("self",))
        .select_related("head")
        .get(pk=session.template.document_id)
    )
    improver = ImproverAgent.objects.select_for_update().get(pk=session.improver_id)
    now = clock.now()
    if document.candidate_id is None and lines_tested(session.template):
        factors = line_factors(proposal.payload, session.template)
        if len(factors) <= room_for_lines(session.template.pk):
            return lines_land(session, improver, proposal, factors, rating, now)
        return _queued(session, improver, rating, now, "the lines the template tests at once")
    if document.head_id != session.base_version_id:
        raise Conflict(
            f"{session.template.slug} moved to v{document.head.number} since this proposal "
            f"(based on v{session.base_version.number}); reject it and let the improver re-propose."
        )
    if document.candidate_id is not None:
        return _queued(session, improver, rating, now, "the rollout in progress")
    return version_land(
        session, improver, proposal, proposal.payload["proposed_directives"], actor, rating, now
    )


def _queued(session, improver, rating, now, behind: str) -> bool:
    session.status, session.rating = EvolutionSession.Status.QUEUED, rating
    session.save(update_fields=["status", "rating"])
    set_state(improver, "completing", "sleeping", strict=False)
    improver.save()
    note_add(
        improver,
        "decision",
        f"Approved; queued behind {behind} (it starts when one is decided).",
        session=session,
        at=now,
    )
    return False


def lines_tested(template) -> bool:
    """Whether the template's approved changes are tested line by line (fleet.selectors)."""
    return template_lines_tested(template.pk)


def line_factors(payload: dict, template) -> list[list[dict]]:
    """One factor per line the change adds or removes (each with the signals it targets and
    the evidence it was proposed on), leaving out a line already under test. A served line taken
    out for the opposite line newer evidence asks for goes with it, in one level: a session is
    served the old line or the new one, never both."""
    testing = {line for f in open_factors(template.pk) for level in f.levels for line in level.get("add", ())}
    removals = payload.get("removals") or []
    replaced = {r.get("into"): r["text"] for r in removals if r.get("into")}
    factors = [
        [
            {"add": [a["text"]], "targets": _targets(a), "addition": a}
            | ({"remove": [replaced[a["text"]]]} if a["text"] in replaced else {})
        ]
        for a in payload.get("additions") or []
        if a["text"] not in testing
    ]
    factors += [
        [{"remove": [r["text"]], "targets": _targets(r), "addition": r}]
        for r in removals
        if r.get("into") not in {f[0]["add"][0] for f in factors}
    ]
    return factors


def _targets(addition: dict) -> list[str]:
    """What a line is judged on: the signals its evidence cites, in the sessions it is served; for
    a line learned from the sessions its template hands work to (its evidence came a hand-off
    away), those signals in the handed sessions, where its effect shows."""
    signals = list(target_of(addition))
    return [f"{DOWNSTREAM}{s}" for s in signals] if addition.get("downstream") else signals


def lines_land(session, improver, proposal, factors: list[list[dict]], rating, now) -> bool:
    """Test each line of the approved change on its own, drawn per session: the session is
    complete, the lines reach everyone one by one as their tests promote them."""
    started = factors_start(template=session.template, proposal=proposal, factors=factors, at=now)
    session.status, session.rating, session.completed_at = EvolutionSession.Status.COMPLETED, rating, now
    session.save(update_fields=["status", "rating", "completed_at"])
    if improver.ritual_state == ImproverAgent.RitualState.AWAITING_REVIEW:
        set_state(improver, "completing", "sleeping")
    improver.last_one_on_one_at = now
    improver.total_sessions_completed += 1
    improver.scheduled_wake_at = now + timedelta(days=improver.window_days)
    improver.save()
    shares = f", each drawn for {started[0].share:.0%} of the sessions named on reads" if started else ""
    note_add(
        improver,
        "decision",
        f"Approved; its {len(started)} line(s) not already under test are tested one by one{shares}"
        + (f" (rating {rating})" if rating else ""),
        session=session,
        at=now,
    )
    return False  # implemented when a line is promoted


def version_land(session, improver, proposal, directives: str, actor, rating, now) -> bool:
    """Make the approved directives a version: a canary's candidate, or the head for everyone.
    True when it reached everyone at once (the proposal is then implemented)."""
    canary = canary_share() > 0 and len(template_agent_ids(session.template)) >= 2
    version = template_version_create(
        template=session.template,
        as_candidate=canary,
        directives=directives,
        author=DocumentVersion.Author.IMPROVER,
        reason=f"evolution proposal #{proposal.pk}",
        author_user=actor if getattr(actor, "pk", None) else None,
        provenance={
            "proposal": proposal.pk,
            "session": session.pk,
            "improver": session.improver.agent.name,
            "approved_by": getattr(actor, "username", str(actor)),
            "rating": rating,
            "feedback_count": session.feedback_count,
            "additions": proposal.payload.get("additions"),
        },
    )
    session.status, session.new_version, session.rating, session.completed_at = (
        EvolutionSession.Status.COMPLETED,
        version,
        rating,
        now,
    )
    session.save(update_fields=["status", "new_version", "rating", "completed_at"])
    if improver.ritual_state == ImproverAgent.RitualState.AWAITING_REVIEW:
        set_state(improver, "completing", "sleeping")
    improver.last_one_on_one_at = now
    improver.total_sessions_completed += 1
    improver.scheduled_wake_at = now + timedelta(days=improver.window_days)
    improver.save()
    note_add(
        improver,
        "decision",
        f"Approved as v{version.number}"
        + (f" (rating {rating})" if rating else "")
        + (", rolled out to a canary first" if canary else ""),
        session=session,
        at=now,
    )
    if canary:
        rollout_start(
            template=session.template,
            proposal=proposal,
            champion=session.base_version,
            candidate=version,
            at=now,
        )
        return False  # implemented when the rollout is promoted
    return True


def on_reject(*, proposal: Proposal, actor, reason: str) -> None:
    """Record the rejection and, when a smaller change remains, propose it instead."""
    session = session_of(proposal)
    improver = ImproverAgent.objects.select_for_update().get(pk=session.improver_id)
    now = clock.now()
    note_add(
        improver,
        "rejection",
        f"Rejected by {getattr(actor, 'username', actor)}: {reason}",
        session=session,
        at=now,
    )
    set_state(improver, "refining", strict=False)
    additions = proposal.payload.get("additions", [])
    keep = [a for a in additions if a["text"].lower() not in reason.lower()][: max(1, len(additions) // 2)]
    if len(additions) == 1:  # nothing smaller: the next evidence-backed line instead, if any
        rejected = (*proposal.payload.get("rejected_lines", []), additions[0]["text"])
        keep = [a for a in proposal.payload.get("alternatives", []) if a["text"] not in rejected][:1]
        if keep:
            base = session.base_version.text.rstrip("\n")
            change = ProposedChange(
                directives=base + "\n" + keep[0]["text"] + "\n",
                additions=(addition_from(keep[0]),),
                proposer=proposal.payload.get("proposer", "deterministic"),
                rationale=f"Refined after rejection ('{reason}'): the next best-evidenced change instead.",
                alternatives=tuple(
                    addition_from(a)
                    for a in proposal.payload.get("alternatives", [])
                    if a["text"] not in rejected
                )[1:],
            )
            session_repropose(
                session,
                improver,
                proposal,
                change,
                note=f"Refined after rejection: proposing '{keep[0]['text']}' instead.",
                at=now,
                rejected=rejected,
            )
            return
        return session_give_up(
            session,
            improver,
            f"Nothing left to propose: the only evidence-backed change ('{additions[0]['text']}') was "
            "rejected and no other line has evidence yet; waiting for next week's feedback.",
            now,
        )
    if not keep or len(keep) == len(additions):
        return session_give_up(
            session, improver, "No smaller change left to propose; waiting for next week's feedback.", now
        )
    base = session.base_version.text.rstrip("\n")
    change = ProposedChange(
        directives=base + "\n" + "\n".join(a["text"] for a in keep) + "\n",
        additions=tuple(addition_from(a) for a in keep),
        proposer=proposal.payload.get("proposer", "deterministic"),
        rationale=f"Refined after rejection ('{reason}'): keeps only the best-evidenced change(s).",
    )
    session_repropose(
        session,
        improver,
        proposal,
        change,
        note=f"Refined after rejection: kept {len(keep)} of {len(additions)} additions.",
        at=now,
    )


def session_give_up(session, improver, note: str, now) -> None:
    """The session ends without a change; the improver sleeps until its next wake."""
    set_state(improver, "proposing", "sleeping", strict=False)
    improver.scheduled_wake_at = now + timedelta(days=improver.window_days)
    improver.save()
    session.status = EvolutionSession.Status.ABANDONED
    session.save(update_fields=["status"])
    note_add(improver, "decision", note, session=session, at=now)


def on_refine(*, proposal: Proposal, actor, text: str, replace: str = "") -> Proposal:
    """A new proposal that takes the operator's text into account. The operator's words are never
    dropped: when they say the contrary of a line the proposal serves, the refinement is refused
    (400) naming that line, and made when the operator names it in `replace` (it is taken out and
    the guidance takes its place)."""
    session = session_of(proposal)
    improver = ImproverAgent.objects.select_for_update().get(pk=session.improver_id)
    now = clock.now()
    set_state(improver, "refining", strict=False)
    directives = proposal.payload["proposed_directives"]
    previous = tuple(addition_from(a) for a in proposal.payload.get("additions", []))
    removals = tuple(proposal.payload.get("removals", []))
    guidance = f"Operator guidance: {text}"
    if replace:
        directives, previous, removals = _without(session, directives, previous, removals, replace, guidance)
    lines = tuple(line for line in directives.splitlines() if line.strip())
    against = contrary_to(text, lines) or contrary_to(guidance, lines)
    if against:
        served = {x.strip() for x in session.base_version.text.splitlines()}
        raise _contradicts(text, against.strip(), served=against.strip() in served)
    change = DeterministicProposer().propose(
        ProposalInput(
            template=session.template.slug,
            directives=directives,
            negative_by_category={},
            operator_guidance=text,
        )
    )
    if change is None:  # the proposal already carries the operator's words
        raise field_error("text", f"the proposal already says this: {guidance!r}.")
    change = ProposedChange(
        change.directives,
        previous + change.additions,
        f"Refined with the operator's guidance ('{text}'). " + proposal.rationale,
        change.proposer,
        removals=removals,
    )
    return session_repropose(
        session, improver, proposal, change, note=f"Refinement requested: {text}", at=now
    )


def _without(session, directives: str, previous, removals, replace: str, guidance: str):
    """The proposal's directives, additions and removals once the line the operator named in
    `replace` is out: a served line is recorded as replaced by the guidance; a line the proposal
    only added is dropped from its additions."""
    wanted = normalised(replace)
    line = next((x.strip() for x in directives.splitlines() if x.strip() and normalised(x) == wanted), "")
    if not line:
        raise field_error("replace", f"no line of the proposal reads {replace.strip()!r}.")
    kept = "\n".join(x for x in directives.rstrip("\n").splitlines() if x.strip() != line) + "\n"
    if any(normalised(a.text) == wanted for a in previous):
        return kept, tuple(a for a in previous if normalised(a.text) != wanted), removals
    removal = {
        "text": line,
        "action": "replace",
        "reason": "the operator asked for its contrary",
        "into": guidance,
    }
    return kept, previous, (*removals, removal)


def _contradicts(text: str, line: str, *, served: bool) -> ApplicationError:
    """The refusal of guidance that says the contrary of a line: it names the line, and the
    field that replaces it."""
    where = "the served line" if served else "the line this proposal adds"
    message = (
        f"text: {text!r} contradicts {where} {line!r}; the two are never served together. "
        f"Send the same text with replace={line!r} to replace that line with it."
    )
    return ApplicationError(
        message,
        {"fields": {"text": [message]}, "contradicts": line, "served": served, "replace": line},
    )


def _as_dict(a: Addition) -> dict:
    return {
        "text": a.text,
        "reason": a.reason,
        "evidence": a.evidence,
        "sources": list(a.sources),
        "origin": a.origin,
        "target": resolve(a),
        "sessions": a.sessions,
        "people": a.people,
        "downstream": list(a.downstream),
        "standing": a.standing,
        "about": a.about,
    }


def addition_from(data: dict) -> Addition:
    return Addition(
        data["text"],
        data["reason"],
        data["evidence"],
        tuple(data.get("sources", ())),
        data.get("origin", ""),
        tuple(data.get("target") or ()),
        data.get("sessions", 0),
        data.get("people", 0),
        tuple(data.get("downstream") or ()),
        standing=bool(data.get("standing")),
        about=data.get("about") or "",
    )


def session_repropose(
    session, improver, old: Proposal, change: ProposedChange, *, note: str, at, rejected: tuple[str, ...] = ()
) -> Proposal:
    note_add(improver, "refinement", note, session=session, at=at)
    set_state(improver, "proposing", strict=False)
    new = evolution_proposal_create(
        session=session,
        change=change,
        evidence=old.evidence,
        parent=old,
        title_suffix=" (refined)",
        rejected=rejected or tuple(old.payload.get("rejected_lines", [])),
    )
    session.proposal = new
    session.save(update_fields=["proposal"])
    set_state(improver, "awaiting_review", strict=False)
    improver.save()
    return new


def what_next(proposal: Proposal) -> str:
    """What approving an evolution set in motion: a queued canary, a canary (which agents, by
    name, and what decides it), or the head for everyone."""
    if proposal.status != Proposal.Status.APPROVED and proposal.status != Proposal.Status.IMPLEMENTED:
        return ""
    session = (
        EvolutionSession.objects.select_related("template__document__head")
        .filter(pk=proposal.payload.get("session"))
        .first()
    )  # read only: the decision's transaction has committed
    if session is None:
        return ""
    if session.status == EvolutionSession.Status.QUEUED:
        return (
            "It is queued behind the rollout in progress on this template and starts its own canary "
            "when that one is decided."
        )
    rollout = (
        Rollout.objects.filter(proposal=proposal).select_related("candidate").order_by("-started_at").first()
    )
    if rollout is None:
        tested = list(LineFactor.objects.filter(proposal=proposal).order_by("pk").values_list("pk", "share"))
        if tested:  # its lines went to line tests: none of them reaches every agent yet
            many = len(tested) > 1
            named = ", ".join(str(pk) for pk, _ in tested)
            return (
                f"Its line{'s are' if many else ' is'} tested on {tested[0][1]:.0%} of the sessions of "
                f"{session.template.slug} that name themselves (line test{'s' if many else ''} {named}); "
                "each is promoted, rolled back or handed to you on its own."
            )
        head = session.template.document.head
        return f"v{head.number} now runs on every agent of {session.template.slug}." if head else ""
    names = list(
        Agent.objects.filter(pk__in=rollout.canary_agents).order_by("name").values_list("name", flat=True)
    )
    everyone = len(template_agent_ids(session.template))
    targets = ", ".join(rollout.targets) or "failures overall"
    days = settings.KAIZEN["CANARY_DECIDE_DAYS"]
    return (
        f"v{rollout.candidate.number} goes to a canary first: {', '.join(names)} "
        f"({len(names)} of {everyone} agents, {rollout.share:.0%} share). The sequential test promotes it "
        f"to every agent once {targets} fall, and rolls it back as soon as any failure signal gets "
        f"worse; if neither shows sooner, it decides at the final look after {days} days."
    )
