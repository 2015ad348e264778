"""The weekly one-on-one: preparation, gate, analysis, proposal.

`ritual_run` is single-flight per (improver, period): the RitualRun row's unique constraint is
claimed first, so two beat processes or a retried task cannot run the same ritual twice.

No transaction or row lock is held across a model call: the ritual reads, classifies the new
feedback and asks the proposer with nothing locked (its lease renewed by the live worker all the
while), then writes everything in one short transaction that locks the improver, checks the run
still holds its lease and the improver is still waiting for a review, and finishes the run.
"""

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Q

from config import clock
from config.leases import Leased, LeaseLost, while_renewing
from config.queue import publish_after_commit
from experiments.models import LineFactor, Rollout
from experiments.selectors import open_factors, promoted_lines, taken_back
from fleet.models import DocumentVersion
from governance.models import Proposal
from improver import bundles
from improver.llm import LLMProposer, client_from_settings
from improver.models import EvolutionNote, EvolutionSession, ImproverAgent, RitualRun
from improver.notify import review_pending
from improver.proposer import (
    DeterministicProposer,
    ProposalInput,
    ProposedChange,
    Proposer,
    left,
    normalised,
    shipped_line,
)
from improver.ritual import analysis_notes, passes_gate
from improver.selectors import events_behind_feedback, feedback_groups, performance_delta
from improver.services import directive_review
from improver.services import evidence as ritual_evidence
from improver.services.competition import compete
from improver.services.evolution import addition_from, evolution_proposal_create, note_add, set_state
from improver.services.feedback import default_classifier, feedback_extract
from improver.services.reports import report_write
from improver.services.returning import returning_lines
from improver.services.ritual_context import build as build_context
from language.classify import Classifier
from language.remedies import asked_by, remedy_evidence
from learning.selectors import user_stated_facts
from planner.selectors import anti_patterns_for_template

log = logging.getLogger(__name__)
TOOK_BACK = (Rollout.Status.ROLLED_BACK, Rollout.Status.ABORTED)  # rollouts that took their lines back


def default_proposer() -> Proposer:
    client = client_from_settings()
    return LLMProposer(client, DeterministicProposer()) if client else DeterministicProposer()


def learned_facts_for(template) -> list[str]:
    """User-stated facts of the template's agents (filled by the learning loops)."""
    return user_stated_facts(template_id=template.pk)


def ritual_run(
    *,
    improver: ImproverAgent,
    period: str,
    now: datetime | None = None,
    proposer: Proposer | None = None,
    classifier: Classifier | None = None,
) -> RitualRun | None:
    """Run the ritual of `improver` for `period` once; None when that period ran or is running.

    The claim is a RitualRun row (unique per improver and period unless failed) carrying a lease
    on the database's clock, renewed while the ritual waits for its models. The ritual's writes
    commit together with its outcome, and only while the run is still `running`: a run that was
    reaped meanwhile writes nothing.
    """
    now = now or clock.now()
    lease = settings.KAIZEN["RITUAL_LEASE_SECONDS"]
    try:
        with transaction.atomic():
            run = RitualRun.objects.create(
                improver=improver,
                period=period,
                started_at=now,
                lease_expires_at=clock.db_now() + timedelta(seconds=lease),
            )
    except IntegrityError:
        log.info("ritual of %s for %s already ran or is running", improver, period)
        return None
    keep = partial(while_renewing, renew=partial(_renew, run, lease), every=max(lease / 3, 0.05))
    try:
        _run(
            run,
            now,
            Leased(proposer or default_proposer(), keep),
            Leased(classifier or default_classifier(), keep),
        )
    except LeaseLost:
        log.warning("ritual of %s for %s outlived its lease and was reaped; rolled back", improver, period)
        return None
    except Exception as exc:
        log.exception("ritual of %s for %s failed", improver, period)
        _fail(run, str(exc))
        raise
    run.refresh_from_db()
    return run


def _renew(run: RitualRun, lease: float) -> bool:
    """Push the running run's lease `lease` seconds past the database's now; False once reaped."""
    expires = clock.db_now() + timedelta(seconds=lease)
    return bool(
        RitualRun.objects.filter(pk=run.pk, outcome=RitualRun.Outcome.RUNNING).update(
            lease_expires_at=expires
        )
    )


