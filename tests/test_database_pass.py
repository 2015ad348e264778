"""What the PostgreSQL pass of `make test` runs: only the tests whose outcome can depend on the
database; every other pass (and pytest without KAIZEN_DIFFERS_BY_DATABASE) runs them all."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/kaizen"  # collecting never connects
PROBE = """
import pytest
from django.test import SimpleTestCase, TestCase


def test_pure():
    pass


def test_with_the_db_fixture(db):
    pass


@pytest.mark.django_db
def test_with_the_marker():
    pass


@pytest.mark.same_on_every_database("drawn the same everywhere")
def test_said_to_be_the_same(db):
    pass


@pytest.mark.postgresql("row locks")
def test_needing_postgresql():
    pass


class ReachesTheOrm(TestCase):
    def test_count(self):
        pass


class Plain(SimpleTestCase):
    def test_sum(self):
        pass
"""
EVERY_TEST = [
    "test_count",
    "test_needing_postgresql",
    "test_pure",
    "test_said_to_be_the_same",
    "test_sum",
    "test_with_the_db_fixture",
    "test_with_the_marker",
]


def collect(tmp_path, probe: str = PROBE, **env) -> subprocess.CompletedProcess:
    (tmp_path / "test_probe.py").write_text(probe)
    environ = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    for name in ("DATABASE_URL", "KAIZEN_DIFFERS_BY_DATABASE"):
        if name not in env:
            environ.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-o", "addopts=", "-p", "tests.databases",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def names(run: subprocess.CompletedProcess) -> list[str]:
    assert run.returncode == 0, run.stdout + run.stderr
    return sorted(line.rsplit("::", 1)[-1] for line in run.stdout.splitlines() if "::" in line)


def test_the_postgresql_pass_runs_only_what_reaches_the_database_and_may_differ(tmp_path):
    run = collect(tmp_path, DATABASE_URL=POSTGRES_URL, KAIZEN_DIFFERS_BY_DATABASE="1")
    assert names(run) == [
        "test_count",
        "test_needing_postgresql",
        "test_with_the_db_fixture",
        "test_with_the_marker",
    ]
    assert "3 deselected" in run.stdout


def test_every_other_run_collects_every_test(tmp_path):
    assert names(collect(tmp_path)) == EVERY_TEST  # SQLite
    assert names(collect(tmp_path, DATABASE_URL=POSTGRES_URL)) == EVERY_TEST  # PostgreSQL, not narrowed


def test_a_database_marker_must_say_why(tmp_path):
    probe = "import pytest\n\n\n@pytest.mark.same_on_every_database\ndef test_x():\n    pass\n"
    run = collect(tmp_path, probe)
    assert run.returncode != 0 and "needs the reason as its argument" in run.stdout + run.stderr


CLOCK_PROBE = """
import pytest
from config import clock


def test_asks_the_time():
    assert clock.now()


@pytest.mark.same_at_every_instant("stamped only")
def test_asks_it_in_passing():
    assert clock.now()


def test_never_asks():
    pass
"""


SUITE_HOOKS = ("pytest_runtest_protocol", "pytest_sessionstart", "pytest_sessionfinish")


def test_a_test_asking_the_time_only_in_passing_is_not_run_again_at_moved_clocks(tmp_path):
    """The SQLite pass lists the tests that asked the time (the moved-clock passes run only those):
    not one marked as the same at every instant, nor one that never asked."""
    (tmp_path / "test_probe.py").write_text(CLOCK_PROBE)
    (tmp_path / "conftest.py").write_text(f"from tests.conftest import {', '.join(SUITE_HOOKS)}\n")
    listed = tmp_path / "readers.txt"
    environ = {**os.environ, "PYTHONPATH": str(ROOT), "KAIZEN_RECORD_CLOCK_READERS": str(listed)}
    for name in ("DATABASE_URL", "KAIZEN_DIFFERS_BY_DATABASE", "KAIZEN_CLOCK_READERS", "KAIZEN_TEST_NOW"):
        environ.pop(name, None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-o", "addopts=", "-p", "tests.databases",
         "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path), str(tmp_path)],
        cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert [line.rsplit("::", 1)[-1] for line in listed.read_text().split()] == ["test_asks_the_time"]
