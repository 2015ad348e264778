"""The canary's rule, pure: the estimate counts agents, the boundaries spend α as promised, and
the risk-aware rule promotes, rolls back and hands over with a recommendation."""

import math
import random
from datetime import timedelta

import pytest

from experiments.estimate import Cell, estimate, t_quantile
from experiments.exact import fisher
from experiments.rule import OTHER, CanaryRules, adaptive_share, decide, decision_sessions
from experiments.spending import boundaries, spent

RULES = CanaryRules()


@pytest.mark.parametrize(
    ("p", "df", "exact"),
    [
        (0.975, 1, 12.706),
        (0.975, 2, 4.303),
        (0.975, 3, 3.182),
        (0.975, 4, 2.776),
        (0.95, 10, 1.812),
        (0.99, 30, 2.457),
        (0.993, 3, 5.175),
        (0.9999, 4, 13.03367),  # far in the tail at few agents, where the expansion was 3.1% low
        (0.9999, 5, 9.67757),
        (0.999, 6, 5.20763),
        (0.99, 7.5, 2.9431),
        (0.9999, 8, 6.442),
        (0.9999, 12, 5.26327),
    ],
)
def test_student_quantiles(p, df, exact):
    assert t_quantile(p, df) == pytest.approx(exact, rel=0.002)


@pytest.mark.parametrize(
    ("fractions", "alpha", "expected"),
    [
        ((1.0,), 0.05, (1.645,)),  # one look: a plain one-sided test
        ((0.5, 1.0), 0.05, (2.538, 1.662)),  # O'Brien–Fleming-type: little spent early
        (tuple(k / 14 for k in range(1, 15)), 0.05, None),
    ],
)
def test_boundaries_spend_what_the_function_allows(fractions, alpha, expected):
    got = boundaries(fractions, alpha)
    if expected:
        assert got == pytest.approx(expected, abs=0.005)
    assert list(got) == sorted(got, reverse=True)  # later looks are easier
    assert spent(1.0, alpha) == pytest.approx(alpha)


def test_boundaries_hold_the_error_rate_over_daily_looks():
    """A Brownian path crosses the 14 daily boundaries with probability α (seeded Monte Carlo)."""
    bounds = boundaries(tuple(k / 14 for k in range(1, 15)), 0.05)
    rng, runs, crossed = random.Random(7), 20_000, 0
    for _ in range(runs):
        s = 0.0
        for k in range(1, 15):
            s += rng.gauss(0, math.sqrt(1 / 14))
            if s / math.sqrt(k / 14) >= bounds[k - 1]:
                crossed += 1
                break
    assert abs(crossed / runs - 0.05) < 0.006


def cells(rates: list[float], n: int, pre: list[float] | None = None) -> list[Cell]:
    return [Cell(i, n, round(r * n), (pre or rates)[i]) for i, r in enumerate(rates)]


def test_an_agent_in_both_arms_is_compared_with_itself():
    """Two agents that differ a lot, each in both arms but with its sessions split unevenly: the
    pooled rates differ by the mix alone; compared within each agent, nothing changed."""
    cand = [Cell(0, 80, 8, 0.1), Cell(1, 20, 14, 0.7)]
    champ = [Cell(0, 20, 2, 0.1), Cell(1, 80, 56, 0.7)]
    est = estimate(cand, champ)
    assert est.candidate - est.champion == pytest.approx(-0.36) and est.diff == pytest.approx(0.0)
    assert not est.by_agents


def test_agents_assigned_whole_widen_the_interval_sessions_assigned_one_by_one_do_not():
    """Four agents that differ a lot: split whole (two against two) the difference is mostly
    which agents landed where, so the standard error is large; each agent in both arms is its
    own control, and the error is the sessions' own."""
    rates = [0.1, 0.2, 0.5, 0.7]
    whole = estimate(
        cells(rates[:2], 100), [Cell(i + 2, 100, round(r * 100), r) for i, r in enumerate(rates[2:])]
    )
    both = estimate(cells(rates, 50), cells(rates, 50))
    assert whole.diff == pytest.approx(-0.45, abs=0.01) or whole.se > 0.1
    assert both.diff == pytest.approx(0.0, abs=1e-9) and both.se < 0.05 and not both.by_agents


