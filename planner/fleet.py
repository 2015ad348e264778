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


def compute(now: datetime, window_hours: int, recent_failures: int, scope: str = "autonomous") -> dict:
    """Fleet health of the window. With scope `autonomous`, only outcomes the agents produced on
    their own count, and system actors (the improvers) are reported apart in `system_actors`;
    with `all`, every outcome counts. `all_outcomes` always counts everything in the window."""
    start = now - timedelta(hours=window_hours)
    everything = SkillOutcome.objects.filter(occurred_at__gt=start, occurred_at__lte=now)
    if scope == "all":
        data = _health(everything, now, recent_failures)
        data["system_actors"] = []
    else:
        system = everything.filter(agent__kind__in=SYSTEM_KINDS)
        data = _health(
            everything.filter(autonomous=True).exclude(agent__kind__in=SYSTEM_KINDS), now, recent_failures
        )
        data["system_actors"] = _health(system, now, recent_failures)["agents"]
    data.update(window_hours=window_hours, scope=scope, all_outcomes=everything.count())
    return data


def _health(window, now: datetime, recent_failures: int) -> dict:
    hour_ago = now - timedelta(hours=1)
    postgres = connection.vendor == "postgresql"
    aggregates = {
        "total": Count("id"),
        "successes": Count("id", filter=Q(success=True)),
        "cost": Coalesce(Sum("cost_usd"), 0.0, output_field=FloatField()),
        "total_1h": Count("id", filter=Q(occurred_at__gt=hour_ago)),
        "failures_1h": Count("id", filter=Q(occurred_at__gt=hour_ago, success=False)),
    }
    if postgres:
        aggregates["p50"] = PercentileCont("duration_ms", 0.5)
        aggregates["p95"] = PercentileCont("duration_ms", 0.95)
    per_agent = list(window.values("agent_id", "agent__name").annotate(**aggregates).order_by("agent__name"))

    failures = (
        window.filter(success=False)
        .annotate(
            rn=Window(
                RowNumber(),
                partition_by=[F("agent_id")],
                order_by=[F("occurred_at").desc(), F("id").desc()],
            )
        )
        .filter(rn__lte=recent_failures)
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

    orphaned = sorted(
        window.values("skill")
        .annotate(ok=Count("id", filter=Q(success=True)))
        .filter(ok=0)
        .values_list("skill", flat=True)
    )

    agents = []
    for row in per_agent:
        if not postgres:
            agent_rows = window.filter(agent_id=row["agent_id"])
            row["p50"] = _offset_percentile(agent_rows, 0.5, row["total"])
            row["p95"] = _offset_percentile(agent_rows, 0.95, row["total"])
        successes = row["successes"]
        agents.append(
            {
                "agent": row["agent__name"],
                "agent_id": row["agent_id"],
                "success_rate": round(successes / row["total"], 4),
                "p50_latency_ms": round(row["p50"] or 0, 1),
                "p95_latency_ms": round(row["p95"] or 0, 1),
                "cost_per_successful_outcome": round(row["cost"] / successes, 6) if successes else 0.0,
                "total_cost_usd": round(row["cost"], 6),
                "failure_rate_1h": round(row["failures_1h"] / row["total_1h"], 4) if row["total_1h"] else 0.0,
                "recent_failures": recent.get(row["agent_id"], []),
                "total_outcomes": row["total"],
            }
        )

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
        "fleet_success_rate": (round(sum(r["successes"] for r in per_agent) / total, 4) if total else None),
        "fleet_p95_latency_ms": fleet_p95,
        "total_outcomes": total,
        "agents": agents,
    }
