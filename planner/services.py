"""Writes of the planner: cards, snapshots, goal dispatch, outcome analysis, pattern states."""

import logging
import uuid
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max

from config import clock
from config.errors import ApplicationError
from config.queue import publish_after_commit
from config.webhooks import post_json
from fleet.models import Agent
from governance.board.forge import get_forge
from governance.models import Proposal
from governance.services import proposal_raise
from planner import fleet, guards, hitl, rules, selectors
from planner.config_docs import CARD_PREFIX, agent_card_settings_apply, current_text, dump, version_create
from planner.goalbook import current_actions, current_goals
from planner.goals import violated
from planner.models import Alert, DeclaredSkill, Dispatch, FleetSnapshot, GoalState, PatternStats
from planner.patterns import can_promote
from planner.stores import stamp_state
from telemetry.models import SkillOutcome

log = logging.getLogger(__name__)


@transaction.atomic
def agent_card_update(*, agent: Agent, skills: list[dict], webhook_url: str | None = None) -> Agent:
    """The agent declares its card over the API: applied now and stored as a new card version."""
    card = dict(agent.card or {})
    card["skills"] = [
        {k: s[k] for k in ("name", "confidence", "blast_radius", "hitl_mode") if k in s} for s in skills
    ]
    if webhook_url is not None:
        card["webhook_url"] = webhook_url
    agent = agent_card_settings_apply(agent_name=agent.name, card=card)
    name = f"{CARD_PREFIX}{agent.name}"
    text = dump(
        {k: v for k, v in agent.card.items() if k in ("skills", "model", "max_cost_usd", "webhook_url")}
    )
    if current_text(name) != text:
        version_create(name=name, text=text, reason="declared by the agent", provenance={"agent": agent.name})
    return agent


def fleet_snapshot_take(*, now: datetime | None = None) -> FleetSnapshot:
    """Store the fleet health of this minute (once per minute however often it runs), then act on
    it. Each write is its own short transaction: the forge is asked with none open."""
    now = now or clock.now()
    minute = now.replace(second=0, microsecond=0)
    existing = FleetSnapshot.objects.filter(minute=minute).first()
    if existing is not None:
        return existing
    counts = fleet.window_counts(now, settings.KAIZEN["FLEET_WINDOW_HOURS"])
    data = fleet.compute(
        now,
        settings.KAIZEN["FLEET_WINDOW_HOURS"],
        settings.KAIZEN["FLEET_RECENT_FAILURES"],
        settings.KAIZEN["FLEET_SCOPE"],
        counts=counts,
    )
    try:
        with transaction.atomic():
            snapshot = FleetSnapshot.objects.create(
                minute=minute,
                generated_at=now,
                **{name: data[name] for name in FleetSnapshot.FIGURES},
            )
    except IntegrityError:  # a concurrent run stored this minute first
        return FleetSnapshot.objects.get(minute=minute)
    dispatches_release(now=now)
    goals_evaluate(snapshot=snapshot, now=now)
    outcome_analysis_run(now=now, counts=counts)
    return snapshot


def forge_values() -> dict[str, float]:
    """The CI and pull-request selectors, when a forge provider is configured and answers."""
    forge = get_forge()
    if forge is None:
        return {}
    values: dict[str, float] = {}
    try:
        rate = forge.ci_success_rate() if hasattr(forge, "ci_success_rate") else None
        if rate is not None:
            values["ci_success_rate"] = float(rate)
        if hasattr(forge, "stuck_pull_requests"):
            values["stuck_pr_count"] = float(len(forge.stuck_pull_requests()))
    except Exception:  # the forge is another system: its outage must not stop the fleet goals
        log.exception("forge provider failed; CI and pull-request goals skipped this time")
    return values


