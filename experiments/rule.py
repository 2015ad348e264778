"""The canary's decision rule, pure: may a candidate (a version, or one line under test) replace
what is served?

Each metric is a ratio of sums over each arm (`experiments.estimate`): the share of sessions
showing one failure signal (a failing tool call, a failed skill outcome, negative feedback of a
category, a correction, a rejected decision, a reflected failure, an escalation, or any of them),
or the cost, tokens or time spent per successful session (`USAGE`: finishing more work is not a
harm, doing the same work dearer is). Each metric has one role:

- a **target**: a signal the change is meant to lower (the problem a line was written for). It
  must become *significantly better* (superiority: candidate − champion significantly below 0);
- a **guardrail**: few on purpose, `GUARDRAILS` — sessions showing a failure of another kind than
  the target's (`OTHER`), and the usage per success. Each must be shown *not worse than its
  margin* (non-inferiority), the margin relative to the champion's own level with an absolute
  floor (`margin`): a rare signal may not double unseen, a common one is not held to a sliver;
- **watched**: every other signal. It is never required to be shown within its margin (a dozen
  such proofs at once are out of reach of a small fleet), but it is tested for harm at every check.

The rule is the risk-aware decision rule of Schultzberg, Ankargren and Frånberg, "Risk-aware
product decisions in A/B tests with multiple metrics" (2024), as Spotify's Confidence applies it:

- **promote** when at least one target is shown better (one-sided at α/2, the two-sided level
  "significantly better" means, Bonferroni over the targets, since any one suffices: a change
  that does nothing is promoted at most α/2 of the time) and every guardrail is shown
  non-inferior at α (no correction over the guardrails: all must pass, an intersection–union test
  whose error rate is each test's own). A change that only removes lines has nothing to improve:
  its targets must be non-inferior too;
- **roll back** as soon as any metric, watched ones included, is significantly worse *than its
  margin* (the deterioration test's null is "no worse than the margin", so a change that raised a
  signal within its margin — an escalation a line asks for on purpose — is not harm). Each
  metric's test runs at α: its null sits at the margin, so under a change that moved nothing the
  chance that any of them crosses is far below α (measured in `bench/canary_rule.py`), and adding
  a signal does not blunt the others;
- **hand over** to a human, with a recommendation (`advise`), when neither happens by `max_age`,
  or from `decide_after` on as soon as the sessions a decision needs will not arrive by then.
  When the normal approximation cannot be trusted (too few sessions, or one agent assigned whole
  against the others) the verdict still carries each signal's counts per arm and Fisher's exact
  test (`experiments.exact`), and the days until a decision can be expected.

Two sequential tests, each valid however often it is looked at:

- the **promotion** tests are group-sequential: each spends its α over the daily looks with the
  Lan–DeMets O'Brien–Fleming-type function (`experiments.spending`). The horizon is known,
  and this spending keeps the last looks nearly as powerful as one fixed test; a test that
  crossed its boundary stays shown (it has concluded);
- the **deterioration** test is the mixture sequential probability ratio test (mSPRT) of Johari,
  Koomen, Pekelis and Walsh ("Always Valid Inference", Operations Research 2022) with a normal
  mixing distribution N(0, τ²): the always-valid confidence sequence

      θ̂ ± sqrt( 2·V·(V + τ²)/τ² · ( log(1/α) + ½·log((V + τ²)/V) ) )

  may be checked after every session, so harm is caught between the daily looks too.

Both read the estimate and variance of `experiments.estimate` (agents as the unit, each agent's own
history as a covariate), with critical values widened to Student's t when agents compared whole
decide it. `bench/canary_rule.py` measures the error rates by Monte Carlo on fleets whose agents
differ, with weekdays, drift, heavy-tailed volumes and small fleets, per version and per line.
"""

import math
from dataclasses import dataclass, field
from datetime import timedelta
from enum import StrEnum
from statistics import NormalDist

