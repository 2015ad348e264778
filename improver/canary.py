"""The canary's decision rule, pure: may a candidate version replace the champion?

Each metric is the share of sessions showing one failure signal (a failing tool call, a failed
skill outcome, negative feedback of a category, a correction, a rejected decision, a reflected
failure, an escalation, or any of them). Each metric has a role:

- a **target**: a signal the change's lines are meant to lower. It must become *significantly
  better* (superiority: the interval of candidate − champion lies wholly below 0);
- a **guardrail**: every other signal. Each must be shown *not worse than its margin*
  (non-inferiority: the interval's upper bound lies below `margin`, 8 points by default).

The rule is the risk-aware decision rule of Schultzberg, Ankargren and Frånberg, "Risk-aware
product decisions in A/B tests with multiple metrics" (2024), as Spotify's Confidence applies it:

- **promote** when at least one target is significantly better (Bonferroni over the targets, since
  any one of them suffices) and every guardrail is significantly non-inferior (no correction over
  the guardrails: all of them must pass, an intersection–union test whose error rate is each
  test's own; the price is power, which is why the sessions a decision needs grow with their
  number). A change that only removes lines has nothing to improve: it is promoted when every
  metric, targets included, is non-inferior;
- **roll back** as soon as any metric is significantly worse (a deterioration test on every
  metric, Bonferroni over them all), at any look;
- **hand over** to a human with what is missing when neither happens within `max_age`, or as soon
  as a fixed look shows that no decision can come by then: no target shows a gain to confirm, or
  the sessions a decision needs will not arrive at the fleet's pace.

Intervals come from the mixture sequential probability ratio test (mSPRT) of Johari, Koomen,
Pekelis and Walsh, "Peeking at A/B Tests" (KDD 2017; "Always Valid Inference", Operations
Research 2022), with a normal mixing distribution N(0, τ²) over the difference θ of two rates,
under the normal approximation θ̂ ~ N(θ, V): the always-valid confidence sequence

    θ̂ ± sqrt( 2·V·(V + τ²)/τ² · ( log(1/α) + ½·log((V + τ²)/V) ) )

may be looked at after every session without inflating the error rate. It is wide on small
fleets, so half of α goes to it and half to two fixed-horizon looks (one-sided z-intervals, α/4
each: a Bonferroni split, valid whatever the looks' correlation), each taken once: at the first
check after `decide_after` and at the first after `max_age`, with the minimum sessions in both
arms. `bench/canary_rule.py` measures the error rates by Monte Carlo.

How many agents the canary takes (`adaptive_share`) follows from the same test: enough that each
arm gathers, within `decide_after`, the sessions a guardrail's non-inferiority test needs for 80%
power at its margin (`decision_sessions`), up to one half of the fleet.
"""

import math
from dataclasses import dataclass
from datetime import timedelta
from statistics import NormalDist

OVERALL = "any_failure"  # sessions with any failure signal (improver.signals.ANY)


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
    margin: float = 0.08  # a guardrail must be shown no more than this much worse (absolute rate)
    alpha: float = 0.05
    tau: float = 0.1  # the mixing standard deviation: the size of effect the test is tuned for
    max_age: timedelta = timedelta(days=14)
    decide_after: timedelta = timedelta(days=7)  # the first fixed-horizon look (the second: max_age)


@dataclass(frozen=True)
class Interval:
    diff: float  # candidate rate − champion rate
    low: float
    high: float


def _variance(candidate: Arm, champion: Arm) -> float:
    # one pseudo-failure and one pseudo-success per arm, so 0/n and n/n stay usable
    return sum(
        p * (1 - p) / arm.n for arm in (candidate, champion) for p in [(arm.failures + 1) / (arm.n + 2)]
    )


def _interval(candidate: Arm, champion: Arm, radius: float) -> Interval:
    diff = candidate.failures / candidate.n - champion.failures / champion.n
    return Interval(round(diff, 6), round(max(-1.0, diff - radius), 6), round(min(1.0, diff + radius), 6))