def test_the_agents_own_history_removes_their_level_from_the_comparison():
    """Ten agents whole per arm: the canary's happen to be the harder ones, as their history
    shows; CUPED takes that out, and the interval narrows."""
    rng = random.Random(3)
    levels = [rng.uniform(0.1, 0.6) for _ in range(20)]
    cand = [Cell(i, 60, round(levels[i] * 60), levels[i]) for i in range(10, 20)]
    champ = [Cell(i, 60, round(levels[i] * 60), levels[i]) for i in range(10)]
    blind = estimate([Cell(c.agent, c.n, c.y) for c in cand], [Cell(c.agent, c.n, c.y) for c in champ])
    seen = estimate(cand, champ)
    assert abs(seen.diff) < 0.02 < abs(blind.diff) and seen.se < blind.se


def test_one_agent_against_the_others_gives_no_estimate():
    assert estimate([Cell(5, 100, 30, 0.3)], cells([0.3, 0.2], 100)) is None
    assert estimate([], cells([0.3, 0.2], 100)) is None


def sessions_arms(target, guard, n=1000, agents=20):
    """Every agent in both arms (sessions assigned one by one), `n` sessions per arm."""
    per = n // agents

    def arm(rate):
        return [Cell(a, per, round(rate * per), rate) for a in range(agents)]

    return {
        "negative:communication": (arm(target[0]), arm(target[1])),
        OTHER: (arm(guard[0]), arm(guard[1])),
    }


LATE = timedelta(days=10)
LOOKS = tuple(range(1, 10))


@pytest.mark.parametrize(
    ("arms", "improve", "action", "says"),
    [
        # the target better, a guardrail 25 points worse: rolled back at any check
        (
            sessions_arms((0.1, 0.3), (0.5, 0.25)),
            True,
            "roll_back",
            "any other failure (guardrail) is significantly worse than its margin",
        ),
        # the target better and the guardrail level: promoted
        (
            sessions_arms((0.1, 0.3), (0.25, 0.25)),
            True,
            "promote",
            "significantly better on negative feedback (communication)",
        ),
        # nothing better: no promotion, and no gain to confirm with more sessions
        (sessions_arms((0.3, 0.3), (0.25, 0.25)), True, "hand_over", "no target significantly better"),
        # a removal: nothing to improve, every metric within its margin
        (sessions_arms((0.3, 0.3), (0.25, 0.25)), False, "promote", "removes lines only"),
    ],
)
def test_the_risk_aware_rule(arms, improve, action, says):
    verdict = decide(arms, LATE, RULES, targets=("negative:communication",), looks=LOOKS, improve=improve)
    assert verdict.action == action and says in verdict.reason, verdict.reason
    assert verdict.roles == {"negative:communication": "target", OTHER: "guardrail"}


@pytest.mark.parametrize(
    ("metric", "champion", "margin"),
    [
        ("escalation", 0.05, 0.05),
        ("escalation", 0.25, 0.0625),
        ("escalation", 0.6, 0.15),
        (OTHER, 0.25, 0.05),  # several kinds together: half the relative margin, the same floor
        (OTHER, 0.6, 0.075),
    ],
)
def test_a_margin_is_relative_to_the_champion_with_a_floor(metric, champion, margin):
    assert RULES.margin_of(metric, champion) == pytest.approx(margin)


def test_margins_per_signal_and_usage_margins_are_relative():
    rules = CanaryRules(margins={"escalation": (0.5, 0.02)})
    assert rules.margin_of("escalation", 0.05) == pytest.approx(0.025)
    assert rules.margin_of("cost_per_success", 2.0) == pytest.approx(0.4)


def test_a_test_shown_at_a_look_stays_shown_and_no_look_is_taken_twice():
    arms = sessions_arms((0.1, 0.3), (0.25, 0.25))
    first = decide(
        arms, timedelta(days=9, hours=1), RULES, targets=("negative:communication",), looks=LOOKS[:-1]
    )
    assert first.look == 9 and first.action == "promote"
    again = decide(arms, timedelta(days=9, hours=5), RULES, targets=("negative:communication",), looks=LOOKS)
    assert again.look is None and again.action == "continue"  # the day's look was taken
    kept = decide(
        sessions_arms((0.3, 0.3), (0.25, 0.25)),
        timedelta(days=9, hours=5),
        RULES,
        targets=("negative:communication",),
        looks=LOOKS,
        shown=("negative:communication", OTHER),
    )
    assert kept.action == "promote"