from config.kaizen import default
from experiments.estimate import Cell, Estimate, critical, estimate
from experiments.exact import Exact, fisher
from experiments.metrics import OTHER, signal_list, signal_words
from experiments.spending import boundary
from learning.signals import ANY

OVERALL = ANY  # sessions with any failure signal
# Usage per unit of work: each arm's total over its successful sessions.
USAGE = ("cost_per_success", "tokens_per_success", "duration_per_success")
GUARDRAILS = (OTHER, *USAGE)
_Z = NormalDist()


class Role(StrEnum):
    TARGET = "target"
    GUARDRAIL = "guardrail"
    WATCHED = "watched"


class Action(StrEnum):
    CONTINUE = "continue"
    PROMOTE = "promote"
    ROLL_BACK = "roll_back"
    HAND_OVER = "hand_over"


class Missing(StrEnum):
    """Why a check did not decide: what the page words."""

    TOO_FEW = "too_few"  # fewer sessions per arm than the normal approximation needs
    NO_GAIN = "no_gain"  # no target significantly better
    UNPROVEN = "unproven"  # guardrails not yet shown within margin
    BELOW_MINIMUM = "below_minimum"  # fewer sessions than a promotion needs
    RISING = "rising"  # a watched signal is significantly higher, if not (yet) past its margin


@dataclass(frozen=True)
class CanaryRules:
    min_sessions: int = default("CANARY_MIN_SESSIONS")  # per arm, before a promotion
    min_to_roll_back: int = 10  # per arm, before the normal approximation is trusted at all
    margin: float = default("CANARY_MARGIN")  # a guardrail's absolute margin floor (share of sessions)
    margin_relative: float = default("CANARY_MARGIN_RELATIVE")  # ... and relative to the champion's rate
    usage_margin: float = default("CANARY_USAGE_MARGIN")  # cost, tokens and time per success: relative
    margins: dict[str, tuple[float, float]] = field(default_factory=dict)  # metric → (relative, floor)
    alpha: float = default("CANARY_ALPHA")
    tau: float = default("CANARY_TAU")  # the deterioration test's mixing sd: the effect size it is tuned for
    max_age: timedelta = timedelta(days=default("CANARY_MAX_DAYS"))
    decide_after: timedelta = timedelta(days=default("CANARY_DECIDE_DAYS"))  # then handed over if undecidable

    def margin_of(self, metric: str, champion: float) -> float:
        """The margin of `metric` at the champion's level `champion`. Sessions with a failure of
        another kind gather several kinds, so they sit higher than any one of them: their
        relative margin is half a single signal's, or a 10-point harm on one kind (which moves
        them by 6 to 8 points) would fit inside it."""
        if metric in USAGE:
            default = (self.usage_margin, 0.0)
        else:
            default = (self.margin_relative / (2 if metric == OTHER else 1), self.margin)
        relative, floor = self.margins.get(metric, default)
        return max(floor, relative * abs(champion))


@dataclass(frozen=True)
class Interval:
    diff: float  # candidate − champion
    low: float
    high: float


@dataclass(frozen=True)
class Advice:
    """What a careful reviewer would do with the evidence: promote, abort or wait, and why."""

    action: str
    why: str
    figures: tuple[str, ...] = ()


@dataclass(frozen=True)
class Verdict:
    action: str  # an Action
    reason: str
    intervals: dict[str, Interval]
    look: int | None = None  # the day of the promotion look taken at this check, if any
    needed: int | None = None  # about how many more sessions per arm a decision needs (None: unknown)
    roles: dict[str, str] | None = None  # metric → a Role
    margins: dict[str, float] = field(default_factory=dict)
    shown: tuple[str, ...] = ()  # promotion tests concluded so far (sticky)
    advice: Advice | None = None
    exact: dict[str, Exact] = field(default_factory=dict)  # every rate's counts and exact tests
    blocked: tuple[str, ...] = ()  # guardrails at or past their margin: more sessions will not clear them
    missing: tuple[str, ...] = ()  # the Missing reasons of a check that did not decide
    reachable: int = 0  # about how many more sessions per arm arrive by the last day
    days_to_decide: float | None = None  # about when a decision can be expected, from now


