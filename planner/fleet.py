"""Fleet health over a rolling window, computed in SQL.

Per agent: successRate, p50/p95 latency, costPerSuccessfulOutcome, totalCostUsd,
failureRate1h, recentFailures (last N with correlation ids and reasons), totalOutcomes.
Fleet: maxFailureRate1h, totalCostUsd1d, orphanedSkillCount. Every statistic is an aggregate
over the indexed time window; percentiles use PERCENTILE_CONT on PostgreSQL and two indexed
OFFSET reads per agent on SQLite.
"""

import math
from datetime import datetime, timedelta

from django.db import connection
from django.db.models import Aggregate, Count, F, FloatField, Q, Sum
from django.db.models.expressions import Window
from django.db.models.functions import Coalesce, RowNumber

from fleet.models import Agent
from telemetry.models import SkillOutcome


class PercentileCont(Aggregate):
    function = "PERCENTILE_CONT"
    template = "%(function)s(%(percentile)s) WITHIN GROUP (ORDER BY %(expressions)s)"
    output_field = FloatField()

    def __init__(self, expression, percentile: float, **extra):
        super().__init__(expression, percentile=percentile, **extra)


def _offset_percentile(qs, q: float, n: int) -> float | None:
    """PERCENTILE_CONT semantics with two ordered OFFSET reads (for SQLite)."""
    if n == 0:
        return None
    pos = q * (n - 1)
    lo, hi = math.floor(pos), math.ceil(pos)
    values = list(qs.order_by("duration_ms").values_list("duration_ms", flat=True)[lo : hi + 1])
    if len(values) == 1:
        return float(values[0])
    return values[0] + (values[1] - values[0]) * (pos - lo)


SYSTEM_KINDS = (Agent.Kind.TEMPLATE_IMPROVER, Agent.Kind.META_IMPROVER)


def window_counts(now: datetime, window_hours: int) -> list[dict]:
    """Every outcome of the window counted per (agent, skill, autonomous) in one scan of the time
    index, with no join: totals, successes, cost, and the last hour's totals and failures. The
    fleet health and the action-quality analysis both read their counts from it."""
    start, hour_ago = now - timedelta(hours=window_hours), now - timedelta(hours=1)
    return list(
        SkillOutcome.objects.filter(occurred_at__gt=start, occurred_at__lte=now)
        .values("agent_id", "skill", "autonomous")
        .annotate(
            total=Count("id"),
            successes=Count("id", filter=Q(success=True)),
            cost=Coalesce(Sum("cost_usd"), 0.0, output_field=FloatField()),
            total_1h=Count("id", filter=Q(occurred_at__gt=hour_ago)),
            failures_1h=Count("id", filter=Q(occurred_at__gt=hour_ago, success=False)),
        )
        .order_by()
    )


def compute(
    now: datetime, window_hours: int, recent_failures: int, scope: str = "autonomous", counts=None
) -> dict:
    """Fleet health of the window. With scope `autonomous`, only outcomes the agents produced on
    their own count, and system actors (the improvers) are reported apart in `system_actors`;
    with `all`, every outcome counts. `all_outcomes` always counts everything in the window.
    `counts`: the window's `window_counts`, when the caller has them already."""
    start = now - timedelta(hours=window_hours)
    everything = SkillOutcome.objects.filter(occurred_at__gt=start, occurred_at__lte=now)
    counts = window_counts(now, window_hours) if counts is None else counts
    if scope == "all":
        data = _health(everything, counts, now, recent_failures)
        data["system_actors"] = []
    else:
        system_ids = set(Agent.objects.filter(kind__in=SYSTEM_KINDS).values_list("pk", flat=True))
        own = [c for c in counts if c["autonomous"] and c["agent_id"] not in system_ids]
        data = _health(
            everything.filter(autonomous=True).exclude(agent_id__in=system_ids), own, now, recent_failures
        )
        system = [c for c in counts if c["agent_id"] in system_ids]
        data["system_actors"] = _health(
            everything.filter(agent_id__in=system_ids), system, now, recent_failures
        )["agents"]
    data.update(window_hours=window_hours, scope=scope, all_outcomes=sum(c["total"] for c in counts))
    return data


