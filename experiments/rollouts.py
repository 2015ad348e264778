"""Canary rollouts of approved evolutions: start, check with the sequential test, decide.

Every transition is a ChangeDecision on the evolution's proposal, by `system` or by a user. An
automatic action never overrides a human: a pinned rollout or one handed to a human is only
decided by a human.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from config import clock
from config.errors import ApplicationError, Conflict
from config.queue import publish_after_commit
from experiments.counts import USAGE_FIELDS, session_counts, signal_counts, usage_by_agent
from experiments.estimate import Cell
from experiments.metrics import ANY, GUARDS, OTHER, TARGETS, other_kinds, rollout_targets
from experiments.models import Rollout
from experiments.records import check_record
from experiments.rule import adaptive_share, decide, decision_sessions
from experiments.services import canary_share, factors_check, rules
from fleet.documents import candidate_end, candidate_start
from fleet.models import Agent, AgentTemplate, Document, DocumentVersion
from governance.models import ChangeDecision
from governance.services import decision_record, proposal_mark_implemented

SYSTEM = "system"
HISTORY_MAX = 500
HISTORY_DAYS = 14  # each agent's own history before a rollout: its covariate and its matching


def template_share(template, *, at: datetime) -> float:
    """The canary share for `template`: the configured one, raised (up to one half) so that the
    canary's arm gathers KAIZEN_CANARY_MIN_SESSIONS within KAIZEN_CANARY_DECIDE_DAYS at the
    template's traffic of the last two weeks."""
    k = settings.KAIZEN
    versions = list(
        DocumentVersion.objects.filter(document=template.document_id).values_list("pk", flat=True)
    )
    # SessionSeen's (version, first received) index; the window ends at `at`, included
    counts = session_counts(versions, at - timedelta(days=14), until=at + timedelta(microseconds=1))
    sessions = sum(counts.values())
    return adaptive_share(
        floor=canary_share(),
        sessions=decision_sessions(rules()),
        sessions_per_day=sessions / 14,
        decide_days=k["CANARY_DECIDE_DAYS"],
    )


def template_agent_ids(template, *, at: datetime | None = None) -> list[int]:
    """The template's active agents, ordered by their share of sessions with any failure over the
    last two weeks on the version they run (agents without sessions last): assignment by agent
    matches the canary's agents on it."""
    ids = list(
        Agent.objects.filter(template=template, is_active=True).order_by("pk").values_list("pk", flat=True)
    )
    head = template.document.head_id if template.document_id else None
    if at is None or head is None:
        return ids
    since = at - timedelta(days=HISTORY_DAYS)
    sessions = session_counts([head], since, until=at, per_agent=True)
    failed = signal_counts([head], (ANY,), since, until=at, per_agent=True)
    share = {a: failed.get((head, a, ANY), 0) / n for (_, a), n in sessions.items() if n}
    return sorted(ids, key=lambda a: (a not in share, share.get(a, 0.0)))


@transaction.atomic
def rollout_start(*, template, proposal, champion, candidate, at: datetime) -> Rollout:
    """Serve `candidate` to the canary share of the template's agents; the rest keep `champion`."""
    share = template_share(template, at=at)
    payload = proposal.payload if proposal is not None else {}
    additions, removals = payload.get("additions") or [], payload.get("removals") or []
    canary = candidate_start(
        document=template.document,
        version=candidate,
        agent_ids=template_agent_ids(template, at=at),
        share=share,
        at=at,
    )
    return Rollout.objects.create(
        template=template,
        proposal=proposal,
        champion=champion,
        candidate=candidate,
        share=share,
        canary_agents=canary,
        targets=rollout_targets(additions, removals),
        removes_only=bool(removals) and not additions,
        started_at=at,
    )


def judged_on(rollout: Rollout) -> tuple[str, ...]:
    """The metric a rollout's promotion is judged on: its one target, or the sessions showing
    any of its targets (one metric, so its evidence adds up instead of being split)."""
    targets = tuple(rollout.targets or (ANY,))
    return targets if len(targets) == 1 else (TARGETS,)


