"""The Python SDK against a live Kaizen server."""

import httpx
import pytest
from kaizen_client import KaizenClient, KaizenError

from telemetry.models import Observation, SessionEnd, SkillOutcome, ToolInvocation
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def token(db):
    return agent_with_token(name="sdk-agent")[1]


def test_typed_helpers_batch_and_flush(live_server, token):
    with KaizenClient(live_server.url, token, batch_size=50, flush_interval=60) as kaizen:
        kaizen.skill_outcome(
            "pr_review", success=True, duration_ms=900, cost_usd=0.01, patterns=["small diffs"]
        )
        kaizen.observation("The user liked the summary.", sentiment="positive")
        kaizen.wake_run(status="completed", duration_ms=1000, user_rating=0.9)
        kaizen.decision("add-linter", verdict="confirmed")
        kaizen.correction("No, use pnpm.", session_id="s1")
        kaizen.flush()
        assert kaizen.sent == 5
    assert SkillOutcome.objects.get().patterns == ["small diffs"]
    assert Observation.objects.count() == 1


def test_the_batcher_flushes_by_size_and_by_time(live_server, token):
    kaizen = KaizenClient(live_server.url, token, batch_size=10, flush_interval=0.2)
    for i in range(25):
        kaizen.tool_invocation("s", "bash", outcome="success", duration_ms=i)
    import time

    deadline = time.monotonic() + 10
    while ToolInvocation.objects.count() < 25 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert ToolInvocation.objects.count() == 25
    kaizen.close()


def test_close_flushes_what_is_left(live_server, token):
    kaizen = KaizenClient(live_server.url, token, batch_size=1000, flush_interval=3600)
    for i in range(7):
        kaizen.tool_invocation("s", "bash", outcome="success", duration_ms=i)
    kaizen.close()
    assert ToolInvocation.objects.count() == 7


class FlakyTransport(httpx.BaseTransport):
    """Forwards to the server, then answers the client 503 (or drops the connection) once."""

    def __init__(self, mode: str):
        self.inner, self.mode, self.calls = httpx.HTTPTransport(), mode, 0

    def handle_request(self, request):
        self.calls += 1
        if self.calls == 1:
            if self.mode == "connection":
                raise httpx.ConnectError("connection reset")
            self.inner.handle_request(request).read()  # the server stored the batch...
            return httpx.Response(503 if self.mode == "503" else 429, headers={"Retry-After": "0"})
        return self.inner.handle_request(request)  # ...and the retry must not store it twice


@pytest.mark.parametrize("mode", ["503", "429", "connection"])
def test_retries_never_duplicate_events(live_server, token, mode):
    transport = FlakyTransport(mode)
    with KaizenClient(live_server.url, token, flush_interval=60, backoff=0.01, transport=transport) as kaizen:
        for i in range(5):
            kaizen.tool_invocation("s", "bash", outcome="success", duration_ms=i)
        kaizen.flush()
    assert transport.calls == 2
    assert ToolInvocation.objects.count() == 5


def test_a_bad_token_is_a_clear_error(live_server):
    kaizen = KaizenClient(live_server.url, "kz_00000000_nope", flush_interval=60)
    with pytest.raises(KaizenError) as exc:
        kaizen.directives()
    assert exc.value.status == 401
    kaizen.close()


def test_invalid_events_are_reported_not_retried(live_server, token):
    seen = []
    with KaizenClient(
        live_server.url, token, flush_interval=60, on_rejected=lambda e, err: seen.append(err)
    ) as k:
        k.tool_invocation("s", "bash", outcome="exploded", duration_ms=1)
        k.flush()
    assert seen == [{"body.outcome": ["Must be one of: success, failure, timeout, cancelled."]}]


def test_session_sends_session_end_with_the_reflection(live_server, token):
    with KaizenClient(live_server.url, token, flush_interval=60) as kaizen, kaizen.session("sess-1") as s:
        s.tool_invocation("bash", outcome="failure", duration_ms=10, failure_mode="RUNTIME")
        s.successes.append("shipped")
        s.propose("cache the build", evidence=["bash RUNTIME x1"])
        s.propose("be faster", evidence=[])
    end = SessionEnd.objects.get(session_id="sess-1")
    assert end.reflection["successes"] == ["shipped"]
    assert [p["text"] for p in end.reflection["proposals"]] == ["cache the build"]
    assert end.digest["tool_histogram"] == {"bash": 1}


def test_directives_read_the_prompt_block(live_server, token):
    with KaizenClient(live_server.url, token) as kaizen:
        data = kaizen.directives()
    assert data["prompt_block"].startswith("# Directives (") and data["version"] == 1


def test_the_queue_is_bounded(live_server, token):
    kaizen = KaizenClient(live_server.url, token, max_queue=3, batch_size=1000, flush_interval=3600)
    for i in range(5):
        kaizen.observation(f"note {i}")
    assert kaizen.dropped == 2
    kaizen.close()
    assert Observation.objects.count() == 3


def test_a_session_reads_the_directives_of_its_own_arm(live_server, token, tmp_path):
    from datetime import UTC, datetime

    from fleet.documents import candidate_start, document_version_append
    from fleet.models import Agent, Document, Exposure

    agent = Agent.objects.get(name="sdk-agent")
    document = Document.objects.get(pk=agent.template.document_id)
    candidate = document_version_append(document=document, text="Cite sources.\n", as_candidate=True)
    started = datetime(2026, 11, 21, tzinfo=UTC)
    candidate_start(document=document, version=candidate, agent_ids=[], share=0.5, at=started)
    with KaizenClient(live_server.url, token, flush_interval=60) as kaizen:
        with kaizen.session("sdk-s1") as s:
            served = s.directives()
        plain = kaizen.directives()
    assert (served["session_id"], served["assigned"]) == ("sdk-s1", "session")
    assert (plain["session_id"], plain["assigned"]) == (None, "agent")
    exposure = Exposure.objects.get()
    assert (exposure.agent, exposure.session_key, exposure.candidate) == (agent, "sdk-s1", candidate)
    assert served["version"] == exposure.version.number
    # the session's own events count in the arm its read was served
    assert SessionEnd.objects.get(session_id="sdk-s1").template_version_id == exposure.version_id

    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from kaizen_client import AsyncKaizenClient

    async def run():
        async with AsyncKaizenClient(live_server.url, token, rescue=str(tmp_path / "r")) as kaizen:
            with kaizen.session("sdk-a1") as s:
                first = await s.directives()
            async with kaizen.session("sdk-a2") as s:  # as asyncio code enters it
                return first, await s.directives()

    with ThreadPoolExecutor(1) as pool:  # a loop of its own, whatever runs on this thread
        served, second = pool.submit(asyncio.run, run()).result()
    assert (served["session_id"], served["assigned"]) == ("sdk-a1", "session")
    assert (second["session_id"], second["assigned"]) == ("sdk-a2", "session")
    assert Exposure.objects.filter(session_key="sdk-a1").exists()
    assert SessionEnd.objects.filter(session_id="sdk-a2").exists()  # sent on leaving the async block


def test_a_sessions_directives_never_raise_when_kaizen_is_down(tmp_path):
    from tests.sdk.test_spool import dead_url

    kaizen = KaizenClient(
        dead_url(), "kz_x_y", directives_timeout=0.5, flush_interval=60, rescue=str(tmp_path / "r")
    )
    with kaizen.session("offline") as s:
        assert s.directives(default={"prompt_block": "be kind"}) == {"prompt_block": "be kind"}
    kaizen.close(timeout=1)