def _radius(est: Estimate, alpha: float, tau: float) -> float:
    """The mSPRT's always-valid radius, widened like a t interval when few agents decide."""
    var, t2 = est.se * est.se, tau * tau
    radius = math.sqrt(2 * var * (var + t2) / t2 * (math.log(1 / alpha) + 0.5 * math.log((var + t2) / var)))
    z = _Z.inv_cdf(1 - alpha)
    return radius * critical(z, est) / z


def _fmt(metric: str, value: float, champion: float = 1.0) -> str:
    """A difference in words: points of sessions for a rate, per cent of the champion's level for
    usage per success."""
    if metric in USAGE:
        return f"{value / champion if champion else 0.0:+.1%}"
    return f"{value * 100:+.1f} points"


def roles_of(metrics, targets: tuple[str, ...], guardrails: tuple[str, ...] | None = None) -> dict[str, str]:
    """Each metric's role: a target, one of the few guardrails, or watched for harm only."""
    guards = GUARDRAILS if guardrails is None else guardrails
    return {
        m: (Role.TARGET if m in targets else Role.GUARDRAIL if m in guards else Role.WATCHED).value
        for m in metrics
    }


def decide(
    arms: dict[str, tuple[list[Cell], list[Cell]]],
    age: timedelta,
    rules: CanaryRules,
    *,
    targets: tuple[str, ...] | None = None,
    guardrails: tuple[str, ...] | None = None,
    looks: tuple[int, ...] = (),
    shown: tuple[str, ...] = (),
    improve: bool = True,
) -> Verdict:
    """`arms` maps a metric to its (candidate, champion) cells since the rollout started;
    `targets` are the metrics the change should lower (default: the first), `guardrails` the
    ones it must be shown not to worsen past their margins (default `GUARDRAILS`); every other
    metric is watched for harm. `looks` are the days of the promotion looks taken at earlier checks
    and `shown` the promotion tests they concluded. A change that only removes lines
    (`improve=False`) must be non-inferior on its targets too. `Verdict.intervals` holds each
    tested metric's interval at the level its role is tested at."""
    targets = tuple(t for t in (targets or ()) if t in arms) or tuple(arms)[:1]
    roles = roles_of(arms, targets, guardrails)
    ests = {m: e for m, (c, b) in arms.items() if (e := estimate(c, b, binary=m not in USAGE)) is not None}
    exact = {m: e for m, (c, b) in arms.items() if m not in USAGE and (e := _exact(c, b)) is not None}
    sessions = [min(sum(x.n for x in c), sum(x.n for x in b)) for m, (c, b) in arms.items() if m not in USAGE]
    fewest = int(min(sessions, default=0))
    margins = {m: rules.margin_of(m, e.champion) for m, e in ests.items()}
    shown_now = [m for m in shown if m in ests]
    base = {"roles": roles, "margins": margins, "shown": tuple(shown_now), "exact": exact}
    reachable = _reachable(fewest, age, rules)
    if fewest < rules.min_to_roll_back or not any(roles[m] == Role.TARGET for m in ests):
        return _too_few(fewest, age, rules, base, reachable)

    harmed = _harm(ests, roles, margins, rules, base)
    if harmed is not None:
        return harmed

    horizon, day, look, days = _look(age, looks, fewest, rules)
    gain_alpha = rules.alpha / 2 / len(targets)  # "significantly better" at the two-sided level
    tested = {
        m: ("superiority" if improve and roles[m] == Role.TARGET else "non-inferiority")
        for m in ests
        if roles[m] != Role.WATCHED
    }
    alphas = {m: gain_alpha if tested[m] == "superiority" else rules.alpha for m in tested}

    def gap(m: str) -> float:  # how far the estimate lies on the good side of what its test needs
        return -ests[m].diff if tested[m] == "superiority" else margins[m] - ests[m].diff

    z_now = {m: boundary(days, horizon, alphas[m]) if days else math.inf for m in tested}
    if look:
        for m in tested:
            if m not in shown_now and gap(m) / ests[m].se >= critical(z_now[m], ests[m]):
                shown_now.append(m)
    intervals = {m: _interval(ests[m], z_now[m], alphas[m]) for m in tested}
    base["shown"] = tuple(shown_now)
    better = [m for m in targets if improve and m in shown_now]
    unproven = [m for m in tested if tested[m] == "non-inferiority" and m not in shown_now]
    rising = _rising(ests, roles, rules)
    final_z = {m: boundary(tuple(sorted({*days, horizon})), horizon, alphas[m]) for m in tested}
    needed, blocked = _sessions_needed(ests, tested, gap, final_z, shown_now, fewest, rules)
    base.update(blocked=blocked, reachable=reachable, days_to_decide=_days_to(needed, fewest, age))
    if fewest >= rules.min_sessions and not unproven and not rising and (better or not improve):
        why = f"significantly better on {signal_list(better)}" if improve else "removes lines only"
        said = f"{why}, every guardrail shown within its margin, after {fewest} sessions per arm"
        said += f" (look on day {day})"
        return Verdict(
            Action.PROMOTE.value, said, intervals, look, needed, advice=Advice("promote", why), **base
        )
    aimed, unsure, up = signal_list(targets), signal_list(unproven), signal_list(rising)
    missing = {
        Missing.NO_GAIN: f"no target significantly better ({aimed})" if improve and not better else "",
        Missing.UNPROVEN: f"not yet shown within margin: {unsure}" if unproven else "",
        Missing.RISING: f"significantly higher, if within its margin: {up}" if rising else "",
        Missing.BELOW_MINIMUM: (
            f"{fewest} of {rules.min_sessions} sessions per arm" if fewest < rules.min_sessions else ""
        ),
    }
    advice = advise(ests, roles, margins, improve=improve, needed=needed, reachable=reachable, tau=rules.tau)
    base.update(advice=advice, missing=tuple(k.value for k, v in missing.items() if v))
    return _undecided(missing, intervals, look, needed, age, fewest, rules, base)


