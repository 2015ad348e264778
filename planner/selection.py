"""Health-weighted executor selection, pure and seedable.

weight = successRate × 1/(1 + costPerSuccessfulOutcome); an agent with no outcomes gets 1.0
so new agents still receive traffic. The pick is probabilistic in proportion to the weights;
when every weight is zero the best-ranked candidate is chosen.
"""

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Health:
    total_outcomes: int
    success_rate: float
    cost_per_successful_outcome: float


def health_weight(health: Health | None) -> float:
    if health is None or health.total_outcomes == 0:
        return 1.0
    return health.success_rate * (1.0 / (1.0 + health.cost_per_successful_outcome))


def choose(ranked_agents: list[str], weights: dict[str, float], rng: random.Random) -> str | None:
    """Pick an agent from `ranked_agents` (best first) with probability ∝ its weight."""
    if not ranked_agents:
        return None
    total = sum(weights[a] for a in ranked_agents)
    if total <= 0:
        return ranked_agents[0]
    point = rng.random() * total
    running = 0.0
    for agent in ranked_agents:
        running += weights[agent]
        if point < running:
            return agent
    return ranked_agents[-1]