def _health(window, counts: list[dict], now: datetime, recent_failures: int) -> dict:
    """Health of the outcomes of `window`, whose counts per (agent, skill) are `counts`."""
    postgres = connection.vendor == "postgresql"
    per_agent, by_skill = _per_agent(counts)
    names = dict(Agent.objects.filter(pk__in=list(per_agent)).values_list("pk", "name"))
    if postgres:
        _add_sorted_percentiles(window, per_agent)
    recent = _recent_failures(window, recent_failures)
    orphaned = sorted(skill for skill, successes in by_skill.items() if successes == 0)
    agents = []
    for agent_id, row in sorted(per_agent.items(), key=lambda item: names.get(item[0], "")):
        if not postgres:
            agent_rows = window.filter(agent_id=agent_id)
            row["p50"] = _offset_percentile(agent_rows, 0.5, row["total"])
            row["p95"] = _offset_percentile(agent_rows, 0.95, row["total"])
        agents.append(_agent_health(agent_id, names.get(agent_id, ""), row, recent.get(agent_id, [])))
    total = sum(a["total_outcomes"] for a in agents)
    fleet_p95 = (
        window.aggregate(p=PercentileCont("duration_ms", 0.95))["p"]
        if postgres
        else _offset_percentile(window, 0.95, total)
    )
    return {
        "generated_at": now,
        "max_failure_rate_1h": max((a["failure_rate_1h"] for a in agents), default=0.0),
        "total_cost_usd_1d": round(sum(a["total_cost_usd"] for a in agents), 6),
        "orphaned_skill_count": len(orphaned),
        "orphaned_skills": orphaned,
        "fleet_success_rate": (
            round(sum(r["successes"] for r in per_agent.values()) / total, 4) if total else None
        ),
        "fleet_p95_latency_ms": fleet_p95,
        "total_outcomes": total,
        "agents": agents,
    }


def _per_agent(counts: list[dict]) -> tuple[dict[int, dict], dict[str, int]]:
    """The window's counts summed per agent (totals, successes, cost, the last hour's totals and
    failures), and the successes of each skill (a skill with none is orphaned)."""
    per_agent: dict[int, dict] = {}
    by_skill: dict[str, int] = {}
    for c in counts:
        row = per_agent.setdefault(
            c["agent_id"], {"total": 0, "successes": 0, "cost": 0.0, "total_1h": 0, "failures_1h": 0}
        )
        for field in row:
            row[field] += c[field]
        by_skill[c["skill"]] = by_skill.get(c["skill"], 0) + c["successes"]
    return per_agent, by_skill


def _add_sorted_percentiles(window, per_agent: dict[int, dict]) -> None:
    """Each agent's median and 95th percentile latency on PostgreSQL: one sort per agent of its
    window, in one query."""
    latency = window.values("agent_id").annotate(
        p50=PercentileCont("duration_ms", 0.5), p95=PercentileCont("duration_ms", 0.95)
    )
    for row in latency.order_by():
        if row["agent_id"] in per_agent:  # not an agent whose first outcome came since the counts
            per_agent[row["agent_id"]].update(p50=row["p50"], p95=row["p95"])


def _recent_failures(window, limit: int) -> dict[int, list[dict]]:
    """Agent id → its last `limit` failures of the window, newest first (one query: the rows
    numbered per agent)."""
    failures = (
        window.filter(success=False)
        .annotate(
            rn=Window(
                RowNumber(),
                partition_by=[F("agent_id")],
                order_by=[F("occurred_at").desc(), F("id").desc()],
            )
        )
        .filter(rn__lte=limit)
        .values("agent_id", "correlation_id", "failure_reason", "skill", "occurred_at")
    )
    recent: dict[int, list[dict]] = {}
    for row in sorted(failures, key=lambda r: r["occurred_at"], reverse=True):
        recent.setdefault(row["agent_id"], []).append(
            {
                "correlation_id": row["correlation_id"],
                "reason": row["failure_reason"],
                "skill": row["skill"],
                "at": row["occurred_at"].isoformat(),
            }
        )
    return recent


def _agent_health(agent_id: int, name: str, row: dict, recent: list[dict]) -> dict:
    """One agent's figures from its summed counts and percentiles."""
    successes = row["successes"]
    return {
        "agent": name,
        "agent_id": agent_id,
        "success_rate": round(successes / row["total"], 4),
        "p50_latency_ms": round(row.get("p50") or 0, 1),
        "p95_latency_ms": round(row.get("p95") or 0, 1),
        "cost_per_successful_outcome": round(row["cost"] / successes, 6) if successes else 0.0,
        "total_cost_usd": round(row["cost"], 6),
        "failure_rate_1h": round(row["failures_1h"] / row["total_1h"], 4) if row["total_1h"] else 0.0,
        "recent_failures": recent,
        "total_outcomes": row["total"],
    }
