"""A rollout's test in words, read from its stored check: one sentence for where it stands, dated
by the check, in the units each figure has, whatever version of the check was stored."""

from types import SimpleNamespace

import pytest

from experiments.words import rollout_status

AT = "2026-11-20T08:00:00+00:00"


def rollout(check: dict, status: str = "running"):
    return SimpleNamespace(last_check=check, targets=["negative:accuracy"], status=status, reason="")


ARMS = {
    "negative:accuracy": {"candidate": [100, 10], "champion": [100, 30]},
    "cost_per_success": {"candidate": [50, 5.0], "champion": [50, 4.0]},
}


@pytest.mark.parametrize(
    ("check", "says"),
    [
        (
            {"needed": 120, "days_to_decide": 4.5},
            "About 120 more sessions per arm would decide it, about 4.5 days",
        ),
        ({"needed": 10**9}, "a guardrail lies at or past its margin"),  # a check stored before "blocked"
        ({"needed": None, "blocked": ["other_failure"]}, "any other failure lies at or past its margin"),
        ({"needed": None}, "Collecting evidence: no difference on the targets yet"),
        (  # every test concluded, but a watched signal rose: no number of sessions is what it lacks
            {"needed": 0, "missing": ["rising"], "reason": "collecting evidence"},
            "More sessions would not decide it: a watched signal is significantly higher, if within its margin",
        ),
        ({"needed": 0, "missing": ["unproven"]}, "the next daily look decides it"),
    ],
)
def test_where_it_stands_is_one_sentence_dated_by_its_check(check, says):
    status = rollout_status(rollout({"at": AT, "arms": ARMS, **check}))
    assert says in status["summary"] and "(check of 2026-11-20 08:00 UTC)" in status["summary"]
    assert "About 0 " not in status["summary"]


def test_a_canary_handed_to_a_human_says_so_and_why_not_that_it_collects_evidence():
    handed = SimpleNamespace(
        last_check={"at": AT, "arms": ARMS, "needed": None, "advice": {"action": "wait", "why": "unclear"}},
        targets=["negative:accuracy"],
        status="needs_human",
        reason="no decision after 14 days (no target significantly better): a human decides",
    )
    status = rollout_status(handed)
    assert (
        "Handed to a human: no decision after 14 days (no target significantly better)" in status["summary"]
    )
    assert "Collecting evidence" not in status["summary"]
    assert status["recommendation"] == "Recommended: wait: unclear"  # still read daily: advice stands
    pinned = rollout_status(SimpleNamespace(**{**vars(handed), "status": "pinned", "reason": ""}))
    assert "Pinned by a human: drawn as it is, with no automatic action" in pinned["summary"]
    assert "would decide it" not in pinned["summary"] and "Collecting" not in pinned["summary"]


def test_each_figure_has_its_unit_and_a_missing_interval_shows_the_exact_test():
    check = {
        "at": AT,
        "arms": ARMS,
        "roles": {"negative:accuracy": "target", "cost_per_success": "guardrail"},
        "intervals": {"cost_per_success": [0.02, 0.004, 0.036]},
        "margins": {"cost_per_success": 0.016},
        "exact": {"negative:accuracy": {"p_worse": 1.0, "p_better": 0.0004}},
    }
    rows = {r["metric"]: r for r in rollout_status(rollout(check))["rows"]}
    assert rows["cost_per_success"]["candidate"] == "0.1 USD per success (50 successes)"
    assert rows["cost_per_success"]["interval"] == "+25.0% (+5.0% … +45.0%)"
    assert rows["cost_per_success"]["verdict"] == "not yet within margin"
    assert rows["negative:accuracy"]["interval"].startswith("exact test: p worse 1.00, p better 0.00")
    assert rows["negative:accuracy"]["verdict"] == "better (exact test)"
    assert rows["negative:accuracy"]["candidate"] == "10 of 100 (10%)"


@pytest.mark.parametrize(
    ("p_worse", "verdict"),
    [
        (0.004, "worse (exact test)"),  # under 0.05 shared among the 10 signals: as the advice reads it
        (0.03, "higher (exact p 0.03; worse needs p < 0.005 among 10 signals)"),
        (0.4, "watched"),
    ],
)
def test_a_signal_is_worse_by_the_exact_test_at_the_level_the_recommendation_reads_it(p_worse, verdict):
    names = [f"negative:topic{i}" for i in range(10)]
    arms = {m: {"candidate": [8, 3], "champion": [8, 1]} for m in names}
    exact = {m: {"p_worse": 0.9, "p_better": 0.9} for m in names} | {
        names[3]: {"p_worse": p_worse, "p_better": 1}
    }
    check = {"at": AT, "arms": arms, "roles": dict.fromkeys(names, "watched"), "exact": exact}
    rows = {r["metric"]: r for r in rollout_status(rollout(check))["rows"]}
    assert rows[names[3]]["verdict"] == verdict