def _fail(run: RitualRun, reason: str) -> bool:
    """Mark a running run failed (once) and count the failure on its improver."""
    with transaction.atomic():
        marked = RitualRun.objects.filter(pk=run.pk, outcome=RitualRun.Outcome.RUNNING).update(
            outcome=RitualRun.Outcome.FAILED, detail=reason[:2000], finished_at=clock.now()
        )
        if marked:
            ImproverAgent.objects.filter(pk=run.improver_id).update(
                consecutive_failure_count=F("consecutive_failure_count") + 1, ritual_state="sleeping"
            )
    return bool(marked)


def rituals_reap(*, now: datetime | None = None) -> list[RitualRun]:
    """Fail the runs whose lease lapsed (their worker died) and queue each wake again.

    Safe to run concurrently: each run is marked failed by one conditional update only."""
    now = now or clock.db_now()
    reaped = []
    expired = RitualRun.objects.filter(outcome=RitualRun.Outcome.RUNNING, lease_expires_at__lt=now)
    for run in expired:
        lapsed = f"{run.lease_expires_at:%Y-%m-%d %H:%M:%S} UTC"
        if _fail(run, f"lease expired at {lapsed}: the worker stopped"):
            log.warning("reaped the ritual of improver %s for %s", run.improver_id, run.period)
            publish_after_commit(
                "improver.run_ritual", run.improver_id, run.period, run.started_at.isoformat()
            )
            reaped.append(run)
    return reaped


def _finish(run: RitualRun, outcome: str, detail: str, now: datetime, proposer: str = "") -> None:
    finished = RitualRun.objects.filter(pk=run.pk, outcome=RitualRun.Outcome.RUNNING).update(
        outcome=outcome, detail=detail, finished_at=now, proposer=proposer[:300]
    )
    if not finished:
        raise LeaseLost(run.pk)
    run.outcome, run.detail, run.finished_at, run.proposer = outcome, detail, now, proposer[:300]


def _skip_reason(improver: ImproverAgent) -> str:
    template = improver.active_template
    if improver.lifecycle != ImproverAgent.Lifecycle.ACTIVE:
        return f"improver is {improver.lifecycle}"
    if template.level >= settings.KAIZEN["MAX_RECURSION_DEPTH"]:
        return f"{template.slug} is level {template.level}: human-only"
    if improver.ritual_state != ImproverAgent.RitualState.SLEEPING:
        return f"a review is still pending ({improver.ritual_state})"
    return ""


def _writing(run: RitualRun, now: datetime) -> ImproverAgent | None:
    """Inside the transaction of the ritual's writes: the improver, locked, with this wake's
    bookkeeping applied; None (the run finished as skipped) when it can no longer run it. A run
    that lost its lease meanwhile stops here (LeaseLost), before anything is written."""
    if not RitualRun.objects.filter(pk=run.pk, outcome=RitualRun.Outcome.RUNNING).exists():
        raise LeaseLost(run.pk)
    improver = (
        ImproverAgent.objects.select_for_update()
        .select_related("active_template", "agent")
        .get(pk=run.improver_id)
    )
    improver.scheduled_wake_at = now + timedelta(days=improver.window_days)
    reason = _skip_reason(improver)
    if reason:
        improver.save()
        _finish(run, RitualRun.Outcome.SKIPPED, reason, now)
        return None
    improver.wake_counter += 1
    improver.last_feedback_scan_at = now
    improver.consecutive_failure_count = 0
    set_state(improver, "gathering")
    return improver


@dataclass(frozen=True)
class Analysis:
    """What phase 2 read of the window: the feedback's groups, the performance delta, the evidence
    the proposer is given and the context it reads."""

    groups: dict
    delta: dict
    negative: dict
    positive: dict
    anti: tuple
    facts: tuple
    remedies: tuple
    friction: tuple
    context: object
    earlier: tuple = ()  # the remedies of the window before this one (a turn is what is new)


