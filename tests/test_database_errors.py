"""A database a command cannot use is one line on stderr naming it, never a traceback; a malformed
URL says which databases Kaizen runs on, not every scheme a parser knows."""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]  # free once closed: nothing listens there


def manage(url: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": url}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("url", "says", "code"),
    [
        (f"postgres://postgres@127.0.0.1:{closed_port()}/kaizen", "cannot use the database postgresql", 1),
        ("sqlite:////no/such/directory/kaizen.sqlite3", "cannot use the database sqlite3", 1),
        ("foo://bar", "Kaizen runs on PostgreSQL or SQLite", 2),
    ],
)
def test_a_database_that_cannot_be_used_is_one_line(url, says, code):
    done = manage(url, "migrate", "--verbosity", "0")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == code and len(lines) == 1 and says in lines[0], done.stderr
    assert "Traceback" not in done.stderr and "cockroach" not in done.stderr
