"""The planner's pure-module parameters, read from settings.KAIZEN at call time."""

from datetime import timedelta

from django.conf import settings

from planner.guards import GuardRules
from planner.patterns import MaturityRules
from planner.ranking import Weights
from planner.scoring import Thresholds


def selection_seed() -> int | None:
    """The seed of executor picks: None (a fresh random pick each time) unless configured."""
    value = settings.KAIZEN["SELECTION_SEED"]
    return int(value) if str(value).strip() else None


def ranking_weights() -> Weights:
    return Weights(
        success=settings.KAIZEN["RANKING_W_SUCCESS"],
        confidence=settings.KAIZEN["RANKING_W_CONFIDENCE"],
        latency=settings.KAIZEN["RANKING_W_LATENCY"],
        latency_norm_ms=settings.KAIZEN["RANKING_LATENCY_NORM_MS"],
        latency_clamp=settings.KAIZEN["RANKING_LATENCY_CLAMP"],
        warm_min_samples=settings.KAIZEN["RANKING_WARM_MIN_SAMPLES"],
    )


def maturity_rules() -> MaturityRules:
    return MaturityRules(
        half_life_days=settings.KAIZEN["DECAY_HALF_LIFE_DAYS"],
        established_min=settings.KAIZEN["PATTERN_ESTABLISHED_MIN"],
        proven_helpful=settings.KAIZEN["PATTERN_PROVEN_HELPFUL"],
        proven_max_harmful_ratio=settings.KAIZEN["PATTERN_PROVEN_MAX_HARMFUL_RATIO"],
        deprecated_harmful_ratio=settings.KAIZEN["PATTERN_DEPRECATED_HARMFUL_RATIO"],
        weight_floor=settings.KAIZEN["CRITERION_WEIGHT_FLOOR"],
        anti_min_observations=settings.KAIZEN["ANTI_PATTERN_MIN_OBSERVATIONS"],
        anti_failure_ratio=settings.KAIZEN["ANTI_PATTERN_FAILURE_RATIO"],
    )


def feedback_thresholds() -> Thresholds:
    return Thresholds(
        helpful_at=settings.KAIZEN["FEEDBACK_HELPFUL_AT"], harmful_at=settings.KAIZEN["FEEDBACK_HARMFUL_AT"]
    )


def guard_rules() -> GuardRules:
    return GuardRules(
        cooldown=timedelta(seconds=settings.KAIZEN["GOAL_COOLDOWN_SECONDS"]),
        loop_failures=settings.KAIZEN["LOOP_DETECT_FAILURES"],
        loop_window=timedelta(seconds=settings.KAIZEN["LOOP_DETECT_WINDOW_SECONDS"]),
        loop_pause=timedelta(seconds=settings.KAIZEN["LOOP_DETECT_PAUSE_SECONDS"]),
    )
