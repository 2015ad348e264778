"""What the planner learns from each new skill_outcome (registered as an ingest hook in planner/wiring.py).

Runs in the worker over batches of new outcomes of every agent (telemetry/derived.py): update
each (agent, skill) cost/confidence store once per batch, score the outcomes and give each
pattern they name its feedback events, and close the dispatches whose correlation ids the
outcomes carry: each table is read once and written once per batch, whatever the number of
agents. A pattern's stats are shared by every agent of its template, so the batch only stores
the feedback; it is folded into the stats after the batch commits (`fold_waiting_feedback`,
answering telemetry's `batches_committed`: planner/wiring.py). An
outcome withdrawn after it was counted (telemetry/withdrawals.py) leaves its store again
(`forget_outcomes`); one whose cost changed after it was counted (spans of its run that came
after the root) changes it by the difference (`amend_outcomes`).
"""

from collections import defaultdict
from datetime import datetime

from django.conf import settings
from django.db import transaction

from config import clock
from planner import rules, scoring
from planner.models import Dispatch, GoalState, PatternFeedback, PatternStats, SkillStats
from planner.patterns import age_days, decay
from planner.patterns import maturity as maturity_of
from telemetry.hooks import handled
from telemetry.row_writes import rows_store, update_rows


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


STORE_FIELDS = [
    "window",
    "samples",
    "success_rate",
    "avg_confidence_on_success",
    "avg_wall_ms",
    "avg_cost_usd",
    "calibration_error",
    "total_samples",
    "total_cost_usd",
    "last_sample_at",
    "updated_at",
]


def _rows(model, keys: list[tuple], fields: tuple[str, str], *, lock: bool) -> dict[tuple, object]:
    """The rows of `model` for `keys` (values of `fields`), created where missing (INSERT … ON
    CONFLICT DO NOTHING), locked in id order with `lock`.

    A key holding None (a pattern of an agent without a template) is not covered by the unique
    constraint, so it is fetched or created on its own."""
    first, second = fields
    manager = model.objects.select_for_update() if lock else model.objects
    rows = {}
    for key in [k for k in keys if None in k]:
        rows[key], _ = manager.get_or_create(**dict(zip(fields, key, strict=True)))
    keys = [k for k in keys if None not in k]
    if not keys:
        return rows
    model.objects.bulk_create(
        [model(**dict(zip(fields, key, strict=True))) for key in keys], ignore_conflicts=True
    )
    wanted = set(keys)
    candidates = manager.filter(
        **{f"{first}__in": {k[0] for k in keys}, f"{second}__in": {k[1] for k in keys}}
    )
    for row in candidates.order_by("pk"):
        key = (getattr(row, first), getattr(row, second))
        if key in wanted:
            rows[key] = row
    return rows


def update_stores(rows: list[dict]) -> None:
    """Fold the outcomes into their (agent, skill) stores: one read and one write per batch."""
    limit = settings.KAIZEN["RANKING_WINDOW_SAMPLES"]
    by_key: dict[tuple, list[dict]] = defaultdict(list)
    for row in rows:
        by_key[(row["agent_id"], row["skill"])].append(row)
    stores = _rows(SkillStats, sorted(by_key), ("agent_id", "skill"), lock=True)  # the agent's own
    now = clock.now()
    for key, key_rows in by_key.items():
        stats = stores[key]
        samples = [
            [
                _ts(r["occurred_at"]),
                bool(r["success"]),
                r.get("confidence"),
                int(r["duration_ms"]),
                r.get("cost_usd"),
            ]
            for r in key_rows
        ]
        window = sorted(stats.window + samples, key=lambda s: s[0])[-limit:]
        for field, value in summarise(window).items():
            setattr(stats, field, value)
        stats.window = window
        stats.total_samples += len(key_rows)
        stats.total_cost_usd += sum(r.get("cost_usd") or 0 for r in key_rows)
        newest = max(r["occurred_at"] for r in key_rows)
        stats.last_sample_at = max(stats.last_sample_at, newest) if stats.last_sample_at else newest
        stats.updated_at = now
    update_rows(SkillStats, list(stores.values()), STORE_FIELDS)


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