def _undecided(
    missing: dict, intervals: dict, look, needed, age: timedelta, fewest: int, rules, base
) -> Verdict:
    """A check that neither promoted nor rolled back: handed to a human once the canary is old,
    or from `decide_after` on when the sessions a decision needs will not come in time."""
    blocked, reachable = base["blocked"], base["reachable"]
    out_of_reach = (
        look is not None and age >= rules.decide_after and (blocked or needed is None or needed > reachable)
    )
    if age >= rules.max_age or out_of_reach:
        parts = "; ".join(v for v in missing.values() if v)
        why = f"no decision after {age.days} days ({parts}){_more(needed, blocked, reachable, age, rules)}"
        return Verdict(Action.HAND_OVER.value, f"{why}: a human decides", intervals, look, needed, **base)
    return Verdict(Action.CONTINUE.value, "collecting evidence", intervals, look, needed, **base)


def _rising(ests: dict, roles: dict, rules: CanaryRules) -> list[str]:
    """Watched signals significantly higher under the candidate (one-sided at α, at this check):
    not harm until past their margin, so nothing is rolled back for them, but a change that raised
    one is not promoted without a person weighing it."""
    z = _Z.inv_cdf(1 - rules.alpha)
    return [m for m, e in ests.items() if roles[m] == Role.WATCHED and e.diff / e.se > critical(z, e)]


def _exact(candidate: list[Cell], champion: list[Cell]) -> Exact | None:
    return fisher(
        (sum(c.y for c in candidate), sum(c.n for c in candidate)),
        (sum(c.y for c in champion), sum(c.n for c in champion)),
    )