def interval(candidate: Arm, champion: Arm, alpha: float, tau: float) -> Interval:
    """The always-valid (1 − α) confidence sequence for the difference of rates."""
    var, t2 = _variance(candidate, champion), tau * tau
    radius = math.sqrt(2 * var * (var + t2) / t2 * (math.log(1 / alpha) + 0.5 * math.log((var + t2) / var)))
    return _interval(candidate, champion, radius)


def fixed_interval(candidate: Arm, champion: Arm, alpha: float) -> Interval:
    """The fixed-horizon interval: each bound holds with 1 − α (one-sided), valid for one look."""
    return _interval(
        candidate, champion, NormalDist().inv_cdf(1 - alpha) * math.sqrt(_variance(candidate, champion))
    )


@dataclass(frozen=True)
class Verdict:
    action: str  # continue | promote | roll_back | hand_over
    reason: str
    intervals: dict[str, Interval]
    look: str = "sequential"  # or "final": the one fixed-horizon look
    needed: int | None = None  # about how many more sessions per arm a decision needs
    roles: dict[str, str] | None = None  # metric → "target" | "guardrail"


def decide(
    arms: dict[str, tuple[Arm, Arm]],
    age: timedelta,
    rules: CanaryRules,
    *,
    targets: tuple[str, ...] | None = None,
    finals_taken: int = 0,
    improve: bool = True,
) -> Verdict:
    """`arms` maps a metric to (candidate, champion) sessions since the rollout started, and those
    showing the signal; `targets` are the metrics the change should lower (default: the first),
    every other metric is a guardrail. A change that only removes lines (`improve=False`) must be
    non-inferior on every metric. `Verdict.intervals` holds each metric's decision interval (a
    target's superiority interval, a guardrail's non-inferiority interval) and `roles` its role."""
    targets = tuple(t for t in (targets or ()) if t in arms) or tuple(arms)[:1]
    roles = {m: ("target" if m in targets else "guardrail") for m in arms}
    fewest = min((min(c.n, b.n) for c, b in arms.values()), default=0)
    if fewest < rules.min_to_roll_back:
        if age >= rules.max_age:
            return Verdict(
                "hand_over",
                f"no decision after {age.days} days: too few sessions ({fewest} per arm); a human decides",
                {},
                roles=roles,
            )
        return Verdict("continue", "collecting evidence", {}, roles=roles)
    due = (age >= rules.decide_after) + (age >= rules.max_age)  # fixed looks due by now
    final = finals_taken < due and fewest >= rules.min_sessions
    look = "final" if final else "sequential"
    share = 2 if final else 1  # a fixed look spends α/4 (half of α over two looks), the mSPRT α/2
    harm_alpha = rules.alpha / 2 / share / len(arms)  # deterioration: any metric, Bonferroni over all
    gain_alpha = rules.alpha / 2 / share / len(targets)  # superiority: any target suffices
    guard_alpha = rules.alpha / 2 / share  # non-inferiority: every guardrail must pass, no correction

    def bounds(metric: str, alpha: float) -> Interval:
        cand, champ = arms[metric]
        return fixed_interval(cand, champ, alpha) if final else interval(cand, champ, alpha, rules.tau)

    for metric in arms:
        ci = bounds(metric, harm_alpha)
        if ci.low > 0:
            return Verdict(
                "roll_back",
                f"{metric} ({roles[metric]}) is significantly worse: {ci.diff:+.1%} (interval "
                f"{ci.low:+.1%} … {ci.high:+.1%}, {look} look, α = {rules.alpha})",
                {metric: ci},
                look,
                None,
                roles,
            )
    non_inferior_on = arms if not improve else {m: a for m, a in arms.items() if roles[m] == "guardrail"}
    intervals = {m: bounds(m, guard_alpha) for m in non_inferior_on}
    if improve:
        intervals.update({m: bounds(m, gain_alpha) for m in targets})
    needed = sessions_needed(arms, targets if improve else (), rules, gain_alpha, guard_alpha)
    better = [m for m in targets if improve and intervals[m].high < 0]
    unproven = [m for m in non_inferior_on if intervals[m].high >= rules.margin]
    enough = fewest >= rules.min_sessions
    if enough and not unproven and (better or not improve):
        why = f"significantly better on {', '.join(better)}" if improve else "removes lines only"
        return Verdict(
            "promote",
            f"{why}, every guardrail within its {rules.margin:.0%} margin, after {fewest} sessions "
            f"per arm ({look} look)",
            intervals,
            look,
            needed,
            roles,
        )
    reachable = _reachable(fewest, age, rules)
    out_of_reach = final and (needed is None or needed > reachable)
    if age >= rules.max_age or out_of_reach:  # the second fixed look, when it could be, was this one
        missing = []
        if improve and not better:
            missing.append(f"no target significantly better ({', '.join(targets)})")
        if unproven:
            missing.append(f"not shown within the {rules.margin:.0%} margin: {', '.join(unproven)}")
        if not enough:
            missing.append(f"{fewest} of {rules.min_sessions} sessions per arm")
        more = f"; about {needed} more sessions per arm would decide" if needed else ""
        if needed and needed > 100_000:  # a guardrail sits at its margin: no sample size settles it
            more = "; no number of sessions this fleet could send would decide it"
        if age < rules.max_age:
            more += f", and about {reachable} more arrive by day {rules.max_age.days} at this traffic"
        return Verdict(
            "hand_over",
            f"no decision after {age.days} days ({'; '.join(missing)}){more}: a human decides",
            intervals,
            look,
            needed,
            roles,
        )
    return Verdict("continue", "collecting evidence", intervals, look, needed, roles)