def goals_evaluate(*, snapshot: FleetSnapshot, now: datetime) -> list[dict]:
    """Dispatch the remediation of every violated goal that its guards allow."""
    values = {
        "max_failure_rate_1h": snapshot.max_failure_rate_1h,
        "total_cost_usd_1d": snapshot.total_cost_usd_1d,
        "orphaned_skill_count": snapshot.orphaned_skill_count,
        **forge_values(),
    }
    actions = current_actions()
    results = []
    for goal, value in violated(current_goals(), values):
        action = next((a for a in actions if a.goal == goal.id), None)
        outcome = {"goal": goal.id, "value": value, "action": action.id if action else None}
        if action is None:
            outcome["skipped"] = "no_action"
        else:
            dispatch, reason = dispatch_for_goal(goal_id=goal.id, value=value, action=action, now=now)
            outcome.update(dispatch=dispatch.pk if dispatch else None, skipped=None if dispatch else reason)
        results.append(outcome)
    return results


@transaction.atomic
def dispatch_for_goal(*, goal_id: str, value: float, action, now: datetime) -> tuple[Dispatch | None, str]:
    """Create one dispatch for a violated goal if in-flight, cooldown and loop guards allow it."""
    state, _ = GoalState.objects.select_for_update().get_or_create(goal_id=goal_id)
    state.last_violated_at, state.last_value = now, value
    guard = rules.guard_rules()
    failures = tuple(
        Dispatch.objects.filter(
            goal_id=goal_id,
            status=Dispatch.Status.FAILED,
            closed_at__gte=now - guard.loop_window,
        ).values_list("closed_at", flat=True)
    )
    if guards.is_loop(failures, now, guard) and not (state.paused_until and state.paused_until > now):
        state.paused_until = now + guard.loop_pause
        alert_raise(
            kind=Alert.Kind.DISPATCH_LOOP,
            key=goal_id,
            now=now,
            message=f"Goal {goal_id}: {len(failures)} failed dispatches within "
            f"{guard.loop_window}; re-dispatch paused until {state.paused_until:%H:%M}.",
            evidence={"failures": [t.isoformat() for t in failures]},
        )
    view = guards.GoalView(
        in_flight=Dispatch.objects.filter(goal_id=goal_id, status__in=Dispatch.OPEN).exists(),
        last_success_at=state.last_success_at,
        paused_until=state.paused_until,
    )
    allowed, reason = guards.may_dispatch(view, now, guard)
    if not allowed:
        state.last_skip_reason = reason
        state.save()
        return None, reason
    ranked = selectors.candidates(skill=action.skill)
    if not ranked:
        state.last_skip_reason = "no_agent"
        state.save()
        return None, "no_agent"
    pick = selectors.executor_pick(skill=action.skill, ranked=ranked)  # health-weighted, not greedy
    agent = Agent.objects.get(name=pick["agent"])
    card = DeclaredSkill.objects.filter(agent=agent, skill=action.skill).first()
    mode = card.hitl_mode if card else DeclaredSkill.HitlMode.AUTONOMOUS
    status, release_at = hitl.first_status(mode, now, timedelta(seconds=settings.KAIZEN["HITL_VETO_SECONDS"]))
    try:
        with transaction.atomic():
            dispatch = Dispatch.objects.create(
                goal_id=goal_id,
                action_id=action.id,
                skill=action.skill,
                agent=agent,
                correlation_id=f"dispatch-{uuid.uuid4().hex}",
                status=status,
                hitl_mode=mode,
                blast_radius=card.blast_radius if card else DeclaredSkill.BlastRadius.LOW,
                release_at=release_at,
                created_at=now,
                context={
                    "goal": goal_id,
                    "value": value,
                    "action": action.description,
                    "selection": {"weights": pick["weights"]},
                },
            )
    except IntegrityError:  # another evaluator dispatched this goal a moment ago
        state.last_skip_reason = "in_flight"
        state.save()
        return None, "in_flight"
    state.last_skip_reason = ""
    state.save()
    if hitl.notifies(mode):
        publish_after_commit("planner.dispatch_notify", dispatch.pk)
    if status == Dispatch.Status.PENDING and agent.webhook_url:
        publish_after_commit("planner.dispatch_deliver", dispatch.pk)
    return dispatch, "ok"


