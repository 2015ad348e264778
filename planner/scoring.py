"""Implicit feedback scoring of outcomes, pure.

raw = 0.4·success + 0.2·duration + 0.2·errors + 0.2·retries
duration: < 5 min 1.0, 5–30 min 0.6, > 30 min 0.2; errors: 0 → 1.0, 1–2 → 0.6, ≥ 3 → 0.2;
retries: 0 → 1.0, 1 → 0.7, ≥ 2 → 0.3. raw ≥ 0.7 helpful, ≤ 0.4 harmful, otherwise neutral.
"""

from dataclasses import dataclass

from config.kaizen import default

FAST_MS = 5 * 60 * 1000
SLOW_MS = 30 * 60 * 1000


@dataclass(frozen=True)
class Thresholds:
    helpful_at: float = default("FEEDBACK_HELPFUL_AT")
    harmful_at: float = default("FEEDBACK_HARMFUL_AT")


def duration_signal(duration_ms: int) -> float:
    if duration_ms < FAST_MS:
        return 1.0
    if duration_ms <= SLOW_MS:
        return 0.6
    return 0.2


def error_signal(errors: int) -> float:
    if errors == 0:
        return 1.0
    return 0.6 if errors <= 2 else 0.2


def retry_signal(retries: int) -> float:
    if retries == 0:
        return 1.0
    return 0.7 if retries == 1 else 0.3


def implicit_score(*, success: bool, duration_ms: int, errors: int, retries: int) -> float:
    raw = (
        0.4 * (1.0 if success else 0.0)
        + 0.2 * duration_signal(duration_ms)
        + 0.2 * error_signal(errors)
        + 0.2 * retry_signal(retries)
    )
    return round(raw, 6)


def verdict(score: float, t: Thresholds = Thresholds()) -> str:
    if score >= t.helpful_at:
        return "helpful"
    if score <= t.harmful_at:
        return "harmful"
    return "neutral"
