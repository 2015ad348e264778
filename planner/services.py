"""Writes of the planner: cards, snapshots, goal dispatch, outcome analysis, pattern states."""

import logging
import uuid
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Count, Q

from config import clock
from config.errors import ApplicationError
from config.queue import publish_after_commit
from governance.models import Proposal
from governance.services import proposal_raise
from planner import fleet, guards, rules, selectors
from planner.goalbook import current_actions, current_goals
from planner.goals import violated
from planner.models import Alert, Dispatch, FleetSnapshot, GoalState, PatternStats
from planner.patterns import can_promote
from planner.stores import stamp_state
from telemetry.models import Agent, SkillOutcome

log = logging.getLogger(__name__)


@transaction.atomic
def agent_card_update(*, agent: Agent, skills: list[dict], webhook_url: str | None = None) -> Agent:
    """The agent declares its card over the API: applied now and stored as a new card version."""
    from planner.config_docs import CARD_PREFIX, agent_card_settings_apply, current_text, dump, version_create

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


@transaction.atomic
def fleet_snapshot_take(*, now: datetime | None = None) -> FleetSnapshot:
    """Store the fleet health of this minute (once per minute however often it runs), then act on it."""
    now = now or clock.now()
    minute = now.replace(second=0, microsecond=0)
    existing = FleetSnapshot.objects.filter(minute=minute).first()
    if existing is not None:
        return existing
    data = fleet.compute(
        now, rules.k("FLEET_WINDOW_HOURS"), rules.k("FLEET_RECENT_FAILURES"), rules.k("FLEET_SCOPE")
    )
    try:
        with transaction.atomic():
            snapshot = FleetSnapshot.objects.create(
                minute=minute,
                generated_at=now,
                window_hours=data["window_hours"],
                max_failure_rate_1h=data["max_failure_rate_1h"],
                total_cost_usd_1d=data["total_cost_usd_1d"],
                orphaned_skill_count=data["orphaned_skill_count"],
                orphaned_skills=data["orphaned_skills"],
                fleet_success_rate=data["fleet_success_rate"],
                fleet_p95_latency_ms=data["fleet_p95_latency_ms"],
                total_outcomes=data["total_outcomes"],
                agents=data["agents"],
                scope=data["scope"],
                all_outcomes=data["all_outcomes"],
                system_actors=data["system_actors"],
            )
    except IntegrityError:  # a concurrent run stored this minute first
        return FleetSnapshot.objects.get(minute=minute)
    goals_evaluate(snapshot=snapshot, now=now)
    outcome_analysis_run(now=now)
    return snapshot


def goals_evaluate(*, snapshot: FleetSnapshot, now: datetime) -> list[dict]:
    """Dispatch the remediation of every violated goal that its guards allow."""
    values = {
        "max_failure_rate_1h": snapshot.max_failure_rate_1h,
        "total_cost_usd_1d": snapshot.total_cost_usd_1d,
        "orphaned_skill_count": snapshot.orphaned_skill_count,
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
    try:
        with transaction.atomic():
            dispatch = Dispatch.objects.create(
                goal_id=goal_id,
                action_id=action.id,
                skill=action.skill,
                agent=agent,
                correlation_id=f"dispatch-{uuid.uuid4().hex}",
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
    if agent.webhook_url:
        publish_after_commit("planner.dispatch_deliver", dispatch.pk)
    return dispatch, "ok"


def dispatch_deliver(*, dispatch_id: int) -> bool:
    """POST an open dispatch to its agent's webhook; True once delivered (idempotent)."""
    from config.webhooks import post_json

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
    """Store an alert unless the same one was raised within the cooldown."""
    key = key[:300]
    cooldown = timedelta(seconds=rules.k("OUTCOME_ALERT_COOLDOWN_SECONDS"))
    if Alert.objects.filter(kind=kind, key=key, created_at__gt=now - cooldown).exists():
        return None
    log.warning("alert %s %s: %s", kind, key, message)
    return Alert.objects.create(
        kind=kind, key=key, agent_id=agent_id, message=message, evidence=evidence, created_at=now
    )


def outcome_analysis_run(*, now: datetime | None = None) -> list[Alert]:
    """(agent, skill) pairs under 50% success over >= 10 attempts: an alert and one goal proposal."""
    now = now or clock.now()
    window = SkillOutcome.objects.filter(
        occurred_at__gt=now - timedelta(hours=rules.k("FLEET_WINDOW_HOURS")), occurred_at__lte=now
    )
    pairs = (
        window.values("agent_id", "agent__name", "skill")
        .annotate(attempts=Count("id"), successes=Count("id", filter=Q(success=True)))
        .filter(attempts__gte=rules.k("OUTCOME_ALERT_MIN_ATTEMPTS"))
    )
    threshold = rules.k("OUTCOME_ALERT_SUCCESS_BELOW")
    raised = []
    for p in pairs:
        rate = p["successes"] / p["attempts"]
        if rate >= threshold:
            continue
        key = f"{p['agent__name']}:{p['skill']}"
        failures = list(
            window.filter(agent_id=p["agent_id"], skill=p["skill"], success=False)
            .order_by("-occurred_at")
            .values_list("pk", "correlation_id", "failure_reason")[:10]
        )
        evidence = {
            "agent": p["agent__name"],
            "skill": p["skill"],
            "attempts": p["attempts"],
            "successes": p["successes"],
            "success_rate": round(rate, 4),
            "recent_failures": [[correlation, reason] for _, correlation, reason in failures],
            "cites": {"skill_outcome": [pk for pk, *_ in failures]},
        }
        with transaction.atomic():
            alert = alert_raise(
                kind=Alert.Kind.ACTION_QUALITY,
                key=key,
                agent_id=p["agent_id"],
                evidence=evidence,
                now=now,
                message=f"{key} succeeded {p['successes']}/{p['attempts']} times ({rate:.0%}) in the window.",
            )
            if alert is None:
                continue
            raised.append(alert)
            proposal_raise(  # one open proposal per pair is enough: an open one is left as it is
                type=Proposal.Type.GOAL,
                dedup_key=f"action-quality:{key}",
                subject=key,
                risk=Proposal.Risk.MEDIUM,
                evidence=evidence,
                title=f"Chronic failures of {p['skill']} on {p['agent__name']}",
                rationale=f"{key} succeeded only {rate:.0%} of {p['attempts']} attempts. "
                "Propose a goal or a change that makes this skill reliable, or route it elsewhere.",
            )
    return raised


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
