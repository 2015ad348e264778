"""The benchmarks cited in closing notes run from a clean clone: each at its --smoke size."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="the benchmark runs on PostgreSQL"
)
def test_the_retention_benchmark_runs_and_its_checks_pass():
    admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    env = {**os.environ, "BENCH_PG_ADMIN": admin}
    env.pop("DATABASE_URL")
    done = subprocess.run(
        [sys.executable, "bench/prune.py", "--smoke"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every cited event kept" in done.stdout and "FAIL" not in done.stdout


def test_the_canary_rule_benchmark_runs():
    done = subprocess.run(
        [sys.executable, "bench/canary_rule.py", "--smoke"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "harmful" in done.stdout and "better" in done.stdout


@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="the benchmark runs on PostgreSQL"
)
def test_the_fresh_install_benchmark_runs_and_its_checks_pass():
    admin = os.environ["DATABASE_URL"].rsplit("/", 1)[0] + "/postgres"
    env = {**os.environ, "BENCH_PG_ADMIN": admin}
    env.pop("DATABASE_URL")
    done = subprocess.run(
        [sys.executable, "bench/fresh_install.py", "--smoke"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 missing" in done.stdout and done.stdout.strip().endswith("ok")