PATTERN_FIELDS = [
    "uses",
    "failures",
    "helpful",
    "neutral",
    "harmful",
    *DECAYED_FIELDS,
    "decayed_at",
    "promoted_at",
    "deprecated_at",
    "last_validated_at",
    "state",
]


def record_pattern_feedback(agents: dict, rows: list[dict]) -> None:
    """Score each outcome and store it as feedback on every pattern it names (per template),
    waiting to be folded into the pattern's stats (`fold_waiting_feedback`, after the batch
    commits): the stats rows every agent of a template shares are never locked by a batch."""
    thresholds = rules.feedback_thresholds()
    by_pattern: dict[tuple, list[tuple[dict, float, str]]] = defaultdict(list)
    for row in rows:
        score = scoring.implicit_score(
            success=row["success"],
            duration_ms=row["duration_ms"],
            errors=row.get("error_count") or 0,
            retries=row.get("retry_count") or 0,
        )
        verdict = scoring.verdict(score, thresholds)
        template_id = agents[row["agent_id"]].template_id
        for name in dict.fromkeys(row.get("patterns") or []):
            by_pattern[(template_id, name.strip())].append((row, score, verdict))
    if not by_pattern:
        return
    all_stats = _rows(
        PatternStats, sorted(by_pattern, key=lambda k: (k[0] or 0, k[1])), ("template_id", "name"), lock=False
    )
    feedback = [
        {
            "pattern_id": all_stats[key].pk,
            "agent_id": row["agent_id"],
            "outcome_id": row["id"],
            "score": score,
            "verdict": verdict,
            "success": row["success"],
            "occurred_at": row["occurred_at"],
            "awaiting_fold": True,
        }
        for key, items in by_pattern.items()
        for row, score, verdict in items
    ]
    rows_store(PatternFeedback, feedback, ("pattern", "outcome_id"))  # never twice


def fold_waiting_feedback() -> int:
    """Fold the feedback waiting for it into its patterns' stats, oldest first, in one short
    transaction that locks those stats rows in id order; return how many were folded. Runs after
    each derived batch commits; what a killed worker left waiting is folded by the next pass, and
    a pass that finds the rows locked waits only for another's fold, not for its batch."""
    waiting = PatternFeedback.objects.filter(awaiting_fold=True)
    pattern_ids = list(waiting.order_by("pattern_id").values_list("pattern_id", flat=True).distinct())
    if not pattern_ids:
        return 0
    maturity = rules.maturity_rules()
    with transaction.atomic():
        locked = PatternStats.objects.select_for_update().filter(pk__any_of=pattern_ids).order_by("pk")
        all_stats = {stats.pk: stats for stats in locked}
        items = list(
            waiting.filter(pattern__in=list(all_stats))
            .order_by("occurred_at", "outcome_id")
            .values_list("id", "pattern_id", "occurred_at", "score", "verdict")
        )
        for _, pattern_id, occurred_at, score, verdict in items:
            fold(all_stats[pattern_id], occurred_at, score, verdict, maturity)
        update_rows(PatternStats, list(all_stats.values()), PATTERN_FIELDS)
        PatternFeedback.objects.filter(id__any_of=[item[0] for item in items]).update(awaiting_fold=False)
    return len(items)


def fold(stats: PatternStats, at: datetime, score: float, verdict: str, maturity) -> None:
    """One outcome's feedback into a pattern's counts and decayed sums (in memory)."""
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
        stats, maturity_of(stats.decayed_helpful, stats.decayed_harmful, maturity, stats.manual_state), at
    )


