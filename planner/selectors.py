"""Reads of the planner: candidates, fleet health, patterns, store summaries."""

import random
from datetime import datetime

from config import clock
from fleet.models import AgentTemplate
from planner import rules, selection
from planner.models import DeclaredSkill, FleetSnapshot, PatternStats, SkillStats
from planner.patterns import (
    MULTIPLIERS,
    age_days,
    anti_pattern,
    criterion_weight,
    decay,
    maturity,
    pattern_score,
)
from planner.ranking import Candidate, Ranked, rank
from planner.selection import Health


def candidates(*, skill: str) -> list[Ranked]:
    """Active agents that declare `skill`, ranked warm or cold (two indexed queries)."""
    declared = list(
        DeclaredSkill.objects.filter(skill=skill, agent__is_active=True).values(
            "agent_id", "agent__name", "confidence", "blast_radius"
        )
    )
    stats = {
        s.agent_id: s
        for s in SkillStats.objects.filter(skill=skill, agent_id__in=[d["agent_id"] for d in declared]).defer(
            "window"
        )
    }
    rows = []
    for d in declared:
        s = stats.get(d["agent_id"])
        rows.append(
            Candidate(
                agent=d["agent__name"],
                declared_confidence=d["confidence"],
                samples=s.samples if s else 0,
                success_rate=s.success_rate if s else 0.0,
                avg_confidence_on_success=s.avg_confidence_on_success if s else 0.0,
                avg_wall_ms=s.avg_wall_ms if s else 0.0,
                blast_radius=d["blast_radius"],
            )
        )
    return rank(rows, rules.ranking_weights())


def latest_snapshot() -> FleetSnapshot | None:
    return FleetSnapshot.objects.order_by("-minute").first()


def snapshot_payload(snapshot: FleetSnapshot) -> dict:
    return {
        "generated_at": snapshot.generated_at,
        **{name: getattr(snapshot, name) for name in snapshot.FIGURES},
    }


def health_by_agent(snapshot: FleetSnapshot | None) -> dict[str, Health]:
    if snapshot is None:
        return {}
    return {
        a["agent"]: Health(a["total_outcomes"], a["success_rate"], a["cost_per_successful_outcome"])
        for a in snapshot.agents
    }


def pattern_view(p: PatternStats, now: datetime | None = None) -> dict:
    now = now or clock.now()
    r = rules.maturity_rules()
    age = age_days(p.decayed_at, now) if p.decayed_at else 0.0
    helpful = decay(p.decayed_helpful, age, r.half_life_days)
    harmful = decay(p.decayed_harmful, age, r.half_life_days)
    state = maturity(helpful, harmful, r, p.manual_state)
    weight = criterion_weight(
        decay(p.decayed_helpful_score, age, r.half_life_days),
        decay(p.decayed_harmful_score, age, r.half_life_days),
        r.weight_floor,
    )
    line = anti_pattern(p.name, p.failures, p.uses, r)
    return {
        "name": p.name,
        "template": p.template.slug if p.template_id else None,
        "state": state,
        "uses": p.uses,
        "failures": p.failures,
        "helpful": p.helpful,
        "neutral": p.neutral,
        "harmful": p.harmful,
        "decayed_helpful": round(helpful, 3),
        "decayed_harmful": round(harmful, 3),
        "weight": round(weight, 4),
        "multiplier": MULTIPLIERS[state],
        "score": round(pattern_score(weight, state), 4),
        "promoted_at": p.promoted_at,
        "deprecated_at": p.deprecated_at,
        "last_validated_at": p.last_validated_at,
        "anti_pattern": line is not None,
        "prompt_line": line or "",
    }


def patterns(
    *, template_id: int | None = None, all_templates: bool = False, now: datetime | None = None
) -> list[dict]:
    qs = PatternStats.objects.select_related("template").order_by("name")
    if not all_templates:
        qs = qs.filter(template_id=template_id)
    now = now or clock.now()
    return [pattern_view(p, now) for p in qs]


def template_id_for_slug(slug: str) -> int | None:
    return AgentTemplate.objects.filter(slug=slug).values_list("pk", flat=True).first()


def anti_patterns_for_template(template_id: int | None) -> list[dict]:
    """Each pattern to avoid as fields: {"pattern": its name, "line": the AVOID line served}."""
    return [
        {"pattern": p["name"], "line": p["prompt_line"]}
        for p in patterns(template_id=template_id)
        if p["anti_pattern"]
    ]


def proven_patterns_for_template(template_id: int | None) -> list[str]:
    """Proven patterns served in prompts, strongest first (weight × maturity multiplier)."""
    proven = [
        p for p in patterns(template_id=template_id) if p["state"] == "proven" and not p["anti_pattern"]
    ]
    return [p["name"] for p in sorted(proven, key=lambda p: (-p["score"], p["name"]))]


def skill_summary(*, agent_id: int, skill: str) -> dict:
    s = SkillStats.objects.filter(agent_id=agent_id, skill=skill).defer("window").first()
    if s is None:
        return {
            "samples": 0,
            "total_samples": 0,
            "success_rate": None,
            "avg_cost_usd": None,
            "avg_confidence_on_success": None,
            "calibration_error": None,
        }
    return {
        "samples": s.samples,
        "total_samples": s.total_samples,
        "success_rate": s.success_rate,
        "avg_cost_usd": s.avg_cost_usd,
        "total_cost_usd": s.total_cost_usd,
        "avg_wall_ms": s.avg_wall_ms,
        "avg_confidence_on_success": s.avg_confidence_on_success,
        "calibration_error": s.calibration_error,
    }


def executor_pick(*, skill: str, seed: int | None = None, ranked: list[Ranked] | None = None) -> dict:
    """Health-weighted random pick among the agents that declare `skill` (best-ranked first):
    weight = success rate × 1/(1 + cost per successful outcome), 1.0 without data. Every weight
    is returned with the pick, so a choice can be explained and replayed with its seed."""
    ranked = candidates(skill=skill) if ranked is None else ranked
    names = [r.candidate.agent for r in ranked]
    health = health_by_agent(latest_snapshot())
    weights = {n: round(selection.health_weight(health.get(n)), 6) for n in names}
    rng = random.Random(seed if seed is not None else rules.selection_seed())
    agent = selection.choose(names, weights, rng)
    return {"skill": skill, "agent": agent, "weights": weights}