def _run(run: RitualRun, now: datetime, proposer: Proposer, classifier: Classifier) -> None:
    """One wake of an improver, in three phases: prepare (classify the new feedback; the gate),
    analyse (read the window), propose (the proposer's model calls hold no lock); then one
    transaction stores the proposal, or one quiet ending says why there is none."""
    improver = ImproverAgent.objects.select_related("active_template").get(pk=run.improver_id)
    if _skip_reason(improver):
        with transaction.atomic():
            _writing(run, now)
        return
    template = improver.active_template
    window = timedelta(days=improver.window_days)
    since = improver.last_feedback_scan_at or now - window
    feedback_extract(template=template, since=since, until=now, classifier=classifier)
    new_items = template.feedback.filter(occurred_at__gt=since, occurred_at__lte=now).count()
    classified_by = getattr(classifier, "last_path", classifier.name)
    wake = Wake(run, template, now, since, window, new_items, classified_by)
    minimum = settings.KAIZEN["RITUAL_MIN_FEEDBACK"]
    head = DocumentVersion.objects.get(pk=template.document.head_id)
    built = ritual_evidence.shipped_tools(template)
    shipped = tuple(b for b in built if normalised(shipped_line(b)) not in normalised(head.text))
    if not passes_gate(new_items, minimum) and not shipped:  # the gate (a tool built for them: news)
        said = f"{new_items} new feedback item(s) since {since:%Y-%m-%d %H:%M}; {minimum} needed."
        reason = f"{new_items} new feedback item(s) < {minimum}"
        notes = [(EvolutionNote.Kind.NO_OP, f"{said} Nothing to review this week.")]
        quiet = Quiet(notes, reason, reason, through=())  # read nothing: no analysis, no proposal
        return _quietly(wake, quiet)
    analysis = _analyse(template, improver, head, now, window)
    change, suggested, notes, canary, considered = _propose(
        template, head, analysis, proposer, now, window, shipped=shipped, built=built
    )
    path = getattr(proposer, "last_path", proposer.name)
    if change is None and canary is not None:
        waits = canary_words(canary, "Nothing new to propose: the change waits on its canary")
        quiet = Quiet([*notes[:-1], (EvolutionNote.Kind.NO_OP, waits)], waits, waits, path)
        return _quietly(wake, quiet)
    if change is None:
        why = "the evidence calls for no change"
        detail = f"{why}{said_of(considered)} (classified by {classified_by})"
        return _quietly(wake, Quiet(notes, why, detail, path, considered=tuple(considered)))
    with transaction.atomic():
        improver = _writing(run, now)
        if improver is None:  # paused, or another run's review began, while the models answered
            return
        pending = (
            Proposal.objects.filter(dedup_key=f"evolution:{template.slug}", status=Proposal.Status.PENDING)
            .values_list("pk", flat=True)
            .first()
        )
        if pending is not None:  # one evolution of a template awaits review at a time
            waits = f"proposal #{pending} of {template.slug} still awaits review: decide it first"
            said = [("decision", f"#{pending} still awaits review: nothing proposed beside it.")]
            quiet = Quiet(said, None, waits, path, wake_at=now + window)
            return _quiet_ending(wake, improver, quiet)
        set_state(improver, "analyzing", "proposing")
        _store(wake, improver, head, analysis, change, notes, suggested)


@dataclass(frozen=True)
class Wake:
    """One wake of an improver: its run, template, instant, the window it reads (since the last
    scan, and the improver's window) and what it classified (how many new items, by what)."""

    run: RitualRun
    template: object
    now: datetime
    since: datetime
    window: timedelta
    new_items: int
    classified_by: str


@dataclass(frozen=True)
class Quiet:
    """How a wake that proposes nothing ends: the notes it leaves, why the weekly report says
    nothing changed (None: no report), the run's detail, the proposer's path, and when to wake
    again (None: as scheduled)."""

    notes: list
    report: str | None
    detail: str
    path: str = ""
    wake_at: datetime | None = None
    through: tuple[str, ...] = ("analyzing", "proposing")  # the states the wake went through
    considered: tuple[dict, ...] = ()  # the lines it did not propose, and why (proposer.left)


def _quietly(wake: Wake, quiet: Quiet) -> None:
    with transaction.atomic():
        improver = _writing(wake.run, wake.now)
        if improver is None:
            return
        _quiet_ending(wake, improver, quiet)