def close_dispatches(rows: list[dict]) -> int:
    """Outcomes carrying an open dispatch's correlation id close it (success starts the cooldown)."""
    outcome_by_id = {r["correlation_id"]: r for r in rows if r.get("correlation_id")}
    if not outcome_by_id:
        return 0
    closed = 0
    open_dispatches = Dispatch.objects.select_for_update().filter(
        correlation_id__any_of=list(outcome_by_id), status__in=Dispatch.SENT
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


def on_skill_outcomes(*, agents: dict, rows: list[dict]) -> None:
    update_stores(rows)
    record_pattern_feedback(agents, rows)
    close_dispatches(rows)


def _locked_stores(rows: list[dict]) -> dict[tuple, SkillStats]:
    """The (agent, skill) stores of `rows` that exist, locked in id order."""
    keys = {(row["agent_id"], row["skill"]) for row in rows}
    if not keys:
        return {}
    return {
        (stats.agent_id, stats.skill): stats
        for stats in SkillStats.objects.select_for_update()
        .filter(agent_id__in={k[0] for k in keys}, skill__in={k[1] for k in keys})
        .order_by("pk")
    }


def _sample_of(row: dict) -> list:
    """An outcome's sample in a store's window, without its cost: how it is found there again."""
    return [_ts(row["occurred_at"]), bool(row["success"]), row.get("confidence"), int(row["duration_ms"])]


def forget_outcomes(*, agents: dict, rows: list[dict]) -> None:
    """Outcomes withdrawn after their stores counted them (an OpenTelemetry run's calls, stored on
    their own until the run's root arrived and took them over) leave their stores: each one's
    sample leaves the window, and the totals lose it."""
    counted = [row for row in rows if handled(row, on_skill_outcomes)]
    stores = _locked_stores(counted)
    changed = {}
    for row in counted:
        stats = stores.get((row["agent_id"], row["skill"]))
        if stats is None:
            continue
        sample = _sample_of(row)
        cost = row.get("cost_usd")
        for index, kept in enumerate(stats.window):
            if list(kept[:4]) == sample:
                cost = kept[4]  # what was counted, whatever the row says since
                del stats.window[index]
                break
        for field, value in summarise(stats.window).items():
            setattr(stats, field, value)
        stats.total_samples = max(0, stats.total_samples - 1)
        stats.total_cost_usd = max(0.0, stats.total_cost_usd - (cost or 0))
        stats.updated_at = clock.now()
        changed[stats.pk] = stats
    update_rows(SkillStats, list(changed.values()), STORE_FIELDS)


def amend_outcomes(*, agents: dict, rows: list[dict]) -> None:
    """Outcomes whose cost changed after their stores counted them (an OpenTelemetry run's
    calls that arrived after its root, another service's part of the trace): each one's sample
    in the window takes the new cost, and the total moves by the difference from what was
    counted. Handed on once per change (telemetry.withdrawals.events_amend)."""
    counted = [row for row in rows if handled(row, on_skill_outcomes) and "cost_usd" in row["before"]]
    stores = _locked_stores(counted)
    changed = {}
    for row in counted:
        stats = stores.get((row["agent_id"], row["skill"]))
        if stats is None:
            continue
        sample, before, after = _sample_of(row), row["before"]["cost_usd"], row.get("cost_usd")
        found = [i for i, kept in enumerate(stats.window) if list(kept[:4]) == sample]
        exact = [i for i in found if stats.window[i][4] == before]
        counted_cost = before
        if exact or found:
            index = (exact or found)[0]
            counted_cost = stats.window[index][4]  # what was counted
            stats.window[index] = [*sample, after]
        for field, value in summarise(stats.window).items():
            setattr(stats, field, value)
        stats.total_cost_usd = max(0.0, stats.total_cost_usd + (after or 0) - (counted_cost or 0))
        stats.updated_at = clock.now()
        changed[stats.pk] = stats
    update_rows(SkillStats, list(changed.values()), STORE_FIELDS)
