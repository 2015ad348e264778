"""The sequential test behind canary rollouts: valid under repeated looks, and it finds effects."""

import random
from datetime import timedelta

import pytest

from improver.canary import Arm, CanaryRules, decide, interval

RULES = CanaryRules()


def simulate(p_candidate: float, p_champion: float, seed: int, looks: int = 40, per_look: int = 5) -> str:
    """Sessions arrive in small batches; the test looks after every batch, as the beat task does."""
    rng = random.Random(seed)
    cand = champ = Arm(0, 0)
    finals = 0  # each fixed-horizon look is taken once, as the rollout check records it
    for look in range(looks):
        cand = Arm(
            cand.n + per_look, cand.failures + sum(rng.random() < p_candidate for _ in range(per_look))
        )
        champ = Arm(
            champ.n + 4 * per_look,
            champ.failures + sum(rng.random() < p_champion for _ in range(4 * per_look)),
        )
        verdict = decide(
            {"session_failure": (cand, champ)}, timedelta(days=look / 4), RULES, finals_taken=finals
        )
        finals += verdict.look == "final"
        if verdict.action != "continue":
            return verdict.action
    return "continue"


@pytest.mark.parametrize("rate", [0.1, 0.3, 0.5])
def test_false_rollbacks_stay_under_alpha_with_no_difference(rate):
    runs = 400
    rolled_back = sum(simulate(rate, rate, seed) == "roll_back" for seed in range(runs))
    assert rolled_back / runs <= RULES.alpha


def test_a_harmful_candidate_is_rolled_back():
    assert sum(simulate(0.45, 0.15, seed) == "roll_back" for seed in range(100)) >= 95


def test_a_candidate_that_halves_failures_is_promoted_and_never_rolled_back():
    outcomes = [simulate(0.15, 0.30, seed) for seed in range(100)]
    assert outcomes.count("roll_back") == 0 and outcomes.count("promote") >= 95


@pytest.mark.parametrize(
    ("cand", "champ", "diff"),
    [((30, 3), (120, 12), 0.0), ((40, 20), (160, 40), 0.25), ((50, 5), (50, 15), -0.2)],
)
def test_the_interval_is_centred_on_the_observed_difference_and_shrinks_with_data(cand, champ, diff):
    small = interval(Arm(*cand), Arm(*champ), 0.05, 0.1)
    large = interval(Arm(cand[0] * 10, cand[1] * 10), Arm(champ[0] * 10, champ[1] * 10), 0.05, 0.1)
    assert small.diff == pytest.approx(diff) and large.diff == pytest.approx(diff)
    assert small.low < diff < small.high and (large.high - large.low) < (small.high - small.low)


def test_no_decision_before_the_minimum_and_a_human_after_the_maximum():
    few = {"session_failure": (Arm(8, 0), Arm(30, 15))}
    assert decide(few, timedelta(days=1), RULES).action == "continue"
    # equal rates, 40 sessions: the interval (about ±23 points) still reaches past the 5% margin
    even = {"session_failure": (Arm(40, 8), Arm(160, 32))}
    assert decide(even, timedelta(days=1), RULES).action == "continue"
    assert decide(even, timedelta(days=15), RULES).action == "hand_over"
    unclear = {"session_failure": (Arm(20, 5), Arm(80, 18))}
    assert decide(unclear, timedelta(days=15), RULES).action == "hand_over"


@pytest.mark.parametrize(
    ("floor", "sessions_per_day", "share"),
    [
        (0.2, 6000.0, 0.2),  # a busy fleet: the configured share fills the canary in days
        (0.2, 400.0, 0.265),  # 743 canary sessions (80% power at the 8-point margin) in 7 days
        (0.2, 60.0, 0.5),  # 20 agents × 3 sessions a day: too quiet even at half: half, the fastest
        (0.2, 0.0, 0.5),  # no traffic seen yet
        (0.4, 6000.0, 0.4),  # never under the configured share
        (0.0, 5.0, 0.0),  # canaries off stays off
    ],
)
def test_the_canary_share_adapts_to_the_fleets_traffic(floor, sessions_per_day, share):
    from improver.canary import adaptive_share, decision_sessions

    assert decision_sessions(RULES) == 743  # 2·¼·(z₀.₉₈₇₅ + z₀.₈)² / 0.08²
    assert (
        adaptive_share(
            floor=floor, sessions=decision_sessions(RULES), sessions_per_day=sessions_per_day, decide_days=7
        )
        == share
    )


LONG = timedelta(days=8)  # past the final look's day


@pytest.mark.parametrize(
    ("arms", "targets", "improve", "action", "says"),
    [
        # the target clearly better, a guardrail 44 points worse: never promoted, rolled back
        (
            {
                "negative:communication": (Arm(60, 6), Arm(240, 72)),
                "tool_failure": (Arm(60, 45), Arm(240, 74)),
            },
            ("negative:communication",),
            True,
            "roll_back",
            "tool_failure (guardrail) is significantly worse",
        ),
        # the target better, a guardrail a little worse but not shown within the margin, and the
        # sessions that would show it not coming by day 14 at this pace: a human decides now
        (
            {
                "negative:communication": (Arm(60, 6), Arm(240, 72)),
                "tool_failure": (Arm(60, 12), Arm(240, 36)),
            },
            ("negative:communication",),
            True,
            "hand_over",
            "not shown within the 8% margin: tool_failure",
        ),
        # the target better and every guardrail shown within the margin: promoted
        (
            {
                "negative:communication": (Arm(400, 40), Arm(400, 120)),
                "tool_failure": (Arm(400, 40), Arm(400, 42)),
            },
            ("negative:communication",),
            True,
            "promote",
            "significantly better on negative:communication",
        ),
        # the guardrails fine but the target only "not worse": no longer enough, and no gain
        # to confirm with more sessions
        (
            {
                "negative:communication": (Arm(400, 118), Arm(400, 120)),
                "tool_failure": (Arm(400, 40), Arm(400, 42)),
            },
            ("negative:communication",),
            True,
            "hand_over",
            "no target significantly better",
        ),
        # a removal: nothing to improve, every signal within the margin
        (
            {
                "negative:communication": (Arm(400, 118), Arm(400, 120)),
                "tool_failure": (Arm(400, 40), Arm(400, 42)),
            },
            ("negative:communication",),
            False,
            "promote",
            "removes lines only",
        ),
    ],
)
def test_the_risk_aware_rule(arms, targets, improve, action, says):
    verdict = decide(arms, LONG, RULES, targets=targets, improve=improve)
    assert verdict.action == action and says in verdict.reason
    assert verdict.roles == {m: ("target" if m in targets else "guardrail") for m in arms}


def test_before_the_first_fixed_look_an_unclear_rollout_keeps_collecting():
    arms = {"negative:communication": (Arm(60, 6), Arm(240, 72)), "tool_failure": (Arm(60, 12), Arm(240, 36))}
    verdict = decide(arms, timedelta(days=3), RULES, targets=("negative:communication",))
    assert verdict.action == "continue" and verdict.look == "sequential"


def test_a_hand_over_says_what_is_missing():
    arms = {"negative:communication": (Arm(60, 6), Arm(240, 72)), "tool_failure": (Arm(60, 12), Arm(240, 36))}
    verdict = decide(arms, timedelta(days=15), RULES, targets=("negative:communication",), finals_taken=2)
    assert verdict.action == "hand_over"
    assert (
        "not shown within the 8% margin: tool_failure" in verdict.reason and "more sessions" in verdict.reason
    )
