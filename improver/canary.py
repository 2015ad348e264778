"""The canary's sequential test, pure: may a candidate version replace the champion?

Method: the mixture sequential probability ratio test (mSPRT) of Johari, Koomen, Pekelis and
Walsh, "Peeking at A/B Tests" (KDD 2017; "Always Valid Inference", Operations Research 2022),
with a normal mixing distribution N(0, τ²) over the difference θ = p_candidate − p_champion of two
failure rates, under the normal approximation θ̂ ~ N(θ, V). Inverting the test gives an
always-valid confidence sequence

    θ̂ ± sqrt( 2·V·(V + τ²)/τ² · ( log(1/α) + ½·log((V + τ²)/V) ) )

which may be looked at after every session without inflating the error rate: the chance that it
ever excludes the true θ is at most α. The canary is rolled back as soon as the whole interval of
any metric lies above 0 (worse, with confidence 1 − α); promoted once both arms have the minimum
number of sessions and the whole interval of the session failure rate lies under the margin (not
worse by more than the margin); handed to a human when neither happens within the maximum duration.
"""

import math
from dataclasses import dataclass
from datetime import timedelta

METRICS = ("session_failure", "skill_failure")  # share of sessions with a failure; failed outcomes
PRIMARY = "session_failure"


@dataclass(frozen=True)
class Arm:
    n: int
    failures: int

    @property
    def rate(self) -> float | None:
        return self.failures / self.n if self.n else None


@dataclass(frozen=True)
class CanaryRules:
    min_sessions: int = 30  # per arm, before a promotion
    min_to_roll_back: int = 10  # per arm, before the normal approximation is trusted at all
    margin: float = 0.05  # a candidate this much worse (absolute failure rate) still promotes
    alpha: float = 0.05
    tau: float = 0.1  # the mixing standard deviation: the size of effect the test is tuned for
    max_age: timedelta = timedelta(days=14)


@dataclass(frozen=True)
class Interval:
    diff: float  # candidate failure rate − champion failure rate
    low: float
    high: float


def interval(candidate: Arm, champion: Arm, alpha: float, tau: float) -> Interval:
    """The always-valid (1 − α) confidence sequence for the difference of failure rates."""
    diff = candidate.failures / candidate.n - champion.failures / champion.n
    # variance with one pseudo-failure and one pseudo-success per arm, so 0/n and n/n stay usable
    var = sum(
        p * (1 - p) / arm.n for arm in (candidate, champion) for p in [(arm.failures + 1) / (arm.n + 2)]
    )
    t2 = tau * tau
    radius = math.sqrt(2 * var * (var + t2) / t2 * (math.log(1 / alpha) + 0.5 * math.log((var + t2) / var)))
    return Interval(round(diff, 6), round(max(-1.0, diff - radius), 6), round(min(1.0, diff + radius), 6))


@dataclass(frozen=True)
class Verdict:
    action: str  # continue | promote | roll_back | hand_over
    reason: str
    intervals: dict[str, Interval]


def decide(arms: dict[str, tuple[Arm, Arm]], age: timedelta, rules: CanaryRules) -> Verdict:
    """`arms` maps a metric to (candidate, champion) counts since the rollout started."""
    intervals = {
        metric: interval(cand, champ, rules.alpha, rules.tau)
        for metric, (cand, champ) in arms.items()
        if min(cand.n, champ.n) >= rules.min_to_roll_back
    }
    for metric, ci in intervals.items():
        if ci.low > 0:
            return Verdict(
                "roll_back",
                f"{metric} is worse: +{ci.diff:.1%} (interval {ci.low:+.1%} … {ci.high:+.1%}, "
                f"α = {rules.alpha})",
                intervals,
            )
    # Promotion is judged on the primary metric (sessions); the others only guard against harm.
    sessions = arms.get(PRIMARY)
    enough = sessions is not None and min(sessions[0].n, sessions[1].n) >= rules.min_sessions
    if enough and intervals[PRIMARY].high < rules.margin:
        return Verdict(
            "promote",
            f"not worse than the {rules.margin:.0%} margin (upper bound {intervals[PRIMARY].high:+.1%}) "
            f"after {min(sessions[0].n, sessions[1].n)} sessions per arm",
            intervals,
        )
    if age > rules.max_age:
        return Verdict("hand_over", f"no decision after {age.days} days: a human decides", intervals)
    return Verdict("continue", "collecting evidence", intervals)


def adaptive_share(*, floor: float, min_sessions: int, sessions_per_day: float, decide_days: float) -> float:
    """The canary share that gives the candidate's arm `min_sessions` sessions within
    `decide_days` at the template's traffic: never under `floor` (the configured share), never
    over one half (beyond it the champion's arm becomes the slow one). A quiet or unknown fleet
    gets one half, which reaches a decision soonest."""
    if floor <= 0:
        return 0.0  # canaries are off: everyone at once
    if sessions_per_day <= 0:
        return 0.5
    needed = min_sessions / (sessions_per_day * decide_days)
    return round(min(0.5, max(floor, needed)), 3)