def _reachable(fewest: int, age: timedelta, rules: CanaryRules) -> int:
    """About how many more sessions per arm arrive by `max_age` at the pace seen so far."""
    days = age.total_seconds() / 86400
    left = (rules.max_age - age).total_seconds() / 86400
    return int(fewest / days * left) if days > 0 and left > 0 else 0


def sessions_needed(
    arms: dict[str, tuple[Arm, Arm]],
    targets: tuple[str, ...],
    rules: CanaryRules,
    gain_alpha: float,
    guard_alpha: float,
) -> int | None:
    """About how many more sessions per arm the fixed-horizon look needs to decide at the
    differences seen so far: a target's upper bound under 0, every guardrail's under the margin
    (None: a target shows no gain to confirm)."""
    worst = 0
    for metric, (cand, champ) in arms.items():
        diff = cand.failures / cand.n - champ.failures / champ.n
        se = math.sqrt(_variance(cand, champ))
        if metric in targets:
            z, gap = NormalDist().inv_cdf(1 - gain_alpha), -diff
        else:
            z, gap = NormalDist().inv_cdf(1 - guard_alpha), rules.margin - diff
        if gap <= 0:
            if metric in targets:
                return None
            continue  # a guardrail worse than its margin: more sessions will not clear it
        n = min(cand.n, champ.n)
        worst = max(worst, math.ceil(n * (z * se / gap) ** 2) - n, rules.min_sessions - n)
    return max(0, worst)


def decision_sessions(rules: CanaryRules, power: float = 0.8) -> int:
    """Sessions per arm for a guardrail's non-inferiority test at the first fixed look to reach
    `power` when nothing changed: 2·p(1−p)·(z₁₋α + z_power)² / margin², at p = ½ (where a rate's
    variance is largest) and the look's α/4; never fewer than `min_sessions`."""
    z = NormalDist().inv_cdf(1 - rules.alpha / 4) + NormalDist().inv_cdf(power)
    return max(rules.min_sessions, math.ceil(2 * 0.25 * z * z / (rules.margin * rules.margin)))


def adaptive_share(*, floor: float, sessions: int, sessions_per_day: float, decide_days: float) -> float:
    """The canary share that gives the candidate's arm `sessions` sessions within `decide_days` at
    the template's traffic: never under `floor` (the configured share), never over one half
    (beyond it the champion's arm becomes the slow one). A quiet or unknown fleet gets one half,
    which reaches a decision soonest."""
    if floor <= 0:
        return 0.0  # canaries are off: everyone at once
    if sessions_per_day <= 0:
        return 0.5
    needed = sessions / (sessions_per_day * decide_days)
    return round(min(0.5, max(floor, needed)), 3)