def arms_since(rollout: Rollout) -> dict[str, tuple[list[Cell], list[Cell]]]:
    """Per metric (what promotion is judged on, each target, every guard, then usage per
    success), each arm's cells: one per agent, its sessions since the start and those showing the
    signal, with the agent's own rate over the two weeks before the start on the champion (the
    covariate). Counted in SQL. "Since the start" is by arrival (`received_at`): the champion's
    version stamps events from before the rollout too, and agents may report events that
    happened earlier. A guard no session of either arm has shown is left out (it cannot move)."""
    versions = [rollout.candidate_id, rollout.champion_id]
    targets = tuple(rollout.targets or (ANY,))
    start, before = rollout.started_at, rollout.started_at - timedelta(days=HISTORY_DAYS)
    composites = {TARGETS: targets} if judged_on(rollout) == (TARGETS,) else {}
    if other_kinds(targets):
        composites[OTHER] = other_kinds(targets)
    metrics = tuple(dict.fromkeys(judged_on(rollout) + targets + tuple(composites) + GUARDS))
    sessions = session_counts(versions, start, per_agent=True)
    signals = signal_counts(versions, targets + GUARDS, start, composites, per_agent=True)
    past = session_counts([rollout.champion_id], before, until=start, per_agent=True)
    past_signals = signal_counts(
        [rollout.champion_id], targets + GUARDS, before, composites, until=start, per_agent=True
    )
    arms = {}
    for metric in metrics:
        cells = tuple(
            [
                Cell(
                    agent,
                    n,
                    signals.get((v, agent, metric), 0),
                    _own(past_signals, past, rollout.champion_id, agent, metric),
                )
                for (v, agent), n in sorted(sessions.items())
                if v == version
            ]
            for version in versions
        )
        if metric in (*judged_on(rollout), *composites) or any(c.y for arm in cells for c in arm):
            arms[metric] = cells
    usage = usage_by_agent(versions, start)
    usage_past = usage_by_agent([rollout.champion_id], before, start)
    for metric, name in USAGE_FIELDS.items():  # cost, tokens and time per success: guardrails too
        cells = tuple(
            [
                Cell(
                    agent,
                    row["successes"],
                    row[name],
                    _per_success(usage_past.get((rollout.champion_id, agent)), name),
                    row[f"{name}_ss"],
                )
                for (v, agent), row in sorted(usage.items())
                if v == version and row["successes"]
            ]
            for version in versions
        )
        if all(cells) and any(c.y for c in cells[1]):
            arms[metric] = cells
    return arms


def _own(shown: dict, sessions: dict, version: int, agent: int, metric: str) -> float | None:
    n = sessions.get((version, agent), 0)
    return shown.get((version, agent, metric), 0) / n if n else None


def _per_success(row: dict | None, name: str) -> float | None:
    return row[name] / row["successes"] if row and row["successes"] else None


def rollout_check(*, rollout: Rollout, now: datetime | None = None) -> str:
    """Run the sequential test on a running rollout and act on it; return the action taken. A
    rollout handed over to a human (when no decision can come in time) keeps being tested until
    the human acts: rolled back as soon as a signal is significantly worse, promoted if the
    evidence comes after all."""
    now = now or clock.now()
    with transaction.atomic():
        rollout = Rollout.objects.select_for_update().get(pk=rollout.pk)
        watching = rollout.status == Rollout.Status.NEEDS_HUMAN
        if rollout.status != Rollout.Status.RUNNING and not watching:  # pinned or decided: hands off
            return "none"
        arms = arms_since(rollout)
        targets = judged_on(rollout)
        last = rollout.last_check or {}
        looks, shown = tuple(last.get("looks") or ()), tuple(last.get("shown") or ())
        verdict = decide(
            arms,
            now - rollout.started_at,
            rules(),
            targets=targets,
            looks=looks,
            shown=shown,
            improve=not rollout.removes_only,
        )
        check = _check_record(rollout, arms, verdict, now, looks)
        rollout.last_check, rollout.history = check, (rollout.history + [check])[-HISTORY_MAX:]
        rollout.save(update_fields=["last_check", "history"])
        if watching and verdict.action not in ("roll_back", "promote"):
            # the human's to decide: the reason keeps why it was handed over, and the page shows
            # the latest evidence and recommendation while the human has not acted
            return "none"
        if verdict.action == "promote":
            _promote(rollout, None, verdict.reason, now)
        elif verdict.action == "roll_back":
            _end(
                rollout,
                None,
                Rollout.Status.ROLLED_BACK,
                ChangeDecision.Verdict.ROLLED_BACK,
                verdict.reason,
                now,
            )
        elif verdict.action == "hand_over":
            advice = verdict.advice
            why = verdict.reason + (f". Recommended: {advice.action} ({advice.why})." if advice else "")
            _mark(rollout, None, Rollout.Status.NEEDS_HUMAN, ChangeDecision.Verdict.HANDED_OVER, why, now)
            publish_after_commit("improver.notify_handover", rollout.pk)
        return verdict.action


def _check_record(rollout: Rollout, arms: dict, verdict, now: datetime, looks: tuple) -> dict:
    """What one check saw and decided, as the rollout keeps it."""
    return check_record(
        targets=tuple(rollout.targets or (ANY,)),
        judged_on=judged_on(rollout),
        arms=arms,
        verdict=verdict,
        now=now,
        looks=looks,
    )


def rollouts_check(*, now: datetime | None = None) -> dict[str, int]:
    """Check every running rollout and every line under test (the beat entry); safe to run twice
    or concurrently. A
    template serving a candidate with no open rollout behind it (nothing should leave one, but
    a row deleted by hand would) is brought back to its head first."""
    counts: dict[str, int] = {}
    for template in AgentTemplate.objects.filter(document__candidate__isnull=False).exclude(
        rollouts__status__in=Rollout.OPEN
    ):
        candidate_end(document=template.document, promote=False)
        counts["orphan_cleared"] = counts.get("orphan_cleared", 0) + 1
    watched = [Rollout.Status.RUNNING, Rollout.Status.NEEDS_HUMAN]
    for rollout in Rollout.objects.filter(status__in=watched).order_by("pk"):
        action = rollout_check(rollout=rollout, now=now)
        counts[action] = counts.get(action, 0) + 1
    for action, n in factors_check(now=now).items():
        counts[f"line_{action}"] = counts.get(f"line_{action}", 0) + n
    return counts


