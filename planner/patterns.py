"""Decay, criterion weight, pattern maturity and anti-pattern inversion, pure."""

import math
from dataclasses import dataclass
from datetime import datetime

from config.kaizen import default

MULTIPLIERS = {"candidate": 0.5, "established": 1.0, "proven": 1.5, "deprecated": 0.0}


@dataclass(frozen=True)
class MaturityRules:
    half_life_days: float = default("DECAY_HALF_LIFE_DAYS")
    established_min: float = default("PATTERN_ESTABLISHED_MIN")
    proven_helpful: float = default("PATTERN_PROVEN_HELPFUL")
    proven_max_harmful_ratio: float = default("PATTERN_PROVEN_MAX_HARMFUL_RATIO")
    deprecated_harmful_ratio: float = default("PATTERN_DEPRECATED_HARMFUL_RATIO")
    weight_floor: float = default("CRITERION_WEIGHT_FLOOR")
    anti_min_observations: int = default("ANTI_PATTERN_MIN_OBSERVATIONS")
    anti_failure_ratio: float = default("ANTI_PATTERN_FAILURE_RATIO")


def age_days(since: datetime, until: datetime) -> float:
    """The exact age in (fractional) days from `since` to `until`; 0 when `until` is earlier."""
    return max(0.0, (until - since).total_seconds() / 86400)


def decay(value: float, age_days: float, half_life_days: float = 90.0) -> float:
    """value · 0.5^(age_days / half_life): 100% today, 50% at 90 days, 25% at 180."""
    return value * 0.5 ** (max(age_days, 0.0) / half_life_days)


def criterion_weight(helpful: float, harmful: float, floor: float = 0.1) -> float:
    """max(floor, Σ helpful raw·decay / Σ (helpful + harmful) raw·decay); 1.0 without feedback."""
    total = helpful + harmful
    if total <= 0:
        return 1.0
    return max(floor, helpful / total)


COUNT_TOLERANCE = 0.05  # of one outcome: what a day's decay takes from a handful of them


def reaches(decayed_count: float, threshold: float) -> bool:
    """Whether a decayed count reaches a count threshold: three outcomes of the last hours weigh
    2.9999, and count as three."""
    return decayed_count >= threshold - COUNT_TOLERANCE


RATIO_ROUNDING = 1e-9  # relative: what floating point leaves of a quotient decay did not move


def harmful_share(part: float, total: float) -> float:
    """`part` as a share of `total`; 0 without any total."""
    return part / total if total > 0 else 0.0


def on_line(share: float, ratio: float) -> bool:
    """Whether a share is on its line: equal to it but for floating-point rounding. Decaying both
    sums by one factor leaves their quotient where it was, so 3 harmful outcomes of 10 are on a
    0.3 line on every read, whatever their age."""
    return math.isclose(share, ratio, rel_tol=RATIO_ROUNDING, abs_tol=RATIO_ROUNDING)


def above_share(part: float, total: float, ratio: float) -> bool:
    """Whether `part` is more than `ratio` of `total` (a share on the line is not above it)."""
    share = harmful_share(part, total)
    return share > ratio and not on_line(share, ratio)


def below_share(part: float, total: float, ratio: float) -> bool:
    """Whether `part` is less than `ratio` of `total` (a share on the line is not below it)."""
    share = harmful_share(part, total)
    return share < ratio and not on_line(share, ratio)


def maturity(decayed_helpful: float, decayed_harmful: float, rules: MaturityRules, manual: str = "") -> str:
    """candidate | established | proven | deprecated, from decayed counts (manual wins). A
    harmful share is compared with its line as a share, whatever the size of the counts."""
    if manual in ("deprecated", "proven"):
        return manual
    total = decayed_helpful + decayed_harmful
    if reaches(total, rules.established_min) and above_share(
        decayed_harmful, total, rules.deprecated_harmful_ratio
    ):
        return "deprecated"
    if reaches(decayed_helpful, rules.proven_helpful) and below_share(
        decayed_harmful, total, rules.proven_max_harmful_ratio
    ):
        return "proven"
    if reaches(total, rules.established_min):
        return "established"
    return "candidate"


def pattern_score(weight: float, state: str) -> float:
    """What a pattern weighs when patterns are ordered: its weight times its maturity multiplier
    (a proven pattern counts 1.5×, a candidate 0.5×, a deprecated one not at all)."""
    return weight * MULTIPLIERS[state]


def can_promote(state: str) -> bool:
    """A deprecated pattern cannot be promoted without a reset."""
    return state != "deprecated"


def anti_pattern(name: str, failures: int, uses: int, rules: MaturityRules) -> str | None:
    """'AVOID: <pattern>. Failed f/t times (r% failure rate)' once the pattern keeps failing."""
    if uses < rules.anti_min_observations or failures / uses < rules.anti_failure_ratio:
        return None
    return f"AVOID: {name}. Failed {failures}/{uses} times ({round(100 * failures / uses)}% failure rate)"
