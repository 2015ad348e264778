"""The SDK never loses an event it accepted: the spool survives an outage longer than the retry
budget and a process restart, and every event is stored once."""

import asyncio
import logging
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kaizen_client import AsyncKaizenClient, KaizenClient

from telemetry.models import Observation, ToolInvocation
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db(transaction=True)
SDK = Path(__file__).resolve().parents[2] / "sdk"


def dead_url() -> str:
    with socket.socket() as s:  # a port nobody listens on: the server is "down"
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}"


AGENT = """
import sys, time
from kaizen_client import KaizenClient
client = KaizenClient(sys.argv[1], sys.argv[2], spool=sys.argv[3], batch_size=10, flush_interval=0.1,
                      max_retries=1, backoff=0.01, timeout=0.5)
for i in range(60):
    client.tool_invocation("s%d" % (i // 3), "bash", outcome="success", duration_ms=i, id="evt-%d" % i)
time.sleep(0.5)  # the batcher tries (and fails) meanwhile
print(client.close(timeout=2))
"""


def test_an_outage_and_a_restart_lose_nothing_and_store_nothing_twice(live_server, tmp_path):
    token = agent_with_token(name="spooler")[1]
    spool = str(tmp_path / "kaizen-spool.sqlite3")
    first = subprocess.run(
        [sys.executable, "-c", AGENT, dead_url(), token, spool],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(SDK)},
    )
    assert first.returncode == 0, first.stderr  # close() did not raise
    assert "'pending': 60" in first.stdout and f"kept in {spool} for the next client" in first.stderr
    # the process is gone; a new one with the same spool and Kaizen back up drains it, in order
    with KaizenClient(live_server.url, token, spool=spool, batch_size=25, flush_interval=60) as client:
        client.tool_invocation("s-new", "bash", outcome="success", duration_ms=1, id="evt-new")
        client.flush()
        assert client.pending == 0
    stored = list(ToolInvocation.objects.order_by("id").values_list("duration_ms", flat=True))
    assert stored == [*range(60), 1]  # once each, oldest first
    with KaizenClient(live_server.url, token, spool=spool) as again:  # nothing is sent twice
        again.flush()
    assert ToolInvocation.objects.count() == 61


def test_rejected_events_are_logged_with_their_field_errors_and_counted(live_server, caplog):
    token = agent_with_token(name="strict")[1]
    with caplog.at_level(logging.WARNING, logger="kaizen_client"):
        client = KaizenClient(live_server.url, token, flush_interval=60)
        client.tool_invocation("s", "bash", outcome="exploded", duration_ms=1)
        client.observation("fine")
        summary = client.close()
    assert summary == {"sent": 1, "rejected": 1, "pending": 0, "dropped": 0, "dropped_why": []}
    assert any("body.outcome" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


def test_the_async_client_gives_the_same_guarantees(live_server, tmp_path):
    token = agent_with_token(name="async-agent")[1]

    async def agent() -> dict:
        async with AsyncKaizenClient(live_server.url, token, spool=str(tmp_path / "a.sqlite3")) as kaizen:
            for i in range(5):
                kaizen.observation(f"note {i}")
            await kaizen.flush()
            assert (await kaizen.directives())["version"] >= 1
        return kaizen._client._summary()

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:  # a loop of its own, whatever else runs in this thread
        summary = pool.submit(asyncio.run, agent()).result()
    assert summary["sent"] == 5 and summary["pending"] == 0
    deadline = time.monotonic() + 5
    while Observation.objects.count() < 5 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert Observation.objects.count() == 5