@transaction.atomic
def rollout_decide(
    *, rollout: Rollout, action: str, actor, reason: str = "", version: int | None = None
) -> Rollout:
    """A human promotes, aborts, pins or unpins a rollout (admin or REST); refused once it is
    decided, and an unpin of one that is not pinned."""
    rollout = (
        Rollout.objects.select_for_update(of=("self",))
        .select_related("candidate", "template")
        .get(pk=rollout.pk)
    )
    if action not in ("promote", "abort", "pin", "unpin"):
        raise ApplicationError(
            f"Unknown rollout action '{action}' (promote, abort, pin or unpin).",
            {"fields": {"action": ["Must be promote, abort, pin or unpin."]}},
        )
    if rollout.status not in Rollout.OPEN:
        raise Conflict(
            f"Rollout {rollout.pk} of {rollout.template.slug} is already {rollout.status}; "
            "nothing was changed.",
            {"status": rollout.status},
        )
    if version is not None and version != rollout.candidate.number:
        raise Conflict(
            f"Rollout {rollout.pk} serves v{rollout.candidate.number}, not v{version}; nothing was changed.",
            {"candidate_version": rollout.candidate.number},
        )
    if action == "unpin" and rollout.status != Rollout.Status.PINNED:
        raise Conflict(
            f"Rollout {rollout.pk} is not pinned (it is {rollout.status}); nothing was changed.",
            {"status": rollout.status},
        )
    now = clock.now()
    why = reason or f"{action} by {getattr(actor, 'username', actor)}"
    if action == "promote":
        _promote(rollout, actor, why, now)
    elif action == "abort":
        _end(rollout, actor, Rollout.Status.ABORTED, ChangeDecision.Verdict.ABORTED, why, now)
    elif action == "unpin":  # the test acts on its own again from its next check
        _mark(rollout, actor, Rollout.Status.RUNNING, ChangeDecision.Verdict.UNPINNED, why, now)
    else:
        _mark(rollout, actor, Rollout.Status.PINNED, ChangeDecision.Verdict.PINNED, why, now)
    return rollout


def rollout_head_moved(document, head) -> None:
    """The head moved while a rollout of the template runs, not by promoting it (a human's edit,
    rollback or templates file): the rollout compared its candidate with a champion that is no
    longer served, so it is aborted and every agent runs the new head."""
    rollout = (
        Rollout.objects.select_for_update(of=("self",))
        .select_related("template__document", "candidate", "champion")
        .filter(template__document=document, status__in=Rollout.OPEN)
        .first()
    )
    if rollout is None or rollout.candidate_id == head.pk:
        return
    why = (
        f"The head moved to v{head.number} while v{rollout.candidate.number} was canaried against "
        f"v{rollout.champion.number}: the canary ended, every agent runs v{head.number}."
    )
    _end(rollout, None, Rollout.Status.ABORTED, ChangeDecision.Verdict.ABORTED, why, clock.now())


def rollout_deleted(sender, instance: Rollout, **kwargs) -> None:
    """A rollout row deleted while open takes its canary with it: nothing serves a candidate
    that no rollout watches (the admin offers no delete; this covers the shell and cascades)."""
    if instance.status in Rollout.OPEN:
        document = (
            AgentTemplate.objects.filter(pk=instance.template_id).values_list("document", flat=True).first()
        )
        if document is not None:
            candidate_end(document=Document(pk=document), promote=False)


def _label(actor) -> str:
    return getattr(actor, "username", "") or SYSTEM


def _mark(rollout, actor, status, verdict, reason, now) -> None:
    rollout.status, rollout.reason = status, reason
    rollout.decided_by = _label(actor)
    rollout.save(update_fields=["status", "reason", "decided_by"])
    if rollout.proposal_id:
        decision_record(proposal=rollout.proposal, verdict=verdict, actor=actor, reason=reason)


def _end(rollout, actor, status, verdict, reason, now) -> None:
    candidate_end(document=rollout.template.document, promote=False, actor=None)
    rollout.decided_at = now
    rollout.save(update_fields=["decided_at"])
    _mark(rollout, actor, status, verdict, reason, now)


def _promote(rollout, actor, reason, now) -> None:
    candidate_end(
        document=rollout.template.document, promote=True, actor=actor if getattr(actor, "pk", None) else None
    )
    rollout.decided_at = now
    rollout.save(update_fields=["decided_at"])
    _mark(rollout, actor, Rollout.Status.PROMOTED, ChangeDecision.Verdict.PROMOTED, reason, now)
    if rollout.proposal_id:
        proposal_mark_implemented(proposal=rollout.proposal)