def _quiet_ending(wake: Wake, improver, quiet: Quiet) -> None:
    """The one ending of a wake that proposes nothing (inside the ritual's transaction): the
    improver sleeps, its notes are kept, the weekly report says why, the run ends as a no-op."""
    set_state(improver, "sleeping")
    if quiet.wake_at is not None:
        improver.scheduled_wake_at = quiet.wake_at
    improver.save()
    for kind, content in quiet.notes:
        note_add(improver, kind, content, at=wake.now)
    if quiet.report is not None:
        report_write(
            run=wake.run,
            improver=improver,
            template=wake.template,
            since=wake.since,
            until=wake.now,
            no_change_reason=quiet.report,
            considered=quiet.considered,
        )
    _finish(wake.run, RitualRun.Outcome.NOOP, quiet.detail, wake.now, quiet.path)


def _analyse(template, improver, head, now: datetime, window: timedelta) -> Analysis:
    """Phase 2 (reads): the window's feedback, performance, evidence and the proposer's context."""
    groups = feedback_groups(template, since=now - window)
    delta = performance_delta(template)
    anti = tuple(a["line"] for a in anti_patterns_for_template(template.pk))
    facts = tuple(learned_facts_for(template))
    remedies = tuple(ritual_evidence.remedies(template, now - window, now))
    earlier = tuple(ritual_evidence.remedies(template, now - 2 * window, now - window))
    friction = tuple(ritual_evidence.chronic_friction(template, now - window, now))
    context = build_context(
        template=template,
        improver=improver,
        head=head,
        groups=groups,
        delta=delta,
        evidence_lines=[
            *anti,
            *(f"remedy {asked_by(r.people, r.sessions)} ({r.count} items): {r.text}" for r in remedies),
            *(
                f"chronic friction: {f['tool']} {f['failure_mode']} in {f['sessions']} sessions"
                for f in friction
            ),
            *(f"learned fact: {fact}" for fact in facts),
        ],
        total=settings.KAIZEN["RITUAL_CONTEXT_TOKENS"],
        since=now - window,
    )
    return Analysis(
        groups=groups,
        delta=delta,
        negative={g["category"]: g["count"] for g in groups.values() if g["sentiment"] == "negative"},
        positive={g["category"]: g["count"] for g in groups.values() if g["sentiment"] == "positive"},
        anti=anti,
        facts=facts,
        remedies=remedies,
        friction=friction,
        context=context,
        earlier=earlier,
    )


def _propose(
    template,
    head,
    analysis: Analysis,
    proposer: Proposer,
    now: datetime,
    window: timedelta,
    *,
    shipped,
    built,
):
    """Phase 3 (the proposer's model calls hold no lock): the change, the human lines only
    suggested for removal, the session's notes and the template's open canary."""
    withdrawn, retry = line_memory(template)
    canary = open_rollout(template)
    tested = tested_support(template, canary)  # a line its canary is still testing, with its support
    canarying = tuple(text for text, *_ in tested)
    built_for = tuple((b["tool"], b["failure_mode"]) for b in built)
    ended = {t: e for t, e in ended_lines(template).items() if t not in canarying}
    back = returning_lines(template, ended, now=now, window=window, built_for=built_for)
    withdrawn = tuple(w for w in withdrawn if w not in {a.text for a in back})
    change = proposer.propose(
        ProposalInput(
            template=template.slug,
            directives=head.text,
            negative_by_category=analysis.negative,
            positive_by_category=analysis.positive,
            # Anti-patterns and the fleet's facts reach every agent in their own sections of the
            # prompt block: a directive line would serve them twice, show no effect of its own in
            # the ledger, be pruned and come back (they stay in the context, as evidence).
            anti_patterns=(),
            learned_facts=(),
            served_facts=analysis.facts,  # … yet a line must not take one out of the block
            remedies=analysis.remedies,
            earlier=tuple((r.text, r.sessions) for r in analysis.earlier),
            friction=analysis.friction,
            shipped=shipped,
            built_for=built_for,
            proven=tuple(ritual_evidence.proven_elsewhere(template, now - window, now)),
            context=analysis.context.text,
            exclude=withdrawn + canarying,  # a line its canary is still testing is not proposed again
            testing=tested,  # … nor a minority's contrary of it
            served_support=served_support(template, head.text),  # nor of a line a test promoted
            dropped=dropped_by_tests(template),
            retry=tuple(addition_from(a) for a in retry),
            returning=back,  # back on new evidence, each alone (improver.bundles)
        )
    )
    change, suggested = prune(template, head, change, proposer)
    proposed = change
    change, competing = compete(template, head, change, analysis.remedies, since=now - window)
    notes = analysis_notes(
        analysis.groups, analysis.delta, [a.text for a in change.additions] if change else []
    )
    notes += [("decision", note) for note in competing]
    considered = left_out(proposer, proposed, competing) if change is None else []
    notes += [("no_op", f"Left out {c['line']!r}: {c['why']}.") for c in considered]
    if change is not None:  # beside a proposal, a line left out as the contrary of what is served
        opposed = [c for c in left_out(proposer, None, []) if c["why"].startswith("contradicts")]
        notes += [("decision", f"Left out {c['line']!r}: {c['why']}.") for c in opposed]
    notes += [
        ("decision", f"Prune ({r['action']}): {r['text']} — {r['reason']}")
        for r in (change.removals if change else ())
    ]
    notes += [
        ("hypothesis", f"A human's line may no longer help: {r['text']} — {r['reason']}") for r in suggested
    ]
    if canary is not None:
        notes.append(("reflection", canary_words(canary, "A canary is still open on this template")))
    return change, suggested, notes, canary, considered


