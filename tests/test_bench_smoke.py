"""The benchmarks cited in closing notes run from a clean clone: each at its --smoke size."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def smoke(script: str, env: dict | None = None, *more: str) -> str:
    """Run `bench/<script> --smoke` (and `more` arguments); its output, after checking it exited 0
    and failed no check."""
    done = subprocess.run(
        [sys.executable, f"bench/{script}", "--smoke", *more],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAIL" not in done.stdout, done.stdout
    return done.stdout


def on_this_server() -> dict:
    """The environment for a benchmark making its own database on the suite's PostgreSQL."""
    env = {**os.environ, "BENCH_PG_ADMIN": os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"}
    env.pop("DATABASE_URL")
    return env


@pytest.mark.postgresql("the benchmark runs on PostgreSQL")
def test_the_retention_benchmark_runs_and_its_checks_pass():
    assert "every cited event kept" in smoke("prune.py", on_this_server())


def test_the_language_benchmark_runs_on_the_test_domains():
    out = smoke("language.py")
    assert "remedy (test part)" in out and "pair (test part)" in out


def test_the_directives_read_benchmark_runs_at_each_size():
    out = smoke("directives_read.py")
    served = re.findall(r"^ *[\d,]+ +[\d.]+ +[\d.]+ +(\d+) +[\d.]+$", out, re.M)
    # the template's facts that fit the block, the same however many the agent accumulates
    assert len(served) == 3 and len(set(served)) == 1 and int(served[0]) > 0, out


def test_the_canary_rule_benchmark_runs():
    out = smoke("canary_rule.py")
    assert "harmful" in out and "better" in out


def test_the_canary_rule_benchmark_runs_with_lines_as_factors():
    out = smoke("canary_rule.py", None, "--lines")
    assert "templates per cell" in out and "why hand-overs were undecided" in out


@pytest.mark.postgresql("the benchmark runs on PostgreSQL")
def test_the_fresh_install_benchmark_runs_and_its_checks_pass():
    out = smoke("fresh_install.py", on_this_server())
    assert "0 missing" in out and out.strip().endswith("ok")


@pytest.mark.postgresql("the benchmark runs on PostgreSQL")
def test_the_soak_benchmark_runs_with_every_agent_on_one_template():
    out = smoke(
        "soak.py", {**on_this_server(), "KAIZEN_TEST_REDIS_URL": os.environ.get("KAIZEN_TEST_REDIS_URL", "")}
    )
    assert "lock waits" in out and "drained the rest" in out and "facts: " in out
    assert "two processes derive" in out and "entries/s" in out


@pytest.mark.postgresql("the benchmark runs on PostgreSQL")
def test_the_scale_benchmark_runs_every_page_and_periodic_task():
    out = smoke("scale.py", on_this_server())
    assert "== periodic tasks (s)" in out and "one template's ritual" in out and "== derived work" in out
    items = re.search(r"feedback items: ([\d,]+)", out)
    assert items and int(items[1].replace(",", "")) > 0, out  # derive-time classification is loaded


def test_the_efficacy_benchmark_runs_its_travel_fleet():
    out = smoke("efficacy.py")
    # its agents name their sessions on their reads: the planner's approved lines are tested one by one
    assert "== travel" in out and "line test planner-" in out and "every target met" in out


def test_the_efficacy_benchmark_runs_a_held_out_fleet_naming_its_sessions():
    out = smoke("efficacy.py", None, "--fleets", "heldout", "--sessions")
    assert "== payroll_bureau" in out and "problem5 " in out, out
    assert "line test " in out, out  # its approved lines were tested one by one


def test_the_fact_reach_benchmark_runs_and_no_one_off_reaches_the_fleet():
    out = smoke("fact_reach.py")
    assert "standing facts" in out and "PASS  no one-off correction reaches the fleet" in out


def test_the_ask_reach_benchmark_runs():
    out = smoke("ask_reach.py")
    assert "asks " in out and "carried" in out and "contrary   pairs" in out, out


def test_the_otlp_chain_benchmark_runs():
    out = smoke("otlp_chain.py")
    assert "20000 spans in one chain" in out and "ratio 20,000 / 2,000" in out