@transaction.atomic
def dispatch_decide(*, dispatch: Dispatch, approve: bool, actor: str) -> Dispatch:
    """A human approves (sends now) or vetoes (stops) a dispatch that waits for one."""
    dispatch = Dispatch.objects.select_for_update().select_related("agent").get(pk=dispatch.pk)
    if dispatch.status not in (Dispatch.Status.AWAITING_APPROVAL, Dispatch.Status.HELD):
        raise ApplicationError(f"Dispatch {dispatch.pk} is {dispatch.status}: there is nothing to decide.")
    if approve:
        _send(dispatch)
    else:
        dispatch.status, dispatch.closed_at = Dispatch.Status.VETOED, clock.now()
    dispatch.decided_by = actor
    dispatch.save(update_fields=["status", "closed_at", "decided_by"])
    return dispatch


def dispatches_release(*, now: datetime) -> int:
    """Send the held (veto-mode) dispatches whose veto window has passed without a veto."""
    released = 0
    due = Dispatch.objects.filter(status=Dispatch.Status.HELD, release_at__lte=now).values_list(
        "pk", flat=True
    )
    for pk in list(due):
        with transaction.atomic():
            dispatch = Dispatch.objects.select_for_update().select_related("agent").get(pk=pk)
            if dispatch.status != Dispatch.Status.HELD:  # vetoed or released meanwhile
                continue
            _send(dispatch)
            dispatch.save(update_fields=["status"])
            released += 1
    return released


def _send(dispatch: Dispatch) -> None:
    dispatch.status = Dispatch.Status.PENDING
    if dispatch.agent.webhook_url:
        publish_after_commit("planner.dispatch_deliver", dispatch.pk)


def dispatch_deliver(*, dispatch_id: int) -> bool:
    """POST an open dispatch to its agent's webhook; True once delivered (idempotent)."""
    with transaction.atomic():
        dispatch = Dispatch.objects.select_for_update().select_related("agent").get(pk=dispatch_id)
        if dispatch.status != Dispatch.Status.PENDING or not dispatch.agent.webhook_url:
            return dispatch.status == Dispatch.Status.DELIVERED
        Dispatch.objects.filter(pk=dispatch.pk).update(delivery_attempts=dispatch.delivery_attempts + 1)
    post_json(dispatch.agent.webhook_url, dispatch_payload(dispatch), event="dispatch")
    Dispatch.objects.filter(pk=dispatch.pk, status=Dispatch.Status.PENDING).update(
        status=Dispatch.Status.DELIVERED, last_error=""
    )
    return True


def dispatch_notify(*, dispatch_id: int) -> bool:
    """POST a dispatch that needs human attention to the notification webhook (if configured)."""
    url = settings.KAIZEN["NOTIFY_WEBHOOK_URL"]
    dispatch = Dispatch.objects.select_related("agent").filter(pk=dispatch_id).first()
    if not url or dispatch is None:
        return False
    body = {
        **dispatch_payload(dispatch),
        "agent": dispatch.agent.name,
        "hitl_mode": dispatch.hitl_mode,
        "blast_radius": dispatch.blast_radius,
        "release_at": dispatch.release_at,
        "message": hitl_message(dispatch),
    }
    post_json(url, body, event="dispatch.attention")
    return True


def hitl_message(d: Dispatch) -> str:
    what = f"{d.skill} for goal {d.goal_id} → {d.agent.name} (blast radius {d.blast_radius})"
    if d.status == Dispatch.Status.AWAITING_APPROVAL:
        return f"Approval needed: {what}. Nothing is sent until a human approves it in the admin."
    if d.status == Dispatch.Status.HELD:
        return f"Veto window: {what} is sent at {d.release_at:%H:%M:%S} UTC unless vetoed in the admin."
    return f"Dispatched: {what}."