def left_out(proposer, proposed: ProposedChange | None, competing: list[str]) -> list[dict]:
    """What a wake that proposes nothing considered, and why each line was left out: the rules'
    own reasons (the proposer's, or its fallback's when a model answered nothing), and for the
    lines the proposer did propose, the competing line each lost to."""
    rules = getattr(proposer, "last_left_out", None)
    if rules is None:
        rules = getattr(getattr(proposer, "fallback", None), "last_left_out", [])
    lost = [
        left(a, next((n for n in competing if f"'{a.text}'" in n), "left out for a competing line"))
        for a in (proposed.additions if proposed else ())
    ]
    return [*rules, *lost]


def said_of(considered: list[dict]) -> str:
    """The run's words for what it considered: each line left out, and why."""
    if not considered:
        return ": no line had evidence behind it"
    return f"; considered {len(considered)} line(s): " + "; ".join(
        f"{c['line']!r} ({c['sessions']} sessions, {c['people']} people) left out: {c['why']}"
        for c in considered
    )


def _store(wake: Wake, improver, head, analysis: Analysis, change, notes, suggested) -> None:
    """The proposal, its session and evidence, inside the ritual's transaction."""
    template, now = wake.template, wake.now
    session = EvolutionSession.objects.create(
        improver=improver,
        template=template,
        run=wake.run,
        base_version=head,
        feedback_count=wake.new_items,
        performance_delta=analysis.delta,
        context_tokens=analysis.context.tokens,
        created_at=now,
    )
    for kind, content in notes:
        note_add(improver, kind, content, session=session, at=now)
    evidence = {
        "feedback_count": wake.new_items,
        "feedback_groups": analysis.groups,
        "remedies": [remedy_evidence(r) for r in analysis.remedies],
        "performance_delta": analysis.delta,
        "notes": [{"kind": k, "content": c} for k, c in notes],
        "context_tokens": analysis.context.tokens,
        "anti_patterns": list(analysis.anti),
        "learned_facts": list(analysis.facts),
        "classifier": wake.classified_by,
        "suggested_removals": suggested,
        "proposer": change.proposer,
        "feedback_items": list(
            template.feedback.filter(occurred_at__gt=now - wake.window)
            .order_by("-confidence")
            .values_list("pk", flat=True)[:200]
        ),
    }
    evidence["cites"] = events_behind_feedback(evidence["feedback_items"])  # kept past retention
    proposal = evolution_proposal_create(session=session, change=change, evidence=evidence)
    session.proposal = proposal
    session.save(update_fields=["proposal"])
    set_state(improver, "awaiting_review")
    improver.save()
    report_write(
        run=wake.run,
        improver=improver,
        template=template,
        since=wake.since,
        until=now,
        proposal=proposal,
        additions=tuple(a.text for a in change.additions),
    )
    _finish(
        wake.run,
        RitualRun.Outcome.PROPOSED,
        f"proposal #{proposal.pk} (classified by {wake.classified_by})",
        now,
        change.proposer,
    )
    transaction.on_commit(lambda: review_pending(proposal_id=proposal.pk))


