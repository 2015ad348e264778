"""The SDK never hurts its agent: every contract field has a helper argument, reading directives
never raises for a network failure and never waits long, spooling does no disk work on the
caller's thread, and an outage around close() loses nothing, with a spool or without."""

import inspect
import logging
import os
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from kaizen_client import KaizenClient

from telemetry.contract import SCHEMAS
from telemetry.models import ToolInvocation
from tests.factories import agent_with_token
from tests.sdk.test_spool import dead_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    # its deadlines run on the monotonic clock, which no moved date changes
    pytest.mark.same_at_every_instant("timeouts and outages, timed on the monotonic clock"),
]
POSITIONAL = {"tool_invocation": {"session_id", "tool"}}


@pytest.mark.parametrize("event_type", sorted(SCHEMAS))
def test_every_contract_field_has_its_helper_argument(event_type):
    helper = inspect.signature(getattr(KaizenClient, event_type))
    assert set(SCHEMAS[event_type]) <= set(helper.parameters), set(SCHEMAS[event_type]) - set(
        helper.parameters
    )


@pytest.fixture
def hanging_url():
    """A server that accepts connections and never answers."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    yield f"http://127.0.0.1:{server.getsockname()[1]}"
    server.close()


@pytest.mark.parametrize("down", ["refused", "hanging"])
def test_directives_with_kaizen_down_return_the_default_within_seconds(down, hanging_url, caplog):
    url = dead_url() if down == "refused" else hanging_url
    client = KaizenClient(url, "kz_x_y", directives_timeout=1.0, flush_interval=60)
    with caplog.at_level(logging.WARNING, logger="kaizen_client"):
        assert client.directives() is None
        assert client.directives(default={"prompt_block": ""}) == {"prompt_block": ""}
    client.close(timeout=1)
    # one attempt each, given up on by directives_timeout (a hanging server) or at once (refused)
    why = "ReadTimeout" if down == "hanging" else "ConnectError"
    assert caplog.text.count(f"kaizen directives unavailable ({why}") == 2, caplog.text
    assert "the caller's default" in caplog.text


def test_directives_fall_back_to_the_last_seen_even_after_a_restart(live_server, tmp_path):
    token = agent_with_token(name="remembers")[1]
    spool = str(tmp_path / "spool.sqlite3")
    with KaizenClient(live_server.url, token, spool=spool) as first:
        seen = first.directives()
    assert seen["prompt_block"]
    with KaizenClient(dead_url(), token, spool=spool, directives_timeout=1.0) as restarted:
        assert restarted.directives(default={"prompt_block": "fallback"}) == seen


def test_spool_writes_happen_off_the_callers_thread_without_counting(live_server, tmp_path):
    token = agent_with_token(name="quiet")[1]
    client = KaizenClient(live_server.url, token, spool=str(tmp_path / "s.sqlite3"), flush_interval=0.05)
    statements = []
    client._spool._db.set_trace_callback(
        lambda sql: statements.append((threading.current_thread().name, sql))
    )
    for i in range(50):
        client.tool_invocation("s", "bash", outcome="success", duration_ms=i)
    deadline = time.monotonic() + 30
    while client.pending and time.monotonic() < deadline:  # the background threads send it all
        time.sleep(0.05)
    client.close()
    writers = {name for name, sql in statements if sql.lstrip().upper().startswith("INSERT")}
    assert threading.current_thread().name not in writers and writers, writers  # the spool thread's
    assert not any("COUNT(" in sql.upper() for _, sql in statements)
    assert ToolInvocation.objects.count() == 50


def test_an_outage_around_close_without_a_spool_loses_nothing(live_server, tmp_path, caplog):
    token = agent_with_token(name="no-spool")[1]
    rescue = str(tmp_path / "rescue.sqlite3")
    down = KaizenClient(dead_url(), token, rescue=rescue, max_retries=0, flush_interval=60, timeout=0.5)
    for i in range(120):
        down.tool_invocation(f"s{i // 4}", "bash", outcome="success", duration_ms=i, id=f"evt-{i}")
    with caplog.at_level(logging.WARNING, logger="kaizen_client"):
        assert down.close(timeout=2)["pending"] == 120
    assert f"kept in {rescue} for the next client" in caplog.text
    with KaizenClient(live_server.url, token, rescue=rescue, flush_interval=60) as back:
        back.flush()
        assert back.pending == 0
    assert sorted(ToolInvocation.objects.values_list("duration_ms", flat=True)) == list(range(120))


def test_a_batch_the_sender_is_still_retrying_is_kept_by_a_short_close(live_server, tmp_path, caplog):
    token = agent_with_token(name="mid-retry")[1]
    rescue = str(tmp_path / "rescue.sqlite3")
    down = KaizenClient(dead_url(), token, rescue=rescue, flush_interval=0.05, timeout=0.5)  # default retries
    for i in range(30):
        down.tool_invocation("s", "bash", outcome="success", duration_ms=i, id=f"evt-{i}")
    time.sleep(0.5)  # the sender took the batch and is between its retries
    began = time.monotonic()
    with caplog.at_level(logging.WARNING, logger="kaizen_client"):
        summary = down.close(timeout=1)
    assert time.monotonic() - began < 3
    assert (summary["pending"], summary["dropped"]) == (30, 0)
    assert f"30 event(s) not delivered, kept in {rescue}" in caplog.text
    assert not [r for r in caplog.records if r.exc_info]  # one line each, no traceback
    with KaizenClient(live_server.url, token, rescue=rescue, flush_interval=60) as back:
        back.flush()
    assert sorted(ToolInvocation.objects.values_list("duration_ms", flat=True)) == list(range(30))


def test_events_a_revoked_token_cannot_send_are_reported_dropped_with_the_reason(live_server, caplog):
    from config import clock
    from fleet.models import ApiToken

    agent, token = agent_with_token(name="revoked")
    client = KaizenClient(live_server.url, token, flush_interval=60)
    ApiToken.objects.filter(agent=agent).update(revoked_at=clock.now())
    for i in range(4):
        client.observation(f"note {i}")
    with caplog.at_level(logging.WARNING, logger="kaizen_client"):
        summary = client.close(timeout=5)
    assert summary["dropped"] == 4 and summary["pending"] == 0
    assert "401" in summary["dropped_why"][0]
    assert "kaizen dropped 4 event(s)" in caplog.text


def test_the_async_client_takes_a_default_like_the_sync_one():
    import asyncio

    from kaizen_client import AsyncKaizenClient

    async def run():
        async with AsyncKaizenClient(dead_url(), "kz_nothing", directives_timeout=0.5, timeout=0.2) as client:
            return await client.directives(default={"prompt_block": "be kind"})

    with ThreadPoolExecutor(1) as pool:  # a loop of its own, whatever runs on this thread
        assert pool.submit(asyncio.run, run()).result() == {"prompt_block": "be kind"}


def close_within(client: KaizenClient, timeout: float) -> tuple[dict | None, float]:
    """close(timeout) on its own thread: (its summary, or None when it had not returned within
    timeout + 1 s; the seconds it took)."""
    summary: list[dict] = []
    began = time.monotonic()
    closing = threading.Thread(target=lambda: summary.append(client.close(timeout=timeout)), daemon=True)
    closing.start()
    closing.join(timeout + 1)
    return (summary[0] if summary else None), time.monotonic() - began


@pytest.mark.parametrize("spooled", [False, True])
def test_close_keeps_its_timeout_against_a_server_that_never_answers(
    spooled, hanging_url, live_server, tmp_path, caplog
):
    """The sender is inside a request (10 s each, 5 retries) to a server that accepted the
    connection and never answers: close(timeout=3) returns within 4 s, and every event is kept
    on disk and delivered by the next client, which removes the emptied rescue file."""
    token = agent_with_token(name=f"hung-{spooled}")[1]
    disk = (
        {"spool": str(tmp_path / "spool.sqlite3")}
        if spooled
        else {"rescue": str(tmp_path / "rescue.sqlite3")}
    )
    client = KaizenClient(hanging_url, token, flush_interval=0.05, **disk)  # timeout 10 s, 5 retries
    for i in range(150):  # a batch in flight, another waiting
        client.tool_invocation("s", "bash", outcome="success", duration_ms=i, id=f"evt-{i}")
    time.sleep(0.5)  # the sender took the batch and waits for an answer that never comes
    with caplog.at_level(logging.WARNING, logger="kaizen_client"):
        summary, took = close_within(client, 3)
    assert summary is not None, f"close(timeout=3) had not returned after {took:.1f} s"
    assert (summary["pending"], summary["dropped"]) == (150, 0)
    assert f"150 event(s) not delivered, kept in {next(iter(disk.values()))}" in caplog.text
    with KaizenClient(live_server.url, token, flush_interval=60, **disk) as back:
        back.flush()
        assert back.pending == 0
        if not spooled:
            assert not os.path.exists(disk["rescue"])  # emptied into the queue: removed
    assert sorted(ToolInvocation.objects.values_list("duration_ms", flat=True)) == list(range(150))
