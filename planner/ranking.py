"""Candidate ranking, pure.

warm (>= min samples): 2.0·successRate + 0.5·avgConfidenceOnSuccess − 0.3·clamp(avgWallMs/60000, 0, 2)
cold: the agent card's declared confidence. Observed data dominates priors once warm; ties
break on the smaller blast radius, then declared confidence (descending), then the agent name,
so identical inputs always give the same order.
"""

from dataclasses import dataclass

from config.kaizen import default
from planner.hitl import blast_rank


@dataclass(frozen=True)
class Weights:
    success: float = default("RANKING_W_SUCCESS")
    confidence: float = default("RANKING_W_CONFIDENCE")
    latency: float = default("RANKING_W_LATENCY")
    latency_norm_ms: float = default("RANKING_LATENCY_NORM_MS")
    latency_clamp: float = default("RANKING_LATENCY_CLAMP")
    warm_min_samples: int = default("RANKING_WARM_MIN_SAMPLES")


@dataclass(frozen=True)
class Candidate:
    agent: str
    declared_confidence: float
    samples: int = 0
    success_rate: float = 0.0
    avg_confidence_on_success: float = 0.0
    avg_wall_ms: float = 0.0
    blast_radius: str = "low"


@dataclass(frozen=True)
class Ranked:
    candidate: Candidate
    score: float
    regime: str  # "warm" | "cold"
    terms: dict


def clamp(value: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, value))


def score(c: Candidate, w: Weights) -> Ranked:
    if c.samples >= w.warm_min_samples:
        terms = {
            "success": w.success * c.success_rate,
            "confidence": w.confidence * c.avg_confidence_on_success,
            "latency_penalty": -w.latency * clamp(c.avg_wall_ms / w.latency_norm_ms, 0, w.latency_clamp),
        }
        return Ranked(c, round(sum(terms.values()), 6), "warm", {k: round(v, 6) for k, v in terms.items()})
    return Ranked(c, c.declared_confidence, "cold", {"declared_confidence": c.declared_confidence})


def rank(candidates: list[Candidate], w: Weights) -> list[Ranked]:
    scored = [score(c, w) for c in candidates]
    return sorted(
        scored,
        key=lambda r: (
            -r.score,
            blast_rank(r.candidate.blast_radius),
            -r.candidate.declared_confidence,
            r.candidate.agent,
        ),
    )