def prune(
    template, head, change: ProposedChange | None, proposer
) -> tuple[ProposedChange | None, list[dict]]:
    """Fold the directive lifecycle into the change: improver lines that did not help, repeats and
    lines over the token budget come out; a human's lines are only suggested."""
    adding = tuple(a.text for a in change.additions) if change else ()
    _, _, prunings = directive_review.review(template, adding)
    # A removal is judged on what its line was written to lower: taking it out must not raise that.
    as_dicts = [
        {
            "text": p.line.text,
            "action": p.action,
            "reason": p.reason,
            "into": p.into,
            "author": p.line.author,
            "target": list(p.line.target),
            "downstream": list(p.line.downstream),
        }
        for p in prunings
    ]
    auto = [p for p in prunings if p.line.author != "human"]
    suggested = [d for d in as_dicts if d["author"] == "human"]
    if not auto:
        return change, suggested
    removals = (change.removals if change else ()) + tuple(d for d in as_dicts if d["author"] != "human")
    text = directive_review.apply(change.directives if change else head.text, auto)
    why = "Prunes " + "; ".join(f"'{r['text']}' ({r['reason']})" for r in removals) + "."
    if change is None:
        return ProposedChange(text, (), why, getattr(proposer, "name", "lifecycle"), (), removals), suggested
    return (
        ProposedChange(
            text,
            change.additions,
            f"{change.rationale} {why}",
            change.proposer,
            change.alternatives,
            removals,
            change.conflicts,
        ),
        suggested,
    )


def line_memory(template) -> tuple[tuple[str, ...], tuple[dict, ...]]:
    """(lines not proposed again for the template on the evidence they were tried on, by any
    path — the ritual, a refinement, a proposal prepared again, a transfer from another template,
    a model —, lines to try again alone). Withdrawn: the lines of evolutions a human rejected or
    aborted, and those a rollback blamed; a line of a rolled-back bundle whose own targets improved
    and that no worse signal blames is tried once more on its own (improver.bundles). A line a
    canary took back comes back, alone, when new evidence asks for it again (`ended_lines`,
    improver.services.returning); a line a human rejected never does. A human may still write any
    line into a proposal or a version of their own."""
    rollouts = Rollout.objects.filter(template=template, status__in=TOOK_BACK).values_list(
        "status", "proposal__payload", "last_check"
    )
    rollbacks, refused = [], [_additions(payload) for payload in _rejected(template)]
    for status, payload, last_check in rollouts.order_by("started_at", "pk"):
        if status == Rollout.Status.ROLLED_BACK:
            rollbacks.append((_additions(payload), last_check or {}))
        else:
            refused.append(_additions(payload))
    for status, additions in _lines_taken_back(template):  # each tested on its own
        if status == LineFactor.Status.ROLLED_BACK:
            rollbacks.append((additions, {}))
        else:
            refused.append(additions)
    withdrawn, retry = bundles.memory(rollbacks, refused)
    return tuple(withdrawn), tuple(retry)


def _lines_taken_back(template) -> list[tuple[str, list[dict]]]:
    """(how it ended, the additions it tested) of each line test of the template that a test
    rolled back or a human aborted, oldest first."""
    factors = taken_back(template.pk)
    return [
        (f.status, [a for lv in f.levels if (a := lv.get("addition")) and lv.get("add")]) for f in factors
    ]


def dropped_by_tests(template) -> tuple[str, ...]:
    """The lines of the template that their own test (a line test) rolled back, showing them
    worse: a contrary line the weaker evidence asked for may be tried in their place."""
    taken_back = _lines_taken_back(template)
    return tuple(
        a["text"] for status, adds in taken_back if status == LineFactor.Status.ROLLED_BACK for a in adds
    )


def served_support(template, directives: str) -> tuple[tuple[str, int, str], ...]:
    """Each line the directives serve that a line test promoted, with the sessions that asked for
    it when it was proposed and the words of what their items were about."""
    served = {line.strip() for line in directives.splitlines()}
    return tuple(
        (text, a.get("sessions") or 0, a.get("about") or "")
        for text, a in promoted_lines(template.pk)
        if text.strip() in served
    )


def tested_support(template, canary: Rollout | None) -> tuple[tuple[str, int, str], ...]:
    """Each line a canary or a line test serves to a share of sessions now, with the sessions
    that asked for it when it was proposed and the words of what their items were about."""
    said = list(_additions(canary.proposal.payload if canary and canary.proposal else None))
    said += [
        {**(level.get("addition") or {}), "text": text}
        for factor in open_factors(template.pk)
        for level in factor.levels
        for text in level.get("add", ())
    ]
    return tuple((a["text"], a.get("sessions") or 0, a.get("about") or "") for a in said if a.get("text"))


