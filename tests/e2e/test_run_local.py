"""`make run`: the whole service on a fresh SQLite database with a file broker, started the way
the README says; ready, ingesting, and refreshing fleet health on schedule with no manual step."""

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.test_ops import READY

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.same_on_every_database("make run is the SQLite set-up: it makes its own file")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, token: str = "") -> tuple[int, dict]:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"{}")


def wait_until_served(process: subprocess.Popen, url: str, log: Path) -> tuple[int, dict]:
    """The first answer from `url` while `make run` is alive. A fresh database is migrated and the
    static files compressed before the web process starts: about 30 s on an idle machine, two to
    three times that while the other test passes load both cores; a stopped process fails at once."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"make run stopped (exit {process.returncode}):\n{log.read_text()[-3000:]}")
        try:
            return get(url)
        except OSError:
            time.sleep(0.5)
    pytest.fail(f"make run did not answer {url} in 300 s:\n{log.read_text()[-3000:]}")


def static_checks(page, base: str, log: str) -> None:
    """The admin and the API docs in Chromium: every request served, styles applied; static files
    by their hashed names, compressed and cached for a year."""
    password = next(
        line.split()[-3] for line in log.splitlines() if "(shown once)" in line and "password" in line
    )
    failed, errors = [], []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: errors.append(f"{m.text} {m.location}") if m.type == "error" else None)
    page.goto(f"{base}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", password)
    page.click("input[type=submit]")
    page.wait_for_selector("#site-name")
    header = page.evaluate("getComputedStyle(document.querySelector('#header')).backgroundColor")
    assert header not in ("rgba(0, 0, 0, 0)", "transparent"), header  # the admin's stylesheet applied
    page.goto(f"{base}/api/docs/")
    page.wait_for_selector(".swagger-ui .opblock", timeout=30_000)  # the docs drew the operations
    assert failed == [] and errors == [], (failed, errors)
    css = page.evaluate("[...document.querySelectorAll('link[rel=stylesheet]')].map(l => l.href)")
    request = urllib.request.Request(css[0], headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.headers["Content-Encoding"] == "gzip", css[0]
        assert "max-age=315360000" in response.headers["Cache-Control"], css[0]  # a hashed name


def test_a_second_make_run_on_a_busy_port_says_so_in_one_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{tmp_path}/k.sqlite3",
            "CELERY_BROKER_URL": "filesystem://",
            "STATIC_ROOT": str(tmp_path / "static"),
        }
        done = subprocess.run(
            [sys.executable, "manage.py", "run_local", "--port", str(port)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"port {port} is in use (Address already in use); stop what runs there or pass --port N."
    ]


def test_make_run_starts_web_worker_and_beat_and_fleet_health_refreshes(tmp_path, page):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path}/kaizen.sqlite3",
        "CELERY_BROKER_URL": "filesystem://",
        "STATIC_ROOT": str(tmp_path / "static"),
        "CELERY_BROKER_FOLDER": str(tmp_path / "broker"),
    }
    env.pop("KAIZEN_TEST_NOW", None)
    with open(tmp_path / "run.log", "w") as log:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "run_local", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        ready = wait_until_served(process, f"http://127.0.0.1:{port}/readyz", tmp_path / "run.log")
        assert ready == (200, READY)
        text = (tmp_path / "run.log").read_text()
        assert "(shown once)" in text and f"http://127.0.0.1:{port}/admin/" in text
        static_checks(page, f"http://127.0.0.1:{port}", text)
        token = next(line.split()[-1] for line in text.splitlines() if line.startswith("demo agent token:"))
        curl = next(line.removeprefix("try: ") for line in text.splitlines() if line.startswith("try: curl"))
        answer = json.loads(
            subprocess.run(["bash", "-c", curl], capture_output=True, text=True, check=True).stdout
        )
        assert answer["results"][0]["status"] == 201, answer  # the printed curl line works as printed
        deadline = time.monotonic() + 150  # the snapshot runs every 60 s
        health = {}
        while time.monotonic() < deadline:
            _, health = get(f"http://127.0.0.1:{port}/api/v1/fleet/health", token)
            if health.get("total_outcomes"):
                break
            time.sleep(2)
        assert health["total_outcomes"] == 1 and health["agents"][0]["agent"] == "demo-agent"
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=30)
    assert process.returncode == 0