def _look(age: timedelta, looks: tuple[int, ...], fewest: int, rules: CanaryRules) -> tuple:
    """(horizon in days, today's day, today's promotion look or None, every look's day): one look
    a day from day 1, once each arm has its minimum of sessions."""
    horizon = max(1, rules.max_age.days)
    day = min(int(age.total_seconds() // 86400), horizon)
    look = day if day >= 1 and day not in looks and fewest >= rules.min_sessions else None
    return horizon, day, look, tuple(sorted({*looks, look})) if look else tuple(sorted(looks))


def _days_to(needed: int | None, fewest: int, age: timedelta) -> float | None:
    """About how many days from now `needed` more sessions per arm take at the pace seen so far."""
    days = age.total_seconds() / 86400
    if needed is None or fewest <= 0 or days <= 0:
        return None
    return round(needed / (fewest / days), 1)


def _too_few(fewest: int, age: timedelta, rules: CanaryRules, base: dict, reachable: int) -> Verdict:
    """Too few sessions (or no target the normal approximation can estimate): keep collecting,
    or hand over once the canary is old, with each signal's counts and exact tests, the days a
    decision needs at this pace, and what they show."""
    needed = max(rules.min_sessions - fewest, rules.min_to_roll_back - fewest, 0) or None
    days = _days_to(needed, fewest, age)
    advice = advise_exact(base["exact"], base["roles"], rules, fewest=fewest, days=days)
    extra = {
        "needed": needed,
        "days_to_decide": days,
        "reachable": reachable,
        "missing": (Missing.TOO_FEW.value,),
    }
    if age < rules.max_age:
        return Verdict(Action.CONTINUE.value, "collecting evidence", {}, advice=advice, **extra, **base)
    why = (
        f"too few sessions ({fewest} per arm) for the sequential test"
        if fewest < rules.min_to_roll_back
        else "the target cannot be estimated (one agent assigned whole against the others)"
    )
    return Verdict(
        Action.HAND_OVER.value,
        f"no decision after {age.days} days: {why}; a human decides",
        {},
        advice=advice,
        **extra,
        **base,
    )


def advise_exact(
    exact: dict[str, Exact], roles: dict[str, str], rules: CanaryRules, *, fewest: int, days
) -> Advice:
    """A recommendation from the counts alone: abort when a signal is worse by Fisher's exact test
    at α shared among the signals (Bonferroni: with a dozen signals, one at α would often read
    worse by chance); promote when a target is better at α/2 and no signal leans worse at the 20%
    level; wait otherwise, saying when a decision can be expected."""
    figures = tuple(
        f"{signal_words(m)}: canary {e.candidate[0]} of {e.candidate[1]}, "
        f"champion {e.champion[0]} of {e.champion[1]} "
        f"(exact p worse {e.p_worse:.2f}, better {e.p_better:.2f})"
        for m, e in exact.items()
        if roles.get(m) in (Role.TARGET, Role.GUARDRAIL)
    )
    level = rules.alpha / max(1, len(exact))
    worse = [m for m, e in exact.items() if e.p_worse < level]
    if worse:
        return Advice(
            "abort", f"{signal_words(worse[0])} is worse by an exact test (p < {level:.3g}).", figures
        )
    better = [m for m, e in exact.items() if roles.get(m) == Role.TARGET and e.p_better < rules.alpha / 2]
    doubtful = [m for m, e in exact.items() if e.p_worse < 0.2]
    if better and not doubtful:
        return Advice(
            "promote",
            f"{signal_words(better[0])} is better by an exact test and no signal leans worse.",
            figures,
        )
    when = f"; at this pace a decision needs about {days:g} more days" if days else ""
    return Advice("wait", f"Too few sessions ({fewest} per arm) to tell{when}.", figures)


def _interval(est, z: float, alpha: float) -> Interval:
    """A metric's interval at the boundary its test is held to now (one-sided level `alpha`
    before the first look)."""
    half = critical(z if math.isfinite(z) else _Z.inv_cdf(1 - alpha), est) * est.se
    return Interval(round(est.diff, 6), round(est.diff - half, 6), round(est.diff + half, 6))


def _harm(ests: dict, roles: dict, margins: dict, rules: CanaryRules, base: dict) -> Verdict | None:
    """The deterioration test at every check (a mixture SPRT, always valid): a roll-back when a
    metric is significantly worse than its margin, the interval of a rate held to at most 100
    points."""
    for metric, est in ests.items():
        tau = rules.tau if metric not in USAGE else rules.tau * max(abs(est.champion), 1e-9)
        radius = _radius(est, rules.alpha, tau)
        low = est.diff - radius
        if low > margins[metric]:
            high = est.diff + radius
            ci = Interval(est.diff, low, high if metric in USAGE else min(1.0, high))
            margin = _fmt(metric, margins[metric], est.champion)[1:]
            return Verdict(
                Action.ROLL_BACK.value,
                f"{signal_words(metric)} ({roles[metric]}) is significantly worse than its margin of "
                f"{margin}: "
                f"{_fmt(metric, est.diff, est.champion)} (interval {_fmt(metric, ci.low, est.champion)} … "
                f"{_fmt(metric, ci.high, est.champion)}, always-valid, α = {rules.alpha})",
                {metric: ci},
                advice=Advice("abort", f"{signal_words(metric)} is significantly worse than its margin."),
                **base,
            )
    return None


def _more(
    needed: int | None, blocked: tuple[str, ...], reachable: int, age: timedelta, rules: CanaryRules
) -> str:
    """What more sessions would do for a rollout handed over undecided, in words."""
    if blocked:
        return f"; {signal_list(blocked)} lies at or past its margin: more sessions will not clear it"
    if not needed:
        return ""
    more = f"; about {needed} more sessions per arm would decide"
    if age < rules.max_age:
        more += f", and about {reachable} more arrive by day {rules.max_age.days}"
    return more


def _reachable(fewest: int, age: timedelta, rules: CanaryRules) -> int:
    """About how many more sessions per arm arrive by `max_age` at the pace seen so far."""
    days = age.total_seconds() / 86400
    left = (rules.max_age - age).total_seconds() / 86400
    return int(fewest / days * left) if days > 0 and left > 0 else 0


def _sessions_needed(ests, tested, gap, final_z, shown, fewest, rules) -> tuple[int | None, tuple[str, ...]]:
    """(About how many more sessions per arm the last look needs to conclude every open test at
    the differences seen so far, the standard error falling as 1/√n — None when a target shows
    no gain to confirm; the guardrails at or past their margin, which no number of sessions
    clears)."""
    worst, blocked, no_gain = max(0, rules.min_sessions - fewest), [], False
    for m in tested:
        if m in shown:
            continue
        if gap(m) <= 0:
            if tested[m] == "superiority":
                no_gain = True
            else:
                blocked.append(m)
            continue
        need = math.ceil(fewest * (critical(final_z[m], ests[m]) * ests[m].se / gap(m)) ** 2) - fewest
        worst = max(worst, need)
    return (None if no_gain or blocked else worst), tuple(blocked)


# The hand-over's reading: the probability, under a flat prior and the normal approximation, that
# each metric lies on the wrong side of what its role needs. Promote when the target is very likely
# better (95%) and no other signal is even moderately likely past its margin (35%); abort when a
# guardrail is more likely past its margin than not and very likely worse at all (95%, shared
# among the guardrails, on the always-valid interval: a hand-over is read daily), or a watched
# signal likewise (97.5%, shared among the watched), or when a
# target is almost surely worse (99%); wait otherwise. A change under which both the target and
# sessions with any failure are very likely better is a net gain: it is recommended for promotion
# even beside a doubtful guardrail, which the figures name for the human to weigh. A watched
# signal very likely higher (95%) turns a "promote" into "wait": a person weighs it. A change that
# only takes lines out is recommended when no signal, its targets included, is even moderately
# likely past its margin (35%); it waits otherwise.
# These levels are set by `bench/canary_rule.py --lines`: a "promote" for at most 5% of harmful
# lines and an "abort" for at most 10% of neutral ones at every fleet size. A hand-over happens
# because the evidence is thin, so a "promote" for most good lines is out of reach below about 50
# agents: the bench prints the most any rule could do (a test told which signal a harmful line
# hurts), 14% of good lines at 3 agents and 42% at 8.
ADVISE_TARGET_SURE = 0.95
ADVISE_ABORT_RISK = 0.5
ADVISE_HARM_SURE = 0.95
ADVISE_WATCHED_SURE = 0.975
ADVISE_DOUBT = 0.95  # a watched signal this likely higher holds a "promote" back to "wait"
ADVISE_TARGET_LOST = 0.01  # a target this unlikely to be better reads "likely worse": abort
ADVISE_PROMOTE_RISK = 0.35  # a signal this likely past its margin holds a "promote" back to "wait"


def advise(
    ests: dict[str, Estimate],
    roles: dict[str, str],
    margins: dict[str, float],
    *,
    improve: bool,
    needed: int | None,
    reachable: int,
    tau: float = default("CANARY_TAU"),
) -> Advice:
    """What a careful reviewer would do with evidence the test could not settle in time: the
    chance (flat prior, normal approximation) that each target is better and that each guardrail
    or watched signal is past its margin decides promote, abort or wait; the figures are the two
    or three that decide it. Worse at all is read as `_shown_worse` reads it."""
    risks = {
        m: _Z.cdf((e.diff - margins[m]) / e.se)
        for m, e in ests.items()
        if roles[m] != Role.TARGET or not improve
    }
    gains = {m: _Z.cdf(-e.diff / e.se) for m, e in ests.items() if improve and roles[m] == Role.TARGET}

    def figure(m: str) -> str:
        e = ests[m]
        seen = f"{signal_words(m)}: {_fmt(m, e.diff, e.champion)} ± {_fmt(m, 1.96 * e.se, e.champion)[1:]}"
        if m in gains:
            return f"{seen} ({gains[m]:.0%} likely better)"
        margin = _fmt(m, margins[m], e.champion)[1:]
        return f"{seen} against a margin of {margin} ({risks[m]:.0%} likely past it)"

    harms = {m: _Z.cdf(ests[m].diff / ests[m].se) for m in risks}  # how likely it is worse at all
    sure = _sure(roles, risks)
    real = {m: p for m, p in risks.items() if p >= ADVISE_ABORT_RISK and _shown_worse(ests, m, sure, tau)}
    worst = max(real or risks, key=(real or risks).get, default=None)
    best = max(gains, key=gains.get, default=None)
    lost = [m for m, p in gains.items() if p < ADVISE_TARGET_LOST]
    overall = _Z.cdf(-ests[OVERALL].diff / ests[OVERALL].se) if OVERALL in ests and OVERALL not in real else 0
    if (
        real
        and improve
        and overall >= ADVISE_TARGET_SURE
        and best is not None
        and gains[best] >= ADVISE_TARGET_SURE
    ):
        return Advice(
            "promote",
            f"the target and sessions with any failure are both very likely better; {worst} may be worse "
            "than its margin: weigh it",
            (
                figure(best),
                f"{OVERALL}: {_fmt(OVERALL, ests[OVERALL].diff)} ({overall:.0%} likely better)",
                figure(worst),
            ),
        )
    if real:
        return Advice("abort", f"{worst} is more likely than not worse than its margin.", (figure(worst),))
    if lost:
        return Advice("abort", f"{lost[0]} is likely worse, not better.", (figure(lost[0]),))
    if (
        improve
        and best is not None
        and gains[best] >= ADVISE_TARGET_SURE
        and (held := _held(roles, risks, harms))
    ):
        return Advice(
            "wait", f"the target is very likely better, but {held[1]}", (figure(best), figure(held[0]))
        )
    if not improve and (held := _removal_held(risks, figure)):  # a removal raising what it lowered
        return held
    if not improve or (best is not None and gains[best] >= ADVISE_TARGET_SURE):
        return Advice(
            "promote",
            "the target is very likely better and no guardrail is shown likely past its margin"
            if improve
            else "no metric is shown likely past its margin",
            tuple(figure(m) for m in (best, worst) if m is not None),
        )
    why = "the evidence is not clear either way"
    if needed:
        why += f": about {needed} more sessions per arm would settle it ({reachable} more expected in time)"
    return Advice("wait", why, tuple(figure(m) for m in (best, worst) if m is not None))


def _shown_worse(ests: dict[str, Estimate], metric: str, sure: dict[str, float], tau: float) -> bool:
    """Whether the metric is worse at all, at the level its role asks (`sure`, `_sure`), on the
    deterioration test's always-valid interval (`_radius`, mixing sd `tau`, scaled to a usage
    ratio's level) rather than a fixed-sample one: a hand-over is read again every day until a
    person decides, and read daily for a week a fixed 98.75% is crossed by chance several times
    as often — good lines were aborted for noise in a guardrail."""
    est = ests[metric]
    scale = max(abs(est.champion), 1e-9) if metric in USAGE else 1.0
    return est.diff - _radius(est, 1 - sure[metric], tau * scale) > 0


def _removal_held(risks: dict, figure) -> Advice | None:
    """What holds a change that only takes lines out back from a "promote": any signal, its
    targets included, that may be past its margin (taking a line out must not raise what it was
    there to lower)."""
    risky = [m for m in risks if risks[m] >= ADVISE_PROMOTE_RISK]
    if not risky:
        return None
    m = max(risky, key=risks.get)
    why = f"taking it out may put {signal_words(m)} past its margin ({risks[m]:.0%} likely)"
    return Advice("wait", f"{why}: let more sessions tell", (figure(m),))


def _held(roles: dict[str, str], risks: dict, harms: dict) -> tuple[str, str] | None:
    """What holds a very likely better line back from a "promote", if anything: a signal that
    may be past its margin (if not surely worse), or a watched signal very likely higher (if not
    past its margin); (the signal, why in words)."""
    risky = [m for m in risks if roles[m] != Role.TARGET and risks[m] >= ADVISE_PROMOTE_RISK]
    if risky:
        m = max(risky, key=risks.get)
        return m, f"{signal_words(m)} may be past its margin ({risks[m]:.0%} likely): let more sessions tell"
    doubt = [m for m in risks if roles[m] == Role.WATCHED and harms[m] >= ADVISE_DOUBT]
    if doubt:
        return (
            doubt[0],
            f"{signal_words(doubt[0])} is very likely higher, if not past its margin: weigh it, "
            "or let more sessions tell",
        )
    return None


def _sure(roles: dict[str, str], risks: dict) -> dict[str, float]:
    """How sure a reviewer must be that a signal is worse at all before it counts against a line,
    per role, with the doubt shared among the signals of that role (Bonferroni): among ten watched
    signals one is "worse" at 97.5% by chance one time in five, which is not evidence of harm."""
    count = {role: sum(1 for m in risks if roles[m] == role) for role in (Role.WATCHED, Role.GUARDRAIL)}
    out = {}
    for m in risks:
        watched = roles[m] == Role.WATCHED
        base = ADVISE_WATCHED_SURE if watched else ADVISE_HARM_SURE
        n = max(1, count[Role.WATCHED if watched else Role.GUARDRAIL])
        out[m] = 1 - (1 - base) / n
    return out


def decision_sessions(rules: CanaryRules, power: float = 0.8) -> int:
    """Sessions per arm for a guardrail's non-inferiority test at the last daily look to reach
    `power` when nothing changed: 2·p(1−p)·(c + z_power)² / margin(p)², at the rate p where that
    is largest (where the relative margin meets its floor, or ½) and the last look's critical
    value c; never fewer than `min_sessions`."""
    horizon = max(1, rules.max_age.days)
    c = boundary(tuple(range(1, horizon + 1)), horizon, rules.alpha)
    z = c + _Z.inv_cdf(power)
    p = min(0.5, rules.margin / rules.margin_relative) if rules.margin_relative > 0 else 0.5
    margin = max(rules.margin_of(OVERALL, p), 1e-3)
    return max(rules.min_sessions, math.ceil(2 * p * (1 - p) * z * z / (margin * margin)))


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