def _rejected(template) -> list[dict]:
    """What a human refused of the template's evolutions, each as a payload whose additions are
    the refused lines: a rejected proposal's, and the lines an approved one was approved without."""
    payloads = Proposal.objects.filter(
        Q(status=Proposal.Status.REJECTED) | Q(payload__has_key="left_out"),
        dedup_key=f"evolution:{template.slug}",
    ).exclude(status=Proposal.Status.PENDING)
    out = []
    for status, payload in payloads.values_list("status", "payload"):
        if status == Proposal.Status.REJECTED:
            out.append(payload)
        elif isinstance(payload, dict) and payload.get("left_out"):
            out.append({"additions": payload["left_out"]})
    return out


def ended_lines(template) -> dict[str, bundles.Ended]:
    """The withdrawn lines a canary took back (a rolled-back or aborted rollout), each with how
    its latest rollout ended: they may come back on new evidence (improver.bundles). A line a
    human rejected in a proposal is not among them: it never comes back."""
    withdrawn, _ = line_memory(template)
    rejected = {a["text"] for payload in _rejected(template) for a in _additions(payload)}
    out: dict[str, bundles.Ended] = {}
    rollouts = (
        Rollout.objects.filter(template=template, status__in=TOOK_BACK)
        .select_related("candidate", "proposal")
        .order_by("decided_at", "pk")
    )
    for rollout in rollouts:
        for a in _additions(rollout.proposal.payload if rollout.proposal else None):
            if a["text"] in withdrawn and a["text"] not in rejected:
                out[a["text"]] = bundles.Ended(
                    a,
                    rollout.status,
                    rollout.candidate.number,
                    rollout.pk,
                    rollout.decided_by,
                    rollout.started_at,
                    rollout.decided_at or rollout.started_at,
                    rollout.reason,
                    harmed=bundles.harmed(rollout.last_check or {}),
                )
    for factor in taken_back(template.pk):
        for level, a in ((n, lv.get("addition")) for n, lv in enumerate(factor.levels, 1) if lv.get("add")):
            if a and a.get("text") in withdrawn and a["text"] not in rejected:
                out[a["text"]] = bundles.Ended(
                    a,
                    factor.status,
                    0,
                    factor.pk,
                    factor.decided_by,
                    factor.started_at,
                    factor.decided_at or factor.started_at,
                    factor.reason,
                    alone=True,
                    harmed=bundles.harmed((factor.last_check or {}).get(str(level)) or {}),
                    gain=bundles.gain((factor.last_check or {}).get(str(level)) or {}),
                )
    return out


def open_rollout(template) -> Rollout | None:
    """The template's canary still undecided (running, pinned or waiting for a human), if any."""
    return (
        Rollout.objects.select_related("candidate", "proposal")
        .filter(template=template, status__in=Rollout.OPEN)
        .first()
    )


CANARY_STATES = {
    Rollout.Status.RUNNING: "still running",
    Rollout.Status.PINNED: "pinned by a human",
    Rollout.Status.NEEDS_HUMAN: "waiting for a human",
}


def canary_words(rollout: Rollout, lead: str) -> str:
    """What a ritual says of an open canary: its version, its status, the lines it tests and where
    a human decides it."""
    lines = [a["text"] for a in _additions(rollout.proposal.payload if rollout.proposal else None)]
    tested = f" It tests: {'; '.join(repr(line) for line in lines)}." if lines else ""
    return (
        f"{lead}: v{rollout.candidate.number} is {CANARY_STATES.get(rollout.status, rollout.status)} "
        f"(status {rollout.status}).{tested} Those lines are not proposed again while it is open; a human "
        f"decides it on the rollout's page, /admin/experiments/rollout/{rollout.pk}/change/."
    )


def withdrawn_lines(template) -> tuple[str, ...]:
    """The lines never proposed again for the template (see `line_memory`)."""
    return line_memory(template)[0]


def _additions(payload) -> list[dict]:
    if not isinstance(payload, dict):
        return []
    return [a for a in payload.get("additions", []) if isinstance(a, dict) and a.get("text")]