def test_harm_is_caught_between_looks_and_before_the_minimum_for_a_promotion():
    arms = sessions_arms((0.3, 0.3), (0.8, 0.2), n=40)
    verdict = decide(arms, timedelta(hours=6), RULES, targets=("negative:communication",))
    assert verdict.action == "roll_back" and verdict.look is None


@pytest.mark.parametrize(
    ("guard", "n", "advice"),
    [
        ((0.25, 0.25), 60, "promote"),  # the target clearly better, the guardrail level
        # the guardrail's estimate past its 6-point margin, and worse at all however often the
        # hand-over is read (the always-valid interval); not yet significantly past the margin
        ((0.40, 0.25), 240, "abort"),
        # the same estimate on 60 sessions: read daily for a week, an estimate that far up is
        # crossed by chance too often to abort on; a person is told to wait
        ((0.40, 0.25), 60, "wait"),
        # +4 points against a 6-point margin on 60 sessions: it may well be past it (about 40%),
        # so the target's gain is not enough for a "promote"; too unsure for an "abort"
        ((0.29, 0.25), 60, "wait"),
    ],
)
def test_a_hand_over_recommends_what_the_evidence_supports(guard, n, advice):
    """A small fleet on its last day: its sessions cannot settle the guardrail, so a human
    decides, told what a careful reviewer would do and the figures that decide it."""
    arms = sessions_arms((0.1, 0.4), guard, n=n, agents=6)
    verdict = decide(
        arms, timedelta(days=14), RULES, targets=("negative:communication",), looks=tuple(range(1, 14))
    )
    assert verdict.action == "hand_over", verdict.reason
    assert verdict.advice.action == advice and verdict.advice.figures
    assert any(f.startswith("any other failure: ") for f in verdict.advice.figures)


def test_no_decision_before_the_minimum_and_a_human_after_the_maximum():
    few = sessions_arms((0.0, 0.5), (0.2, 0.2), n=8, agents=4)
    assert decide(few, timedelta(days=1), RULES).action == "continue"
    assert decide(few, timedelta(days=15), RULES).action == "hand_over"


def test_the_canary_share_adapts_to_the_fleets_traffic():
    needed = decision_sessions(RULES)
    assert needed > 300  # a 5-point margin at the rate where it binds (20%) is a lot of sessions
    assert adaptive_share(floor=0.2, sessions=needed, sessions_per_day=6000.0, decide_days=7) == 0.2
    assert adaptive_share(floor=0.2, sessions=needed, sessions_per_day=60.0, decide_days=7) == 0.5
    assert adaptive_share(floor=0.2, sessions=needed, sessions_per_day=0.0, decide_days=7) == 0.5
    assert adaptive_share(floor=0.0, sessions=needed, sessions_per_day=5.0, decide_days=7) == 0.0


def with_watched(watched, n=4000, agents=40, target=(0.15, 0.30)):
    """A large fleet, every agent in both arms: the target halves, and a watched signal moves."""
    arms = sessions_arms(target, (0.30, 0.30), n=n, agents=agents)
    per = n // agents
    arms["escalation"] = tuple([Cell(a, per, round(r * per), r) for a in range(agents)] for r in watched)
    return arms


def test_harm_is_worse_than_the_margin_not_merely_higher():
    """Escalations +3 points, surely, inside their 5-point margin: not harm, so nothing is rolled
    back, but the change waits for a person to weigh it; +15 points is past the margin: rolled
    back."""
    within = decide(with_watched((0.08, 0.05)), LATE, RULES, targets=("negative:communication",), looks=LOOKS)
    assert within.action == "continue" and "rising" in within.missing, within.reason
    assert within.roles["escalation"] == "watched"
    past = decide(with_watched((0.20, 0.05)), LATE, RULES, targets=("negative:communication",), looks=LOOKS)
    assert past.action == "roll_back" and "escalation (watched)" in past.reason


def test_a_watched_signal_need_not_be_shown_within_its_margin():
    """The target and the one guardrail decide the promotion; a watched signal that did not move
    is not held to a proof of its own margin (it has no promotion interval at all)."""
    arms = with_watched((0.05, 0.05), n=1200, agents=40)
    verdict = decide(arms, LATE, RULES, targets=("negative:communication",), looks=LOOKS)
    assert verdict.action == "promote", verdict.reason
    assert "escalation" not in verdict.intervals and OTHER in verdict.intervals