def dispatch_payload(d: Dispatch) -> dict:
    return {
        "id": d.pk,
        "goal": d.goal_id,
        "action": d.action_id,
        "skill": d.skill,
        "correlation_id": d.correlation_id,
        "status": d.status,
        "context": d.context,
        "created_at": d.created_at,
    }


def alert_raise(
    *, kind: str, key: str, message: str, evidence: dict, now: datetime, agent_id: int | None = None
) -> Alert | None:
    """Store an alert unless the same one was raised within the cooldown, or its kind has had
    KAIZEN_ALERTS_PER_KIND_PER_HOUR alerts in the last hour (then it is logged as held back: a
    later pass raises it if it still holds)."""
    key = key[:300]
    cooldown = timedelta(seconds=settings.KAIZEN["OUTCOME_ALERT_COOLDOWN_SECONDS"])
    if Alert.objects.filter(kind=kind, key=key, created_at__gt=now - cooldown).exists():
        return None
    limit = settings.KAIZEN["ALERTS_PER_KIND_PER_HOUR"]
    if Alert.objects.filter(kind=kind, created_at__gt=now - timedelta(hours=1)).count() >= limit:
        log.warning("alert %s %s held back (%d of its kind this hour): %s", kind, key, limit, message)
        return None
    log.warning("alert %s %s: %s", kind, key, message)
    return Alert.objects.create(
        kind=kind, key=key, agent_id=agent_id, message=message, evidence=evidence, created_at=now
    )


def outcome_analysis_run(*, now: datetime | None = None, counts: list[dict] | None = None) -> list[Alert]:
    """(agent, skill) pairs under 50% success over >= 10 attempts: an alert and one goal proposal
    each. A skill failing so on KAIZEN_OUTCOME_ALERT_FLEET_AGENTS agents of a template or more is
    one alert and proposal for the template (`<template>:*:<skill>`) instead of one per agent, so a
    fleet whose every agent fails one skill raises one alert, not a thousand."""
    now = now or clock.now()
    hours = settings.KAIZEN["FLEET_WINDOW_HOURS"]
    window = SkillOutcome.objects.filter(occurred_at__gt=now - timedelta(hours=hours), occurred_at__lte=now)
    attempts: dict[tuple[int, str], list[int]] = {}
    for c in fleet.window_counts(now, hours) if counts is None else counts:
        mine = attempts.setdefault((c["agent_id"], c["skill"]), [0, 0])
        mine[0], mine[1] = mine[0] + c["total"], mine[1] + c["successes"]
    attempts = {k: v for k, v in attempts.items() if v[0] >= settings.KAIZEN["OUTCOME_ALERT_MIN_ATTEMPTS"]}
    named = Agent.objects.filter(pk__in={agent_id for agent_id, _ in attempts})
    names = {pk: (name, slug) for pk, name, slug in named.values_list("pk", "name", "template__slug")}
    pairs = [
        {
            "agent_id": agent_id,
            "agent__name": names[agent_id][0],
            "agent__template__slug": names[agent_id][1],
            "skill": skill,
            "attempts": n,
            "successes": ok,
        }
        for (agent_id, skill), (n, ok) in sorted(attempts.items())
        if agent_id in names
    ]
    threshold = settings.KAIZEN["OUTCOME_ALERT_SUCCESS_BELOW"]
    failing: dict[tuple[str, str], list[dict]] = {}
    for p in pairs:
        if p["successes"] / p["attempts"] < threshold:
            failing.setdefault((p["agent__template__slug"] or "", p["skill"]), []).append(p)
    groups = []
    for (template, skill), found in failing.items():
        if len(found) >= settings.KAIZEN["OUTCOME_ALERT_FLEET_AGENTS"]:
            # one alert for the template's agents; it names the one with the most attempts, so
            # the template's one-on-one reads it as its feedback
            most = max(found, key=lambda p: (p["attempts"], p["agent__name"]))
            groups.append((f"{template or 'fleet'}:*:{skill}", most["agent_id"], skill, found))
        else:
            groups += [(f"{p['agent__name']}:{skill}", p["agent_id"], skill, [p]) for p in found]
    # Under the hourly limit of alerts, those never raised or raised longest ago go first, the
    # worst first among them: a flood does not raise the same few again and again.
    last = dict(
        Alert.objects.filter(kind=Alert.Kind.ACTION_QUALITY, key__in=[g[0][:300] for g in groups])
        .values_list("key")
        .annotate(at=Max("created_at"))
    )
    groups.sort(
        key=lambda g: (
            last.get(g[0][:300]) is not None,
            last.get(g[0][:300]) or now,
            sum(p["successes"] for p in g[3]) / sum(p["attempts"] for p in g[3]),
            g[0],
        )
    )
    raised = []
    for key, agent_id, skill, members in groups:
        alert = _action_quality(window, key, agent_id, skill, members, now)
        if alert is not None:
            raised.append(alert)
    return raised


