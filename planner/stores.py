"""What the planner learns from each new skill_outcome (registered as an ingest hook).

Runs in the worker over batches of new outcomes (telemetry/derived.py), one agent at a time:
update each (agent, skill) cost/confidence store once per batch, score the outcomes and give
each pattern they name its feedback events (one INSERT per batch), and close the dispatches
whose correlation ids the outcomes carry.
"""

from collections import defaultdict
from datetime import datetime

from planner import rules, scoring
from planner.models import Dispatch, GoalState, PatternFeedback, PatternStats, SkillStats
from planner.patterns import age_days, decay
from planner.patterns import maturity as maturity_of
from telemetry.bulk import insert_new
from telemetry.hooks import on_stored


def _ts(value) -> str:
    return value.isoformat() if isinstance(value, datetime) else str(value)


def summarise(window: list[list]) -> dict:
    """Summary columns of a store row from its sample window (pure)."""
    n = len(window)
    if n == 0:
        return {
            "samples": 0,
            "success_rate": 0.0,
            "avg_confidence_on_success": 0.0,
            "avg_wall_ms": 0.0,
            "avg_cost_usd": 0.0,
            "calibration_error": 0.0,
        }
    successes = [s for s in window if s[1]]
    conf_success = [s[2] for s in successes if s[2] is not None]
    with_conf = [s for s in window if s[2] is not None]
    return {
        "samples": n,
        "success_rate": len(successes) / n,
        "avg_confidence_on_success": sum(conf_success) / len(conf_success) if conf_success else 0.0,
        "avg_wall_ms": sum(s[3] for s in window) / n,
        "avg_cost_usd": sum(s[4] or 0 for s in window) / n,
        "calibration_error": (
            sum(abs(s[2] - (1.0 if s[1] else 0.0)) for s in with_conf) / len(with_conf) if with_conf else 0.0
        ),
    }


def update_store(agent, skill: str, rows: list[dict]) -> SkillStats:
    limit = rules.k("RANKING_WINDOW_SAMPLES")
    stats, _ = SkillStats.objects.select_for_update().get_or_create(agent=agent, skill=skill)
    samples = [
        [
            _ts(r["occurred_at"]),
            bool(r["success"]),
            r.get("confidence"),
            int(r["duration_ms"]),
            r.get("cost_usd"),
        ]
        for r in rows
    ]
    window = sorted(stats.window + samples, key=lambda s: s[0])[-limit:]
    for key, value in summarise(window).items():
        setattr(stats, key, value)
    stats.window = window
    stats.total_samples += len(rows)
    stats.total_cost_usd += sum(r.get("cost_usd") or 0 for r in rows)
    newest = max(r["occurred_at"] for r in rows)
    stats.last_sample_at = max(stats.last_sample_at, newest) if stats.last_sample_at else newest
    stats.save()
    return stats


DECAYED_FIELDS = ("decayed_helpful", "decayed_harmful", "decayed_helpful_score", "decayed_harmful_score")


def stamp_state(stats: PatternStats, state: str, at: datetime) -> None:
    """Record a maturity change with its time (promoted, deprecated)."""
    if state == stats.state:
        return
    stats.state = state
    if state == "proven":
        stats.promoted_at = at
    elif state == "deprecated":
        stats.deprecated_at = at


def record_pattern_feedback(agent, rows: list[dict]) -> None:
    thresholds, maturity = rules.feedback_thresholds(), rules.maturity_rules()
    by_pattern: dict[str, list[tuple[dict, float, str]]] = defaultdict(list)
    for row in rows:
        score = scoring.implicit_score(
            success=row["success"],
            duration_ms=row["duration_ms"],
            errors=row.get("error_count") or 0,
            retries=row.get("retry_count") or 0,
        )
        verdict = scoring.verdict(score, thresholds)
        for name in dict.fromkeys(row.get("patterns") or []):
            by_pattern[name.strip()].append((row, score, verdict))
    feedback = []
    for name, items in by_pattern.items():
        stats, _ = PatternStats.objects.select_for_update().get_or_create(
            template_id=agent.template_id, name=name
        )
        for row, score, verdict in sorted(items, key=lambda i: i[0]["occurred_at"]):
            at = row["occurred_at"]
            if stats.decayed_at is None:
                stats.decayed_at = at
            if at > stats.decayed_at:  # move the stored sums forward to this event's time
                age = age_days(stats.decayed_at, at)
                for field in DECAYED_FIELDS:
                    setattr(stats, field, decay(getattr(stats, field), age, maturity.half_life_days))
                stats.decayed_at = at
            # an event older than the decay instant counts with its own age
            weight = decay(1.0, age_days(at, stats.decayed_at), maturity.half_life_days)
            stats.uses += 1
            # a pattern succeeds when the outcome was helpful, not merely successful
            stats.failures += 0 if verdict == "helpful" else 1
            if verdict == "helpful":
                stats.helpful += 1
                stats.decayed_helpful += weight
                stats.decayed_helpful_score += score * weight
                stats.last_validated_at = max(filter(None, (stats.last_validated_at, at)))
            elif verdict == "harmful":
                stats.harmful += 1
                stats.decayed_harmful += weight
                stats.decayed_harmful_score += score * weight
            else:
                stats.neutral += 1
            stamp_state(
                stats,
                maturity_of(stats.decayed_helpful, stats.decayed_harmful, maturity, stats.manual_state),
                at,
            )
            feedback.append(
                {
                    "pattern_id": stats.pk,
                    "agent_id": agent.pk,
                    "outcome_id": row["id"],
                    "score": score,
                    "verdict": verdict,
                    "success": row["success"],
                    "occurred_at": at,
                }
            )
        stats.save()
    insert_new(PatternFeedback, feedback, ("pattern", "outcome_id"))  # one statement, never twice


def close_dispatches(rows: list[dict]) -> int:
    """Outcomes carrying an open dispatch's correlation id close it (success starts the cooldown)."""
    outcome_by_id = {r["correlation_id"]: r for r in rows if r.get("correlation_id")}
    if not outcome_by_id:
        return 0
    closed = 0
    open_dispatches = Dispatch.objects.select_for_update().filter(
        correlation_id__in=list(outcome_by_id), status__in=Dispatch.SENT
    )
    for dispatch in open_dispatches:
        row = outcome_by_id[dispatch.correlation_id]
        dispatch.status = Dispatch.Status.SUCCEEDED if row["success"] else Dispatch.Status.FAILED
        dispatch.closed_at = row["occurred_at"]  # when the agent reported the outcome
        dispatch.save(update_fields=["status", "closed_at"])
        if row["success"]:
            GoalState.objects.update_or_create(
                goal_id=dispatch.goal_id, defaults={"last_success_at": dispatch.closed_at}
            )
        closed += 1
    return closed


@on_stored("skill_outcome")
def on_skill_outcomes(*, agent, rows: list[dict]) -> None:
    by_skill: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        by_skill[row["skill"]].append(row)
    for skill, skill_rows in sorted(by_skill.items()):
        update_store(agent, skill, skill_rows)
    record_pattern_feedback(agent, rows)
    close_dispatches(rows)