@pytest.mark.parametrize(
    ("candidate", "champion", "p_worse", "p_better"),
    [
        ((3, 4), (1, 4), 0.2429, 0.9857),  # Fisher's tea-tasting table
        ((0, 10), (0, 10), 1.0, 1.0),
        ((9, 10), (1, 10), 0.000547, 1.0),
        ((1, 10), (9, 10), 1.0, 0.000547),
    ],
)
def test_fishers_exact_test(candidate, champion, p_worse, p_better):
    got = fisher(candidate, champion)
    assert got.p_worse == pytest.approx(p_worse, rel=1e-3) and got.p_better == pytest.approx(
        p_better, rel=1e-3
    )


def test_a_canary_too_small_to_estimate_still_shows_counts_exact_tests_and_when():
    """Eight sessions per arm: no interval, but every signal's counts and exact tests, the days
    a decision needs at this pace, and a recommendation."""
    few = sessions_arms((0.0, 0.5), (0.25, 0.25), n=8, agents=1)
    verdict = decide(few, timedelta(days=15), RULES, targets=("negative:communication",))
    assert verdict.action == "hand_over" and verdict.missing == ("too_few",)
    assert verdict.exact["negative:communication"].candidate == (0, 8)
    assert verdict.exact["negative:communication"].champion == (4, 8)
    assert verdict.days_to_decide and verdict.days_to_decide > 0
    assert verdict.advice.action == "wait" and verdict.advice.figures


def test_a_usage_cell_of_one_success_is_not_certain():
    """One successful session per agent and arm has nothing to vary around its own cost; smoothed
    toward the spread of the others, it still carries one session's uncertainty."""
    cand = [Cell(a, 1, 2.0, None, 0.0) for a in range(10)]
    champ = [Cell(a, 1, 1.0, None, 0.0) for a in range(10)]
    lone = estimate(cand, champ, binary=False)
    spread = [Cell(a, 20, 40.0, None, 20.0) for a in range(10, 12)]
    pooled = estimate(
        cand + spread, champ + [Cell(a, 20, 20.0, None, 20.0) for a in range(10, 12)], binary=False
    )
    assert lone.se > 0.0 and pooled.se > 0.05


def test_few_agents_carrying_most_sessions_count_as_few():
    """Twenty agents assigned whole, two of them with nearly all the sessions: the degrees of
    freedom follow the effective number of agents, and the interval stays widened even when the
    agents happen to agree."""
    even = [Cell(a, 50, 15, 0.3) for a in range(20)]
    heavy = [
        Cell(a, 2000 if a in (0, 10) else 10, (2000 if a in (0, 10) else 10) * 0.3, 0.3) for a in range(20)
    ]
    for cells in (even, heavy):
        est = estimate(cells[:10], cells[10:])
        assert est.by_agents
    assert estimate(heavy[:10], heavy[10:]).df < 3 < estimate(even[:10], even[10:]).df


def test_one_agent_whole_against_the_others_is_handed_over_with_its_counts():
    """One canary agent assigned whole against three: no estimate of the target, however many
    sessions; the hand-over says why and shows each signal's counts with the exact test."""
    arms = {
        "negative:communication": ([Cell(9, 200, 20, 0.2)], cells([0.2, 0.2, 0.2], 200)),
        OTHER: ([Cell(9, 200, 60, 0.3)], cells([0.3, 0.3, 0.3], 200)),
    }
    verdict = decide(arms, timedelta(days=15), RULES, targets=("negative:communication",))
    assert verdict.action == "hand_over" and "cannot be estimated" in verdict.reason, verdict.reason
    assert verdict.exact[OTHER].candidate == (60, 200) and verdict.exact[OTHER].champion == (180, 600)
    assert verdict.advice.action == "promote" and verdict.advice.figures  # 10% against 20%, exactly


@pytest.mark.parametrize(
    ("target", "advice"),
    [
        ((0.25, 0.25), "promote"),  # taking the line out changed nothing it was there to lower
        # its target up 8 points on 60 sessions: quite possibly past its margin, if not shown worse
        # at all, so taking it out is no "promote"
        ((0.33, 0.25), "wait"),
    ],
)
def test_a_removal_handed_over_is_recommended_only_when_nothing_may_be_past_its_margin(target, advice):
    arms = sessions_arms(target, (0.25, 0.25), n=60, agents=6)
    verdict = decide(
        arms,
        timedelta(days=14),
        RULES,
        targets=("negative:communication",),
        looks=tuple(range(1, 14)),
        improve=False,
    )
    assert verdict.action == "hand_over", verdict.reason
    assert verdict.advice.action == advice, verdict.advice