def _action_quality(window, key: str, agent_id, skill: str, members: list[dict], now) -> Alert | None:
    """One action-quality alert and its goal proposal, for one agent's skill or the fleet's."""
    attempts = sum(p["attempts"] for p in members)
    successes = sum(p["successes"] for p in members)
    rate = successes / attempts
    failures = list(
        window.filter(agent_id__in=[p["agent_id"] for p in members], skill=skill, success=False)
        .order_by("-occurred_at")
        .values_list("pk", "correlation_id", "failure_reason")[:10]
    )
    agents = sorted(p["agent__name"] for p in members)
    fleet = len(members) > 1
    evidence = {
        "agent": None if fleet else agents[0],
        "agents": agents[:50],
        "agent_count": len(agents),
        "skill": skill,
        "attempts": attempts,
        "successes": successes,
        "success_rate": round(rate, 4),
        "recent_failures": [[correlation, reason] for _, correlation, reason in failures],
        "cites": {"skill_outcome": [pk for pk, *_ in failures]},
    }
    where = f"{len(agents)} agents" if fleet else agents[0]
    with transaction.atomic():
        alert = alert_raise(
            kind=Alert.Kind.ACTION_QUALITY,
            key=key,
            agent_id=agent_id,
            evidence=evidence,
            now=now,
            message=f"{key} succeeded {successes}/{attempts} times ({rate:.0%}) in the window"
            + (f", on {len(agents)} agents." if fleet else "."),
        )
        if alert is not None:
            proposal_raise(  # one open proposal per key is enough: an open one is left as it is
                type=Proposal.Type.GOAL,
                dedup_key=f"action-quality:{key}",
                subject=key,
                risk=Proposal.Risk.MEDIUM,
                evidence=evidence,
                title=f"Chronic failures of {skill} on {where}",
                rationale=f"{key} succeeded only {rate:.0%} of {attempts} attempts. "
                "Propose a goal or a change that makes this skill reliable, or route it elsewhere.",
            )
    return alert


@transaction.atomic
def pattern_set_state(*, pattern: PatternStats, state: str, reason: str = "") -> PatternStats:
    """Manual promote (proven), deprecate, or reset ('') of a pattern's maturity."""
    pattern = PatternStats.objects.select_for_update().get(pk=pattern.pk)
    if state == "proven" and not can_promote(selectors.pattern_view(pattern)["state"]):
        raise ApplicationError(f"Pattern '{pattern.name}' is deprecated; reset it before promoting.")
    pattern.manual_state, pattern.manual_reason = state, reason
    stamp_state(pattern, selectors.pattern_view(pattern)["state"], clock.now())
    pattern.save(update_fields=["manual_state", "manual_reason", "state", "promoted_at", "deprecated_at"])
    return pattern
