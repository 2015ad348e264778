"""Table-driven tests of the planner's pure formulas, with hand-computed numbers."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from planner import guards, patterns, ranking, scoring, selection

W = ranking.Weights()


@pytest.mark.parametrize(
    ("samples", "success", "conf", "wall", "declared", "regime", "score"),
    [
        (20, 0.95, 0.0, 1000, 0.5, "warm", 2.0 * 0.95 - 0.3 * 1000 / 60000),  # worked example: 1.895
        (5, 1.0, 0.8, 0, 0.1, "warm", 2.4),  # exactly 5 samples is warm
        (4, 1.0, 0.8, 0, 0.7, "cold", 0.7),  # 4 samples: the card's confidence
        (10, 0.5, 1.0, 60_000, 0.9, "warm", 1.0 + 0.5 - 0.3),
        (10, 0.5, 0.0, 600_000, 0.9, "warm", 1.0 - 0.6),  # latency clamped at 2
        (10, 0.0, 0.0, 0, 0.9, "warm", 0.0),
    ],
)
def test_warm_and_cold_scores(samples, success, conf, wall, declared, regime, score):
    c = ranking.Candidate("a", declared, samples, success, conf, wall)
    ranked = ranking.score(c, W)
    assert ranked.regime == regime
    assert ranked.score == pytest.approx(score, abs=1e-6)


def test_spec_example_score_is_1_895():
    assert ranking.score(ranking.Candidate("alice", 0.9, 20, 0.95, 0.0, 1000), W).score == pytest.approx(
        1.895
    )


def test_observed_data_beats_an_overpromising_card():
    honest = ranking.Candidate("honest", 0.5, 10, 0.5, 0.0, 0)  # 1.0
    boaster = ranking.Candidate("boaster", 0.9, 0)  # cold 0.9
    assert [r.candidate.agent for r in ranking.rank([boaster, honest], W)] == ["honest", "boaster"]


def test_ties_break_on_declared_confidence_then_name():
    a = ranking.Candidate("b-agent", 0.8)
    b = ranking.Candidate("a-agent", 0.8)
    c = ranking.Candidate("c-agent", 0.7, 5, 0.4, 0.0, 0)  # warm 0.8, declared lower
    order = [r.candidate.agent for r in ranking.rank([a, b, c], W)]
    assert order == ["a-agent", "b-agent", "c-agent"]


@pytest.mark.parametrize(
    ("health", "weight"),
    [
        (None, 1.0),
        (selection.Health(0, 0.0, 0.0), 1.0),
        (selection.Health(20, 0.95, 0.0), 0.95),
        (selection.Health(10, 0.5, 1.0), 0.25),
        (selection.Health(10, 0.0, 3.0), 0.0),
    ],
)
def test_health_weight(health, weight):
    assert selection.health_weight(health) == pytest.approx(weight)


def test_choice_is_seedable_and_proportional():
    weights = {"alice": 0.95, "bob": 0.05}
    picks = [selection.choose(["alice", "bob"], weights, random.Random(s)) for s in range(400)]
    assert picks == [selection.choose(["alice", "bob"], weights, random.Random(s)) for s in range(400)]
    assert 340 < picks.count("alice") < 400


def test_all_zero_weights_pick_the_first_ranked():
    assert selection.choose(["x", "y"], {"x": 0.0, "y": 0.0}, random.Random(1)) == "x"
    assert selection.choose([], {}, random.Random(1)) is None


FIVE_MIN, THIRTY_MIN = 5 * 60_000, 30 * 60_000


@pytest.mark.parametrize(
    ("ms", "signal"),
    [(0, 1.0), (FIVE_MIN - 1, 1.0), (FIVE_MIN, 0.6), (THIRTY_MIN, 0.6), (THIRTY_MIN + 1, 0.2)],
)
def test_duration_signal_boundaries(ms, signal):
    assert scoring.duration_signal(ms) == signal


@pytest.mark.parametrize(("errors", "signal"), [(0, 1.0), (1, 0.6), (2, 0.6), (3, 0.2), (9, 0.2)])
def test_error_signal(errors, signal):
    assert scoring.error_signal(errors) == signal


@pytest.mark.parametrize(("retries", "signal"), [(0, 1.0), (1, 0.7), (2, 0.3), (5, 0.3)])
def test_retry_signal(retries, signal):
    assert scoring.retry_signal(retries) == signal


@pytest.mark.parametrize(
    ("success", "ms", "errors", "retries", "score", "verdict"),
    [
        (True, 180_000, 0, 0, 1.0, "helpful"),
        (True, FIVE_MIN, 1, 1, 0.4 + 0.12 + 0.12 + 0.14, "helpful"),  # 0.78
        (True, THIRTY_MIN + 1, 3, 2, 0.4 + 0.04 + 0.04 + 0.06, "neutral"),  # 0.54
        (False, 60_000, 0, 0, 0.6, "neutral"),
        (False, FIVE_MIN, 1, 0, 0.12 + 0.12 + 0.2, "neutral"),  # 0.44
        (False, FIVE_MIN, 1, 1, 0.12 + 0.12 + 0.14, "harmful"),  # 0.38
        (False, THIRTY_MIN + 1, 3, 2, 0.14, "harmful"),
    ],
)
def test_implicit_score_and_verdict(success, ms, errors, retries, score, verdict):
    raw = scoring.implicit_score(success=success, duration_ms=ms, errors=errors, retries=retries)
    assert raw == pytest.approx(score)
    assert scoring.verdict(raw) == verdict


@pytest.mark.parametrize(
    ("score", "verdict"), [(0.7, "helpful"), (0.69, "neutral"), (0.41, "neutral"), (0.4, "harmful")]
)
def test_verdict_thresholds_are_inclusive(score, verdict):
    assert scoring.verdict(score) == verdict


@pytest.mark.parametrize(("age", "value"), [(0, 1.0), (90, 0.5), (180, 0.25), (270, 0.125), (-5, 1.0)])
def test_decay_half_life_of_90_days(age, value):
    assert patterns.decay(1.0, age) == pytest.approx(value)


@pytest.mark.parametrize(
    ("helpful", "harmful", "weight"), [(12, 3, 0.8), (0, 10, 0.1), (1, 99, 0.1), (5, 0, 1.0), (0, 0, 1.0)]
)
def test_criterion_weight_has_a_floor(helpful, harmful, weight):
    assert patterns.criterion_weight(helpful, harmful) == pytest.approx(weight)


R = patterns.MaturityRules()


@pytest.mark.parametrize(
    ("helpful", "harmful", "manual", "state"),
    [
        (1, 1, "", "candidate"),
        (2.9, 0, "", "candidate"),
        (3, 0, "", "established"),
        (4, 0.5, "", "established"),
        (5, 0.8, "", "proven"),  # harmful ratio 0.138 < 0.15
        (5, 1, "", "established"),  # ratio 0.167: not proven, not deprecated
        (2, 8, "", "deprecated"),
        (2, 1, "", "deprecated"),  # ratio 0.333 > 0.3 with 3 total
        (7, 3, "", "established"),  # on the 0.3 line: not above it
        (7, 3.06, "", "deprecated"),  # 0.304: above the line, however small the counts
        (7, 3.1, "", "deprecated"),
        (17, 3, "", "established"),  # on the 0.15 line: not under it
        (17.5, 3, "", "proven"),
        (6, 1, "", "proven"),  # 1/7 = 0.143 < 0.15, at seven outcomes as at seventy
        (60, 10, "", "proven"),
        (5, 1, "", "established"),  # 1/6 = 0.167
        (5.66, 1, "", "established"),  # 1/6.66 = 0.1502: just above the line
        (5.67, 1, "", "proven"),  # 1/6.67 = 0.1499: just under it
        (17 / 3, 1, "", "established"),  # 1/(20/3) = 0.15 exactly: on the line, not under it
        (5, 0, "", "proven"),
        (4.9, 0, "", "established"),  # too few helpful outcomes for proven, whatever the share
        (6.9, 3, "", "deprecated"),  # 3/9.9 = 0.303: above the 0.3 line
        (7.1, 3, "", "established"),  # 3/10.1 = 0.297: under it
        (1, 1, "deprecated", "deprecated"),
        (0, 0, "proven", "proven"),
    ],
)
def test_maturity_states(helpful, harmful, manual, state):
    assert patterns.maturity(helpful, harmful, R, manual) == state
    assert (
        patterns.MULTIPLIERS[state]
        == {"candidate": 0.5, "established": 1.0, "proven": 1.5, "deprecated": 0.0}[state]
    )


@pytest.mark.parametrize(("helpful", "harmful"), [(7, 3), (17, 3), (17 / 3, 1)])  # on a line
def test_a_share_on_its_line_reads_the_same_at_every_age(helpful, harmful):
    """Decaying both sums by one factor moves their quotient by a rounding error, never across a line."""
    ages = [i * 0.037 for i in range(300)]  # up to 11 days, at scattered fractions of a day
    states = {patterns.maturity(patterns.decay(helpful, a), patterns.decay(harmful, a), R) for a in ages}
    assert states == {"established"}


def test_deprecated_cannot_be_promoted():
    assert not patterns.can_promote("deprecated")
    assert patterns.can_promote("established")


@pytest.mark.parametrize(
    ("failures", "uses", "line"),
    [
        (2, 2, None),  # fewer than 3 observations
        (2, 3, "AVOID: P. Failed 2/3 times (67% failure rate)"),
        (3, 5, "AVOID: P. Failed 3/5 times (60% failure rate)"),  # exactly 60%
        (7, 10, "AVOID: P. Failed 7/10 times (70% failure rate)"),
        (5, 9, None),  # 55%
    ],
)
def test_anti_pattern_inversion(failures, uses, line):
    assert patterns.anti_pattern("P", failures, uses, R) == line


T0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
G = guards.GuardRules()


@pytest.mark.parametrize(
    ("view", "now", "allowed", "reason"),
    [
        (guards.GoalView(False, None, None), T0, True, "ok"),
        (guards.GoalView(True, None, None), T0, False, "in_flight"),
        (guards.GoalView(False, T0, None), T0 + timedelta(seconds=89), False, "cooldown"),
        (guards.GoalView(False, T0, None), T0 + timedelta(seconds=90), True, "ok"),
        (guards.GoalView(False, None, T0 + timedelta(minutes=10)), T0, False, "loop_paused"),
    ],
)
def test_guards(view, now, allowed, reason):
    assert guards.may_dispatch(view, now, G) == (allowed, reason)


@pytest.mark.parametrize(
    ("minutes_ago", "loop"), [((1, 2, 3), True), ((1, 2), False), ((1, 2, 6), False), ((0, 5, 5), True)]
)
def test_loop_detection(minutes_ago, loop):
    times = tuple(T0 - timedelta(minutes=m) for m in minutes_ago)
    assert guards.is_loop(times, T0, G) is loop


def fresh(n: int, hours: float = 3) -> float:
    """`n` outcomes of the last `hours`, decayed as the stores weigh them."""
    return sum(patterns.decay(1.0, hours / 24) for _ in range(n))


@pytest.mark.parametrize(
    ("helpful", "harmful", "state"),
    [
        (fresh(3), 0, "established"),  # the reference: 3 → established
        (fresh(5), 0, "proven"),  # 5 → proven
        (0, fresh(3), "deprecated"),  # 3 harmful → deprecated
        (fresh(2), 0, "candidate"),
        (fresh(3, hours=24), 0, "established"),  # a day old still counts whole
        (fresh(3, hours=24 * 30), 0, "candidate"),  # a month's decay does not
        (fresh(6), fresh(1), "proven"),  # 1 harmful of 7 is under the 0.15 line
        (fresh(6, hours=24), fresh(1), "proven"),  # the helpful ones a day older: still under
        (fresh(5), fresh(1), "established"),  # 1 of 6 is not
    ],
)
def test_fresh_outcomes_count_whole(helpful, harmful, state):
    assert patterns.maturity(helpful, harmful, R) == state
