"""The planner's pure-module parameters, read from settings.KAIZEN at call time."""

from datetime import timedelta

from django.conf import settings

from planner.guards import GuardRules
from planner.patterns import MaturityRules
from planner.ranking import Weights
from planner.scoring import Thresholds


def k(name: str):
    return settings.KAIZEN[name]


def selection_seed() -> int | None:
    """The seed of executor picks: None (a fresh random pick each time) unless configured."""
    value = k("SELECTION_SEED")
    return int(value) if str(value).strip() else None


def ranking_weights() -> Weights:
    return Weights(
        success=k("RANKING_W_SUCCESS"),
        confidence=k("RANKING_W_CONFIDENCE"),
        latency=k("RANKING_W_LATENCY"),
        latency_norm_ms=k("RANKING_LATENCY_NORM_MS"),
        latency_clamp=k("RANKING_LATENCY_CLAMP"),
        warm_min_samples=k("RANKING_WARM_MIN_SAMPLES"),
    )


def maturity_rules() -> MaturityRules:
    return MaturityRules(
        half_life_days=k("DECAY_HALF_LIFE_DAYS"),
        established_min=k("PATTERN_ESTABLISHED_MIN"),
        proven_helpful=k("PATTERN_PROVEN_HELPFUL"),
        proven_max_harmful_ratio=k("PATTERN_PROVEN_MAX_HARMFUL_RATIO"),
        deprecated_harmful_ratio=k("PATTERN_DEPRECATED_HARMFUL_RATIO"),
        weight_floor=k("CRITERION_WEIGHT_FLOOR"),
        anti_min_observations=k("ANTI_PATTERN_MIN_OBSERVATIONS"),
        anti_failure_ratio=k("ANTI_PATTERN_FAILURE_RATIO"),
    )


def feedback_thresholds() -> Thresholds:
    return Thresholds(helpful_at=k("FEEDBACK_HELPFUL_AT"), harmful_at=k("FEEDBACK_HARMFUL_AT"))


def guard_rules() -> GuardRules:
    return GuardRules(
        cooldown=timedelta(seconds=k("GOAL_COOLDOWN_SECONDS")),
        loop_failures=k("LOOP_DETECT_FAILURES"),
        loop_window=timedelta(seconds=k("LOOP_DETECT_WINDOW_SECONDS")),
        loop_pause=timedelta(seconds=k("LOOP_DETECT_PAUSE_SECONDS")),
    )
