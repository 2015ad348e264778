"""The canary's sequential test, pure: may a candidate version replace the champion?

Each metric is the share of sessions showing one failure signal (a failing tool call, a failed
skill outcome, negative feedback of a category, a correction, a rejected decision, a reflected
failure, an escalation, or any of them). A change names its targets, the signals its lines are
meant to lower; every other signal is a guard that must not rise.

Method: the mixture sequential probability ratio test (mSPRT) of Johari, Koomen, Pekelis and
Walsh, "Peeking at A/B Tests" (KDD 2017; "Always Valid Inference", Operations Research 2022),
with a normal mixing distribution N(0, τ²) over the difference θ = p_candidate − p_champion of two
rates, under the normal approximation θ̂ ~ N(θ, V). Inverting the test gives an always-valid
confidence sequence

    θ̂ ± sqrt( 2·V·(V + τ²)/τ² · ( log(1/α) + ½·log((V + τ²)/V) ) )

which may be looked at after every session without inflating the error rate. It is wide on small
fleets, so half of α goes to it and half to one final fixed-horizon look (a one-sided z-interval)
taken once, at the first check after `decide_after` with the minimum sessions in both arms. Within
each half the error rate is held across the metrics by Bonferroni: a harm is declared at α/(2·m)
over all m metrics, an improvement at α/(2·k) over the k targets.

- roll back: any metric's interval lies wholly above 0 (worse);
- promote: both arms have the minimum sessions, every target's interval lies under the margin
  (better, or not worse by more than the margin) and the share of sessions with any failure is
  not seen worse by more than the margin (a gain on the targets bought with harm elsewhere waits
  for the guards to decide);
- hand over to a human: neither within the maximum duration.
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
    margin: float = 0.05  # a candidate this much worse (absolute rate) on its targets still promotes
    alpha: float = 0.05
    tau: float = 0.1  # the mixing standard deviation: the size of effect the test is tuned for
    max_age: timedelta = timedelta(days=14)
    decide_after: timedelta = timedelta(days=7)  # the final fixed-horizon look


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


def decide(
    arms: dict[str, tuple[Arm, Arm]],
    age: timedelta,
    rules: CanaryRules,
    *,
    targets: tuple[str, ...] | None = None,
    final_done: bool = False,
    improve: bool = True,
) -> Verdict:
    """`arms` maps a metric to (candidate, champion) sessions since the rollout started, and those
    showing the signal; `targets` are the metrics the change should lower (default: the first).
    A change that only removes lines (`improve=False`) has nothing to lower: it is promoted at the
    final look when no signal is worse."""
    targets = tuple(t for t in (targets or ()) if t in arms) or tuple(arms)[:1]
    fewest = min((min(c.n, b.n) for c, b in arms.values()), default=0)
    if fewest < rules.min_to_roll_back:
        if age > rules.max_age:
            return Verdict("hand_over", f"no decision after {age.days} days: a human decides", {})
        return Verdict("continue", "collecting evidence", {})
    final = not final_done and age >= rules.decide_after and fewest >= rules.min_sessions
    harm_alpha = rules.alpha / 2 / len(arms)
    gain_alpha = rules.alpha / 2 / len(targets)

    def bounds(metric: str, alpha: float) -> Interval:
        cand, champ = arms[metric]
        return fixed_interval(cand, champ, alpha) if final else interval(cand, champ, alpha, rules.tau)

    guards = {m: bounds(m, harm_alpha) for m in arms}
    gains = {m: bounds(m, gain_alpha) for m in targets}
    intervals = {**guards, **gains}
    look = "final" if final else "sequential"
    needed = sessions_needed(arms, targets, rules, gain_alpha, harm_alpha)
    for metric, ci in guards.items():
        if ci.low > 0:
            role = "target" if metric in targets else "guard"
            return Verdict(
                "roll_back",
                f"{metric} ({role}) is worse: +{ci.diff:.1%} (interval {ci.low:+.1%} … {ci.high:+.1%}, "
                f"{look} look, α = {rules.alpha})",
                intervals,
                look,
                needed,
            )
    if not improve and final:
        return Verdict(
            "promote",
            f"removes lines only: no signal worse after {fewest} sessions per arm, final look",
            intervals,
            look,
            needed,
        )
    overall = intervals.get(OVERALL)
    if (
        improve
        and fewest >= rules.min_sessions
        and all(gains[m].high < rules.margin for m in targets)
        and (overall is None or overall.diff <= rules.margin)  # nothing visibly worse overall
    ):
        better = all(gains[m].high < 0 for m in targets)
        worst = max(gains[m].high for m in targets)
        return Verdict(
            "promote",
            (f"better on {', '.join(targets)}" if better else f"not worse than the {rules.margin:.0%} margin")
            + f" (upper bound {worst:+.1%}, no guard worse) after {fewest} sessions per arm, {look} look",
            intervals,
            look,
            needed,
        )
    if age > rules.max_age:
        return Verdict(
            "hand_over", f"no decision after {age.days} days: a human decides", intervals, look, needed
        )
    return Verdict("continue", "collecting evidence", intervals, look, needed)


def sessions_needed(
    arms: dict[str, tuple[Arm, Arm]],
    targets: tuple[str, ...],
    rules: CanaryRules,
    gain_alpha: float,
    harm_alpha: float,
) -> int | None:
    """About how many more sessions per arm the fixed-horizon look needs to decide on the targets
    at the differences seen so far (None: no difference to decide on)."""
    worst = 0
    for metric in targets:
        cand, champ = arms[metric]
        diff = cand.failures / cand.n - champ.failures / champ.n
        se = math.sqrt(_variance(cand, champ))
        if diff < rules.margin:  # toward a promotion: the upper bound under the margin
            z, gap = NormalDist().inv_cdf(1 - gain_alpha), rules.margin - diff
        elif diff > 0:  # toward a roll-back: the lower bound over 0
            z, gap = NormalDist().inv_cdf(1 - harm_alpha), diff
        else:
            return None
        n = min(cand.n, champ.n)
        worst = max(worst, math.ceil(n * (z * se / gap) ** 2) - n, rules.min_sessions - n)
    return max(0, worst)


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
